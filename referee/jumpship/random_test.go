package jumpship

import (
	"encoding/json"
	"fmt"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// randomGame plays a random game from the offered moves (a kittest walk)
// until it ends, calling each on every state reached, the initial one
// included, with the number of moves played.
func randomGame(t testing.TB, n int, opts string, seed uint64, each func(st *State, no int)) *State {
	t.Helper()
	w := kittest.WalkConfig{Options: json.RawMessage(opts), Seats: n, Seed: seed, Moves: 5000,
		Each: func(_ testing.TB, st kit.State, _ []kit.View, no int) { each(st.(*State), no) }}.Play(t, New())
	if !w.Ended {
		t.Fatalf("seed %d: no outcome after %d moves", seed, len(w.Script.Steps))
	}
	return w.State.(*State)
}

// TestRandomGames plays many random games from the offered moves: every
// game must end, and both sides must win some, in at least three ways.
func TestRandomGames(t *testing.T) {
	sides := map[string]int{}
	reasons := map[string]int{}
	// Each game checks every state (kittest's walk); sixty games see
	// three ways to end.
	const games = 60
	for seed := uint64(1); seed <= games; seed++ {
		n := 5 + int(seed%6)
		opts := ""
		if seed%3 == 0 {
			opts = fmt.Sprintf(`{"quarantine_track":%d,"eject_track":%d,"kill_track":%d}`, 1+seed%4, 1+seed%7, 2+seed%5)
		}
		st := randomGame(t, n, opts, seed, func(*State, int) {})
		sides[st.End.Side]++
		reasons[st.End.Rule]++
	}
	if sides[SideHumans] == 0 || sides[SideAliens] == 0 || len(reasons) < 3 {
		t.Fatalf("%d random games ended only as %v by %v", games, sides, reasons)
	}
}
