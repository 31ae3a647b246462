package api

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"unicode/utf8"

	"tablewarden/table"

	"github.com/labstack/echo/v4"
)

// maxJSONDepth is the deepest nesting of objects and arrays a request may
// carry.
const maxJSONDepth = 32

// bindJSON reads a JSON body into dst strictly: the content type must be
// application/json, the nesting shallow, no unknown fields, no trailing
// data. Errors are table.CodeInvalid.
func bindJSON(c echo.Context, dst any) error {
	ct := c.Request().Header.Get(echo.HeaderContentType)
	mt := ct
	if ct != echo.MIMEApplicationJSON { // the usual case needs no parsing
		mt, _, _ = mime.ParseMediaType(ct)
	}
	if mt != echo.MIMEApplicationJSON {
		return &table.Error{Code: table.CodeInvalid, Reason: table.ReasonNotJSON, Message: "Send JSON with Content-Type: application/json."}
	}
	buf := bodyBuffers.Get().(*bytes.Buffer)
	defer putBodyBuffer(buf)
	if _, err := buf.ReadFrom(c.Request().Body); err != nil {
		if strings.Contains(err.Error(), "too large") {
			return table.Refusef(table.ReasonTooLarge, "The request body is too large.")
		}
		return table.Refusef(table.ReasonBadBody, "Could not read the request body.")
	}
	return decodeStrict(buf, dst)
}

// decodeStrict decodes the JSON in buf into dst as bindJSON does once it
// has the body: UTF-8 only, shallow, no unknown fields, no trailing data.
// The WebSocket bench route (benchws.go) decodes its move messages with it.
func decodeStrict(buf *bytes.Buffer, dst any) error {
	if !utf8.Valid(buf.Bytes()) {
		return errNotUTF8
	}
	if depth(buf.Bytes()) > maxJSONDepth {
		return table.Refusef(table.ReasonTooDeep, "The JSON is nested deeper than %d levels.", maxJSONDepth)
	}
	dec := json.NewDecoder(buf)
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return table.Refusef(table.ReasonBadJSON, "The request body is not valid: %v.", err)
	}
	if dec.More() {
		return table.Refusef(table.ReasonBadJSON, "The request body has trailing data.")
	}
	return nil
}

// errNotUTF8 refuses a request with a text that is not UTF-8: every text
// a client sends (a name, table options, a move's arguments, a code in the
// path) is stored or compared as UTF-8 text, and PostgreSQL cannot hold
// anything else, so both engines give this one answer before any storage
// sees it. JSON escapes cannot smuggle such bytes in: encoding/json turns a
// lone surrogate into U+FFFD, and a stored raw argument keeps the escape as
// ASCII.
var errNotUTF8 = &table.Error{Code: table.CodeInvalid, Reason: table.ReasonNotUTF8, Message: "The request is not valid UTF-8 text; nothing was recorded."}

// utf8Only refuses a request whose path or query, once unescaped, is not
// valid UTF-8 (bindJSON checks the body).
func utf8Only(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		u := c.Request().URL
		if !utf8.ValidString(u.Path) {
			return errNotUTF8
		}
		if q, err := url.QueryUnescape(u.RawQuery); err == nil && !utf8.ValidString(q) {
			return errNotUTF8
		}
		return next(c)
	}
}

// bodyBuffers holds the buffers request bodies are read into. A body is
// decoded before its buffer goes back (encoding/json copies what it keeps:
// strings, RawMessage), so no request holds another's bytes.
var bodyBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// putBodyBuffer empties buf and returns it to bodyBuffers, unless a large
// body grew it: a pool of large buffers would hold memory for the rare
// large request.
func putBodyBuffer(buf *bytes.Buffer) {
	if buf.Cap() > 16<<10 {
		return
	}
	buf.Reset()
	bodyBuffers.Put(buf)
}

// depth returns the deepest nesting of brackets outside strings.
func depth(b []byte) int {
	d, max, inStr, esc := 0, 0, false, false
	for _, ch := range b {
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case ch == '\\':
				esc = true
			case ch == '"':
				inStr = false
			}
		case ch == '"':
			inStr = true
		case ch == '{' || ch == '[':
			d++
			if d > max {
				max = d
			}
		case ch == '}' || ch == ']':
			d--
		}
	}
	return max
}

// Cookie names: one for the host and one for the seat. Each table's
// cookies live on that table's API path (cookiePath), so that one name
// serves every table a phone joined (the document's securitySchemes name
// them).
const (
	hostCookie = "tw_h"
	seatCookie = "tw_s"
)

// credential returns the token of the request: the Authorization bearer
// token, else the cookie the `as` query parameter names (seat by default,
// host with as=host). as=board asks for the public view. A state-changing
// request authenticated by cookie alone must carry the header
// X-Requested-With: tablewarden (which no other site can send without a
// CORS preflight that this server never grants) and a same-origin Origin,
// or it is refused as CSRF.
func credential(c echo.Context, tableID string) (string, error) {
	r := c.Request()
	if h := r.Header.Get(echo.HeaderAuthorization); h != "" {
		// The scheme is case-insensitive (RFC 9110 §11.1).
		scheme, tok, ok := strings.Cut(strings.TrimSpace(h), " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(tok) == "" {
			return "", table.Refusef(table.ReasonBadAuthorization, "Authorization must be 'Bearer <token>'.")
		}
		return strings.TrimSpace(tok), nil
	}
	as := c.QueryParam("as")
	if as == "board" {
		return "", nil
	}
	name := seatCookie
	if as == "host" {
		name = hostCookie
	}
	ck, err := r.Cookie(name)
	if err != nil || ck.Value == "" {
		return "", nil
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if r.Header.Get("X-Requested-With") != "tablewarden" {
			return "", table.Refusef(table.ReasonCrossSite, "Cross-site request refused (missing X-Requested-With).")
		}
		if o := r.Header.Get("Origin"); o != "" {
			u, err := url.Parse(o)
			if err != nil || u.Host != r.Host {
				return "", table.Refusef(table.ReasonCrossSite, "Cross-site request refused (Origin %q).", o)
			}
		}
	}
	return ck.Value, nil
}

// setCookie stores a token in an HttpOnly, SameSite=Strict cookie, sent
// only with the requests of its own table (Path /api/tables/{id}/), and
// Secure when the page came over TLS (here or at a trusted proxy).
func setCookie(c echo.Context, name, tableID, value string) {
	c.SetCookie(&http.Cookie{Name: name, Value: value, Path: cookiePath(tableID), HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: isTLS(c), MaxAge: 60 * 60 * 24 * 7})
}
