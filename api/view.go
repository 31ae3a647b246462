package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tablewarden/table"
)

// writeView answers GET /view with the identity's view, padded like the
// stream's events.
func (s *Server) writeView(c echo.Context, tableID string, id table.Identity) error {
	b, err := s.svc.ViewJSON(c.Request().Context(), tableID, id)
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}
