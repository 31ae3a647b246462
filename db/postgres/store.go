package postgres

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"tablewarden/db"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store keeps tables in PostgreSQL, for many instances that share one
// database. Every write to a table runs in a transaction that first takes
// the table's row lock (WriteTable), so writes to one table are applied one
// at a time across instances, and the version a writer sees under the lock
// is the database's, never an instance's cached one.
type Store struct {
	pool *pgxpool.Pool
	read *Queries
	dsn  string
}

// pgConnectTimeout bounds how long a request waits for a connection while
// the server is unreachable, so that moves get 503 quickly during an
// outage instead of hanging.
const pgConnectTimeout = 3 * time.Second

// Open connects a pool to the PostgreSQL server at dsn and applies the
// pending migrations (under an advisory lock, so instances that start
// together migrate once).
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if cfg.ConnConfig.ConnectTimeout == 0 || cfg.ConnConfig.ConnectTimeout > pgConnectTimeout {
		cfg.ConnConfig.ConnectTimeout = pgConnectTimeout
	}
	if cfg.MaxConns < 8 {
		cfg.MaxConns = 8
	}
	cfg.HealthCheckPeriod = 5 * time.Second
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if err := Migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	return &Store{pool: pool, read: New(pool), dsn: dsn}, nil
}

// pgMigrateLock is the advisory lock key that serializes migrations.
const pgMigrateLock = 0x74776d67 // "twmg"

