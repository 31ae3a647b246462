package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

//go:embed migrations/*.sql
var migrations embed.FS

// DSN returns the data source name for a database file. busy_timeout comes
// first so that it already holds while the other pragmas run. readOnly
// connections also get query_only(1).
func DSN(path string, readOnly bool) string {
	q := "_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)&_time_format=sqlite"
	if readOnly {
		q += "&_pragma=query_only(1)"
	} else {
		q += "&_txlock=immediate"
	}
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q
}

// Open opens (creating if needed) the database file at path, applies the
// pending migrations and returns a Store with one writer connection and a
// pool of readers.
func Open(ctx context.Context, path string) (*Store, error) {
	// The writer keeps a larger page cache (64 MiB: the pages of thousands
	// of busy tables stay in memory) and leaves checkpoints to the store's
	// checkpointer, which runs them on a connection of its own so that the
	// copy back into the database file and its fsync never hold up a commit.
	w, err := sql.Open("sqlite", DSN(path, false)+"&_pragma=cache_size(-65536)&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, openError(path, err) // A damaged file says what to do
	}
	// fileguard.go: a small file is checked before the server
	// starts; a large one after, so that a cold start stays within its
	// 3 s target (quick_check reads every page: 14 s for 324 MiB).
	background := fileSize(path) > QuickCheckSyncLimit
	if !background {
		if err := quickCheck(ctx, w, path); err != nil {
			w.Close()
			return nil, err
		}
	}
	if err := Migrate(ctx, w); err != nil {
		w.Close()
		return nil, openError(path, err)
	}
	r, err := sql.Open("sqlite", DSN(path, true))
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(4)
	r.SetMaxIdleConns(4)
	c, err := sql.Open("sqlite", DSN(path, false))
	if err != nil {
		w.Close()
		r.Close()
		return nil, err
	}
	c.SetMaxOpenConns(1)
	s := newStore(w, r, path)
	s.guard = newFileGuard(path) // Notice a deleted or replaced file (fileguard.go)
	s.ckpt = c
	s.wg.Add(1)
	go s.checkpointLoop()
	s.checked = make(chan struct{})
	if background {
		s.wg.Add(1)
		go s.quickCheckLater()
	} else {
		close(s.checked)
	}
	return s, nil
}

// Migrate applies every embedded migration not yet recorded in
// schema_migrations, each in its own transaction, in numeric order.
func Migrate(ctx context.Context, w *sql.DB) error {
	if _, err := w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	entries, err := fs.ReadDir(migrations, "migrations")
	if err != nil {
		return err
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	for _, e := range entries {
		name := e.Name()
		num, _, ok := strings.Cut(name, "_")
		if !ok {
			return fmt.Errorf("migrate: %s is not named NNNN_name.sql", name)
		}
		v, err := strconv.Atoi(num)
		if err != nil {
			return fmt.Errorf("migrate: %s: %w", name, err)
		}
		var n int
		if err := w.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, v).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		body, err := migrations.ReadFile("migrations/" + name)
		if err != nil {
			return err
		}
		tx, err := w.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrate %s: %w", name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
			v, name, time.Now().UTC().Format(time.RFC3339)); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migrate %s: %w", name, err)
		}
	}
	return nil
}

// MigrationFiles returns the embedded migrations (for tests).
func MigrationFiles() fs.FS { return migrations }
