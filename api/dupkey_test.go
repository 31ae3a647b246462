package api_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// TestKeyReusedAtCurrentVersion sends a used idempotency key with the
// table's current version, so that the server skips its lookup and only
// the store's unique index on the key catches the reuse (a typed
// duplicate, on SQLite and on PostgreSQL alike): the same move gets the
// first result, another legal move 409 key_reused, and the table does not
// move. It plays The Captain Is Dead, where a player's turn holds several
// actions, so that the same seat has another move at the next version.
func TestKeyReusedAtCurrentVersion(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("captainisdead", nil, 3)
	ts.Start(tb)
	moves := "/api/tables/" + tb.ID + "/moves"
	r := rand.New(rand.NewPCG(5, 5))
	post := func(tok, key string, m kit.Move, version int64) (int, []byte) {
		return ts.Call("POST", moves, tok, map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "idempotency_key": key, "expected_version": version})
	}
	// Play on until a seat that moves has, after its move, another move of
	// its own (the roles are chosen first; then a turn holds actions).
	for try := 0; try < 200; try++ {
		key := fmt.Sprintf("k%d", try)
		v := ts.View(tb, "")
		if v.View == nil || v.View.Outcome != nil {
			t.Fatal("the game ended before a seat had two moves in a row")
		}
		for _, seat := range v.View.Turn {
			tok := tb.Tokens[seat]
			sv := ts.View(tb, tok)
			if len(sv.View.Moves) == 0 {
				continue
			}
			m1 := kit.RandomMove(sv.View.Moves[r.IntN(len(sv.View.Moves))], r)
			var first tablepkg.MoveResult
			st, out := post(tok, key, m1, sv.Version)
			if st != 200 {
				t.Fatalf("offered move %s %s = %d %s", m1.Type, m1.Args, st, out)
			}
			if err := json.Unmarshal(out, &first); err != nil {
				t.Fatal(err)
			}
			after := ts.View(tb, tok)
			var m2 *kit.Move
			for _, spec := range after.View.Moves {
				if m := kit.RandomMove(spec, r); m.Type != m1.Type || string(m.Args) != string(m1.Args) {
					m2 = &m
					break
				}
			}
			if m2 == nil {
				break // the turn moved on: play on
			}
			var again tablepkg.MoveResult
			st, out = post(tok, key, m1, first.Version)
			if st != 200 || json.Unmarshal(out, &again) != nil || !again.Duplicate || again.Seq != first.Seq {
				t.Fatalf("the same key and move at the current version = %d %s, want the first result %+v as a duplicate", st, out, first)
			}
			st, out = post(tok, key, *m2, first.Version)
			if st != 409 || !strings.Contains(string(out), `"key_reused"`) {
				t.Fatalf("the same key with another move (%s %s) at the current version = %d %s, want 409 key_reused", m2.Type, m2.Args, st, out)
			}
			if got := ts.View(tb, "").Version; got != first.Version {
				t.Fatalf("a reused key moved the table: version %d, want %d", got, first.Version)
			}
			return
		}
	}
	t.Fatal("no seat had two moves in a row in 200 moves")
}
