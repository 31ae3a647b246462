package sqlite

import (
	"errors"
	"fmt"
	"strings"

	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"tablewarden/db"
)

// sqliteDuplicate returns err as an *ErrDuplicate when SQLite refused a
// write by a unique or primary-key constraint, or nil. SQLite names the
// columns only in its message ("UNIQUE constraint failed: t.a, t.b"),
// which is read here and nowhere else.
func sqliteDuplicate(err error) error {
	var se *msqlite.Error
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
		return &db.ErrDuplicate{Constraint: msg, Err: err}
	}
	cols := msg[i+len(failed):]
	if i := strings.LastIndex(cols, " ("); i >= 0 { // the driver appends " (code)"
		cols = cols[:i]
	}
	return &db.ErrDuplicate{Constraint: cols, Err: err}
}

// classify wraps err in db.ErrUnavailable when SQLite reports a full disk, a
// read-only database or an I/O error, in db.ErrUnavailable and db.ErrLocked
// when it stayed locked by another process, and in an *ErrDuplicate when
// it refuses a write by a unique constraint.
func classify(err error) error {
	if err == nil {
		return nil
	}
	if dup := sqliteDuplicate(err); dup != nil {
		return dup
	}
	var se *msqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_FULL, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return fmt.Errorf("%w: %v", db.ErrUnavailable, err)
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return fmt.Errorf("%w: %w: %v", db.ErrUnavailable, db.ErrLocked, err)
		}
	}
	return err
}
