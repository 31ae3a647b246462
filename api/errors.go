package api

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// Code is an application error code.
type Code string

// The application error codes and their HTTP statuses (see status).
const (
	CodeInvalid      Code = "invalid"
	CodeNotFound     Code = "not_found"
	CodeConflict     Code = "conflict"
	CodeUnauthorized Code = "unauthorized"
	CodeForbidden    Code = "forbidden"
	CodeIllegalMove  Code = "illegal_move"
	CodeRateLimited  Code = "rate_limited"
	CodeTooLarge     Code = "too_large"
	CodeUnavailable  Code = "unavailable"
	CodeGone         Code = "gone"
	CodeInternal     Code = "internal"
)

// Error is the one application error type. Message is safe to show to a
// player; Rule is set for illegal moves; Version for stale versions.
type Error struct {
	Code    Code           `json:"error"`
	Message string         `json:"message"`
	Rule    *kit.RuleError `json:"rule,omitempty"`
	Version *int64         `json:"version,omitempty"`
	// Reason, when set, is the machine-readable cause of a refusal that is
	// no rule ("key_reused", "seat_attended"); clients read it as "code".
	Reason string `json:"-"`
	Err    error  `json:"-"`
}

// Error implements error.
func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

func status(c Code) int {
	switch c {
	case CodeInvalid:
		return http.StatusBadRequest
	case CodeNotFound:
		return http.StatusNotFound
	case CodeConflict:
		return http.StatusConflict
	case CodeUnauthorized:
		return http.StatusUnauthorized
	case CodeForbidden:
		return http.StatusForbidden
	case CodeIllegalMove:
		return http.StatusUnprocessableEntity
	case CodeRateLimited:
		return http.StatusTooManyRequests
	case CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case CodeUnavailable:
		return http.StatusServiceUnavailable
	case CodeGone:
		return http.StatusGone
	}
	return http.StatusInternalServerError
}

// errorBody is what a client sees.
type errorBody struct {
	Error     Code   `json:"error"`
	Message   string `json:"message"`
	RequestID string `json:"request_id"`
	// Code, Rule and the rule's message are set for illegal moves:
	// {code, message, rule} as the referee gave them.
	RuleCode string            `json:"code,omitempty"`
	Rule     string            `json:"rule,omitempty"`
	Params   map[string]string `json:"params,omitempty"`
	Version  *int64            `json:"version,omitempty"`
}

// toError turns any error into an *Error.
func toError(err error) *Error {
	var ae *Error
	if errors.As(err, &ae) {
		return ae
	}
	if re, ok := kit.AsRuleError(err); ok {
		return &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		msg := fmt.Sprint(he.Message)
		switch he.Code {
		case http.StatusNotFound:
			return &Error{Code: CodeNotFound, Message: "No such page or resource."}
		case http.StatusMethodNotAllowed:
			return &Error{Code: CodeInvalid, Message: "Method not allowed."}
		case http.StatusRequestEntityTooLarge:
			return &Error{Code: CodeTooLarge, Message: "The request body is too large."}
		case http.StatusUnsupportedMediaType:
			return &Error{Code: CodeInvalid, Message: "Send JSON with Content-Type: application/json."}
		case http.StatusTooManyRequests:
			return &Error{Code: CodeRateLimited, Message: "Too many requests; wait a moment."}
		}
		if he.Code >= 400 && he.Code < 500 {
			return &Error{Code: CodeInvalid, Message: msg}
		}
		return &Error{Code: CodeInternal, Message: "Internal error.", Err: err}
	}
	if errors.Is(err, db.ErrUnavailable) {
		return &Error{Code: CodeUnavailable, Message: "Storage is unavailable (disk full, read-only, or the database file is gone); the change was not recorded. Try again shortly.", Err: err}
	}
	return &Error{Code: CodeInternal, Message: "Internal error.", Err: err}
}

// httpErrorHandler is Echo's HTTPErrorHandler: it maps every error to a
// status in one place and logs internal details only on the server.
func (s *Server) httpErrorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	ae := toError(err)
	rid := c.Response().Header().Get(echo.HeaderXRequestID)
	body := errorBody{Error: ae.Code, Message: ae.Message, RequestID: rid, Version: ae.Version}
	switch {
	case ae.Reason != "":
		body.RuleCode = ae.Reason
	case ae.Code == CodeGone:
		body.RuleCode = string(CodeGone)
	}
	if ae.Rule != nil {
		body.RuleCode = ae.Rule.Code
		body.Rule = ae.Rule.Rule
		body.Params = ae.Rule.Params
	}
	st := status(ae.Code)
	if st >= 500 {
		s.log.Error("request failed", "request_id", rid, "method", c.Request().Method, "path", c.Path(), "err", err)
	}
	s.metrics.errors.inc(string(ae.Code))
	if c.Request().Method == http.MethodHead {
		c.NoContent(st)
		return
	}
	if werr := c.JSON(st, body); werr != nil {
		s.log.Warn("write error response", "err", werr)
	}
}
