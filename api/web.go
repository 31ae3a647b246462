package api

import (
	"bytes"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/labstack/echo/v4"

	"tablewarden/referee/kit"
	"tablewarden/table"
	"tablewarden/web"
)

// webRoutes serves the embedded pages: / (create a table), /j/:code (join),
// /t/:id (a seat's phone), /h/:id (the host), /b/:id (the board), and the
// static files, each compressed once and served with its ETag
// (compress.go).
func (s *Server) webRoutes() {
	e := s.echo
	static, err := fs.Sub(web.Static, "static")
	if err != nil {
		panic(err)
	}
	files := staticFiles(static)
	// Every page is the same shell (static/app.html); app.js reads the
	// page's kind from <body data-page>, filled in here. The shell names
	// each static file with its content hash (?v=…), so that a browser
	// keeps the files a year and a deploy's new shell fetches the new ones.
	shell := versionedShell(files)
	reach := ""
	if s.cfg.LoopbackOnly {
		// The server listens on loopback and no -public-url was given
		// (cmd/tablewarden): the host's pages say that phones cannot
		// reach the join link (static/app.html, #reach-note).
		reach = " data-reach=\"loopback\""
	}
	page := func(kind string) echo.HandlerFunc {
		attrs := `data-page="` + kind + `"` + reach
		if kind == "board" {
			// The board's styles from the first paint: set later (by
			// app.js, once the catalog came), they moved the whole page
			// (a layout shift of 0.2).
			attrs += ` class="board"`
		}
		b := bytes.Replace(shell, []byte(`data-page="{{page}}"`), []byte(attrs), 1)
		body := encode(echo.MIMETextHTMLCharsetUTF8, b)
		return func(c echo.Context) error { return body.serve(c, cacheRevalidate) }
	}
	e.GET("/", page("index"))
	e.GET("/j/:code", page("join"))
	e.GET("/t/:id", page("seat"))
	e.GET("/h/:id", page("host"))
	e.GET("/b/:id", page("board"))
	pwaRoutes(e, static, files)
	e.GET("/static/*", func(c echo.Context) error {
		f := files[c.Param("*")]
		if f == nil {
			return echo.ErrNotFound // no listings, no template (sw.js)
		}
		cache := cacheRevalidate
		if v := c.QueryParam("v"); v != "" && v == f.hash {
			cache = cacheImmutable
		}
		return f.serve(c, cache)
	})
	s.krakenRoutes()
}

// staticFiles compresses every embedded static file (but the service
// worker's template, served at /sw.js) by its path under static/.
func staticFiles(static fs.FS) map[string]*encoded {
	files := map[string]*encoded{}
	err := fs.WalkDir(static, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == "sw.js" || p == "app.html" {
			return err
		}
		b, err := fs.ReadFile(static, p)
		if err != nil {
			return err
		}
		ctype := mime.TypeByExtension(path.Ext(p))
		switch {
		case strings.HasSuffix(p, ".webmanifest"):
			ctype = "application/manifest+json" // Go's table has none
		case strings.HasSuffix(p, ".js"):
			ctype = "text/javascript; charset=utf-8"
		case ctype == "":
			ctype = http.DetectContentType(b)
		}
		files[p] = encode(ctype, b)
		return nil
	})
	if err != nil {
		panic(err)
	}
	return files
}

// versionedShell is static/app.html with every /static/ file it names
// given its content hash as ?v=.
func versionedShell(files map[string]*encoded) []byte {
	shell, err := fs.ReadFile(web.Static, "static/app.html")
	if err != nil {
		panic(err)
	}
	for p, f := range files {
		if p == "manifest.webmanifest" {
			continue // the app's identity: one URL, asked again each time
		}
		shell = bytes.ReplaceAll(shell, []byte(`="/static/`+p+`"`), []byte(`="/static/`+p+`?v=`+f.hash+`"`))
	}
	return shell
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
		setCookie(c, hostCookie, c.Param("id"), tok)
	case kit.RoleSeat:
		setCookie(c, seatCookie, c.Param("id"), tok)
	default:
		return table.Refusef(table.ReasonNoToken, "Send the seat or host token as a Bearer token.")
	}
	return c.JSON(http.StatusOK, table.Me{Role: string(id.Role), Seat: id.Seat})
}
