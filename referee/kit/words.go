package kit

import "strings"

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
