package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
)

// Bulk is a new database file being filled by a generator: one connection
// that does not sync at each commit and does not check foreign keys. It is
// for the load tool's generated databases (cmd/tablewarden-load -gen-db),
// never for the server: a crash loses what the last commits wrote.
type Bulk struct{ d *sql.DB }

// OpenBulk creates the database file at path with the server's schema
// (Open) and opens it for Bulk writes. It refuses a file that exists.
func OpenBulk(ctx context.Context, path string) (*Bulk, error) {
	if _, err := os.Stat(path); err == nil {
		return nil, fmt.Errorf("%s already exists", path)
	}
	s, err := Open(ctx, path)
	if err != nil {
		return nil, err
	}
	if err := s.Close(); err != nil {
		return nil, err
	}
	d, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+
		"?_pragma=journal_mode(WAL)&_pragma=synchronous(OFF)&_pragma=foreign_keys(0)")
	if err != nil {
		return nil, err
	}
	d.SetMaxOpenConns(1)
	return &Bulk{d: d}, nil
}

// Tx runs fn in one transaction and commits it if fn returns nil. Each
// query is prepared once per transaction.
func (b *Bulk) Tx(ctx context.Context, fn func(q *Queries) error) error {
	tx, err := b.d.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	st := &txStmts{tx: tx, m: map[string]*sql.Stmt{}}
	err = fn(New(st))
	for _, s := range st.m {
		s.Close()
	}
	if err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Close copies the write-ahead log into the database file, so that the
// file alone holds the data (as a cold start reads it), and closes it.
func (b *Bulk) Close(ctx context.Context) error {
	_, err := b.d.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	if cerr := b.d.Close(); err == nil {
		err = cerr
	}
	return err
}

// txStmts runs queries in a transaction, preparing each SQL text once.
type txStmts struct {
	tx *sql.Tx
	m  map[string]*sql.Stmt
}

func (t *txStmts) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if s, ok := t.m[query]; ok {
		return s, nil
	}
	s, err := t.tx.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	t.m[query] = s
	return s, nil
}

func (t *txStmts) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	s, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return s.ExecContext(ctx, args...)
}

func (t *txStmts) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	return t.tx.PrepareContext(ctx, query)
}

func (t *txStmts) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	s, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return s.QueryContext(ctx, args...)
}

func (t *txStmts) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	s, err := t.stmt(ctx, query)
	if err != nil {
		return t.tx.QueryRowContext(ctx, query, args...)
	}
	return s.QueryRowContext(ctx, args...)
}
