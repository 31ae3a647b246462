package nostromo

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// candidate is one offered move with one combination of choices.
type candidate struct {
	who kit.Actor
	m   kit.Move
}

// expand lists every combination of an offered move's choices (ints with
// Min/Max and no choices: both bounds).
func expand(spec kit.MoveSpec) []map[string]any {
	return kittest.Combinations(spec.Args, func(a kit.ArgSpec) []any {
		var vals []any
		switch {
		case len(a.Choices) > 0:
			vals = append(vals, kittest.ChoiceValues(a)...)
		case a.Kind == kit.ArgInt && a.Min != nil && a.Max != nil:
			vals = []any{*a.Min, *a.Max}
		case a.Optional:
			return nil
		default:
			panic(fmt.Sprintf("arg %s of %s offers no choices", a.Name, spec.Type))
		}
		return vals
	})
}

// candidates lists every offered move of every viewer.
func candidates(g *Game, st *State) []candidate {
	var out []candidate
	viewers := []kit.Viewer{kit.HostViewer}
	for i := range st.Names {
		viewers = append(viewers, kit.SeatViewer(i))
	}
	for _, v := range viewers {
		who := kit.HostActor
		if v.Role == kit.RoleSeat {
			who = kit.SeatActor(v.Seat)
		}
		for _, spec := range g.View(st, v).Moves {
			for _, args := range expand(spec) {
				b, _ := json.Marshal(args)
				out = append(out, candidate{who, kit.Move{Type: spec.Type, Args: b}})
			}
		}
	}
	return out
}

// policy picks among candidates; nil picks uniformly.
type policy func(st *State, cs []candidate, r *rand.Rand) candidate

// playRandom plays a game choosing among the offered moves, checking that
// every offered combination is accepted (exact View.Moves). It returns the
// script of accepted moves.
func playRandom(t *testing.T, seats []string, opts string, seed uint64, pick policy, checkAll bool) (kittest.Script, *State) {
	t.Helper()
	g := New()
	sc := kittest.Script{Seats: seats, Seed: seed}
	if opts != "" {
		sc.Options = json.RawMessage(opts)
	}
	st0, err := g.Setup(sc.Options, seats, kit.NewCtx(seed, 0, kittest.Epoch))
	if err != nil {
		t.Fatal(err)
	}
	st := st0.(*State)
	r := rand.New(rand.NewPCG(seed, 7))
	for n := 1; n < 6000; n++ {
		if st.Phase == PhaseOver {
			return sc, st
		}
		cs := candidates(g, st)
		if len(cs) == 0 {
			b, _ := json.MarshalIndent(st, "", " ")
			t.Fatalf("move %d: no move offered to anyone in phase %s/%s; state %s", n, st.Phase, st.Stage, b)
		}
		ctx := kit.NewCtx(seed, n, kittest.Epoch)
		if checkAll {
			for _, c := range cs {
				if _, err := g.Apply(st, c.who, c.m, kit.NewCtx(seed, n, kittest.Epoch)); err != nil {
					t.Fatalf("move %d: offered %s %s by %+v refused: %v", n, c.m.Type, c.m.Args, c.who, err)
				}
			}
		}
		var c candidate
		if pick != nil {
			c = pick(st, cs, r)
		} else {
			c = pickByType(cs, r)
		}
		res, err := g.Apply(st, c.who, c.m, ctx)
		if err != nil {
			t.Fatalf("move %d: %v", n, err)
		}
		if err := g.Invariants(res.State); err != nil {
			t.Fatalf("move %d (%s): invariants: %v", n, c.m.Type, err)
		}
		st = res.State.(*State)
		sc.Steps = append(sc.Steps, kittest.Step{Actor: c.who, Move: c.m})
	}
	return sc, st
}

// pickByType picks a move type uniformly, then one of its combinations.
func pickByType(cs []candidate, r *rand.Rand) candidate {
	var types []string
	for _, c := range cs {
		if len(types) == 0 || types[len(types)-1] != c.m.Type {
			types = append(types, c.m.Type)
		}
	}
	typ := types[r.IntN(len(types))]
	var of []candidate
	for _, c := range cs {
		if c.m.Type == typ {
			of = append(of, c)
		}
	}
	return of[r.IntN(len(of))]
}

func TestRandomGamesOfferedMovesAreExact(t *testing.T) {
	configs := []struct {
		opts  string
		seats int
	}{
		{`{}`, 2}, {`{}`, 3}, {`{"difficulty":"experienced"}`, 4}, {`{"heroic":true}`, 5},
		{`{"survival":true,"heroic":true}`, 6}, {`{"difficulty":"hardcore"}`, 7},
		{`{"difficulty":"hardcore","survival":true}`, 3}, {`{"heroic":true,"difficulty":"hardcore"}`, 5},
	}
	for i, c := range configs {
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("%d/%d", i, seed), func(t *testing.T) {
				seats := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"}[:c.seats]
				_, st := playRandom(t, seats, c.opts, seed*100+uint64(i), nil, seed == 1)
				if st.Phase != PhaseOver && !st.Options.Survival {
					t.Fatalf("phase = %s, want over", st.Phase)
				}
			})
		}
	}
}
