package api

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"tablewarden/table"
)

// Private answers. Two rules hold for every answer that carries a token or
// what one viewer may see, and both are decided here, in the middleware
// that routes() puts on those routes, not in their handlers:
//
//   - Cache-Control: no-store (noStore, and viewerBody): a shared tablet or
//     a borrowed phone keeps no copy of a token, a log or a result.
//   - One length for every viewer (viewerBody): whoever sees a phone's
//     traffic, even encrypted, sees its length, and in a 7-seat Jumpship
//     game the Aliens' logs were 80 bytes longer than the Humans'. A body
//     that depends on the viewer is padded (JSON with spaces, which JSON
//     ignores) to one length for every seat, the host and the board of the
//     table at its version: for a GET (the view, the log, the result), the
//     longest that any of them gets there, rounded up to padQuantum; any
//     other answer, rounded up to padQuantum: those that several viewers
//     get (a move's, an undo's, a session's, a rematch claim's) are all
//     shorter than that, and the longer ones (the start's view, a
//     hand-over code) only the host gets. Such a body is never compressed: its
//     compressed length would tell its content again (no-transform asks
//     proxies not to, and the server compresses none of them).

// padQuantum rounds every padded length up, so that lengths differ only in
// steps of it from one version to the next (table/padding.go does the same
// for views).
const padQuantum = 256

// viewerKey is the echo.Context key under which viewerBody asks a GET
// handler for another viewer's body (who reads it).
const viewerKey = "tablewarden.viewer"

// noStore marks the answers of a route as never to be stored.
func noStore(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Response().Header().Set("Cache-Control", "no-store")
		return next(c)
	}
}

// bodyRecorder keeps a handler's answer in memory, sharing the real
// response's headers.
type bodyRecorder struct {
	header http.Header
	status int
	buf    bytes.Buffer
}

func (r *bodyRecorder) Header() http.Header { return r.header }

func (r *bodyRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}

func (r *bodyRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.buf.Write(b)
}

// viewerBody is the middleware of every route whose answer depends on the
// credential that asks: it sets no-store and pads a successful body to the
// length every viewer of the table gets at its version.
func (s *Server) viewerBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Cache-Control", "no-store, no-transform")
		get := c.Request().Method == http.MethodGet
		tableID := c.Param("id")
		var version int64
		var viewers []table.Identity
		if get && tableID != "" {
			v, ids, err := s.svc.Viewers(c.Request().Context(), tableID)
			if err != nil {
				return err
			}
			version, viewers = v, ids
		}
		res := c.Response()
		orig := res.Writer
		rec := &bodyRecorder{header: orig.Header()}
		res.Writer = rec
		err := next(c)
		res.Writer = orig
		if err != nil && !res.Committed {
			return err // the error handler answers (errors.go)
		}
		body := rec.buf.Bytes()
		if rec.status/100 == 2 && len(body) > 0 {
			n := len(body)
			if get && viewers != nil {
				n = max(n, s.longestBody(c, next, tableID, version, viewers))
			}
			body = padBody(body, n, h.Get(echo.HeaderContentType))
		}
		status := rec.status
		if status == 0 {
			status = http.StatusOK
		}
		h.Set(echo.HeaderContentLength, strconv.Itoa(len(body)))
		h.Del("Content-Encoding")
		orig.WriteHeader(status)
		_, werr := orig.Write(body)
		res.Size = int64(len(body))
		return werr
	}
}

// roundPad rounds n up to padQuantum.
func roundPad(n int) int { return (n + padQuantum - 1) / padQuantum * padQuantum }

// padBody pads b to n bytes: JSON with spaces up to n rounded up to
// padQuantum; any other text (the CSV result) to n exactly, with line
// ends, which a CSV reader skips.
func padBody(b []byte, n int, contentType string) []byte {
	fill := byte('\n')
	if strings.HasPrefix(contentType, echo.MIMEApplicationJSON) {
		fill, n = ' ', roundPad(n)
	}
	for len(b) < n {
		b = append(b, fill)
	}
	return b
}

// bodyLengths caches the longest length of a GET route's body per table,
// version and route (the log, the result as JSON or CSV), so that the
// bodies of the other viewers are rendered once per version.
type bodyLengths struct {
	mu sync.Mutex
	m  map[string]bodyLength
}

type bodyLength struct {
	version int64
	n       int
}

// maxBodyLengths bounds the cache; past it, it starts again.
const maxBodyLengths = 20000

// longestBody returns the length of the longest body of the route that any
// of viewers gets from the table at version.
// It runs the route's handler once for each viewer (a GET handler changes
// nothing), and keeps the figure while the table stays at that version.
func (s *Server) longestBody(c echo.Context, next echo.HandlerFunc, tableID string, version int64, viewers []table.Identity) int {
	key := tableID + " " + c.Path() + " " + c.QueryParam("format")
	s.lengths.mu.Lock()
	e, ok := s.lengths.m[key]
	s.lengths.mu.Unlock()
	if ok && e.version == version {
		return e.n
	}
	longest := 0
	for _, id := range viewers {
		rec := &bodyRecorder{header: http.Header{}}
		c2 := s.echo.NewContext(c.Request(), rec)
		c2.SetPath(c.Path())
		c2.SetParamNames(c.ParamNames()...)
		c2.SetParamValues(c.ParamValues()...)
		c2.Set(viewerKey, id)
		if err := next(c2); err != nil || rec.status/100 != 2 {
			continue
		}
		longest = max(longest, rec.buf.Len())
	}
	n := longest
	if v, _, err := s.svc.Viewers(c.Request().Context(), tableID); err == nil && v == version {
		s.lengths.mu.Lock()
		if len(s.lengths.m) >= maxBodyLengths {
			clear(s.lengths.m)
		}
		s.lengths.m[key] = bodyLength{version: version, n: n}
		s.lengths.mu.Unlock()
	}
	return n
}
