package spacecadets

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// absent marks an optional argument left out of a move.
type absentArg struct{}

// argValues lists the values a phone could send for one argument the way
// kit.RandomMove picks them: a choice, either bool, or an int of its range
// (0..3 when unset). Wide int ranges are cut to their ends and a few values
// between; absent is added for an optional argument.
func argValues(a kit.ArgSpec, r *rand.Rand) []any {
	var vals []any
	switch {
	case len(a.Choices) > 0:
		vals = append(vals, kittest.ChoiceValues(a)...)
	case a.Kind == kit.ArgBool:
		vals = []any{true, false}
	case a.Kind == kit.ArgInt || a.Kind == kit.ArgSeat:
		lo, hi := 0, 3
		if a.Min != nil {
			lo = *a.Min
		}
		if a.Max != nil {
			hi = *a.Max
		}
		hi = max(hi, lo)
		if hi-lo <= 12 {
			for v := lo; v <= hi; v++ {
				vals = append(vals, v)
			}
		} else {
			vals = []any{lo, hi}
			for i := 0; i < 4; i++ {
				vals = append(vals, lo+r.IntN(hi-lo+1))
			}
		}
	default:
		vals = []any{"x"}
	}
	if a.Optional {
		vals = append(vals, absentArg{})
	}
	return vals
}

func makeMove(typ string, names []string, vals []any) kit.Move {
	args := map[string]any{}
	for i, n := range names {
		if _, ok := vals[i].(absentArg); !ok {
			args[n] = vals[i]
		}
	}
	b, _ := json.Marshal(args)
	return kit.Move{Type: typ, Args: b}
}

// samples returns the moves to try for an offered spec: every combination
// of its argument values when there are few; otherwise each int argument
// at its Min and at its Max (the others at random) and kit.RandomMove's
// own picks.
func samples(spec kit.MoveSpec, r *rand.Rand, randomN int) []kit.Move {
	names := make([]string, len(spec.Args))
	space := make([][]any, len(spec.Args))
	total := 1
	for i, a := range spec.Args {
		names[i] = a.Name
		space[i] = argValues(a, r)
		total *= len(space[i])
	}
	var out []kit.Move
	if total <= 36 {
		idx := make([]int, len(space))
		for {
			vals := make([]any, len(space))
			for i := range space {
				vals[i] = space[i][idx[i]]
			}
			out = append(out, makeMove(spec.Type, names, vals))
			i := 0
			for ; i < len(idx); i++ {
				idx[i]++
				if idx[i] < len(space[i]) {
					break
				}
				idx[i] = 0
			}
			if i == len(idx) {
				return out
			}
		}
	}
	for i, a := range spec.Args {
		if len(a.Choices) > 0 || a.Kind != kit.ArgInt && a.Kind != kit.ArgSeat {
			continue
		}
		for _, end := range []*int{a.Min, a.Max} {
			if end == nil {
				continue
			}
			vals := make([]any, len(space))
			for j := range space {
				vals[j] = space[j][r.IntN(len(space[j]))]
			}
			vals[i] = *end
			out = append(out, makeMove(spec.Type, names, vals))
		}
	}
	for i := 0; i < randomN; i++ {
		out = append(out, kit.RandomMove(spec, r))
	}
	return out
}

type offer struct {
	who  kit.Actor
	spec kit.MoveSpec
}

// offers lists what the host and every seat are offered now. check is
// true for one offer, chosen at random, among the screens offered the
// same spec: checking it for every seat at every state would only repeat
// itself, and over a walk the random choice reaches every screen.
func offers(g *Game, s *State, r *rand.Rand) (out []offer, check []bool) {
	who := map[string][]int{}
	var keys []string
	addAll := func(a kit.Actor, v kit.Viewer) {
		for _, m := range g.View(s, v).Moves {
			b, _ := json.Marshal(m)
			key := string(b)
			if who[key] == nil {
				keys = append(keys, key)
			}
			who[key] = append(who[key], len(out))
			out = append(out, offer{a, m})
		}
	}
	addAll(kit.HostActor, kit.HostViewer)
	for i := range s.Seats {
		addAll(kit.SeatActor(i), kit.SeatViewer(i))
	}
	check = make([]bool, len(out))
	for _, k := range keys {
		check[who[k][r.IntN(len(who[k]))]] = true
	}
	return out, check
}

