package sqlite_test

import (
	"context"
	"testing"

	"tablewarden/db"
	"tablewarden/db/pgtest"
)

// eachEngine runs fn as a subtest on a fresh SQLite store and on a fresh
// PostgreSQL database (skipped, loudly, without TW_PG_URL): the store
// cases that both engines must pass alike.
func eachEngine(t *testing.T, fn func(t *testing.T, e db.Engine)) {
	t.Run("sqlite", func(t *testing.T) {
		s, _ := open(t)
		fn(t, s)
	})
	t.Run("postgres", func(t *testing.T) {
		p, err := db.OpenPG(context.Background(), pgtest.URL(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.Close() })
		fn(t, p)
	})
}

// count runs a SELECT count(*) query (no parameters) on either engine.
func count(t *testing.T, e db.Engine, query string) int {
	t.Helper()
	var n int
	var err error
	switch s := e.(type) {
	case *db.Store:
		err = s.ReadDB().QueryRowContext(context.Background(), query).Scan(&n)
	case *db.PGStore:
		err = s.Pool().QueryRow(context.Background(), query).Scan(&n)
	}
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}
