package api_test

import (
	"math/rand/v2"
	"testing"

	"tablewarden/referee/catalog"
)

// TestEveryGameOverHTTP plays every game in the catalog through the real
// server: random legal moves taken from the views of every seat and the
// host (as phones would offer them) must all be accepted; then replaying
// each table's log must reproduce its stored state, and a restart must
// give every screen the same view.
func TestEveryGameOverHTTP(t *testing.T) {
	t.Parallel()
	for _, g := range catalog.All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			ts := startServer(t, "")
			players := info.MinPlayers
			if players < 3 && info.MaxPlayers >= 3 {
				players = 3
			}
			steps := 150
			if testing.Short() {
				steps = 50
			}
			var tables []*table
			accepted := 0
			for seed := uint64(1); seed <= 3; seed++ {
				tb := ts.NewTable(info.ID, nil, players)
				tables = append(tables, tb)
				ts.Start(tb)
				accepted += playOffered(t, ts, tb, rand.New(rand.NewPCG(seed, 42)), steps)
			}
			if accepted == 0 {
				t.Fatal("no move was offered to anyone after the start")
			}
			checkReplay(t, ts)
			views := map[string]string{}
			for _, tb := range tables {
				for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
					views[tb.ID+"/"+tok] = mustJSON(zeroTime(ts.View(tb, tok)))
				}
			}
			ts.Stop()
			ts2 := startServer(t, ts.Path)
			for _, tb := range tables {
				for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
					if got := mustJSON(zeroTime(ts2.View(tb, tok))); got != views[tb.ID+"/"+tok] {
						t.Fatalf("a view changed across a restart")
					}
				}
			}
			t.Logf("%s: %d moves accepted over 3 tables of %d players", info.ID, accepted, players)
		})
	}
}

// playOffered plays up to steps random moves, each chosen among everything
// any seat or the host is offered now, and fails the test if an offered
// move is refused. It returns the number of moves played.
func playOffered(t *testing.T, ts *testServer, tb *table, r *rand.Rand, steps int) int {
	t.Helper()
	return playPreferring(t, ts, tb, r, steps, nil)
}
