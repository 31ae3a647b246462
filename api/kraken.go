package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tablewarden/web/kraken"
)

// krakenRoutes mounts the Star Kraken continuation pages under /kraken/
// (see web/kraken): they work with no table at all, and their QR codes
// encode this server's public URL.
func (s *Server) krakenRoutes() {
	h := echo.WrapHandler(kraken.Handler(func(*http.Request) string { return s.cfg.PublicURL }))
	s.echo.GET("/kraken", h)
	s.echo.GET("/kraken/*", h)
}
