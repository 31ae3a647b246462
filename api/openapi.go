package api

import (
	_ "embed"
	"net/http"

	"github.com/labstack/echo/v4"
)

// The document's per-game schemas are generated from the Go types, and the
// Go client (api/client) from the document; run `go generate ./api` after a
// change of either.
//
//go:generate go run ../cmd/tablewarden-openapi -doc openapi.json -games-doc ../docs/games.md
//go:generate go tool oapi-codegen -config client/oapi-codegen.yaml openapi.json

// openAPI is the machine-readable description of the API. TestOpenAPI
// keeps it true: every route is documented and every documented operation
// exists.
//
//go:embed openapi.json
var openAPI []byte

// OpenAPIDocument returns a copy of the API's OpenAPI document (the body of
// GET /api/openapi.json), for tools and the tests' contract check.
func OpenAPIDocument() []byte { return append([]byte(nil), openAPI...) }

func (s *Server) handleOpenAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, openAPI)
}
