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

// TestRewriteStringsCopiesOnlyWhatChanges: a part that holds no string f
// changes is the input's own (no copy), a part that holds one is a copy
// (the input unchanged), and a value with nothing to change is returned
// as it is.
func TestRewriteStringsCopiesOnlyWhatChanges(t *testing.T) {
	type part struct {
		Words []string
		Count map[string]int
	}
	type view struct {
		Keep   part
		Change part
		Arr    [2]string
	}
	up := func(s string) string {
		if strings.HasPrefix(s, "§") {
			return strings.ToUpper(s[len("§"):])
		}
		return s
	}
	in := view{
		Keep:   part{Words: []string{"a", "b"}, Count: map[string]int{"k": 1}},
		Change: part{Words: []string{"a", "§b"}, Count: map[string]int{"§k": 1}},
		Arr:    [2]string{"x", "§y"},
	}
	got := RewriteStrings(in, up)
	if &got.Keep.Words[0] != &in.Keep.Words[0] {
		t.Error("a list with nothing to change was copied")
	}
	if &got.Change.Words[0] == &in.Change.Words[0] || got.Change.Words[1] != "B" || in.Change.Words[1] != "§b" {
		t.Errorf("the changed list = %v (input %v), want a copy with B", got.Change.Words, in.Change.Words)
	}
	if got.Change.Count["K"] != 1 || in.Change.Count["§k"] != 1 || len(in.Change.Count) != 1 {
		t.Errorf("the changed map = %v (input %v)", got.Change.Count, in.Change.Count)
	}
	if got.Arr != [2]string{"x", "Y"} || in.Arr[1] != "§y" {
		t.Errorf("the array = %v (input %v)", got.Arr, in.Arr)
	}
	same := view{Keep: part{Words: []string{"a"}}}
	if again := RewriteStrings(same, up); &again.Keep.Words[0] != &same.Keep.Words[0] {
		t.Error("a value with nothing to change was copied")
	}
}
