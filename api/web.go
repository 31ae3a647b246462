package api

import (
	"io/fs"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablewarden/referee/kit"
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
	page := func(name string) echo.HandlerFunc {
		return func(c echo.Context) error {
			b, err := fs.ReadFile(static, name)
			if err != nil {
				return err
			}
			c.Response().Header().Set("Cache-Control", "no-cache")
			return c.HTMLBlob(http.StatusOK, b)
		}
	}
	e.GET("/", page("index.html"))
	e.GET("/j/:code", page("join.html"))
	e.GET("/t/:id", page("seat.html"))
	e.GET("/h/:id", page("host.html"))
	e.GET("/b/:id", page("board.html"))
	e.GET("/static/*", echo.WrapHandler(http.StripPrefix("/static/", http.FileServer(http.FS(static)))))
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
		return Errorf(CodeUnauthorized, "Send the seat or host token as a Bearer token.")
	}
	return c.JSON(http.StatusOK, Me{Role: string(id.Role), Seat: id.Seat})
}
