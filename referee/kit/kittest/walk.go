package kittest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"tablewarden/referee/kit"
)

// WalkConfig is one game played at random from the offered moves.
type WalkConfig struct {
	Options json.RawMessage
	Seats   int
	Seed    uint64
	// Moves caps the moves played.
	Moves int
	// Exhaustive makes the walk try, in every state it reaches, every
	// combination of the arguments of every offered move (Exhaustive):
	// each must be accepted, since a move is legal exactly when it is
	// offered. A spec offered alike to several actors is tried for one of
	// them, picked at random: over a walk that reaches every screen.
	Exhaustive bool
	// Linger, when above 1, plays a move that ends the game only one time
	// in Linger while another move type is offered, so that the walk gets
	// deep into the game.
	Linger int
	// Each, when set, runs the caller's own checks on every state the walk
	// reaches: views are what the screens see (in the order of Viewers),
	// no is the number of moves played (0 after Setup).
	Each func(t testing.TB, st kit.State, views []kit.View, no int)
	// Pick, when set, chooses the next move among the offers. By default a
	// third of the time it is a move that moves the game on (one marked
	// Primary), when one is offered; otherwise a move type is drawn, the
	// ones the walk has played less more often, then one of its offers.
	// kit.RandomMove draws the arguments.
	Pick func(st kit.State, offers []OfferedSpec, r *rand.Rand) Offered
}

// Walk is a game played at random from the offered moves.
type Walk struct {
	Seats  int
	Seed   uint64
	Script Script
	State  kit.State
	Events []kit.Event
	Ended  bool
	// Played counts the moves played, by type.
	Played map[string]int
	// Tried counts the moves the exhaustive pass tried.
	Tried int
}

// RandomWalk sets g up for n seats with opts and plays up to max moves at
// random (WalkConfig.Play with the defaults).
func RandomWalk(t testing.TB, g kit.Game, opts json.RawMessage, n int, seed uint64, max int) Walk {
	t.Helper()
	return WalkConfig{Options: opts, Seats: n, Seed: seed, Moves: max}.Play(t, g)
}

// Play sets g up and plays the walk. Every played move must be accepted,
// the input state must not change, invariants and the shared view parts
// must hold, and every viewer must get a prompt without placeholders. It
// fails the test otherwise.
func (c WalkConfig) Play(t testing.TB, g kit.Game) Walk {
	t.Helper()
	n, seed := c.Seats, c.Seed
	st := Setup(t, g, c.Options, n, seed)
	w := Walk{Seats: n, Seed: seed, Script: Script{Options: c.Options, Seats: FuzzNames[:n], Seed: seed}, Played: map[string]int{}}
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	views := c.check(t, g, st, 0, "after Setup")
	for i := 0; i < c.Moves && g.Outcome(st) == nil; i++ {
		where := fmt.Sprintf("seed %d, move %d", seed, i+1)
		offers := offersIn(views, n)
		if len(offers) == 0 {
			t.Fatalf("%s: the game has not ended but nobody is offered a move", where)
		}
		at := Epoch.Add(time.Duration(i+1) * time.Second)
		ctx := func() kit.Ctx { return kit.NewCtx(seed, i+1, at) }
		if c.Exhaustive {
			w.Tried += tryAll(t, g, st, offers, ctx, r, where)
		}
		o, res := c.next(t, g, st, offers, w.Played, ctx, r, where)
		st = res.State
		w.Played[o.Move.Type]++
		w.Events = append(w.Events, res.Events...)
		w.Script.Steps = append(w.Script.Steps, Step{Actor: o.Who, Move: o.Move, At: at})
		views = c.check(t, g, st, i+1, fmt.Sprintf("%s (%s)", where, o.Move.Type))
	}
	w.State = st
	w.Ended = g.Outcome(st) != nil
	return w
}

// next picks the move to play and applies it, failing the test if it is
// refused or mutates st.
func (c WalkConfig) next(t testing.TB, g kit.Game, st kit.State, offers []OfferedSpec, played map[string]int, ctx func() kit.Ctx, r *rand.Rand, where string) (Offered, kit.Result) {
	t.Helper()
	skip := map[string]bool{}
	for {
		var o Offered
		if c.Pick != nil {
			o = c.Pick(st, offers, r)
		} else {
			o = pickByType(offers, played, skip, r)
		}
		res := mustApply(t, g, st, o, ctx(), where)
		if c.Pick != nil || c.Linger <= 1 || g.Outcome(res.State) == nil || r.IntN(c.Linger) == 0 {
			return o, res
		}
		skip[o.Move.Type] = true
		if len(offerTypes(offers, skip)) == 0 {
			return o, res // nothing else is offered: the game ends
		}
	}
}

