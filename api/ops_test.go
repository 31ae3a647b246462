package api_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"tablewarden/api/apitest"
	tablepkg "tablewarden/table"
)

func TestHealthAndMetrics(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	var h map[string]any
	ts.Must(200, "GET", "/healthz", "", nil, &h)
	if h["status"] != "ok" {
		t.Fatalf("healthz = %v", h)
	}
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	seat := ts.View(tb, "").View.Turn[0]
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": "draw"}, nil)
	// After the draw, some seat is not on turn (which seats are depends on the
	// card drawn); its draw must be refused.
	onTurn := map[int]bool{}
	for _, s := range ts.View(tb, "").View.Turn {
		onTurn[s] = true
	}
	other := -1
	for s := 0; s < 5; s++ {
		if !onTurn[s] {
			other = s
			break
		}
	}
	if other < 0 {
		t.Fatal("every seat is on turn after one draw")
	}
	if st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[other], map[string]any{"type": "draw"}); st != 422 {
		t.Fatalf("draw out of turn = %d, want 422", st)
	}
	st, body := ts.Call("GET", "/metrics", "", nil)
	if st != 200 {
		t.Fatalf("metrics = %d", st)
	}
	for _, want := range []string{
		"tablewarden_moves_accepted_total 1",
		"tablewarden_moves_rejected_total 1",
		"tablewarden_joins_total 5",
		"# TYPE tablewarden_sse_open gauge",
		`tablewarden_errors_total{code="illegal_move"} 1`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %q:\n%s", want, body)
		}
	}
}

// TestGracefulShutdownKeepsAcknowledgedMoves posts moves on many tables
// while the server shuts down: every move that was acknowledged is in the
// database afterwards, and none is half-written.
func TestGracefulShutdownKeepsAcknowledgedMoves(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	var tables []*table
	for i := 0; i < 8; i++ {
		tb := ts.NewTable("jumpship", nil, 5)
		ts.Start(tb)
		tables = append(tables, tb)
	}
	type ack struct {
		table string
		seq   int64
	}
	var mu sync.Mutex
	var acks []ack
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for _, tb := range tables {
		wg.Add(1)
		go func(tb *table) {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				st, body := tryCall(ts, "GET", "/api/tables/"+tb.ID+"/view?as=board", "", nil)
				if st != 200 {
					return
				}
				var v tablepkg.ViewResponse
				json.Unmarshal(body, &v)
				if v.View == nil || v.View.Outcome != nil || len(v.View.Turn) == 0 {
					return
				}
				seat := v.View.Turn[0]
				st, body = tryCall(ts, "GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[seat], nil)
				if st != 200 {
					return
				}
				json.Unmarshal(body, &v)
				if len(v.View.Moves) == 0 {
					return
				}
				m := v.View.Moves[0]
				args := map[string]any{}
				for _, a := range m.Args {
					if len(a.Choices) > 0 {
						args[a.Name] = a.Choices[0].Value
					}
				}
				st, body = tryCall(ts, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": m.Type, "args": args})
				if st == 200 {
					var r tablepkg.MoveResult
					json.Unmarshal(body, &r)
					mu.Lock()
					acks = append(acks, ack{tb.ID, r.Seq})
					mu.Unlock()
				}
				if st == 0 {
					return
				}
			}
		}(tb)
	}
	// Stop while moves are flowing: once some have been acknowledged.
	apitest.WaitFor(t, 10*time.Second, "acknowledged moves before the shutdown", func() bool { mu.Lock(); defer mu.Unlock(); return len(acks) >= 20 })
	ts.Stop()
	close(stop)
	wg.Wait()
	if len(acks) == 0 {
		t.Fatal("no move was acknowledged before the shutdown")
	}
	engine, store := openEngine(t, ts.Path)
	defer engine.Close()
	if store != nil {
		if err := store.IntegrityCheck(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range acks {
		moves, err := engine.Queries().ListMoves(context.Background(), a.table)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(moves)) < a.seq || moves[a.seq-1].Seq != a.seq {
			t.Fatalf("acknowledged move %s/%d is missing after shutdown", a.table, a.seq)
		}
	}
	t.Logf("%d acknowledged moves all present after a graceful shutdown", len(acks))
}

// tryCall is call without failing the test on a transport error (status 0).
func tryCall(ts *testServer, method, path, token string, body any) (int, []byte) {
	return ts.CallNoFail(method, path, token, body)
}
