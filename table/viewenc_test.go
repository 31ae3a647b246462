package table

import (
	"encoding/json"
	"strings"
	"testing"

	"tablewarden/referee/kit"
)

func sharedTestView() kit.View {
	return kit.View{Game: "g", Phase: "p", Turn: []int{0},
		Seats:  []kit.SeatView{{Seat: 0, Name: "A", Facts: map[string]any{"hand": "3"}}, {Seat: 1, Name: "B"}},
		Tracks: []kit.TrackView{{Name: "t", Label: "T", Pos: 1, Max: 5}},
		Public: map[string]any{"deck": 10},
		Moves:  []kit.MoveSpec{}}
}

// TestEncodeViewWithShareIsMarshal checks encodeView against json.Marshal
// for views that keep the kit's contract, including the omitempty cases
// (no tracks, no public, no private, timers and an outcome).
func TestEncodeViewWithShareIsMarshal(t *testing.T) {
	full := sharedTestView()
	bare := sharedTestView()
	bare.Tracks, bare.Public = []kit.TrackView{}, nil
	for name, board := range map[string]kit.View{"full": full, "bare": bare} {
		share, err := shareOf(board)
		if err != nil {
			t.Fatal(err)
		}
		seat := board
		seat.Private = map[string]any{"secret": "alpha"}
		seat.Moves = []kit.MoveSpec{{Type: "draw", Label: "Draw", Rule: "R"}}
		ended := board
		ended.Moves = nil
		ended.Turn = nil
		ended.Timers = []kit.Timer{{Name: "round"}}
		ended.Outcome = &kit.Outcome{Reason: "done"}
		for i, v := range []kit.View{board, seat, ended} {
			want, _ := json.Marshal(v)
			got, err := encodeView(&v, share)
			if err != nil || string(got) != string(want) {
				t.Fatalf("%s view %d: encodeView = %s (%v), want %s", name, i, got, err, want)
			}
		}
	}
}

// TestViewShareComesFromTheBoard checks that the shared parts are the
// board's: a game that broke the contract by putting one seat's secret in
// its Public would show that seat too little, and no other screen anything.
func TestViewShareComesFromTheBoard(t *testing.T) {
	share, err := shareOf(sharedTestView())
	if err != nil {
		t.Fatal(err)
	}
	leaky := sharedTestView()
	leaky.Public = map[string]any{"deck": 10, "seat1_secret": "xyzzy"}
	leaky.Seats[1].Status = "xyzzy"
	got, err := encodeView(&leaky, share)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(got), "xyzzy") {
		t.Fatalf("a viewer-specific part reached the shared encoding: %s", got)
	}
}
