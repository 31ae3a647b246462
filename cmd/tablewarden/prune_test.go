package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablewarden/db/sqlite"
)

// TestPruneCommand: `tablewarden prune` deletes an idle lobby table and
// keeps a fresh one.
func TestPruneCommand(t *testing.T) {
	t.Parallel() // its own file
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tw.db")
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range []struct {
		id  string
		age time.Duration
	}{{"old", 48 * time.Hour}, {"new", time.Hour}} {
		err := s.Write(ctx, func(q *sqlite.Queries) error {
			return q.CreateTable(ctx, sqlite.CreateTableParams{ID: tb.id, Game: "jumpship", JoinCode: tb.id, Options: "{}", Seed: 1,
				HostTokenHash: []byte("h"), CreatedAt: time.Now().Add(-tb.age).UTC().Format(time.RFC3339Nano)})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	var out bytes.Buffer
	if err := run(ctx, []string{"prune", "-db", path, "-lobby-ttl", "24h"}, &out, &out); err != nil {
		t.Fatalf("prune: %v (%s)", err, out.String())
	}
	if !strings.Contains(out.String(), "deleted 1 idle lobby tables and 0 ended tables") {
		t.Fatalf("prune said %q", out.String())
	}
	s, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ids, err := s.Read().ListTableIDs(ctx)
	if err != nil || len(ids) != 1 || ids[0] != "new" {
		t.Fatalf("tables after prune = %v, %v; want [new]", ids, err)
	}
}
