package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"tablewarden/db/pgtest"
	"tablewarden/db/postgres"
	"tablewarden/table"
)

// TestPostgresRestartUnderMoves stops the PostgreSQL server while two
// instances take moves: during the outage moves get 503 and /healthz says
// the database is unreachable, while a view still answers from the cache;
// when the server is back the instances take moves again by themselves,
// and every acknowledged move is in the log once.
func TestPostgresRestartUnderMoves(t *testing.T) {
	t.Parallel() // its own PostgreSQL server (not the shared one), instances and ports
	c := pgtest.NewCluster(t)
	a, b := startInstance(t, c.URL), startInstance(t, c.URL)
	check, err := postgres.Open(context.Background(), c.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer check.Close()
	id, _, tokens := seatedTable(t, "jumpship", nil, 5, a, b)
	r := rand.New(rand.NewPCG(7, 8))
	acked := map[string]bool{}
	move := func(m *Main) (int, string) {
		req, tok, v, ok := legalMove(t, m, check.Queries(), id, tokens, r)
		if !ok {
			t.Fatal("no legal move")
		}
		req.ExpectedVersion = &v
		req.IdempotencyKey = fmt.Sprintf("k%d", r.Uint64())
		st, _ := httpDo(t, "POST", baseURL(m)+"/api/tables/"+id+"/moves", tok, req)
		if st == 200 {
			acked[req.IdempotencyKey] = true
		}
		return st, tok
	}
	for i := range 10 {
		if st, _ := move([]*Main{a, b}[i%2]); st != 200 {
			t.Fatalf("move %d before the outage = %d", i, st)
		}
	}
	// A move that the outage refuses: built before, posted during.
	req, tok, v, _ := legalMove(t, a, check.Queries(), id, tokens, r)
	req.ExpectedVersion = &v
	c.Kill()
	down := time.Now()
	for _, m := range []*Main{a, b} {
		st, body := httpDo(t, "POST", baseURL(m)+"/api/tables/"+id+"/moves", tok, req)
		if st != 503 {
			t.Fatalf("move during the outage = %d %s, want 503", st, body)
		}
		if st, body := httpDo(t, "GET", baseURL(m)+"/healthz", "", nil); st != 503 {
			t.Fatalf("/healthz during the outage = %d %s, want 503", st, body)
		}
		var view table.ViewResponse
		st, body = httpDo(t, "GET", baseURL(m)+"/api/tables/"+id+"/view", tok, nil)
		if st != 200 || json.Unmarshal(body, &view) != nil || view.Version != v {
			t.Fatalf("cached view during the outage = %d %s", st, body)
		}
	}
	t.Logf("moves got 503 and views answered from the cache within %v of the outage", time.Since(down).Round(time.Millisecond))
	// Why this one fixed wait is left: pgxpool checks a pooled connection
	// before it hands it out only when it has been idle for more than a
	// second (its default ShouldPing). A connection made before the outage
	// and idle for less is handed to the first query after it and fails
	// ("unexpected EOF"), in this test's own pool and in the instances'.
	// Nothing tells when no such connection is left in a pool, and the
	// pools are the instances' own: the outage lasts that second. (Without
	// it the test failed in 2 of 4 runs: the test's own pool, at the first
	// move after the outage.)
	time.Sleep(time.Second)
	c.Start()
	back := time.Now()
	waitFor(t, 30*time.Second, "/healthz 200 after the server is back", func() bool {
		res, err := http.Get(baseURL(a) + "/healthz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == 200
	})
	for i := range 10 {
		if st, _ := move([]*Main{a, b}[i%2]); st != 200 {
			t.Fatalf("move %d after the outage = %d", i, st)
		}
	}
	t.Logf("service back %v after the server, without a restart of the instances", time.Since(back).Round(time.Millisecond))
	moves := pgLog(t, check.Queries(), id)
	found := 0
	for _, m := range moves {
		if m.IdempotencyKey.Valid && acked[m.IdempotencyKey.String] {
			found++
		}
	}
	if found != len(acked) || len(acked) != 20 {
		t.Fatalf("%d of %d acknowledged moves in the log", found, len(acked))
	}
}
