package kit

import (
	"slices"
	"testing"
)

func TestDistinctChoices(t *testing.T) {
	got := DistinctChoices([]string{"alien", "jonesy", "alien", "breakdown", "jonesy"}, func(k string) Choice {
		return Choice{Value: k, Label: "Blip " + k}
	})
	want := []Choice{{Value: "alien", Label: "Blip alien"}, {Value: "jonesy", Label: "Blip jonesy"}, {Value: "breakdown", Label: "Blip breakdown"}}
	if !slices.EqualFunc(got, want, func(a, b Choice) bool { return a.Value == b.Value && a.Label == b.Label }) {
		t.Fatalf("DistinctChoices = %+v, want %+v", got, want)
	}
	if got := DistinctChoices(nil, func(k string) Choice { return Choice{Value: k} }); got != nil {
		t.Fatalf("DistinctChoices(nil) = %+v, want nil", got)
	}
}
