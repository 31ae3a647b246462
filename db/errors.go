package db

import "errors"

// The unique constraints callers tell apart, named the same way on both
// engines: by the columns they cover, as "table.column, table.column".
const (
	// UniqueJoinCode is game_tables.join_code: a join code drawn twice.
	UniqueJoinCode = "game_tables.join_code"
	// UniqueIdempotencyKey is a move's idempotency key within its table.
	UniqueIdempotencyKey = "moves.table_id, moves.idempotency_key"
)

// ErrDuplicate is returned (wrapped) by every engine when a write would
// break a unique constraint. Match it with errors.As:
//
//	var dup *db.ErrDuplicate
//	if errors.As(err, &dup) && dup.Constraint == db.UniqueJoinCode { … }
type ErrDuplicate struct {
	// Constraint names the constraint by its columns ("game_tables.join_code",
	// see UniqueJoinCode and friends); a constraint the adapter cannot name
	// is its engine's own name.
	Constraint string
	// Err is the driver's error.
	Err error
}

// Error implements error.
func (e *ErrDuplicate) Error() string { return "duplicate " + e.Constraint + ": " + e.Err.Error() }

// Unwrap returns the driver's error.
func (e *ErrDuplicate) Unwrap() error { return e.Err }

// IsDuplicate reports whether err is (or wraps) an ErrDuplicate on the
// named constraint.
func IsDuplicate(err error, constraint string) bool {
	var dup *ErrDuplicate
	return errors.As(err, &dup) && dup.Constraint == constraint
}

// ErrUnavailable wraps storage failures that are not the request's fault
// (disk full, read-only or damaged file, I/O error, a database server
// that cannot be reached): the server answers 503.
var ErrUnavailable = errors.New("storage unavailable")

// ErrLocked is wrapped, beside ErrUnavailable, by a write that waited the
// whole busy timeout for SQLite's write lock: another process holds the
// file (a backup tool, a second server, sqlite3 with an open transaction).
// Nothing was recorded; a retry may succeed once the lock is let go.
var ErrLocked = errors.New("the database file is locked by another process")

// ErrStale is returned, writing nothing, by RecordMove (and by a table
// write that locked the table, LockTable) when the table's version in
// storage is not the one the caller expected: another writer, maybe
// another instance, got there first. The caller reloads and answers 409.
var ErrStale = errors.New("table version moved on")
