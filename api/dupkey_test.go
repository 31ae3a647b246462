package api_test

import (
	"strings"
	"testing"

	"tablewarden/api"
	"tablewarden/referee/givetoken"
	tablepkg "tablewarden/table"
)

// TestKeyReusedAtCurrentVersion sends a used idempotency key with the
// table's current version, so that the server skips its lookup and only
// the store's unique index on the key catches the reuse (a typed
// duplicate, on SQLite and on PostgreSQL alike): the same move gets the
// first result, another move 409 key_reused, and the table does not move.
func TestKeyReusedAtCurrentVersion(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "", func(c *api.Config) { c.BenchRoutes = true })
	tb := ts.NewTable(givetoken.ID, nil, 3)
	ts.Start(tb)
	moves := "/api/tables/" + tb.ID + "/moves"
	give := func(to int, version int64) map[string]any {
		return map[string]any{"type": "give", "args": map[string]int{"to": to}, "idempotency_key": "k1", "expected_version": version}
	}
	v := ts.View(tb, "").Version
	var first tablepkg.MoveResult
	ts.Must(200, "POST", moves, tb.Tokens[0], give(1, v), &first)
	var again tablepkg.MoveResult
	ts.Must(200, "POST", moves, tb.Tokens[0], give(1, first.Version), &again)
	if !again.Duplicate || again.Seq != first.Seq {
		t.Fatalf("the same key and move at the current version = %+v, want the first result %+v as a duplicate", again, first)
	}
	st, out := ts.Call("POST", moves, tb.Tokens[0], give(2, first.Version))
	if st != 409 || !strings.Contains(string(out), `"key_reused"`) {
		t.Fatalf("the same key with another move at the current version = %d %s, want 409 key_reused", st, out)
	}
	if got := ts.View(tb, "").Version; got != first.Version {
		t.Fatalf("a reused key moved the table: version %d, want %d", got, first.Version)
	}
}
