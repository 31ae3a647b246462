package main

import (
	"bytes"
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablewarden/db/sqlite"
)

// `tablewarden prune` refuses a file that a running server holds (the
// server would go on serving the deleted tables from its memory) with a
// clear message, and deletes nothing; once the server has stopped, it
// prunes.
func TestPruneRefusesALiveServersFile(t *testing.T) {
	t.Parallel() // its own file and port
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tw.db")
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	err = s.Write(ctx, func(q *sqlite.Queries) error {
		return q.CreateTable(ctx, sqlite.CreateTableParams{ID: "old", Game: "jumpship", JoinCode: "OLD", Options: "{}", Seed: 1,
			HostTokenHash: []byte("h"), CreatedAt: time.Now().Add(-48 * time.Hour).UTC().Format(time.RFC3339Nano)})
	})
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	m := &Main{Config: Config{Addr: "127.0.0.1:0", DB: path, PublicURL: "http://127.0.0.1", LogLevel: "error"}}
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	closed := false
	defer func() {
		if !closed {
			m.Close()
		}
	}()
	view := "http://" + m.listener.Addr().String() + "/api/tables/old/view?as=board"
	if res, err := http.Get(view); err != nil || res.StatusCode != 200 {
		t.Fatalf("the old table before the prune: %v %v", res, err)
	}

	var out bytes.Buffer
	err = run(ctx, []string{"prune", "-db", path, "-lobby-ttl", "24h"}, &out, &out)
	if err == nil || !strings.Contains(err.Error(), "in use by a running tablewarden server") || !strings.Contains(err.Error(), "nothing was deleted") {
		t.Fatalf("prune of a live server's file: %v (%s), want a refusal naming the running server", err, out.String())
	}
	if n := countTables(t, m); n != 1 {
		t.Fatalf("%d tables after the refused prune, want 1", n)
	}

	closed = true
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run(ctx, []string{"prune", "-db", path, "-lobby-ttl", "24h"}, &out, &out); err != nil || !strings.Contains(out.String(), "deleted 1 idle lobby tables") {
		t.Fatalf("prune after the server stopped: %v (%s)", err, out.String())
	}
}

// countTables counts the tables in the running server's file.
func countTables(t *testing.T, m *Main) int {
	t.Helper()
	var n int
	if err := m.store.SQLite.ReadDB().QueryRow("SELECT count(*) FROM game_tables").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
