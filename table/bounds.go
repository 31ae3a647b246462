package table

import (
	"encoding/json"
	"slices"
	"strconv"
	"tablewarden/referee/kit"
)

// checkArgBounds refuses, before the referee sees it, an int argument
// outside the bounds the game's move catalog gives it, or a number that is
// not a whole number: the catalog's Min and Max are the outer limits of
// every offer, so no phone can send a count the rulebook has no room for
// even when a referee forgets to check it. The refusal names the move's
// section of the game's book. Other malformed args are left to the referee
// (bad_args).
func checkArgBounds(info kit.Info, req MoveRequest) error {
	spec, ok := info.Spec(req.Type)
	if !ok || len(req.Args) == 0 || !slices.ContainsFunc(spec.Args, func(a kit.ArgSpec) bool { return a.Kind == kit.ArgInt }) {
		return nil // nothing to check: the args are decoded only for whole numbers
	}
	var args map[string]json.RawMessage
	if json.Unmarshal(req.Args, &args) != nil {
		return nil
	}
	for _, a := range spec.Args {
		raw, ok := args[a.Name]
		if !ok || a.Kind != kit.ArgInt || len(raw) == 0 || !(raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') {
			continue
		}
		n, err := strconv.ParseInt(string(raw), 10, 64)
		if err == nil && (a.Min == nil || n >= int64(*a.Min)) && (a.Max == nil || n <= int64(*a.Max)) {
			continue
		}
		re := kit.ArgRangeError(gameRule(info, spec.Rule), a.Name, a.Min, a.Max, string(raw))
		return &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
	}
	return nil
}
