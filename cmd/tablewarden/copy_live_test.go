package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablewarden/cmd/tablewarden-load/loadgen"
	"tablewarden/db/pgtest"
	"tablewarden/db/postgres"
)

// `tablewarden copy` of a file that a running server is writing: the copy
// checks the snapshot it copied, not the live file, so it succeeds while
// moves flow; a copy that fails leaves nothing in PostgreSQL, so it can
// simply be run again.
func TestCopyWhileMovesFlow(t *testing.T) {
	t.Parallel() // its own file, database and port
	url := pgtest.URL(t)
	heavyLoad(t) // the load tool at full speed
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "live.db")
	m := &Main{Config: Config{Addr: "127.0.0.1:0", DB: path, PublicURL: "http://127.0.0.1", LogLevel: "error"}}
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	base := "http://" + m.listener.Addr().String()
	done := make(chan error, 1)
	// The moves flow until the second copy has finished (stopLoad), however
	// long the copies take on a busy machine.
	load, stopLoad := context.WithCancel(ctx)
	defer stopLoad()
	go func() {
		_, err := loadgen.Run(load, loadgen.Config{BaseURL: base, Game: "jumpship", Tables: 4, Seats: 5, Duration: time.Minute})
		done <- err
	}()
	movesIn := func() int64 {
		var n int64
		m.store.SQLite.ReadDB().QueryRowContext(ctx, "SELECT count(*) FROM moves").Scan(&n)
		return n
	}
	waitFor(t, 10*time.Second, "the load tool's first 40 moves", func() bool { return movesIn() >= 40 })

	// A table id already taken in PostgreSQL makes the copy fail: nothing
	// of it stays behind.
	var ids []string
	dst, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	rows, err := m.store.SQLite.ReadDB().QueryContext(ctx, "SELECT id FROM game_tables ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	taken := ids[len(ids)-1]
	if _, err := dst.Pool().Exec(ctx, `INSERT INTO game_tables (id, game, join_code, options, seed, host_token_hash, created_at) VALUES ($1, 'jumpship', 'TAKEN1', '{}', 1, '\x00', '2020-01-01T00:00:00Z')`, taken); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"copy", "--from", path, "--to", url}, &out, &errOut); err == nil || !strings.Contains(err.Error(), "nothing was copied") {
		t.Fatalf("copy onto a taken table id: %v, want a refusal", err)
	}
	var left int64
	dst.Pool().QueryRow(ctx, "SELECT count(*) FROM game_tables").Scan(&left)
	if left != 1 {
		t.Fatalf("%d tables on PostgreSQL after the failed copy, want only the one that was there", left)
	}
	if _, err := dst.Pool().Exec(ctx, "DELETE FROM game_tables WHERE id = $1", taken); err != nil {
		t.Fatal(err)
	}

	// Run again while the moves still flow: it succeeds, and checks what
	// it copied.
	before := movesIn()
	out.Reset()
	if err := run(ctx, []string{"copy", "--from", path, "--to", url}, &out, &errOut); err != nil {
		t.Fatalf("copy while moves flow: %v", err)
	}
	t.Log(strings.TrimSpace(out.String()))
	stopLoad()
	if err := <-done; err != nil {
		t.Fatalf("loadgen: %v", err)
	}
	after := movesIn()
	var copied int64
	dst.Pool().QueryRow(ctx, "SELECT count(*) FROM moves").Scan(&copied)
	if copied < before || copied > after {
		t.Fatalf("%d moves copied; the file had %d before the copy and %d after", copied, before, after)
	}
	if after == before {
		t.Fatal("no move was recorded during the copy: the test did not copy a live file")
	}
}