// TestOfferedMovesAreAccepted plays random walks over every mission,
// difficulty and crew size and requires that every move a screen is
// offered, with any values of its arguments the phone UI (kit.RandomMove)
// can send, is accepted by Apply.
func TestOfferedMovesAreAccepted(t *testing.T) {
	g := New()
	w := &walker{t: t, g: g, played: map[string]int{}, randomN: 4}
	seeds, steps := 2, 90
	if testing.Short() {
		seeds, steps, w.randomN = 1, 40, 3
	}
	for _, mission := range missionIDs {
		md := defaultData.mission(mission)
		for _, diff := range []string{"easy", "normal", "hard"} {
			for _, n := range []int{2, 3, 5} {
				if n == 2 && !md.TwoPlayers {
					continue
				}
				for seed := uint64(1); seed <= uint64(seeds); seed++ {
					name := fmt.Sprintf("%s/%s/%dp/seed%d", mission, diff, n, seed)
					opts := fmt.Sprintf(`{"mission":%q,"difficulty":%q}`, mission, diff)
					st, err := g.Setup(json.RawMessage(opts), seatNames(n), kit.NewCtx(seed, 0, kittest.Epoch))
					if err != nil {
						t.Fatalf("%s: Setup: %v", name, err)
					}
					w.walk(name, st.(*State), seed, steps)
				}
			}
		}
	}
	t.Logf("%d states, %d offered moves tried; played %v", w.states, w.tried, w.played)
	// The walks must reach the moves that carry the hard cases.
	for _, typ := range []string{"keep_starting", "science_select", "research", "ship_moved", "enemy_moved",
		"enemy_lock", "choose_arrival", "pass_gate", "reveal_crystal", "exit_map", "subdue_tentacle", "kraken_activate", "scan_beak"} {
		if w.played[typ] == 0 {
			t.Errorf("no walk ever played %s", typ)
		}
	}
}

// walker plays the random walks and counts what they did.
type walker struct {
	t       *testing.T
	g       *Game
	randomN int
	played  map[string]int
	states  int
	tried   int
}

// ending are the moves that end the mission; a walk plays them seldom
// (declare_loss only when nothing else is offered) so that it gets deep
// into the game.
var ending = []string{"declare_loss", "exit_map", "jump_home"}

// walk checks every offer at each state of a random walk, then plays one
// of them (or a timer expiry, as the server would).
func (w *walker) walk(name string, s *State, seed uint64, steps int) {
	t := w.t
	t.Helper()
	r := rand.New(rand.NewPCG(seed, uint64(len(name))*7919+uint64(name[0])))
	now := kittest.Epoch
	for n := 1; n <= steps && s.End == nil; n++ {
		now = now.Add(time.Second)
		ctx := kit.NewCtx(seed, n, now)
		all, check := offers(w.g, s, r)
		w.states++
		checkViews(t, w.g, s, fmt.Sprintf("%s move %d (%s)", name, n, s.Step))
		for i, o := range all {
			if !check[i] {
				continue
			}
			for _, m := range samples(o.spec, r, w.randomN) {
				w.tried++
				if _, err := w.g.Apply(s, o.who, m, ctx); err != nil {
					t.Fatalf("%s move %d (%s): %+v was offered %s %s, refused: %v", name, n, s.Step, o.who, m.Type, m.Args, err)
				}
			}
		}
		who, m, ok := w.pick(s, all, r)
		if !ok {
			return
		}
		res, err := w.g.Apply(s, who, m, ctx)
		if err != nil {
			t.Fatalf("%s move %d: %s %s refused: %v", name, n, m.Type, m.Args, err)
		}
		w.played[m.Type]++
		s = res.State.(*State)
		if err := w.g.Invariants(s); err != nil {
			t.Fatalf("%s move %d: %s: Invariants: %v", name, n, m.Type, err)
		}
	}
}

// pick chooses the next move: a move type first, the rarely played ones
// more often (a running timer's expiry counts as one), next_step a third
// of the time so that walks reach later steps and turns, and a move that
// ends the mission only now and then.
func (w *walker) pick(s *State, all []offer, r *rand.Rand) (kit.Actor, kit.Move, bool) {
	byType := map[string][]offer{}
	var types []string
	var enders []offer
	for _, o := range all {
		if slices.Contains(ending, o.spec.Type) {
			if o.spec.Type != "declare_loss" {
				enders = append(enders, o)
			}
			continue
		}
		if byType[o.spec.Type] == nil {
			types = append(types, o.spec.Type)
		}
		byType[o.spec.Type] = append(byType[o.spec.Type], o)
	}
	var running []kit.Timer
	for _, tm := range s.Timers {
		if tm.Running {
			running = append(running, tm)
		}
	}
	if len(running) > 0 {
		types = append(types, kit.TimerExpiredMove)
	}
	if len(enders) > 0 && r.IntN(40) == 0 {
		o := enders[r.IntN(len(enders))]
		return o.who, kit.RandomMove(o.spec, r), true
	}
	if len(types) == 0 {
		if len(all) == 0 {
			return kit.Actor{}, kit.Move{}, false
		}
		o := all[r.IntN(len(all))]
		return o.who, kit.RandomMove(o.spec, r), true
	}
	slices.Sort(types)
	weights := make([]float64, len(types))
	sum := 0.0
	for i, typ := range types {
		weights[i] = 1 / float64(1+w.played[typ])
		sum += weights[i]
	}
	x, typ := r.Float64()*sum, types[len(types)-1]
	for i := range types {
		if x -= weights[i]; x < 0 {
			typ = types[i]
			break
		}
	}
	if byType["next_step"] != nil && r.IntN(3) == 0 {
		typ = "next_step"
	}
	if typ == kit.TimerExpiredMove {
		tm := running[r.IntN(len(running))]
		return kit.SystemActor, kittest.MakeMove(kit.TimerExpiredMove, kit.TimerExpiredArgs{Name: tm.Name, Generation: tm.Generation}), true
	}
	os := byType[typ]
	o := os[r.IntN(len(os))]
	return o.who, kit.RandomMove(o.spec, r), true
}
