package main

import (
	"bytes"
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablewarden/cmd/tablewarden-load/loadgen"
	"tablewarden/db/pgtest"
	"tablewarden/db/postgres"
	"tablewarden/db/sqlite"
)

// playNight runs the server in process on a new SQLite file and has the
// load tool play some moves of two games; it returns the file, closed.
func playNight(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "night.db")
	ctx := context.Background()
	m := &Main{Config: Config{Addr: "127.0.0.1:0", DB: path, PublicURL: "http://127.0.0.1", LogLevel: "error"}}
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	base := "http://" + m.listener.Addr().String()
	rep, err := loadgen.Run(ctx, loadgen.Config{BaseURL: base, Game: "jumpship", Tables: 3, Seats: 5, MaxMoves: 90, Duration: 20 * time.Second})
	if err != nil {
		t.Fatalf("loadgen: %v", err)
	}
	t.Logf("loadgen: %d moves, %d tables created, %d games ended, errors %v", rep.Moves, rep.TablesCreated, rep.GamesEnded, rep.Errors)
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	// A running timer and a lobby table, so that every kind of row is copied.
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ids, err := s.Read().ListTableIDs(ctx)
	if err != nil || len(ids) < 3 {
		t.Fatalf("tables = %v, %v", ids, err)
	}
	err = s.Write(ctx, func(q *sqlite.Queries) error {
		if err := q.PutTimer(ctx, sqlite.PutTimerParams{TableID: ids[0], Name: "turn", Generation: 2, Running: 1,
			Deadline: nullStr(time.Now().Add(time.Hour).UTC().Format(time.RFC3339Nano))}); err != nil {
			return err
		}
		return q.CreateTable(ctx, sqlite.CreateTableParams{ID: "lobby1", Game: "jumpship", JoinCode: "LOBBY1", Options: "{}", Seed: 9, HostTokenHash: []byte("h"), CreatedAt: time.Now().UTC().Format(time.RFC3339Nano)})
	})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCopyToPostgres(t *testing.T) {
	t.Parallel() // its own file and database
	url := pgtest.URL(t)
	path := playNight(t)
	ctx := context.Background()
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"copy", "--from", path, "--to", url}, &out, &errOut); err != nil {
		t.Fatalf("copy: %v\n%s", err, errOut.String())
	}
	t.Log(strings.TrimSpace(out.String()))
	src, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	var wantMoves int64
	if err := src.ReadDB().QueryRowContext(ctx, "SELECT count(*) FROM moves").Scan(&wantMoves); err != nil {
		t.Fatal(err)
	}
	gotMoves, _ := dst.Read().CountMoves(ctx)
	if wantMoves == 0 || gotMoves != wantMoves {
		t.Fatalf("moves on PostgreSQL = %d, in the file %d", gotMoves, wantMoves)
	}
	if !strings.Contains(out.String(), "1 timers") || !strings.Contains(out.String(), " tables") {
		t.Fatalf("copy report %q: want 1 timer", out.String())
	}

	// Copying again changes nothing: the ids are taken.
	out.Reset()
	if err := run(ctx, []string{"copy", "--from", path, "--to", url}, &out, &errOut); err == nil || !strings.Contains(err.Error(), "nothing was copied") {
		t.Fatalf("second copy: %v, want a refusal", err)
	}
	if again, _ := dst.Read().CountMoves(ctx); again != wantMoves {
		t.Fatalf("moves after the refused copy = %d, want %d", again, wantMoves)
	}

	// The check catches a log that no longer replays to its snapshot.
	if _, err := verifyCopy(ctx, sqlite.Port(src.Read()), dst.Source()); err != nil {
		t.Fatalf("check of a good copy: %v", err)
	}
	if _, err := dst.Pool().Exec(ctx, `UPDATE moves SET at = '2001-01-01T00:00:00Z' WHERE seq = 3`); err != nil {
		t.Fatal(err)
	}
	if _, err := verifyCopy(ctx, sqlite.Port(src.Read()), dst.Source()); err == nil {
		t.Fatal("check passed a copy whose moves differ from the file")
	}
}

func TestCopyRefusesBadArguments(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var out, errOut bytes.Buffer
	for _, args := range [][]string{
		{"copy"},
		{"copy", "--from", "x.db"},
		{"copy", "--from", "x.db", "--to", "other.db"},
		{"copy", "--from", filepath.Join(t.TempDir(), "missing.db"), "--to", "postgres://127.0.0.1:1/x"},
	} {
		if err := run(ctx, args, &out, &errOut); err == nil {
			t.Errorf("run %v: no error", args)
		}
	}
}

func nullStr(s string) sql.NullString { return sql.NullString{String: s, Valid: true} }
