package sqlite_test

import (
	"context"
	"database/sql"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"tablewarden/db/sqlite"
)

// Migration 0004 rewrites the log's CHECK on kind without copying the log:
// the rows stored before it stay, every kind it admitted is still admitted
// and any other is still refused, the file passes integrity_check, and the
// log's INSERT no longer builds a temporary b-tree (OpenEphemeral) for the
// check on every move.
func TestMovesKindCheckMigration(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	raw, err := sql.Open("sqlite", sqlite.DSN(path, false))
	if err != nil {
		t.Fatal(err)
	}
	raw.SetMaxOpenConns(1)
	qs := []string{`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`}
	for i, name := range []string{"0001_init.sql", "0002_lock_and_retention.sql", "0003_seat_devices.sql"} {
		body, err := fs.ReadFile(sqlite.MigrationFiles(), "migrations/"+name)
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, string(body), `INSERT INTO schema_migrations VALUES (`+string(rune('1'+i))+`, '`+name+`', 'then')`)
	}
	qs = append(qs,
		`INSERT INTO game_tables (id, game, join_code, seed, host_token_hash, status, created_at, started_at) VALUES ('T', 'jumpship', 'ABCDEF', 1, x'00', 'playing', 'then', 'then')`,
		`INSERT INTO moves (table_id, seq, kind, actor, type, at, idempotency_key, version) VALUES ('T', 1, 'setup', '{"system":true}', 'setup', 'then', NULL, 1), ('T', 2, 'move', '{"seat":0}', 'draw', 'then', 'k', 2), ('T', 3, 'undo', '{"host":true}', 'undo', 'then', NULL, 3)`)
	for _, q := range qs {
		if _, err := raw.ExecContext(ctx, q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	// A reader open on the file across the migration, as another process
	// may be: it must see the new schema too.
	var before string
	if err := raw.QueryRowContext(ctx, `SELECT sql FROM sqlite_schema WHERE name = 'moves'`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(before, "kind IN (") {
		t.Fatalf("the log's table before 0004 has no IN check: %s", before)
	}
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("Open (migrate): %v", err)
	}
	defer s.Close()
	defer raw.Close()
	if err := s.IntegrityCheck(ctx); err != nil {
		t.Fatalf("integrity check after 0004: %v", err)
	}
	moves, err := s.Read().ListMoves(ctx, "T")
	if err != nil || len(moves) != 3 || moves[1].IdempotencyKey.String != "k" {
		t.Fatalf("the log after 0004: %+v, %v", moves, err)
	}
	for _, q := range []sqlite.DBTX{s.Read().Raw(), raw} {
		var after string
		if err := q.QueryRowContext(ctx, `SELECT sql FROM sqlite_schema WHERE name = 'moves'`).Scan(&after); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(after, " IN (") || !strings.Contains(after, "CHECK (kind = 'move' OR kind = 'undo' OR kind = 'setup')") {
			t.Errorf("the log's table after 0004: %s", after)
		}
	}
	entry := func(seq int64, kind string) sqlite.AppendMoveParams {
		return sqlite.AppendMoveParams{TableID: "T", Seq: seq, Kind: kind, Actor: "{}", Type: "x", Args: "{}", At: "now", Events: "[]", Version: seq}
	}
	for i, kind := range []string{"move", "undo", "setup"} {
		if err := s.Write(ctx, func(q *sqlite.Queries) error { return q.AppendMove(ctx, entry(int64(10+i), kind)) }); err != nil {
			t.Errorf("kind %q refused after 0004: %v", kind, err)
		}
	}
	for i, kind := range []string{"Move", "", "moves", "redo"} {
		err := s.Write(ctx, func(q *sqlite.Queries) error { return q.AppendMove(ctx, entry(int64(20+i), kind)) })
		if err == nil || !strings.Contains(err.Error(), "CHECK") {
			t.Errorf("kind %q after 0004: %v, want a CHECK constraint failure", kind, err)
		}
	}
	// The plan of the log's INSERT on a reader, on a connection that was
	// open across the migration, and on the writer's own connection, which
	// read the schema before it.
	if ephemeral(t, s.Read().Raw()) {
		t.Errorf("the log's INSERT still opens a temporary b-tree (reader)")
	}
	if ephemeral(t, raw) {
		t.Errorf("the log's INSERT still opens a temporary b-tree (a connection open across the migration)")
	}
	err = s.Write(ctx, func(q *sqlite.Queries) error {
		if ephemeral(t, q.Raw()) {
			t.Errorf("the log's INSERT still opens a temporary b-tree (writer)")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// ephemeral reports whether the plan of the log's INSERT on q opens a
// temporary b-tree.
func ephemeral(t *testing.T, q sqlite.DBTX) bool {
	t.Helper()
	rows, err := q.QueryContext(context.Background(), "EXPLAIN INSERT INTO moves (table_id, seq, kind, actor, type, args, at, idempotency_key, events, reveals, undoes, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", make([]any, 12)...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	found, ops := false, 0
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		ops++
		if op, _ := vals[1].(string); op == "OpenEphemeral" {
			found = true
		}
	}
	if err := rows.Err(); err != nil || ops < 10 {
		t.Fatalf("EXPLAIN: %d opcodes, %v", ops, err)
	}
	return found
}
