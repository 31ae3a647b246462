package kittest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

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

// OfferedMoves lists, for every seat and the host, each offered move with
// arguments picked at random among the offered choices.
func OfferedMoves(g kit.Game, st kit.State, n int, r *rand.Rand) []Offered {
	var out []Offered
	for _, v := range Viewers(n)[1:] {
		for _, spec := range g.View(st, v).Moves {
			out = append(out, Offered{ActorOf(v), kit.RandomMove(spec, r)})
		}
	}
	return out
}

// HasEvent reports whether events hold one with the given code.
func HasEvent(events []kit.Event, code string) bool {
	for _, e := range events {
		if e.Code == code {
			return true
		}
	}
	return false
}

// Setup sets g up for n seats named from FuzzNames with the given options,
// failing the test on error.
func Setup(t testing.TB, g kit.Game, opts json.RawMessage, n int, seed uint64) kit.State {
	t.Helper()
	st, err := g.Setup(opts, FuzzNames[:n], kit.NewCtx(seed, 0, Epoch))
	if err != nil {
		t.Fatalf("Setup(%d seats, seed %d): %v", n, seed, err)
	}
	return st
}

// Walk is a game played at random from the offered moves.
type Walk struct {
	Seats  int
	Seed   uint64
	Script Script
	State  kit.State
	Events []kit.Event
	Ended  bool
}

// RandomWalk sets g up for n seats with opts and plays up to max moves,
// each picked at random among every actor's offered moves. Every offered
// move must be accepted (a move is legal exactly when it is offered), the
// input state must not change, invariants and the shared view parts must
// hold, and every viewer must get a prompt. It fails the test otherwise.
func RandomWalk(t testing.TB, g kit.Game, opts json.RawMessage, n int, seed uint64, max int) Walk {
	t.Helper()
	st := Setup(t, g, opts, n, seed)
	w := Walk{Seats: n, Seed: seed, Script: Script{Options: opts, Seats: FuzzNames[:n], Seed: seed}}
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	checkState(t, g, st, n, "after Setup")
	for i := 0; i < max && g.Outcome(st) == nil; i++ {
		cands := OfferedMoves(g, st, n, r)
		if len(cands) == 0 {
			t.Fatalf("seed %d, move %d: the game has not ended but nobody is offered a move", seed, i+1)
		}
		c := cands[r.IntN(len(cands))]
		at := Epoch.Add(time.Duration(i+1) * time.Second)
		before := Encode(t, st)
		res, err := g.Apply(st, c.Who, c.Move, kit.NewCtx(seed, i+1, at))
		if !bytes.Equal(before, Encode(t, st)) {
			t.Fatalf("seed %d, move %d (%s): Apply mutated its input state", seed, i+1, c.Move.Type)
		}
		if err != nil {
			t.Fatalf("seed %d, move %d: offered move %s %s by %+v refused: %v", seed, i+1, c.Move.Type, c.Move.Args, c.Who, err)
		}
		st = res.State
		w.Events = append(w.Events, res.Events...)
		w.Script.Steps = append(w.Script.Steps, Step{Actor: c.Who, Move: c.Move, At: at})
		checkState(t, g, st, n, fmt.Sprintf("seed %d, move %d (%s)", seed, i+1, c.Move.Type))
	}
	w.State = st
	w.Ended = g.Outcome(st) != nil
	return w
}

