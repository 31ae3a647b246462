package table

import (
	"fmt"

	"tablewarden/referee/kit"
)

// Code is an application error code.
type Code string

// The application error codes. Package api maps each to its HTTP status;
// rate_limited and too_large are its own (the table never returns them).
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
	// CodeNotAcceptable: a file asked for in no coding the server sends.
	CodeNotAcceptable Code = "not_acceptable"
	CodeInternal      Code = "internal"
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
	Reason Reason `json:"-"`
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
