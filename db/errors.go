package db

import (
	"errors"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// The unique constraints callers tell apart, named the same way on both
// engines: by the columns they cover, as "table.column, table.column".
const (
	// UniqueJoinCode is game_tables.join_code: a join code drawn twice.
	UniqueJoinCode = "game_tables.join_code"
	// UniqueIdempotencyKey is a move's idempotency key within its table.
	UniqueIdempotencyKey = "moves.table_id, moves.idempotency_key"
)

// ErrDuplicate is returned (wrapped) by both stores when a write would
// break a unique constraint. Match it with errors.As:
//
//	var dup *db.ErrDuplicate
//	if errors.As(err, &dup) && dup.Constraint == db.UniqueJoinCode { … }
type ErrDuplicate struct {
	// Constraint names the constraint by its columns ("game_tables.join_code",
	// see UniqueJoinCode and friends); a constraint the store cannot name
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

// sqliteDuplicate returns err as an *ErrDuplicate when SQLite refused a
// write by a unique or primary-key constraint, or nil. SQLite names the
// columns only in its message ("UNIQUE constraint failed: t.a, t.b"),
// which is read here and nowhere else.
func sqliteDuplicate(err error) error {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return nil
	}
	if c := se.Code(); c != sqlite3.SQLITE_CONSTRAINT_UNIQUE && c != sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY {
		return nil
	}
	msg := se.Error()
	const failed = "constraint failed: "
	i := strings.LastIndex(msg, failed)
	if i < 0 {
		return &ErrDuplicate{Constraint: msg, Err: err}
	}
	cols := msg[i+len(failed):]
	if i := strings.LastIndex(cols, " ("); i >= 0 { // the driver appends " (code)"
		cols = cols[:i]
	}
	return &ErrDuplicate{Constraint: cols, Err: err}
}
