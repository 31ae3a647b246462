package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"tablewarden/db"
)

// fileGuard notices when the database file the store opened is deleted,
// replaced or damaged under it. SQLite keeps writing to the file it has
// open, so a deleted file would take every later move with it at the next
// restart while the server kept answering 200. The guard remembers the
// file's identity at open (device and inode on Unix, volume and file index
// on Windows, through os.SameFile); Check compares it again (and reads the
// file's header), and a commit checks the identity before it acknowledges. Once broken, the guard stays broken until a restart: the
// store refuses every write with db.ErrUnavailable.
type fileGuard struct {
	path string
	id   os.FileInfo // the file as opened, for os.SameFile

	mu     sync.Mutex
	reason string // "" while healthy
}

func newFileGuard(path string) *fileGuard {
	fi, err := os.Stat(path)
	if err != nil {
		return nil
	}
	return &fileGuard{path: path, id: fi}
}

// broken returns the sticky error, or nil.
func (g *fileGuard) broken() error {
	if g == nil {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.reason == "" {
		return nil
	}
	return fmt.Errorf("%w: %s", db.ErrUnavailable, g.reason)
}

func (g *fileGuard) fail(reason string) error {
	g.mu.Lock()
	if g.reason == "" {
		g.reason = reason
	}
	g.mu.Unlock()
	return g.broken()
}

// checkIdentity compares the file's device and inode with those at open.
func (g *fileGuard) checkIdentity() error {
	if g == nil {
		return nil
	}
	if err := g.broken(); err != nil {
		return err
	}
	fi, err := os.Stat(g.path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return g.fail(fmt.Sprintf("the database file %s was deleted while the server had it open; restore a backup and restart", g.path))
	case err != nil:
		return g.fail(fmt.Sprintf("the database file %s cannot be checked: %v", g.path, err))
	case !os.SameFile(fi, g.id):
		return g.fail(fmt.Sprintf("the database file %s was replaced by another file while the server had it open; restart the server", g.path))
	}
	return nil
}

// sqliteHeader is how every SQLite database file begins.
var sqliteHeader = []byte("SQLite format 3\x00")

// check is checkIdentity plus a read of the file's header.
func (g *fileGuard) check() error {
	if err := g.checkIdentity(); err != nil || g == nil {
		return err
	}
	f, err := os.Open(g.path)
	if err != nil {
		return g.fail(fmt.Sprintf("the database file %s cannot be opened: %v", g.path, err))
	}
	defer f.Close()
	head := make([]byte, len(sqliteHeader))
	if _, err := f.ReadAt(head, 0); err != nil || !bytes.Equal(head, sqliteHeader) {
		return g.fail(fmt.Sprintf("the database file %s is damaged (its header was overwritten); restore a backup", g.path))
	}
	return nil
}

// noteError marks the guard broken when SQLite reports the file damaged.
func (g *fileGuard) noteError(err error) {
	if g == nil || err == nil {
		return
	}
	if isCorrupt(err) {
		g.fail(fmt.Sprintf("the database file %s is damaged (%v); restore a backup", g.path, err))
	}
}

func isCorrupt(err error) bool {
	var se *msqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return true
		}
	}
	return false
}

// CheckFile reports whether the database file is still the one the store
// opened, and undamaged as far as its header shows. It returns an error
// wrapping db.ErrUnavailable, with a reason an operator can act on, and keeps
// returning it until the server restarts. /healthz and a ticker call it.
func (s *Store) CheckFile() error { return s.guard.check() }

// guardWrites is the commit's check: it returns the sticky error, or the
// one a changed device or inode raises.
func (s *Store) guardWrites() error { return s.guard.checkIdentity() }

// quickCheck runs PRAGMA quick_check on a freshly opened database and
// returns an error that says what to do when it finds damage.
func quickCheck(ctx context.Context, w *sql.DB, path string) error {
	rows, err := w.QueryContext(ctx, "PRAGMA quick_check(20)")
	if err != nil {
		return damaged(path, err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return damaged(path, err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return damaged(path, err)
	}
	if len(problems) > 0 {
		return damaged(path, errors.New(strings.Join(problems, "; ")))
	}
	return nil
}

// QuickCheckSyncLimit is the largest database file that Open checks with
// quick_check before it returns. A larger file is checked by the store in
// the background once it is serving (quickCheckLater).
var QuickCheckSyncLimit int64 = 64 << 20

// fileSize is the size of the file at path, or 0 when it cannot be read
// (a file about to be created).
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// quickCheckLater runs quick_check on the read pool while the server
// serves. Damage found breaks the guard: from then on every write is
// refused with db.ErrUnavailable and /healthz says to restore a backup, as a
// damaged page met by a query does. A check cut short by Close is not
// damage.
func (s *Store) quickCheckLater() {
	defer s.wg.Done()
	defer close(s.checked)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-s.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	if err := quickCheck(ctx, s.r, s.path); err != nil && ctx.Err() == nil {
		s.guard.fail(fmt.Sprintf("the database file %s is damaged (quick_check at start: %v); restore a backup", s.path, err))
	}
}

// QuickCheckDone is closed once the database file has been checked with
// quick_check: at once when Open checked it itself, when the background
// check ends for a large file (QuickCheckSyncLimit).
func (s *Store) QuickCheckDone() <-chan struct{} { return s.checked }

// damaged explains what to do with a damaged database file.
func damaged(path string, cause error) error {
	return fmt.Errorf("database %s is damaged (%v).\nThe server will not start on it. Restore a backup: keep this file aside for inspection, "+
		"copy your newest backup (made with `tablewarden backup`) to %s, delete %s-wal and %s-shm if they exist, and start again", path, cause, path, path, path)
}

// openError explains an error from the first contact with the file: a
// damaged file says so; other errors pass through.
func openError(path string, err error) error {
	if isCorrupt(err) || strings.Contains(err.Error(), "malformed") || strings.Contains(err.Error(), "not a database") {
		return damaged(path, err)
	}
	return fmt.Errorf("open %s: %w", path, err)
}
