package api

import (
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// securityHeaders sets the headers every response carries: a CSP without
// inline script, no framing, no referrer.
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		return next(c)
	}
}

// accessLog logs each request through slog and counts statuses.
func (s *Server) accessLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		st := c.Response().Status
		s.metrics.requests.inc(statusClass(st))
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
