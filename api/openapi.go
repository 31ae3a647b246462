package api

import (
	_ "embed"
	"net/http"

	"github.com/labstack/echo/v4"
)

// openAPI is the machine-readable description of the API. TestOpenAPI
// keeps it true: every route is documented and every documented operation
// exists.
//
//go:embed openapi.json
var openAPI []byte

func (s *Server) handleOpenAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, openAPI)
}
