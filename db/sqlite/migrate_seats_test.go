package sqlite_test

import (
	"context"
	"database/sql"
	"io/fs"
	"path/filepath"
	"testing"

	"tablewarden/db/sqlite"
)

// A database from before seat devices keeps its tables, seats and moves
// through migration 0003, and a seat's token may then be cleared.
func TestSeatDevicesMigrationKeepsData(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	raw, err := sql.Open("sqlite", sqlite.DSN(path, false))
	if err != nil {
		t.Fatal(err)
	}
	init, err := fs.ReadFile(sqlite.MigrationFiles(), "migrations/0001_init.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		string(init),
		`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
		`INSERT INTO schema_migrations VALUES (1, '0001_init.sql', 'then')`,
		`INSERT INTO game_tables (id, game, join_code, seed, host_token_hash, status, created_at, started_at) VALUES ('T', 'jumpship', 'ABCDEF', 1, x'00', 'playing', 'then', 'then')`,
		`INSERT INTO seats (table_id, seat, name, token_hash, removed, joined_at) VALUES ('T', 0, 'Ann', x'01', 0, 'then'), ('T', 1, 'Bob', x'02', 1, 'then')`,
		`INSERT INTO moves (table_id, seq, kind, actor, type, at, idempotency_key, version) VALUES ('T', 1, 'move', '{"seat":0}', 'draw', 'then', 'k', 1)`,
	} {
		if _, err := raw.ExecContext(ctx, q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	raw.Close()
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("Open (migrate): %v", err)
	}
	defer s.Close()
	q := s.Read()
	seats, _ := q.ListSeats(ctx, "T")
	moves, _ := q.ListMoves(ctx, "T")
	if len(seats) != 2 || seats[1].Removed != 1 || len(moves) != 1 || moves[0].IdempotencyKey.String != "k" {
		t.Fatalf("after migration: seats %+v, moves %+v", seats, moves)
	}
	err = s.Write(ctx, func(w *sqlite.Queries) error {
		return w.SetSeatToken(ctx, sqlite.SetSeatTokenParams{TokenHash: nil, TableID: "T", Seat: 0})
	})
	if err != nil {
		t.Fatalf("clearing a seat's token: %v", err)
	}
	if _, err := q.GetMoveByKey(ctx, sqlite.GetMoveByKeyParams{TableID: "T", IdempotencyKey: sql.NullString{String: "k", Valid: true}}); err != nil {
		t.Fatalf("the idempotency index after migration: %v", err)
	}
}
