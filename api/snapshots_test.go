package api_test

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestSnapshotEveryFewMovesAndTailReplay checks that a move stores the
// table's state only every 32 moves (the log is the source of truth), and
// that a restart rebuilds the state from the last snapshot and the moves
// after it: every screen's view is the same after the restart, and play
// goes on.
func TestSnapshotEveryFewMovesAndTailReplay(t *testing.T) {
	ts := startServer(t, "")
	r := rand.New(rand.NewPCG(11, 12))
	var tb *table
	for try := 0; try < 8 && tb == nil; try++ {
		cand := ts.newTable("jumpship", nil, 5)
		ts.start(cand)
		n := 0
		for n < 40 && playRandom(t, ts, cand, r) {
			n++
		}
		if n == 40 {
			tb = cand
		}
	}
	if tb == nil {
		t.Fatal("no Jumpship game lasted 40 moves")
	}
	snap, err := ts.Store.Read().GetSnapshot(context.Background(), tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := snap.Seq, int64(32); got != want {
		t.Fatalf("snapshot after 40 moves is of seq %d, want %d", got, want)
	}
	checkReplay(t, ts)
	views := map[string]string{}
	for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
		views[tok] = mustJSON(zeroTime(ts.view(tb, tok)))
	}
	ts.Stop()
	ts2 := startServer(t, ts.Path)
	for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
		if got := mustJSON(zeroTime(ts2.view(tb, tok))); got != views[tok] {
			t.Fatalf("a view changed across a restart that replayed 8 moves after the snapshot\nbefore: %s\nafter:  %s", views[tok], got)
		}
	}
	for i := 0; i < 30 && playRandom(t, ts2, tb, r); i++ {
	}
	checkReplay(t, ts2)
}
