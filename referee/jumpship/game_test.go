package jumpship

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// game7Seed is the table seed of the recorded 7-player game; the game has a
// Quarantine, scans, an Eject and ends in the Kill.
const game7Seed = 3

// transcript is the golden record of a game: its moves are the input, the
// rest is what the referee made of them.
type transcript struct {
	Seed    uint64          `json:"seed"`
	Seats   []Seat          `json:"seats_at_end"`
	Moves   []string        `json:"moves"`
	Log     []kit.Event     `json:"log"`
	Outcome *kit.Outcome    `json:"outcome"`
	Board   json.RawMessage `json:"board_at_end"`
}

// script7 reads the recorded 7-player game's moves ("Ada give {…}") from
// its golden file as a script.
func script7(t *testing.T) kittest.Script {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "game7.golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tr transcript
	if err := json.Unmarshal(b, &tr); err != nil {
		t.Fatal(err)
	}
	sc := kittest.Script{Seats: names[:7], Seed: tr.Seed}
	for _, line := range tr.Moves {
		parts := strings.SplitN(line, " ", 3)
		seat := -1
		for i, n := range sc.Seats {
			if n == parts[0] {
				seat = i
			}
		}
		if len(parts) != 3 || seat < 0 {
			t.Fatalf("golden move %q is not \"Name type args\"", line)
		}
		var args json.RawMessage
		if parts[2] != "" {
			args = json.RawMessage(parts[2])
		}
		sc.Steps = append(sc.Steps, kittest.Step{Actor: kit.SeatActor(seat), Move: kit.Move{Type: parts[1], Args: args}})
	}
	return sc
}

// TestGame7 plays a whole recorded 7-player game through kittest.Play
// (which checks non-mutation, invariants, the decode round trip and replay
// at every step) and compares its log, outcome and final board view with
// testdata/game7.golden.json.
func TestGame7(t *testing.T) {
	sc := script7(t)
	if sc.Seed != game7Seed {
		t.Fatalf("golden seed = %d, want %d", sc.Seed, game7Seed)
	}
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

	for _, code := range []string{"quarantined", "scan_result", "ejected", "killed"} {
		if !kittest.HasEvent(played.Events, code) {
			t.Errorf("the recorded game has no %q event", code)
		}
	}
}
