package kittest

import (
	"strings"
	"testing"

	"tablewarden/referee/kit"
)

// TestCheckCodes checks each kind of words in a code's place that
// CheckCodes must find, and that codes, numbers and fields for people pass.
func TestCheckCodes(t *testing.T) {
	info := kit.Info{Moves: []kit.MoveSpec{{Type: "choose_posture", Label: "Choose a posture", Args: []kit.ArgSpec{
		{Name: "posture", Label: "Posture", Kind: kit.ArgEnum, Choices: []kit.Choice{{Value: "focused", Label: "Focused"}, {Value: "Bridge", Label: "Bridge"}}}}}}}
	labels := CatalogLabels(info)
	for _, c := range []struct {
		name   string
		public any
		want   string // "" for none
	}{
		{"OK", map[string]any{"posture": "focused", "posture_label": "Focused", "room": "Bridge", "n": 3, "hand": []string{"a"}}, ""},
		{"ErrLabel", map[string]any{"posture": "Focused"}, ".public.posture"},
		{"ErrTerm", map[string]any{"tunnel": "§tunnel.double"}, ".public.tunnel"},
		{"ErrTermKey", map[string]any{"stacks": map[string]int{"§space.TOMB": 2}}, ".public.stacks{key}"},
		{"ErrPrintedList", map[string]any{"tools": "[a b]"}, ".public.tools"},
		{"TextFields", map[string]any{"note": "Focused", "x_text": "§yes", "rows": []any{map[string]any{"label": "Focused"}}}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := CheckCodes(kit.View{Public: c.public}, labels)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("CheckCodes = %v, want nil", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want+" =")):
				t.Fatalf("CheckCodes = %v, want %s", err, c.want)
			}
		})
	}
}
