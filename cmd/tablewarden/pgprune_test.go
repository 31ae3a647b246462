package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"tablewarden/db/pgtest"
	"tablewarden/db/postgres"
	"tablewarden/table"
)

// TestPruneOnPostgres: `tablewarden prune -db postgres://…` deletes the
// idle lobby table and keeps a fresh one; instance B, which streamed the
// deleted table, closes that stream and answers 404 for it at once,
// though the prune ran in another process.
func TestPruneOnPostgres(t *testing.T) {
	t.Parallel() // its own database and instances
	dsn := pgtest.URL(t)
	a, b := startInstance(t, dsn), startInstance(t, dsn)
	create := func(m *Main) table.CreateTableResult {
		var cr table.CreateTableResult
		st, body := httpDo(t, "POST", baseURL(m)+"/api/tables", "", map[string]any{"game": "jumpship"})
		if st != 201 || json.Unmarshal(body, &cr) != nil {
			t.Fatalf("create = %d %s", st, body)
		}
		return cr
	}
	old := create(a)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := openStream(t, ctx, b, old.TableID, old.HostToken)
	<-events // the first view
	fresh := create(b)
	// The old table was created two days ago.
	ps, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ps.Pool().Exec(ctx, "UPDATE game_tables SET created_at = $1 WHERE id = $2", time.Now().Add(-48*time.Hour).UTC().Format(time.RFC3339Nano), old.TableID)
	ps.Close()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"prune", "-db", dsn, "-lobby-ttl", "24h", "-ended-ttl", "0"}, &out, &out); err != nil {
		t.Fatalf("prune: %v (%s)", err, out.String())
	}
	if !strings.Contains(out.String(), "deleted 1 idle lobby tables and 0 ended tables") {
		t.Fatalf("prune said %q", out.String())
	}
	closed := time.After(3 * time.Second)
	for open := true; open; {
		select {
		case _, open = <-events:
		case <-closed:
			t.Fatal("B kept streaming the deleted table")
		}
	}
	for _, m := range []*Main{a, b} {
		if st, body := httpDo(t, "GET", baseURL(m)+"/api/tables/"+old.TableID+"/view", old.HostToken, nil); st != 404 {
			t.Fatalf("view of the deleted table = %d %s, want 404", st, body)
		}
		if st, body := httpDo(t, "GET", baseURL(m)+"/api/tables/"+fresh.TableID+"/view", fresh.HostToken, nil); st != 200 {
			t.Fatalf("view of the fresh table = %d %s, want 200", st, body)
		}
	}
}
