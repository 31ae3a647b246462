package kit

import (
	"errors"
	"fmt"
)

// RuleError is a refusal by the referee. Code is stable and machine
// readable (e.g. "give_to_self"), Message is English a player understands,
// and Rule names the rulebook section enforced (e.g. "Jumpship › Basic Token
// Rules").
type RuleError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Rule    string `json:"rule"`
	// Params fill the {name} placeholders of a translated message.
	Params map[string]string `json:"params,omitempty"`
}

// Error implements error.
func (e *RuleError) Error() string {
	return fmt.Sprintf("%s: %s (%s)", e.Code, e.Message, e.Rule)
}

// Errorf returns a *RuleError with a formatted message.
func Errorf(code, rule, format string, args ...any) *RuleError {
	return &RuleError{Code: code, Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// With returns e with a parameter set, for translations of its message.
func (e *RuleError) With(name, value string) *RuleError {
	if e.Params == nil {
		e.Params = map[string]string{}
	}
	e.Params[name] = value
	return e
}

// AsRuleError returns err as a *RuleError when it is one.
func AsRuleError(err error) (*RuleError, bool) {
	var re *RuleError
	if errors.As(err, &re) {
		return re, true
	}
	return nil, false
}

// ErrorCode returns the rule error code of err, or "" when err is not a
// *RuleError. Tests use it: if got, want := kit.ErrorCode(err), "give_to_self".
func ErrorCode(err error) string {
	if re, ok := AsRuleError(err); ok {
		return re.Code
	}
	return ""
}
