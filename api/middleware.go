package api

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// securityHeaderValues are the headers every response carries: a CSP
// without inline script, no framing, no referrer. Their keys are in
// canonical form.
var securityHeaderValues = [...]struct{ key, value string }{
	{"Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"},
	{"X-Content-Type-Options", "nosniff"},
	{"X-Frame-Options", "DENY"},
	{"Referrer-Policy", "no-referrer"},
}

// securityHeaders sets securityHeaderValues on every response. The values
// share one array per response, each header clipped to its own element (an
// Add appends into a new array): Header.Set canonicalised each key and
// allocated one slice per header on every request.
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		vals := new([len(securityHeaderValues)]string)
		for i, kv := range securityHeaderValues {
			vals[i] = kv.value
			h[kv.key] = vals[i : i+1 : i+1]
		}
		return next(c)
	}
}

// accessLog logs each request through slog and counts statuses. The log
// line is built only when the logger takes debug records: its attributes
// cost allocations on every request otherwise.
func (s *Server) accessLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		st := c.Response().Status
		s.metrics.requests.inc(statusClass(st))
		if !s.log.Enabled(context.Background(), slog.LevelDebug) {
			return nil
		}
		if strings.HasSuffix(c.Path(), "/stream") || c.Path() == "/metrics" || c.Path() == "/healthz" {
			return nil
		}
		s.log.Debug("http", "method", c.Request().Method, "path", c.Request().URL.Path, "status", st,
			"dur_ms", time.Since(start).Milliseconds(), "ip", c.RealIP(), "request_id", c.Response().Header().Get(echo.HeaderXRequestID))
		return nil
	}
}

func statusClass(st int) string {
	switch {
	case st >= 500:
		return "5xx"
	case st >= 400:
		return "4xx"
	case st >= 300:
		return "3xx"
	}
	return "2xx"
}
