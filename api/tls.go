package api

import (
	"crypto/tls"
	"errors"
	"net"
	"net/http"

	"github.com/labstack/echo/v4"
)

// ServeTLS serves HTTPS on l with the certificate and key files until
// Shutdown (on a shared Wi-Fi, everyone else reads plain HTTP, Bearer
// tokens and private views included). HTTP/2 is not offered: the
// live streams take their connection over (stream.go), which HTTP/2 does
// not allow.
func (s *Server) ServeTLS(l net.Listener, certFile, keyFile string) error {
	return s.serveTLS(l, nil, certFile, keyFile)
}

// ServeTLSConfig serves HTTPS on l with cfg's certificates, e.g. those an
// ACME client (autocert) obtains on the first handshake for its domain.
// Only HTTP/1.1 and the ACME TLS-ALPN-01 protocol ("acme-tls/1") are
// offered: cfg's other NextProtos (h2) are dropped, since a stream takes
// its connection over.
func (s *Server) ServeTLSConfig(l net.Listener, cfg *tls.Config) error {
	cfg = cfg.Clone()
	protos := []string{"http/1.1"}
	for _, p := range cfg.NextProtos {
		if p == "acme-tls/1" {
			protos = append(protos, p)
		}
	}
	cfg.NextProtos = protos
	if cfg.MinVersion < tls.VersionTLS12 {
		cfg.MinVersion = tls.VersionTLS12
	}
	return s.serveTLS(l, cfg, "", "")
}

func (s *Server) serveTLS(l net.Listener, cfg *tls.Config, certFile, keyFile string) error {
	srv := s.echo.Server
	srv.TLSNextProto = map[string]func(*http.Server, *tls.Conn, http.Handler){}
	switch {
	case cfg != nil:
		srv.TLSConfig = cfg
	case srv.TLSConfig == nil:
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
func cookiePath(tableID string) string { return "/api/tables/" + tableID }
