package api_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestTextNoEngineStores: a table id, join code or idempotency key that
// PostgreSQL cannot hold as text (a NUL byte, invalid UTF-8) gets the same
// clear answer on both engines (run with TW_API_DB=pg for PostgreSQL),
// never a 500, and changes nothing.
func TestTextNoEngineStores(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	for _, path := range []string{"/api/join/%00", "/api/join/%FF%FE", "/api/tables/%00/view", "/api/tables/a%00b/log", "/api/tables/%C3%28/view"} {
		if st, body := ts.Call("GET", path, tb.Host, nil); st != 404 && st != 400 {
			t.Errorf("GET %s = %d %s, want 404 or 400", path, st, body)
		}
	}
	if st, body := ts.Call("POST", "/api/join", "", map[string]any{"code": "AB\x00CD", "name": "Mallory"}); st != 404 && st != 400 {
		t.Errorf("join with a NUL in the code = %d %s, want 404 or 400", st, body)
	}
	before := ts.View(tb, tb.Host).Version
	tok, m := legalMove(ts, t, tb, rand.New(rand.NewPCG(9, 9)))
	for _, key := range []string{"k\x00", "k\n", "k\u0085"} {
		st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tok, map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "idempotency_key": key})
		if got, want := st, 400; got != want {
			t.Errorf("move with idempotency key %q = %d %s, want %d", key, got, body, want)
		}
	}
	if got, want := ts.View(tb, tb.Host).Version, before; got != want {
		t.Fatalf("version %d after refused moves, want %d", got, want)
	}
	if st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tok, map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "idempotency_key": "k-ok"}); st != 200 {
		t.Fatalf("the same move with a printable key = %d %s", st, body)
	}
}
