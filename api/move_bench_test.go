package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tablewarden/cmd/tablewarden-load/cputime"
	tablepkg "tablewarden/table"

	"tablewarden/referee/kit"
)

// BenchmarkMovePost measures one accepted move through the whole HTTP
// handler chain (middleware, bindJSON, Service.Move, the group commit with
// synchronous(FULL), the JSON answer), served in process on 8 Jumpship
// tables of six seats in turn. Choosing the move (rendering views) is left
// out of the timer, of the allocations and of cpu-µs/op, the process's CPU
// time while the requests ran. A table whose game ended is replaced.
func BenchmarkMovePost(b *testing.B) {
	ts := startServer(b, "")
	svc, h := ts.Srv.Service(), ts.Srv.Handler()
	tables := make([]*table, 8)
	for i := range tables {
		tables[i] = ts.NewTable("jumpship", nil, 6)
		ts.Start(tables[i])
	}
	r := rand.New(rand.NewPCG(1, 2))
	var cpu time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		n := i % len(tables)
		token, body, ok := benchMove(b, svc, tables[n], r, i)
		if !ok {
			tables[n] = ts.NewTable("jumpship", nil, 6)
			ts.Start(tables[n])
			token, body, _ = benchMove(b, svc, tables[n], r, i)
		}
		req := httptest.NewRequest("POST", "/api/tables/"+tables[n].ID+"/moves", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		w := httptest.NewRecorder()
		c0 := cputime.Process()
		b.StartTimer()
		h.ServeHTTP(w, req)
		b.StopTimer()
		cpu += cputime.Process() - c0
		if w.Code != http.StatusOK {
			b.Fatalf("move %s: %d %s", body, w.Code, w.Body)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
}

// benchMove picks a random legal move at tb for the first seat (or the
// host) that has one, and returns its token and request body.
func benchMove(b *testing.B, svc *tablepkg.Service, tb *table, r *rand.Rand, key int) (token, body string, ok bool) {
	ctx := context.Background()
	for seat := -1; seat < len(tb.Tokens); seat++ {
		who, tok := tablepkg.Identity{Role: kit.RoleHost, Seat: -1}, tb.Host
		if seat >= 0 {
			who, tok = tablepkg.Identity{Role: kit.RoleSeat, Seat: seat}, tb.Tokens[seat]
		}
		v, err := svc.View(ctx, tb.ID, who)
		if err != nil {
			b.Fatal(err)
		}
		if v.Status != "playing" {
			return "", "", false
		}
		if len(v.View.Moves) == 0 {
			continue
		}
		m := kit.RandomMove(v.View.Moves[r.IntN(len(v.View.Moves))], r)
		enc, err := json.Marshal(map[string]any{"type": m.Type, "args": m.Args, "expected_version": v.Version,
			"idempotency_key": fmt.Sprintf("bench-%d", key)})
		if err != nil {
			b.Fatal(err)
		}
		return tok, string(enc), true
	}
	return "", "", false
}
