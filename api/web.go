package api

import (
	"bytes"
	"io/fs"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablewarden/referee/kit"
	"tablewarden/table"
	"tablewarden/web"
)

// webRoutes serves the embedded pages: / (create a table), /j/:code (join),
// /t/:id (a seat's phone), /h/:id (the host), /b/:id (the board), and the
// static files.
func (s *Server) webRoutes() {
	e := s.echo
	static, err := fs.Sub(web.Static, "static")
	if err != nil {
		panic(err)
	}
	// Every page is the same shell (static/app.html); app.js reads the
	// page's kind from <body data-page>, filled in here.
	shell, err := fs.ReadFile(static, "app.html")
	if err != nil {
		panic(err)
	}
	page := func(kind string) echo.HandlerFunc {
		b := bytes.Replace(shell, []byte("{{page}}"), []byte(kind), 1)
		return func(c echo.Context) error {
			c.Response().Header().Set("Cache-Control", "no-cache")
			return c.HTMLBlob(http.StatusOK, b)
		}
	}
	e.GET("/", page("index"))
	e.GET("/j/:code", page("join"))
	e.GET("/t/:id", page("seat"))
	e.GET("/h/:id", page("host"))
	e.GET("/b/:id", page("board"))
	pwaRoutes(e, static)
	e.GET("/static/*", echo.WrapHandler(http.StripPrefix("/static/", http.FileServer(http.FS(noDirFS{static})) /* No listings */)))
	s.krakenRoutes()
}

// handleSession re-sets the HttpOnly cookie of the bearer token's identity,
// so that a phone whose cookie was lost (but whose local storage kept the
// token) gets its live stream back without rejoining.
func (s *Server) handleSession(c echo.Context) error {
	id, err := s.who(c)
	if err != nil {
		return err
	}
	tok, _ := credential(c, c.Param("id"))
	switch id.Role {
	case kit.RoleHost:
		setCookie(c, hostCookie(c.Param("id")), tok)
	case kit.RoleSeat:
		setCookie(c, seatCookie(c.Param("id")), tok)
	default:
		return table.Errorf(table.CodeUnauthorized, "Send the seat or host token as a Bearer token.")
	}
	return c.JSON(http.StatusOK, table.Me{Role: string(id.Role), Seat: id.Seat})
}
