package kittest

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"tablewarden/referee/kit"
)

func intp(n int) *int { return &n }

// argsOf decodes the arguments of every move, in order.
func argsOf(t *testing.T, ms []kit.Move) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, m := range ms {
		var a map[string]any
		if err := json.Unmarshal(m.Args, &a); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

func TestExhaustiveSmall(t *testing.T) {
	spec := kit.MoveSpec{Type: "m", Args: []kit.ArgSpec{
		{Name: "c", Kind: kit.ArgString, Choices: []kit.Choice{{Value: "a"}, {Value: "b"}}},
		{Name: "b", Kind: kit.ArgBool},
		{Name: "n", Kind: kit.ArgInt, Min: intp(1), Max: intp(3), Optional: true},
	}}
	got := argsOf(t, Exhaustive(spec, rand.New(rand.NewPCG(1, 2))))
	if got, want := len(got), 2*2*4; got != want {
		t.Fatalf("%d combinations, want %d", got, want)
	}
	seen := map[string]bool{}
	absent := 0
	for _, a := range got {
		b, _ := json.Marshal(a)
		seen[string(b)] = true
		if _, ok := a["n"]; !ok {
			absent++
		}
	}
	if got, want := len(seen), 16; got != want {
		t.Fatalf("%d distinct combinations, want %d", got, want)
	}
	if got, want := absent, 4; got != want {
		t.Fatalf("%d combinations leave the optional n out, want %d", got, want)
	}
	if !seen[`{"b":true,"c":"b","n":3}`] || !seen[`{"b":false,"c":"a"}`] {
		t.Fatalf("combinations %v lack an expected one", seen)
	}
}

func TestExhaustiveWide(t *testing.T) {
	var choices []kit.Choice
	for i := range 20 {
		choices = append(choices, kit.Choice{Value: i})
	}
	spec := kit.MoveSpec{Type: "m", Args: []kit.ArgSpec{
		{Name: "x", Kind: kit.ArgInt, Choices: choices},
		{Name: "y", Kind: kit.ArgInt, Choices: choices},
		{Name: "r", Kind: kit.ArgInt, Min: intp(0), Max: intp(100)},
	}}
	got := argsOf(t, Exhaustive(spec, rand.New(rand.NewPCG(1, 2))))
	if got, want := len(got), 20+20+4; got != want {
		t.Fatalf("%d moves, want %d (each value once)", got, want)
	}
	for _, name := range []string{"x", "y"} {
		var vals []int
		for _, a := range got {
			vals = append(vals, int(a[name].(float64)))
		}
		for i := range 20 {
			if !slices.Contains(vals, i) {
				t.Fatalf("%s = %d is never tried", name, i)
			}
		}
	}
	var r []int
	for _, a := range got {
		r = append(r, int(a["r"].(float64)))
	}
	if !slices.Contains(r, 0) || !slices.Contains(r, 100) {
		t.Fatalf("r values %v lack an end of [0, 100]", r)
	}
}

func TestExhaustiveNoArgs(t *testing.T) {
	got := Exhaustive(kit.MoveSpec{Type: "m"}, rand.New(rand.NewPCG(1, 2)))
	if len(got) != 1 || string(got[0].Args) != "{}" {
		t.Fatalf("Exhaustive of a move without arguments = %v, want one move with {}", got)
	}
}
