package kit

import (
	"strings"
	"testing"
)

func TestRewriteStrings(t *testing.T) {
	type inner struct {
		Label string
		hid   string
	}
	type outer struct {
		Name  string
		List  []string
		Map   map[string]string
		Any   any
		Ptr   *inner
		Items []inner
	}
	shared := []string{"a", "b"}
	in := outer{Name: "x", List: shared, Map: map[string]string{"k": "v"}, Any: []any{"s", 1}, Ptr: &inner{"p", "h"}, Items: []inner{{"i", "h"}}}
	got := RewriteStrings(in, strings.ToUpper)
	if got.Name != "X" || got.List[1] != "B" || got.Map["K"] != "V" || got.Any.([]any)[0] != "S" || got.Any.([]any)[1] != 1 ||
		got.Ptr.Label != "P" || got.Ptr.hid != "h" || got.Items[0].Label != "I" || got.Items[0].hid != "h" {
		t.Fatalf("RewriteStrings = %+v", got)
	}
	if shared[0] != "a" || in.Ptr.Label != "p" || in.Map["k"] != "v" {
		t.Fatalf("RewriteStrings changed its input: %+v", in)
	}
}
