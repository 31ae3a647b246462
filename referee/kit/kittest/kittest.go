// Package kittest holds test helpers shared by every game's referee tests:
// Conformance, the one per-game harness (random games from the offered
// moves, WalkConfig, with every combination of every offered move tried,
// Exhaustive); the fuzz targets; playing a scripted game with the kit's
// guarantees checked at each step (no mutation of the input state,
// invariants after every accepted move, an illegal move changes nothing,
// replay reproduces the state); and golden files regenerated with -update.
package kittest

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tablewarden/referee/kit"
)

// Update makes Golden rewrite golden files: go test ./referee/... -update.
var Update = flag.Bool("update", false, "rewrite golden files under testdata/")

// Epoch is the default time of scripted moves: moves are one second apart
// from it unless a step gives its own time.
var Epoch = time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)

// Step is one scripted move. WantError is the rule error code expected, or
// "" when the move must be accepted.
type Step struct {
	Actor     kit.Actor `json:"actor"`
	Move      kit.Move  `json:"move"`
	At        time.Time `json:"at,omitzero"`
	WantError string    `json:"want_error,omitempty"`
}

// Script is a whole recorded game (or part of one).
type Script struct {
	Options json.RawMessage `json:"options,omitempty"`
	Seats   []string        `json:"seats"`
	Seed    uint64          `json:"seed"`
	Steps   []Step          `json:"steps"`
}

// Seat is shorthand for a seat's move in a script.
func Seat(seat int, typ string, args any) Step {
	return Step{Actor: kit.SeatActor(seat), Move: MakeMove(typ, args)}
}

// Host is shorthand for a host move in a script.
func Host(typ string, args any) Step {
	return Step{Actor: kit.HostActor, Move: MakeMove(typ, args)}
}

// MakeMove builds a kit.Move with args marshalled to JSON (nil args: none).
func MakeMove(typ string, args any) kit.Move {
	m := kit.Move{Type: typ}
	if args != nil {
		b, err := json.Marshal(args)
		if err != nil {
			panic(err)
		}
		m.Args = b
	}
	return m
}

// Encode marshals a state, failing the test on error.
func Encode(t testing.TB, st kit.State) []byte {
	t.Helper()
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatalf("encode state: %v", err)
	}
	return b
}

// Played is the result of Play.
type Played struct {
	State  kit.State
	Events []kit.Event
	Moves  int // accepted moves
}

// Play sets a game up and plays the script, checking at every step that:
// Apply does not mutate its input; a step with WantError fails with that
// code and the state is unchanged; an accepted step keeps Invariants; the
// state survives an encode/Decode round trip. At the end it replays the
// accepted moves and checks that the replay reproduces the state byte for
// byte. It fails the test at the first broken step.
func Play(t testing.TB, g kit.Game, s Script) Played {
	t.Helper()
	st, err := g.Setup(s.Options, s.Seats, kit.NewCtx(s.Seed, 0, Epoch))
	if err != nil {
		t.Fatalf("Setup: %v", err)
	}
	if err := g.Invariants(st); err != nil {
		t.Fatalf("Invariants after Setup: %v", err)
	}
	var events []kit.Event
	type accepted struct {
		step Step
		no   int
		at   time.Time
	}
	var log []accepted
	moveNo := 0
	for i, step := range s.Steps {
		at := step.At
		if at.IsZero() {
			at = Epoch.Add(time.Duration(i+1) * time.Second)
		}
		before := Encode(t, st)
		res, err := g.Apply(st, step.Actor, step.Move, kit.NewCtx(s.Seed, moveNo+1, at))
		if after := Encode(t, st); !bytes.Equal(before, after) {
			t.Fatalf("step %d (%s): Apply mutated its input state", i, step.Move.Type)
		}
		if step.WantError != "" {
			if got := kit.ErrorCode(err); got != step.WantError {
				t.Fatalf("step %d (%s by %+v): error code = %q (%v), want %q", i, step.Move.Type, step.Actor, got, err, step.WantError)
			}
			continue
		}
		if err != nil {
			t.Fatalf("step %d (%s by %+v %s): unexpected error: %v", i, step.Move.Type, step.Actor, step.Move.Args, err)
		}
		moveNo++
		log = append(log, accepted{step, moveNo, at})
		st = res.State
		events = append(events, res.Events...)
		if err := g.Invariants(st); err != nil {
			t.Fatalf("step %d (%s): Invariants: %v", i, step.Move.Type, err)
		}
		if err := kit.CheckSharedParts(g, st, len(s.Seats)); err != nil {
			t.Fatalf("step %d (%s): %v", i, step.Move.Type, err)
		}
		enc := Encode(t, st)
		dec, err := g.Decode(enc)
		if err != nil {
			t.Fatalf("step %d: Decode: %v", i, err)
		}
		if re := Encode(t, dec); !bytes.Equal(enc, re) {
			t.Fatalf("step %d: state does not survive an encode/decode round trip", i)
		}
	}
	// Replay the accepted moves from the seed.
	rs, err := g.Setup(s.Options, s.Seats, kit.NewCtx(s.Seed, 0, Epoch))
	if err != nil {
		t.Fatalf("replay Setup: %v", err)
	}
	for _, a := range log {
		res, err := g.Apply(rs, a.step.Actor, a.step.Move, kit.NewCtx(s.Seed, a.no, a.at))
		if err != nil {
			t.Fatalf("replay move %d (%s): %v", a.no, a.step.Move.Type, err)
		}
		rs = res.State
	}
	if a, b := Encode(t, st), Encode(t, rs); !bytes.Equal(a, b) {
		t.Fatalf("replay of %d moves differs from the played state", len(log))
	}
	return Played{State: st, Events: events, Moves: len(log)}
}

// Golden compares got with testdata/name, or rewrites it under -update.
func Golden(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run with -update to create it): %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs from the golden file; run with -update and review the diff", path)
	}
}

// LoadScript reads a script from testdata/name.
func LoadScript(t testing.TB, name string) Script {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var s Script
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return s
}

// ViewJSON marshals a view, failing the test on error.
func ViewJSON(t testing.TB, v kit.View) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// EventsJSON marshals the events of evs that viewer v may see, in order,
// failing the test on error: what a leakage test compares between viewers.
func EventsJSON(t testing.TB, evs []kit.Event, v kit.Viewer) string {
	t.Helper()
	var seen []kit.Event
	for _, e := range evs {
		if e.VisibleTo(v) {
			seen = append(seen, e)
		}
	}
	b, err := json.Marshal(seen)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Indent pretty-prints JSON for golden files.
func Indent(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}
