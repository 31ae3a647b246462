package kittest

import (
	"encoding/json"
	"math/rand/v2"

	"tablewarden/referee/kit"
)

// Offered is one offered move of one actor, with arguments chosen.
type Offered struct {
	Who  kit.Actor
	Move kit.Move
}

// Viewers lists every screen of an n-seat table: the board, the host, then
// each seat.
func Viewers(n int) []kit.Viewer {
	vs := []kit.Viewer{kit.BoardViewer, kit.HostViewer}
	for i := 0; i < n; i++ {
		vs = append(vs, kit.SeatViewer(i))
	}
	return vs
}

// ActorOf is the actor that makes the moves a viewer is offered.
func ActorOf(v kit.Viewer) kit.Actor {
	if v.Role == kit.RoleSeat {
		return kit.SeatActor(v.Seat)
	}
	return kit.HostActor
}

// OfferedSpec is one move offered to one actor, before its arguments are
// chosen.
type OfferedSpec struct {
	Who  kit.Actor
	Spec kit.MoveSpec
}

// Offers lists what every actor may do in st at an n-seat table: each move
// the host's and every seat's view offers, then, for every running timer
// the board shows, its expiry by the server (what the server sends when
// the deadline passes).
func Offers(g kit.Game, st kit.State, n int) []OfferedSpec {
	return offersIn(ViewsOf(g, st, n), n)
}

// ViewsOf returns what every screen of an n-seat table sees in st, in the
// order of Viewers(n).
func ViewsOf(g kit.Game, st kit.State, n int) []kit.View {
	vs := Viewers(n)
	views := make([]kit.View, len(vs))
	for i, v := range vs {
		views[i] = g.View(st, v)
	}
	return views
}

// offersIn is Offers from the views of Viewers(n).
func offersIn(views []kit.View, n int) []OfferedSpec {
	var out []OfferedSpec
	for i, v := range Viewers(n)[1:] {
		for _, spec := range views[i+1].Moves {
			out = append(out, OfferedSpec{ActorOf(v), spec})
		}
	}
	for _, tm := range views[0].Timers {
		if tm.Running {
			out = append(out, OfferedSpec{kit.SystemActor, expirySpec(tm)})
		}
	}
	return out
}

// expirySpec is the server's expiry of a running timer as a move spec whose
// only choices are the timer's name and generation.
func expirySpec(tm kit.Timer) kit.MoveSpec {
	gen := tm.Generation
	return kit.MoveSpec{Type: kit.TimerExpiredMove, Label: "Timer expired", Args: []kit.ArgSpec{
		{Name: "name", Kind: kit.ArgString, Choices: []kit.Choice{{Value: tm.Name}}},
		{Name: "generation", Kind: kit.ArgInt, Min: &gen, Max: &gen},
	}}
}

// OfferedMoves lists, for every seat and the host (and the server, for a
// running timer), each offered move with arguments picked at random among
// the offered choices.
func OfferedMoves(g kit.Game, st kit.State, n int, r *rand.Rand) []Offered {
	var out []Offered
	for _, o := range Offers(g, st, n) {
		out = append(out, Offered{o.Who, kit.RandomMove(o.Spec, r)})
	}
	return out
}

// absent stands for an optional argument left out of a combination.
type absent struct{}

// ArgValues lists the values a phone could send for one offered argument:
// each of its choices; both bools; an int or seat range in full when it
// has at most 13 values, otherwise its two ends and two values between;
// a sample text for free text. An optional argument may also be left out.
func ArgValues(a kit.ArgSpec, r *rand.Rand) []any {
	var vals []any
	switch {
	case len(a.Choices) > 0:
		vals = ChoiceValues(a)
	case a.Kind == kit.ArgBool:
		vals = []any{false, true}
	case a.Kind == kit.ArgInt || a.Kind == kit.ArgSeat:
		lo, hi := 0, 3 // kit.RandomMove's range when none is given
		if a.Min != nil {
			lo = *a.Min
		}
		if a.Max != nil {
			hi = max(*a.Max, lo)
		}
		if hi-lo <= 12 {
			for v := lo; v <= hi; v++ {
				vals = append(vals, v)
			}
		} else {
			vals = []any{lo, hi, lo + 1 + r.IntN(hi-lo-1), lo + 1 + r.IntN(hi-lo-1)}
		}
	default:
		vals = []any{"x"}
	}
	if a.Optional {
		vals = append(vals, absent{})
	}
	return vals
}

// maxCombinations caps the moves Exhaustive tries for one offered spec.
const maxCombinations = 64

// Exhaustive lists the moves to try for an offered spec: every combination
// of its arguments' values (ArgValues) when there are at most 64, and
// otherwise every value of each argument at least once, the other
// arguments at values drawn at random among theirs.
func Exhaustive(spec kit.MoveSpec, r *rand.Rand) []kit.Move {
	space := make(map[string][]any, len(spec.Args))
	total := 1
	for _, a := range spec.Args {
		space[a.Name] = ArgValues(a, r)
		total *= len(space[a.Name])
	}
	var combos []map[string]any
	if total <= maxCombinations {
		combos = Combinations(spec.Args, func(a kit.ArgSpec) []any { return space[a.Name] })
	} else {
		for _, a := range spec.Args {
			for _, v := range space[a.Name] {
				c := map[string]any{}
				for _, b := range spec.Args {
					vals := space[b.Name]
					c[b.Name] = vals[r.IntN(len(vals))]
				}
				c[a.Name] = v
				combos = append(combos, c)
			}
		}
	}
	out := make([]kit.Move, 0, len(combos))
	for _, c := range combos {
		for k, v := range c {
			if _, ok := v.(absent); ok {
				delete(c, k)
			}
		}
		b, err := json.Marshal(c)
		if err != nil {
			panic(err)
		}
		out = append(out, kit.Move{Type: spec.Type, Args: b})
	}
	return out
}
