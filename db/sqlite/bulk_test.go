package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	"tablewarden/db/sqlite"
)

// TestBulk writes a started table through a Bulk connection and reads it
// back through the server's Store: every column as written, a failed
// transaction leaves nothing, and an existing file is refused.
func TestBulk(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "gen.db")
	b, err := sqlite.OpenBulk(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	started := sql.NullString{String: "2026-01-01T12:00:00Z", Valid: true}
	err = b.Tx(ctx, func(q *sqlite.Queries) error {
		if err := q.WriteTable(ctx, sqlite.WriteTableParams{ID: "T1", Game: "jumpship", JoinCode: "G1", Options: "{}", Seed: 7,
			HostTokenHash: []byte{1}, Status: "playing", Version: 9, CreatedAt: "2026-01-01T11:59:00Z", StartedAt: started}); err != nil {
			return err
		}
		return q.AppendMove(ctx, sqlite.AppendMoveParams{TableID: "T1", Seq: 1, Kind: "move", Actor: "{}", Type: "draw", Args: "{}", At: "x", Events: "[]", Version: 9})
	})
	if err != nil {
		t.Fatal(err)
	}
	failed := errors.New("stop")
	err = b.Tx(ctx, func(q *sqlite.Queries) error {
		if err := q.WriteTable(ctx, sqlite.WriteTableParams{ID: "T2", Game: "jumpship", JoinCode: "G2", Options: "{}", HostTokenHash: []byte{2}, Status: "playing", CreatedAt: "x"}); err != nil {
			return err
		}
		return failed
	})
	if !errors.Is(err, failed) {
		t.Fatalf("Tx = %v, want the function's error", err)
	}
	if err := b.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := sqlite.OpenBulk(ctx, path); err == nil {
		t.Fatal("OpenBulk accepted an existing file")
	}
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Queries().GetTable(ctx, "T1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != "playing" || got.Version != 9 || got.StartedAt != started || got.Seed != 7 || got.JoinCode != "G1" {
		t.Fatalf("table = %+v, want it as written", got)
	}
	if moves, err := s.Queries().ListMoves(ctx, "T1"); err != nil || len(moves) != 1 {
		t.Fatalf("moves = %v (%v), want the one written", moves, err)
	}
	if _, err := s.Queries().GetTable(ctx, "T2"); !errors.Is(err, sql.ErrNoRows) {
		t.Fatalf("GetTable(T2) = %v, want no row: its transaction failed", err)
	}
}