// checkState checks what must hold in every reachable state.
func checkState(t testing.TB, g kit.Game, st kit.State, n int, where string) {
	t.Helper()
	if err := g.Invariants(st); err != nil {
		t.Fatalf("%s: Invariants: %v", where, err)
	}
	if err := kit.CheckSharedParts(g, st, n); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	for _, v := range Viewers(n) {
		view := g.View(st, v)
		if view.Prompt == nil || view.Prompt.Text == "" || view.Prompt.Code == "" {
			t.Fatalf("%s: the %s %d view has no prompt (code and text)", where, v.Role, v.Seat)
		}
		if bytes.Contains([]byte(view.Prompt.Text), []byte("{")) {
			t.Fatalf("%s: the %s %d prompt has an unfilled placeholder: %q", where, v.Role, v.Seat, view.Prompt.Text)
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

// ConformanceCase names one table shape for Conformance: options and a
// seat count. Zero Seats means every count from MinPlayers to MaxPlayers.
type ConformanceCase struct {
	Name    string
	Options json.RawMessage
	Seats   int
}

// Conformance runs the checks every game must pass, as subtests:
// every state field classified; the player counts of Info accepted and one
// fewer and one more refused ("player_count"); random games from the
// offered moves (every offered move accepted, no mutation, invariants,
// shared view parts, a prompt for every viewer in every state); replay
// reproduces each walk; and the setup log is public or addressed to real
// seats. stateType is the game's state struct (e.g. State{}).
func Conformance(t *testing.T, g kit.Game, stateType any, cases ...ConformanceCase) {
	info := g.Info()
	t.Run("Classified", func(t *testing.T) {
		if err := kit.CheckClassified(reflect.TypeOf(stateType)); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("Info", func(t *testing.T) {
		if info.ID == "" || info.Name == "" || info.Rulebook == "" {
			t.Fatalf("Info = %+v: id, name and rulebook are required", info)
		}
		if info.MinPlayers < 1 || info.MaxPlayers < info.MinPlayers || info.MaxPlayers > len(FuzzNames) {
			t.Fatalf("players = %d–%d", info.MinPlayers, info.MaxPlayers)
		}
		seen := map[string]bool{}
		for _, m := range info.Moves {
			if m.Type == "" || m.Label == "" || m.Rule == "" {
				t.Fatalf("move %+v: type, label and rule are required", m)
			}
			if seen[m.Type] {
				t.Fatalf("move %q listed twice", m.Type)
			}
			seen[m.Type] = true
		}
	})
	t.Run("PlayerCounts", func(t *testing.T) {
		for _, n := range []int{info.MinPlayers - 1, info.MaxPlayers + 1} {
			if n < 0 || n > len(FuzzNames) {
				continue
			}
			_, err := g.Setup(nil, FuzzNames[:n], kit.NewCtx(1, 0, Epoch))
			if got, want := kit.ErrorCode(err), "player_count"; got != want {
				t.Fatalf("Setup(%d seats) error code = %q (%v), want %q", n, got, err, want)
			}
		}
	})
	if len(cases) == 0 {
		cases = []ConformanceCase{{Name: "default"}}
	}
	for _, c := range cases {
		t.Run("Walk/"+c.Name, func(t *testing.T) {
			counts := []int{c.Seats}
			if c.Seats == 0 {
				counts = nil
				for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
					counts = append(counts, n)
				}
			}
			ended := 0
			for _, n := range counts {
				for seed := uint64(1); seed <= 3; seed++ {
					if _, err := g.Setup(c.Options, FuzzNames[:n], kit.NewCtx(seed, 0, Epoch)); err != nil {
						if kit.ErrorCode(err) == "player_count" {
							continue // this case's options take other counts
						}
						t.Fatalf("Setup(%d): %v", n, err)
					}
					w := RandomWalk(t, g, c.Options, n, seed*7919+uint64(n), 400)
					Replay(t, g, w)
					if w.Ended {
						ended++
					}
					for _, e := range kit.SetupEvents(g, Setup(t, g, c.Options, n, w.Seed)) {
						for _, s := range e.To {
							if s < 0 || s >= n {
								t.Fatalf("setup event %s is addressed to seat %d of %d", e.Code, s, n)
							}
						}
					}
				}
			}
			t.Logf("%d of the random games ended", ended)
		})
	}
}

// BenchApply measures Apply on a game reached by a random walk of up to
// prefix moves at n seats: each iteration applies one offered move to the
// same state.
func BenchApply(b *testing.B, g kit.Game, opts json.RawMessage, n, prefix int) {
	w := RandomWalk(b, g, opts, n, 42, prefix)
	r := rand.New(rand.NewPCG(1, 2))
	cands := OfferedMoves(g, w.State, n, r)
	if len(cands) == 0 {
		b.Skip("no offered move in the state reached")
	}
	ctx := kit.NewCtx(42, len(w.Script.Steps)+1, Epoch)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c := cands[i%len(cands)]
		if _, err := g.Apply(w.State, c.Who, c.Move, ctx); err != nil {
			b.Fatal(err)
		}
	}
}
