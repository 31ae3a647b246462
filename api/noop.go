//go:build bench

package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// The two ceiling routes exist for the load tool (cmd/tablewarden-load):
// /api/noop is the HTTP ceiling, a route that does nothing; /api/noop/commit
// is the naive storage ceiling, one single-row INSERT committed per request
// (table.Service.CeilingCommit) into a separate file beside the database (<db>-ceiling).
// Both exist only in the bench build (-tags bench, benchroutes.go).

func (s *Server) handleNoop(c echo.Context) error {
	return c.NoContent(http.StatusNoContent)
}

func (s *Server) handleNoopCommit(c echo.Context) error {
	if err := s.svc.CeilingCommit(c.Request().Context()); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
