package api

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablewarden/referee/kit"
	"tablewarden/table"
)

// status is the HTTP status of an error code.
func status(c table.Code) int {
	switch c {
	case table.CodeInvalid:
		return http.StatusBadRequest
	case table.CodeNotFound:
		return http.StatusNotFound
	case table.CodeConflict:
		return http.StatusConflict
	case table.CodeUnauthorized:
		return http.StatusUnauthorized
	case table.CodeForbidden:
		return http.StatusForbidden
	case table.CodeIllegalMove:
		return http.StatusUnprocessableEntity
	case table.CodeRateLimited:
		return http.StatusTooManyRequests
	case table.CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case table.CodeUnavailable:
		return http.StatusServiceUnavailable
	case table.CodeGone:
		return http.StatusGone
	}
	return http.StatusInternalServerError
}

// errorBody is what a client sees.
type errorBody struct {
	Error     table.Code `json:"error"`
	Message   string     `json:"message"`
	RequestID string     `json:"request_id"`
	// Code, Rule and the rule's message are set for illegal moves:
	// {code, message, rule} as the referee gave them.
	RuleCode string            `json:"code,omitempty"`
	Rule     string            `json:"rule,omitempty"`
	Params   map[string]string `json:"params,omitempty"`
	Version  *int64            `json:"version,omitempty"`
}

// toError turns any error into an *table.Error.
func toError(err error) *table.Error {
	var ae *table.Error
	if errors.As(err, &ae) {
		return ae
	}
	if re, ok := kit.AsRuleError(err); ok {
		return &table.Error{Code: table.CodeIllegalMove, Message: re.Message, Rule: re}
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		msg := fmt.Sprint(he.Message)
		switch he.Code {
		case http.StatusNotFound:
			return &table.Error{Code: table.CodeNotFound, Message: "No such page or resource."}
		case http.StatusMethodNotAllowed:
			return &table.Error{Code: table.CodeInvalid, Message: "Method not allowed."}
		case http.StatusRequestEntityTooLarge:
			return &table.Error{Code: table.CodeTooLarge, Message: "The request body is too large."}
		case http.StatusUnsupportedMediaType:
			return &table.Error{Code: table.CodeInvalid, Message: "Send JSON with Content-Type: application/json."}
		case http.StatusTooManyRequests:
			return &table.Error{Code: table.CodeRateLimited, Message: "Too many requests; wait a moment."}
		}
		if he.Code >= 400 && he.Code < 500 {
			return &table.Error{Code: table.CodeInvalid, Message: msg}
		}
		return &table.Error{Code: table.CodeInternal, Message: "Internal error.", Err: err}
	}
	if errors.Is(err, table.ErrUnavailable) {
		return storageUnavailable(err)
	}
	return &table.Error{Code: table.CodeInternal, Message: "Internal error.", Err: err}
}

// httpErrorHandler is Echo's HTTPErrorHandler: it maps every error to a
// status in one place and logs internal details only on the server.
func (s *Server) httpErrorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	rid := c.Response().Header().Get(echo.HeaderXRequestID)
	st, body := s.errorReply(err, rid)
	setRetryAfter(c, st)
	if st >= 500 {
		s.log.Error("request failed", "request_id", rid, "method", c.Request().Method, "path", c.Path(), "err", err)
	}
	if c.Request().Method == http.MethodHead {
		c.NoContent(st)
		return
	}
	if werr := c.JSON(st, body); werr != nil {
		s.log.Warn("write error response", "err", werr)
	}
}

// errorReply is the status and body that err answers with, under request
// id rid; it counts the error in the metrics. The HTTP error handler and
// the WebSocket bench route (benchws.go) answer with it.
func (s *Server) errorReply(err error, rid string) (int, errorBody) {
	ae := toError(err)
	body := errorBody{Error: ae.Code, Message: ae.Message, RequestID: rid, Version: ae.Version}
	switch {
	case ae.Reason != "":
		body.RuleCode = ae.Reason
	case ae.Code == table.CodeGone:
		body.RuleCode = string(table.CodeGone)
	}
	if ae.Rule != nil {
		body.RuleCode = ae.Rule.Code
		body.Rule = ae.Rule.Rule
		body.Params = ae.Rule.Params
	}
	s.metrics.errors.inc(string(ae.Code))
	return status(ae.Code), body
}
