package api_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
)

// TestEveryGameOverHTTP plays every game in the catalog through the real
// server: random legal moves taken from the views of every seat and the
// host (as phones would offer them) must all be accepted; then replaying
// each table's log must reproduce its stored state, and a restart must
// give every screen the same view.
func TestEveryGameOverHTTP(t *testing.T) {
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
				tb := ts.newTable(info.ID, nil, players)
				tables = append(tables, tb)
				ts.start(tb)
				accepted += playOffered(t, ts, tb, rand.New(rand.NewPCG(seed, 42)), steps)
			}
			if accepted == 0 {
				t.Fatal("no move was offered to anyone after the start")
			}
			checkReplay(t, ts)
			views := map[string]string{}
			for _, tb := range tables {
				for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
					views[tb.ID+"/"+tok] = mustJSON(zeroTime(ts.view(tb, tok)))
				}
			}
			ts.Stop()
			ts2 := startServer(t, ts.Path)
			for _, tb := range tables {
				for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
					if got := mustJSON(zeroTime(ts2.view(tb, tok))); got != views[tb.ID+"/"+tok] {
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

// playPreferring is playOffered that, nine times in ten, picks among the
// offered moves whose type is in prefer (to move a long game along).
func playPreferring(t *testing.T, ts *testServer, tb *table, r *rand.Rand, steps int, prefer []string) int {
	t.Helper()
	accepted := 0
	for i := 0; i < steps; i++ {
		type cand struct {
			token string
			spec  kit.MoveSpec
		}
		var cands []cand
		var version int64
		for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
			v := ts.view(tb, tok)
			version = v.Version
			if v.View == nil || v.View.Outcome != nil {
				break
			}
			for _, m := range v.View.Moves {
				cands = append(cands, cand{tok, m})
			}
		}
		if len(cands) == 0 {
			break
		}
		// A table's declaration that ends the game (Space Cadets'
		// declare_loss) would end most random games at once; leave it out
		// while anything else is offered, so that random play explores.
		var keep []cand
		for _, c := range cands {
			if c.spec.Type != "declare_loss" {
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 {
			cands = keep
		}
		if len(prefer) > 0 && r.IntN(10) != 0 {
			var pref []cand
			for _, c := range cands {
				for _, p := range prefer {
					if c.spec.Type == p {
						pref = append(pref, c)
					}
				}
			}
			if len(pref) > 0 {
				cands = pref
			}
		}
		c := cands[r.IntN(len(cands))]
		m := kit.RandomMove(c.spec, r)
		st, body := ts.call("POST", "/api/tables/"+tb.ID+"/moves", c.token,
			map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": version, "idempotency_key": fmt.Sprint(r.Uint64())})
		if st != 200 {
			t.Fatalf("step %d: offered move %s %s refused: %d %s", i, m.Type, m.Args, st, body)
		}
		accepted++
	}
	return accepted
}
