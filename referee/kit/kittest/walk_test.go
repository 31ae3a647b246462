package kittest

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"tablewarden/referee/kit"
)

// counter is a tiny game for the walk's own tests: seat 0 adds 1, 2 or 3
// to a total until it reaches 10, or stops, which ends the game at once.
// refuse, when not 0, is an offered amount that Apply refuses: the bug the
// exhaustive pass must find.
type counter struct{ refuse int }

type counterState struct {
	Total   int  `json:"total" vis:"public"`
	Stopped bool `json:"stopped" vis:"public"`
}

var addSpec = kit.MoveSpec{Type: "add", Label: "Add", Rule: "Counter", Args: []kit.ArgSpec{{Name: "n", Label: "Amount", Kind: kit.ArgInt,
	Choices: []kit.Choice{{Value: 1, Label: "1"}, {Value: 2, Label: "2"}, {Value: 3, Label: "3"}}}}}

var stopSpec = kit.MoveSpec{Type: "stop", Label: "Stop", Rule: "Counter"}

func (counter) Info() kit.Info {
	return kit.Info{ID: "counter", Name: "Counter", Rulebook: "none", MinPlayers: 1, MaxPlayers: 2, Moves: []kit.MoveSpec{addSpec, stopSpec}}
}

func (counter) Setup(_ json.RawMessage, seats []string, _ kit.Ctx) (kit.State, error) {
	return &counterState{}, nil
}

func (c counter) Apply(st kit.State, who kit.Actor, m kit.Move, _ kit.Ctx) (kit.Result, error) {
	s := *st.(*counterState)
	if !who.IsSeat() || who.Seat != 0 || s.Total >= 10 || s.Stopped {
		return kit.Result{}, kit.Errorf("not_offered", "Counter", "Not now.")
	}
	switch m.Type {
	case "stop":
		s.Stopped = true
	case "add":
		var a struct{ N int }
		if err := json.Unmarshal(m.Args, &a); err != nil || a.N < 1 || a.N > 3 || a.N == c.refuse {
			return kit.Result{}, kit.Errorf("bad_amount", "Counter", "Not that amount.")
		}
		s.Total += a.N
	default:
		return kit.Result{}, kit.Errorf("unknown_move", "Counter", "No such move.")
	}
	return kit.Result{State: &s}, nil
}

func (c counter) View(st kit.State, v kit.Viewer) kit.View {
	s := st.(*counterState)
	view := kit.View{Game: "counter", Moves: []kit.MoveSpec{}, Prompt: &kit.Prompt{Code: "p", Text: fmt.Sprintf("Total %d", s.Total)}}
	if c.Outcome(s) == nil && v.Role == kit.RoleSeat && v.Seat == 0 {
		view.Moves = []kit.MoveSpec{addSpec, stopSpec}
	}
	return view
}

func (counter) Outcome(st kit.State) *kit.Outcome {
	if s := st.(*counterState); s.Total >= 10 || s.Stopped {
		return &kit.Outcome{Reason: "done"}
	}
	return nil
}

func (counter) Decode(b []byte) (kit.State, error) {
	var s counterState
	return &s, json.Unmarshal(b, &s)
}

func (counter) Invariants(kit.State) error { return nil }

// recorder is a testing.TB that records the first failure and stops the
// goroutine, so that a test can check that a walk fails.
type recorder struct {
	testing.TB
	failed string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Fatal(args ...any) {
	r.failed = fmt.Sprint(args...)
	runtime.Goexit()
}

// play runs a walk on a recorder and returns it with the failure, if any.
func play(c WalkConfig, g kit.Game) (Walk, string) {
	r := &recorder{}
	var w Walk
	done := make(chan struct{})
	go func() {
		defer close(done)
		w = c.Play(r, g)
	}()
	<-done
	return w, r.failed
}

func TestWalkExhaustiveFindsARefusedOffer(t *testing.T) {
	w, failed := play(WalkConfig{Seats: 2, Seed: 1, Moves: 50, Exhaustive: true}, counter{})
	if failed != "" {
		t.Fatalf("a sound game failed the walk: %s", failed)
	}
	if w.Tried == 0 || !w.Ended {
		t.Fatalf("walk tried %d offers, ended %v; want offers tried and the game ended", w.Tried, w.Ended)
	}
	_, failed = play(WalkConfig{Seats: 2, Seed: 1, Moves: 50, Exhaustive: true}, counter{refuse: 3})
	if !strings.Contains(failed, `add {"n":3}`) || !strings.Contains(failed, "is refused") {
		t.Fatalf("walk failure = %q, want the exhaustive pass to report add n=3 as refused", failed)
	}
}

func TestWalkLingerDefersTheEnd(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		w, failed := play(WalkConfig{Seats: 1, Seed: seed, Moves: 50, Linger: 1 << 30}, counter{})
		if failed != "" {
			t.Fatal(failed)
		}
		if got := w.State.(*counterState); got.Stopped || got.Total < 10 {
			t.Fatalf("seed %d: state %+v; want the total reached, stop being deferred", seed, got)
		}
	}
}
