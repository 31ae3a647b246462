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
	case table.CodeNotAcceptable:
		return http.StatusNotAcceptable
	}
	return http.StatusInternalServerError
}

// errorBody is what a client sees.
type errorBody struct {
	Error     table.Code `json:"error"`
	Message   string     `json:"message"`
	RequestID string     `json:"request_id"`
	// Code tells every refusal apart: a game's refusal code (kit.Code)
	// for an illegal move, with its rule and params, else the table's or
	// the HTTP layer's reason (table.Reasons).
	RuleCode string            `json:"code"`
	Rule     string            `json:"rule,omitempty"`
	Params   map[string]string `json:"params,omitempty"`
	Version  *int64            `json:"version,omitempty"`
}

// fallbackReason is the code of a refusal that names no reason: its
// kind's. Every refusal the server makes names one (TestEveryRefusalHasACode
// fails on a body without a code); this keeps a code on an error a future
// path forgets.
func fallbackReason(c table.Code) table.Reason {
	switch c {
	case table.CodeInternal:
		return table.ReasonInternal
	case table.CodeUnavailable:
		return table.ReasonStorageUnavailable
	case table.CodeTooLarge:
		return table.ReasonTooLarge
	case table.CodeRateLimited:
		return table.ReasonRateLimited
	case table.CodeNotFound:
		return table.ReasonNotFound
	}
	return table.ReasonInvalid
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
			return &table.Error{Code: table.CodeNotFound, Reason: table.ReasonNotFound, Message: "No such page or resource."}
		case http.StatusMethodNotAllowed:
			return &table.Error{Code: table.CodeInvalid, Reason: table.ReasonMethodNotAllowed, Message: "Method not allowed."}
		case http.StatusRequestEntityTooLarge:
			return &table.Error{Code: table.CodeTooLarge, Reason: table.ReasonTooLarge, Message: "The request body is too large."}
		case http.StatusUnsupportedMediaType:
			return &table.Error{Code: table.CodeInvalid, Reason: table.ReasonNotJSON, Message: "Send JSON with Content-Type: application/json."}
		case http.StatusTooManyRequests:
			return &table.Error{Code: table.CodeRateLimited, Reason: table.ReasonRateLimited, Message: "Too many requests; wait a moment."}
		}
		if he.Code >= 400 && he.Code < 500 {
			return &table.Error{Code: table.CodeInvalid, Reason: table.ReasonInvalid, Message: msg}
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
	// Every refusal carries a code (table.Reasons, or the rule's): one
	// that names none falls back to its kind's.
	body.RuleCode = string(ae.Reason)
	if body.RuleCode == "" {
		body.RuleCode = string(fallbackReason(ae.Code))
	}
	if ae.Rule != nil {
		body.RuleCode = ae.Rule.Code
		body.Rule = ae.Rule.Rule
		body.Params = ae.Rule.Params
	}
	s.metrics.errors.inc(string(ae.Code))
	return status(ae.Code), body
}