// Migrate applies every embedded PostgreSQL migration not yet recorded in
// schema_migrations, in numeric order, all in one transaction that holds an
// advisory lock.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(pgMigrateLock)); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`); err != nil {
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
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM schema_migrations WHERE version = $1`, v).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		body, err := migrations.ReadFile("migrations/" + name)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, string(body)); err != nil {
			return fmt.Errorf("migrate %s: %w", name, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
			v, name, time.Now().UTC().Format(time.RFC3339)); err != nil {
			return err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// MigrationFiles returns the embedded PostgreSQL migrations (for tests).
func MigrationFiles() fs.FS { return migrations }

// Pool returns the connection pool.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// Read returns queries over the pool, outside any transaction.
func (s *Store) Read() *Queries { return s.read }

// DSN is the connection string the store was opened with.
func (s *Store) DSN() string { return s.dsn }

// Close closes the pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// Ping reports whether the database answers (for /healthz).
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, pgConnectTimeout)
	defer cancel()
	return classifyPG(s.pool.Ping(ctx))
}

// TxPG runs fn in one transaction, with the PostgreSQL queries, and
// commits it when fn returns nil.
func (s *Store) TxPG(ctx context.Context, fn func(q *Queries) error) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return fn(New(tx)) })
	return classifyPG(err)
}

// ErrNoTable is returned by WriteTable when the table does not exist.
var ErrNoTable = errors.New("no such table")

// WriteTable runs fn in a transaction that holds the table's row lock
// (SELECT … FOR UPDATE) from its first statement to its commit. fn gets the
// table's version as the database has it; what fn writes is committed when
// it returns nil and undone otherwise. A concurrent WriteTable on the same
// table, from this instance or another, waits for the lock and then sees
// this one's writes.
func (s *Store) WriteTable(ctx context.Context, tableID string, fn func(q *Queries, version int64) error) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := New(tx)
		v, err := q.LockTable(ctx, tableID)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNoTable
		}
		if err != nil {
			return err
		}
		return fn(q, v)
	})
	return classifyPG(err)
}

// MoveCommit is everything one move writes, together: its log entry (the
// caller sets Seq, the seq it applied the move with; Version is set here),
// the snapshot after it (empty: none) and, for a game that holds timers, the table's
// timers as they stand after it.
type MoveCommit struct {
	Move     AppendMoveParams
	Snapshot string
	// HasTimers replaces the table's stored timers with Timers (running
	// and paused ones); without it the stored timers stay as they are.
	HasTimers bool
	Timers    []PutTimerParams
	// Status, when set, is the table's new status (a move that ends the game).
	Status string
}

// CommitResult says what CommitMove did.
type CommitResult struct {
	// Version is the table's version after the commit; for db.ErrStale, the
	// version the database has; for a duplicate, the version the earlier
	// move made.
	Version int64
	// Duplicate is set when the idempotency key was already used on this
	// table: nothing was written and Existing is the earlier move.
	Duplicate bool
	Existing  Move
}

// CommitMove writes one move under the table's row lock, in one
// transaction: it checks the idempotency key (across every instance: the
// key lives in the shared log), then that the table is still at version
// want, then writes the move (writeMove). It returns db.ErrStale, and writes
// nothing, when the version moved on.
func (s *Store) CommitMove(ctx context.Context, tableID string, want int64, c MoveCommit) (CommitResult, error) {
	var res CommitResult
	err := s.WriteTable(ctx, tableID, func(q *Queries, v int64) error {
		if k := c.Move.IdempotencyKey; k != nil {
			m, err := q.GetMoveByKey(ctx, GetMoveByKeyParams{TableID: tableID, IdempotencyKey: k})
			if err == nil {
				res = CommitResult{Version: m.Version, Duplicate: true, Existing: m}
				return nil
			}
			if !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
		}
		if v != want {
			res.Version = v
			return db.ErrStale
		}
		nv, err := writeMove(ctx, q, tableID, c)
		res.Version = nv
		return err
	})
	return res, err
}

// writeMove appends the log entry, marks the entry an undo takes back,
// stores the snapshot and timers and bumps the table's version, whose
// trigger sends NOTIFY with the table and its new version; listeners
// receive it once the transaction commits. The caller holds the table's
// row lock.
func writeMove(ctx context.Context, q *Queries, tableID string, c MoveCommit) (int64, error) {
	nv, err := q.BumpTableVersion(ctx, tableID)
	if err != nil {
		return 0, err
	}
	m := c.Move
	m.TableID = tableID
	m.Version = nv
	if err := q.AppendMove(ctx, m); err != nil {
		return 0, err
	}
	if m.Kind == "undo" && m.Undoes != nil {
		if err := q.MarkUndone(ctx, MarkUndoneParams{TableID: tableID, Seq: *m.Undoes}); err != nil {
			return 0, err
		}
	}
	if c.Snapshot != "" { // empty stores none, as db.MoveRecord.State
		if err := q.PutSnapshot(ctx, PutSnapshotParams{TableID: tableID, Seq: m.Seq, State: c.Snapshot}); err != nil {
			return 0, err
		}
	}
	if c.HasTimers {
		if err := q.DeleteTimers(ctx, tableID); err != nil {
			return 0, err
		}
		for _, t := range c.Timers {
			t.TableID = tableID
			if err := q.PutTimer(ctx, t); err != nil {
				return 0, err
			}
		}
	}
	if c.Status != "" {
		if err := q.SetTableStatus(ctx, SetTableStatusParams{Status: c.Status, ID: tableID}); err != nil {
			return 0, err
		}
	}
	// The version's trigger (db/postgres/migrations/0001_init.sql) notifies.
	return nv, nil
}

// NotifyPayload is the NOTIFY payload for a table at a version.
func NotifyPayload(tableID string, version int64) string {
	return tableID + ":" + strconv.FormatInt(version, 10)
}

// ParseNotifyPayload reads a NotifyPayload.
func ParseNotifyPayload(p string) (tableID string, version int64, err error) {
	i := strings.LastIndexByte(p, ':')
	if i < 0 {
		return "", 0, fmt.Errorf("notify payload %q: no version", p)
	}
	version, err = strconv.ParseInt(p[i+1:], 10, 64)
	if err != nil {
		return "", 0, fmt.Errorf("notify payload %q: %w", p, err)
	}
	return p[:i], version, nil
}

// classifyPG wraps err in db.ErrUnavailable when the database cannot be
// reached or is shutting down or out of resources: connection failures,
// SQLSTATE classes 08 (connection), 53 (insufficient resources), 57
// (operator intervention, e.g. shutdown) and 58 (system error). Errors of
// the request itself (constraint violations, db.ErrStale, no rows) and context
// errors pass unchanged.
func classifyPG(err error) error {
	if err == nil || errors.Is(err, db.ErrUnavailable) {
		return err
	}
	if errors.Is(err, db.ErrStale) || errors.Is(err, ErrNoTable) || errors.Is(err, pgx.ErrNoRows) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code[:2] {
		case "08", "53", "57", "58":
			return fmt.Errorf("%w: %v", db.ErrUnavailable, err)
		}
		return err
	}
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) || pgconn.SafeToRetry(err) || pgconn.Timeout(err) || isConnErr(err) {
		return fmt.Errorf("%w: %v", db.ErrUnavailable, err)
	}
	return err
}

// isConnErr reports whether err came from a broken connection (the
// server went away mid-query): pgx wraps those without a SQLSTATE.
func isConnErr(err error) bool {
	s := err.Error()
	for _, m := range []string{"connection refused", "unexpected EOF", "broken pipe", "connection reset", "closed pool", "conn closed", "failed to connect", "no such file or directory"} {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// Queries returns the SQLite query set over the pool (port).
func (s *Store) Queries() db.Querier { return port{q: s.read} }

// Tx runs fn in one transaction, with the SQLite query set, and commits
// it when fn returns nil: the PostgreSQL counterpart of Store.Write. A
// write that bumps a table's version (BumpTableVersion) takes the table's
// row lock there, so two instances' writes to one table are serialized,
// and the version it returns is the database's.
func (s *Store) Tx(ctx context.Context, fn func(q db.Querier) error) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return fn(port{q: New(tx)}) })
	return pgErr(err)
}

// RecordMove writes rec under the table's row lock: db.ErrStale, writing
// nothing, when another instance moved the table past the version before
// rec.Entry.Version.
func (s *Store) RecordMove(ctx context.Context, rec db.MoveRecord) error {
	return s.WriteTable(ctx, rec.Entry.TableID, func(q *Queries, v int64) error {
		if v != rec.Entry.Version-1 {
			return db.ErrStale
		}
		return pgErr(recordMove(ctx, q, rec))
	})
}

// recordMove writes rec; the caller holds the table's row lock and has
// checked its version. The version's trigger sends NOTIFY.
func recordMove(ctx context.Context, q *Queries, rec db.MoveRecord) error {
	id := rec.Entry.TableID
	if rec.Undoes != 0 {
		if err := q.MarkUndone(ctx, MarkUndoneParams{TableID: id, Seq: rec.Undoes}); err != nil {
			return err
		}
	}
	if err := q.AppendMove(ctx, appendParams(rec.Entry)); err != nil {
		return err
	}
	if rec.State != "" {
		if err := q.PutSnapshot(ctx, PutSnapshotParams{TableID: id, Seq: rec.Entry.Seq, State: rec.State}); err != nil {
			return err
		}
	}
	if rec.HasTimers {
		if err := q.DeleteTimers(ctx, id); err != nil {
			return err
		}
		for _, t := range rec.Timers {
			t.TableID = id
			if err := q.PutTimer(ctx, timerParams(t)); err != nil {
				return err
			}
		}
	}
	if rec.Status != "" {
		if err := q.SetTableStatus(ctx, SetTableStatusParams{Status: rec.Status, ID: id}); err != nil {
			return err
		}
	}
	n, err := q.AdvanceTableVersion(ctx, AdvanceTableVersionParams{ID: id, Previous: rec.Entry.Version - 1})
	if err == nil && n != 1 {
		err = fmt.Errorf("table %s: %w: the version in storage is not %d", id, db.ErrStale, rec.Entry.Version-1)
	}
	return err
}

// TableVersion is a table's stored version, sql.ErrNoRows when it is gone
// (db.Shared).
func (s *Store) TableVersion(ctx context.Context, tableID string) (int64, error) {
	if unstorable(tableID) {
		return 0, sql.ErrNoRows
	}
	v, err := s.read.GetTableVersion(ctx, tableID)
	return v, pgErr(err)
}

// Extras returns what PostgreSQL offers beyond db.Store: retention and
// the sharing of one database by many instances (db.Shared).
func (s *Store) Extras() db.Extras { return db.Extras{Pruner: s, Shared: s} }

var (
	_ db.Store  = (*Store)(nil)
	_ db.Shared = (*Store)(nil)
	_ db.Pruner = (*Store)(nil)
)

// Source returns the port's query set over the pool, with the copy tool's
// reads (db.Source), for tools and tests.
func (s *Store) Source() db.Source { return port{q: s.read} }
