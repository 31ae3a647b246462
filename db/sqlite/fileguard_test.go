package sqlite_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablewarden/db"
	"tablewarden/db/sqlite"
)

// TestFileGuard: once the database file is deleted or replaced under the
// store, every write fails with ErrUnavailable (never acknowledged) and
// CheckFile says why; a write before that succeeds.
func TestFileGuard(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name string
		harm func(path string) error
	}{
		{"Deleted", os.Remove},
		{"Replaced", func(path string) error {
			tmp := path + ".new"
			if err := os.WriteFile(tmp, []byte("not a database"), 0o600); err != nil {
				return err
			}
			return os.Rename(tmp, path)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, path := open(t)
			if err := s.Write(ctx, func(q *sqlite.Queries) error { return addTable(ctx, q, "a") }); err != nil {
				t.Fatalf("write before: %v", err)
			}
			if err := s.CheckFile(); err != nil {
				t.Fatalf("CheckFile before: %v", err)
			}
			if err := c.harm(path); err != nil {
				t.Fatal(err)
			}
			err := s.Write(ctx, func(q *sqlite.Queries) error { return addTable(ctx, q, "b") })
			if !errors.Is(err, db.ErrUnavailable) {
				t.Fatalf("write after = %v, want ErrUnavailable", err)
			}
			if err := s.CheckFile(); !errors.Is(err, db.ErrUnavailable) || !strings.Contains(err.Error(), path) {
				t.Fatalf("CheckFile after = %v, want ErrUnavailable naming the file", err)
			}
		})
	}
	t.Run("HeaderOverwritten", func(t *testing.T) {
		s, path := open(t)
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteAt([]byte("garbage garbage!"), 0)
		f.Close()
		if err := s.CheckFile(); !errors.Is(err, db.ErrUnavailable) {
			t.Fatalf("CheckFile = %v, want ErrUnavailable", err)
		}
		if err := s.Write(ctx, func(q *sqlite.Queries) error { return addTable(ctx, q, "c") }); !errors.Is(err, db.ErrUnavailable) {
			t.Fatalf("write after = %v, want ErrUnavailable (sticky)", err)
		}
	})
}

// TestOpenDamaged: a database whose pages were overwritten is refused at
// open with what to do: restore a backup.
func TestOpenDamaged(t *testing.T) {
	ctx := context.Background()
	path := damagedFile(t, 0)
	_, err := sqlite.Open(ctx, path)
	if err == nil || !strings.Contains(err.Error(), "restore a backup") && !strings.Contains(err.Error(), "Restore a backup") {
		t.Fatalf("Open(damaged) = %v, want an error that says to restore a backup", err)
	}
}

// TestOpenDamagedLargeFile: a file over QuickCheckSyncLimit opens at once
// (cold start), is checked in the background, and once the damage is
// found every write is refused and CheckFile says to restore a backup.
func TestOpenDamagedLargeFile(t *testing.T) {
	ctx := context.Background()
	path := damagedFile(t, 1) // the tables' pages, not the schema's: Open reads those
	defer func(n int64) { sqlite.QuickCheckSyncLimit = n }(sqlite.QuickCheckSyncLimit)
	sqlite.QuickCheckSyncLimit = 1024
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("Open(damaged, over the limit) = %v, want it to open and check in the background", err)
	}
	defer s.Close()
	select {
	case <-s.QuickCheckDone():
	case <-time.After(10 * time.Second):
		t.Fatal("the background quick_check did not end in 10 s")
	}
	if err := s.CheckFile(); !errors.Is(err, db.ErrUnavailable) || !strings.Contains(err.Error(), "restore a backup") {
		t.Fatalf("CheckFile = %v, want ErrUnavailable saying to restore a backup", err)
	}
	if err := s.Write(ctx, func(q *sqlite.Queries) error { return addTable(ctx, q, "after") }); !errors.Is(err, db.ErrUnavailable) {
		t.Fatalf("write after the check = %v, want ErrUnavailable", err)
	}
}

// damagedFile writes a database of 200 tables, closes it and overwrites
// every other page (from the start, or with half on, from the middle of
// the file), and returns its path.
func damagedFile(t *testing.T, half int64) string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		id := strings.Repeat("x", 200) + string(rune('A'+i%26)) + strings.Repeat("y", i)
		if err := s.Write(ctx, func(q *sqlite.Queries) error { return addTable(ctx, q, id) }); err != nil {
			t.Fatal(err)
		}
	}
	s.Close() // checkpoints the WAL into the file
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := f.Stat()
	junk := []byte(strings.Repeat("\xde\xad\xbe\xef", 1024))
	for off := 4096 + half*(st.Size()/2/8192)*8192; off < st.Size(); off += 8192 {
		f.WriteAt(junk, off)
	}
	f.Close()
	return path
}