// pickByType draws a move type among the offers not in skip: a third of
// the time one marked Primary, when there is one; otherwise any, weighting
// each by 1/(1+times played). Then it draws one of that type's offers.
func pickByType(offers []OfferedSpec, played map[string]int, skip map[string]bool, r *rand.Rand) Offered {
	if r.IntN(3) == 0 {
		var primary []OfferedSpec
		for _, o := range offers {
			if o.Spec.Primary && !skip[o.Spec.Type] {
				primary = append(primary, o)
			}
		}
		if len(primary) > 0 {
			o := primary[r.IntN(len(primary))]
			return Offered{o.Who, kit.RandomMove(o.Spec, r)}
		}
	}
	types := offerTypes(offers, skip)
	if len(types) == 0 {
		types = offerTypes(offers, nil)
	}
	sum := 0.0
	for _, typ := range types {
		sum += 1 / float64(1+played[typ])
	}
	x, typ := r.Float64()*sum, types[len(types)-1]
	for _, t := range types {
		if x -= 1 / float64(1+played[t]); x < 0 {
			typ = t
			break
		}
	}
	var of []OfferedSpec
	for _, o := range offers {
		if o.Spec.Type == typ {
			of = append(of, o)
		}
	}
	o := of[r.IntN(len(of))]
	return Offered{o.Who, kit.RandomMove(o.Spec, r)}
}

// offerTypes lists the move types of offers, in order, leaving out skip.
func offerTypes(offers []OfferedSpec, skip map[string]bool) []string {
	var types []string
	seen := map[string]bool{}
	for _, o := range offers {
		if !seen[o.Spec.Type] && !skip[o.Spec.Type] {
			seen[o.Spec.Type] = true
			types = append(types, o.Spec.Type)
		}
	}
	return types
}

// mustApply applies an offered move, failing the test if it is refused or
// if Apply changes its input state.
func mustApply(t testing.TB, g kit.Game, st kit.State, o Offered, ctx kit.Ctx, where string) kit.Result {
	t.Helper()
	before := Encode(t, st)
	res, err := g.Apply(st, o.Who, o.Move, ctx)
	if !bytes.Equal(before, Encode(t, st)) {
		t.Fatalf("%s (%s): Apply mutated its input state", where, o.Move.Type)
	}
	if err != nil {
		t.Fatalf("%s: offered move %s %s by %+v refused: %v", where, o.Move.Type, o.Move.Args, o.Who, err)
	}
	return res
}

// tryAll applies every combination of every offered spec to st (each spec
// once, for one of the actors offered it alike) and fails the test at the
// first refusal or broken invariant. It returns the number of moves tried.
func tryAll(t testing.TB, g kit.Game, st kit.State, offers []OfferedSpec, ctx func() kit.Ctx, r *rand.Rand, where string) int {
	t.Helper()
	who := map[string][]kit.Actor{}
	var keys []string
	specs := map[string]kit.MoveSpec{}
	for _, o := range offers {
		b, err := json.Marshal(o.Spec)
		if err != nil {
			t.Fatal(err)
		}
		k := string(b)
		if who[k] == nil {
			keys = append(keys, k)
			specs[k] = o.Spec
		}
		who[k] = append(who[k], o.Who)
	}
	tried := 0
	for _, k := range keys {
		actor := who[k][r.IntN(len(who[k]))]
		for _, m := range Exhaustive(specs[k], r) {
			res, err := g.Apply(st, actor, m, ctx())
			if err != nil {
				t.Fatalf("%s: %s %s offered to %+v is refused: %v", where, m.Type, m.Args, actor, err)
			}
			if err := g.Invariants(res.State); err != nil {
				t.Fatalf("%s: %s %s by %+v breaks an invariant: %v", where, m.Type, m.Args, actor, err)
			}
			tried++
		}
	}
	return tried
}

// check checks what must hold in every reachable state, then runs Each.
// It returns the views of the state, in the order of Viewers.
func (c WalkConfig) check(t testing.TB, g kit.Game, st kit.State, no int, where string) []kit.View {
	t.Helper()
	views := ViewsOf(g, st, c.Seats)
	checkState(t, g, st, views, where)
	if c.Each != nil {
		c.Each(t, st, views, no)
	}
	return views
}

// checkState checks what must hold in every reachable state, given its
// views (in the order of Viewers).
func checkState(t testing.TB, g kit.Game, st kit.State, views []kit.View, where string) {
	t.Helper()
	if err := g.Invariants(st); err != nil {
		t.Fatalf("%s: Invariants: %v", where, err)
	}
	viewers := Viewers(len(views) - 2)
	if err := kit.CheckSharedViews(viewers, views); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if err := kit.CheckOwnViews(g, st, viewers, views); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	for i, v := range viewers {
		p := views[i].Prompt
		if p == nil || p.Text == "" || p.Code == "" {
			t.Fatalf("%s: the %s %d view has no prompt (code and text)", where, v.Role, v.Seat)
		}
		if strings.Contains(p.Text, "{") {
			t.Fatalf("%s: the %s %d prompt has an unfilled placeholder: %q", where, v.Role, v.Seat, p.Text)
		}
	}
}

// Replay replays a walk's script from Setup and fails the test unless it
// reproduces the walk's state byte for byte.
func Replay(t testing.TB, g kit.Game, w Walk) {
	t.Helper()
	st := Setup(t, g, w.Script.Options, w.Seats, w.Seed)
	for i, s := range w.Script.Steps {
		res, err := g.Apply(st, s.Actor, s.Move, kit.NewCtx(w.Seed, i+1, s.At))
		if err != nil {
			t.Fatalf("replay move %d (%s): %v", i+1, s.Move.Type, err)
		}
		st = res.State
	}
	if a, b := Encode(t, w.State), Encode(t, st); !bytes.Equal(a, b) {
		t.Fatalf("seed %d: replay of %d moves differs from the played state", w.Seed, len(w.Script.Steps))
	}
}
