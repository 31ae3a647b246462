package kit

import (
	"encoding/json"
	"strings"
)

// ListAnd writes items as an English list: "Ann", "Ann and Bob", "Ann,
// Bob and Cat"; "" when there are none.
func ListAnd(items []string) string { return list(items, " and ") }

// ListOr writes items as an English alternative: "Step 1", "Step 1 or
// Step 2", "Step 1, Step 2 or Step 3"; "" when there are none.
func ListOr(items []string) string { return list(items, " or ") }

// list joins items with commas, and the last two with conjunction.
func list(items []string, conjunction string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	last := len(items) - 1
	return strings.Join(items[:last], ", ") + conjunction + items[last]
}

// ListParam writes items as a list param of a message: a JSON array of
// strings. The pages write it as their language writes a list ("Ana,
// Bruno e Carla"), and a catalog's plural variant ("<key>#one",
// "<key>#other") is chosen by its length; a referee's English text uses
// ListAnd of the same items.
func ListParam(items []string) string {
	b, err := json.Marshal(append([]string{}, items...))
	if err != nil {
		panic("kit: a list of strings does not marshal: " + err.Error())
	}
	return string(b)
}

// ParamList returns the items of a list param (ListParam), or false for
// any other value.
func ParamList(s string) ([]string, bool) {
	if !strings.HasPrefix(s, `["`) && s != "[]" {
		return nil, false
	}
	var items []string
	if json.Unmarshal([]byte(s), &items) != nil {
		return nil, false
	}
	return items, true
}
