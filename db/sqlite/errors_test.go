package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"tablewarden/db"
)

// TestErrDuplicate checks on both engines that a write breaking a unique
// constraint is an *db.ErrDuplicate naming the constraint by its columns,
// the same name on SQLite and PostgreSQL, so that callers match the type
// and never the driver's text.
func TestErrDuplicate(t *testing.T) {
	eachEngine(t, func(t *testing.T, e db.Engine) {
		ctx := context.Background()
		create := func(id, code string) error {
			return e.Tx(ctx, func(q db.Querier) error {
				return q.CreateTable(ctx, db.CreateTableParams{ID: id, Game: "jumpship", JoinCode: code, Options: "{}",
					Seed: 1, HostTokenHash: []byte("h-" + id), CreatedAt: "2026-01-01T00:00:00Z"})
			})
		}
		move := func(seq int64, key string) error {
			return e.Tx(ctx, func(q db.Querier) error {
				return q.AppendMove(ctx, db.AppendMoveParams{TableID: "T1", Seq: seq, Kind: "move", Actor: "{}", Type: "give",
					Args: "{}", At: "2026-01-01T00:00:00Z", IdempotencyKey: sql.NullString{String: key, Valid: true}, Events: "[]", Version: seq})
			})
		}
		if err := create("T1", "CODE0001"); err != nil {
			t.Fatal(err)
		}
		if err := move(1, "k1"); err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			name string
			err  error
			want string
		}{
			{"JoinCode", create("T2", "CODE0001"), db.UniqueJoinCode},
			{"IdempotencyKey", move(2, "k1"), db.UniqueIdempotencyKey},
			{"PrimaryKey", create("T1", "CODE0002"), "game_tables.id"},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				var dup *db.ErrDuplicate
				if !errors.As(tc.err, &dup) {
					t.Fatalf("error = %v (%T), want *db.ErrDuplicate", tc.err, tc.err)
				}
				if got := dup.Constraint; got != tc.want {
					t.Fatalf("Constraint = %q, want %q", got, tc.want)
				}
				if !db.IsDuplicate(tc.err, tc.want) || db.IsDuplicate(tc.err, "other.column") {
					t.Fatalf("IsDuplicate(%v) does not match by constraint alone", tc.err)
				}
			})
		}
		if err := create("T3", "CODE0003"); db.IsDuplicate(err, db.UniqueJoinCode) || err != nil {
			t.Fatalf("a fresh table = %v, want no error", err)
		}
	})
}
