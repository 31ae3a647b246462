package api

import (
	"crypto/tls"
	"errors"
	"net"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

// ServeTLS serves HTTPS on l with the certificate and key files until
// Shutdown (issue 16: on a shared Wi-Fi, everyone else reads plain HTTP,
// Bearer tokens and private views included). HTTP/2 is not offered: the
// live streams take their connection over (stream.go), which HTTP/2 does
// not allow.
func (s *Server) ServeTLS(l net.Listener, certFile, keyFile string) error {
	srv := s.echo.Server
	srv.TLSNextProto = map[string]func(*http.Server, *tls.Conn, http.Handler){}
	if srv.TLSConfig == nil {
		srv.TLSConfig = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	err := srv.ServeTLS(s.limitListener(l), certFile, keyFile)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// isTLS reports whether the request came over TLS, here or (by
// X-Forwarded-Proto) at a proxy in front. A forged header can only make a
// cookie stricter.
func isTLS(c echo.Context) bool { return c.Scheme() == "https" }

// cookiePath is the path a table's cookie is sent on: that table's API
// only, so that a phone that joined many tables does not send every
// table's token with every request.
func cookiePath(name string) string {
	for _, p := range []string{"tw_h_", "tw_s_"} {
		if id, ok := strings.CutPrefix(name, p); ok {
			return "/api/tables/" + id
		}
	}
	return "/"
}
