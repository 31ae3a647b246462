package jumpship

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// game7Seed is the table seed of the recorded 7-player game; the game has a
// Quarantine, scans, an Eject and ends in the Kill.
const game7Seed = 3

// script7 plays a 7-player game by picking from View.Moves (scanning
// whenever possible) and returns it as a script.
func script7(t *testing.T, seed uint64) kittest.Script {
	t.Helper()
	g := New()
	sc := kittest.Script{Seats: names[:7], Seed: seed}
	s, err := g.Setup(nil, sc.Seats, kit.NewCtx(seed, 0, kittest.Epoch))
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*State)
	r := rand.New(rand.NewPCG(seed, 1))
	for no := 1; st.End == nil; no++ {
		seat, m := randomMove(t, g, st, r)
		if scan, ok := scanMove(g, st, seat, r); ok {
			seat, m = scan.seat, scan.move
		}
		step := kittest.Step{Actor: kit.SeatActor(seat), Move: m}
		res, err := g.Apply(st, step.Actor, m, kit.NewCtx(seed, no, kittest.Epoch.Add(secs(no))))
		if err != nil {
			t.Fatal(err)
		}
		sc.Steps = append(sc.Steps, step)
		st = res.State.(*State)
	}
	return sc
}

// transcript is the golden record of a game.
type transcript struct {
	Seed    uint64          `json:"seed"`
	Seats   []Seat          `json:"seats_at_end"`
	Moves   []string        `json:"moves"`
	Log     []kit.Event     `json:"log"`
	Outcome *kit.Outcome    `json:"outcome"`
	Board   json.RawMessage `json:"board_at_end"`
}

// TestGame7 plays a whole 7-player game through kittest.Play (which checks
// non-mutation, invariants, the decode round trip and replay at every step)
// and compares its log and outcome with testdata/game7.golden.json.
func TestGame7(t *testing.T) {
	sc := script7(t, game7Seed)
	played := kittest.Play(t, New(), sc)
	st := played.State.(*State)
	o := New().Outcome(st)
	if o == nil {
		t.Fatalf("the game did not end")
	}
	tr := transcript{Seed: sc.Seed, Seats: st.Seats, Log: played.Events, Outcome: o}
	for _, s := range sc.Steps {
		tr.Moves = append(tr.Moves, st.Seats[s.Actor.Seat].Name+" "+s.Move.Type+" "+string(s.Move.Args))
	}
	tr.Board = json.RawMessage(kittest.ViewJSON(t, New().View(st, kit.BoardViewer)))
	kittest.Golden(t, "game7.golden.json", kittest.Indent(t, tr))

	seen := map[string]bool{}
	for _, e := range played.Events {
		seen[e.Code] = true
	}
	for _, code := range []string{"quarantined", "scan_result", "ejected", "killed"} {
		if !seen[code] {
			t.Errorf("the recorded game has no %q event; pick another game7Seed", code)
		}
	}
}
