package sqlite_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"tablewarden/db/sqlite"
)

func open(t *testing.T) (*sqlite.Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	s, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

func addTable(ctx context.Context, q *sqlite.Queries, id string) error {
	return q.CreateTable(ctx, sqlite.CreateTableParams{ID: id, Game: "jumpship", JoinCode: id, Options: "{}", Seed: 1, HostTokenHash: []byte("h"), CreatedAt: "now"})
}

func TestMigrationsApplyOnce(t *testing.T) {
	ctx := context.Background()
	s, path := open(t)
	s.Close()
	s2, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer s2.Close()
	var n int
	if err := s2.ReadDB().QueryRowContext(ctx, "SELECT count(*) FROM schema_migrations").Scan(&n); err != nil {
		t.Fatal(err)
	}
	files, _ := fs.Glob(sqlite.MigrationFiles(), "migrations/*.sql")
	if got, want := n, len(files); got != want || want == 0 {
		t.Fatalf("recorded migrations = %d, want %d", got, want)
	}
}

func TestPragmas(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	// The writer's pragmas, read inside a write.
	err := s.Write(ctx, func(q *sqlite.Queries) error {
		var mode string
		var fk, sync, busy int
		if err := q.Raw().QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
			return err
		}
		q.Raw().QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk)
		q.Raw().QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync)
		q.Raw().QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&busy)
		if mode != "wal" || fk != 1 || sync != 2 || busy != 5000 {
			return fmt.Errorf("journal_mode=%s foreign_keys=%d synchronous=%d busy_timeout=%d, want wal 1 2(FULL) 5000", mode, fk, sync, busy)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Readers cannot write.
	if _, err := s.ReadDB().ExecContext(ctx, "CREATE TABLE x (a)"); err == nil {
		t.Fatal("the read pool accepted a write")
	}
}

func TestGroupCommitIsolatesFailures(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make([]error, 300)
	boom := errors.New("boom")
	for i := range errs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs[i] = s.Write(ctx, func(q *sqlite.Queries) error {
				if err := addTable(ctx, q, fmt.Sprintf("t%03d", i)); err != nil {
					return err
				}
				if i%7 == 0 {
					return boom // written, then failed: must leave no trace
				}
				return nil
			})
		}(i)
	}
	wg.Wait()
	for i, err := range errs {
		if i%7 == 0 && !errors.Is(err, boom) || i%7 != 0 && err != nil {
			t.Fatalf("write %d: err = %v", i, err)
		}
	}
	n, err := s.Read().CountTables(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := int64(0)
	for i := range errs {
		if i%7 != 0 {
			want++
		}
	}
	if n != want {
		t.Fatalf("tables = %d, want %d: a failed write left rows or a good one was lost", n, want)
	}
	if b, w := s.Batches(), s.Writes(); b >= w {
		t.Logf("batches %d for %d writes: no grouping happened this run", b, w)
	}
}

func TestBackupFileUnderWrites(t *testing.T) {
	s, path := open(t)
	ctx := context.Background()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if err := s.Write(ctx, func(q *sqlite.Queries) error { return addTable(ctx, q, fmt.Sprintf("b%06d", i)) }); err != nil {
				t.Errorf("write: %v", err)
				return
			}
		}
	}()
	dst := filepath.Join(t.TempDir(), "copy.db")
	err := sqlite.BackupFile(ctx, path, dst)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("BackupFile: %v", err)
	}
	c, err := sqlite.Open(ctx, dst)
	if err != nil {
		t.Fatalf("open copy: %v", err)
	}
	defer c.Close()
	if err := c.IntegrityCheck(ctx); err != nil {
		t.Fatal(err)
	}
}

// A write whose statement SQLite cannot prepare fails alone, whether it
// executes or queries a row, and leaves the writer's connection able to
// commit the next writes (the commit loop prepares statements on its own
// connection, writer.go).
func TestWriteBadStatement(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	for name, fn := range map[string]func(q *sqlite.Queries) error{
		"exec": func(q *sqlite.Queries) error {
			_, err := q.Raw().ExecContext(ctx, "INSERT INTO no_such_table VALUES (1)")
			return err
		},
		"query row": func(q *sqlite.Queries) error {
			var n int
			return q.Raw().QueryRowContext(ctx, "SELECT count(*) FROM no_such_table").Scan(&n)
		},
	} {
		if err := s.Write(ctx, func(q *sqlite.Queries) error {
			if err := addTable(ctx, q, "bad-"+name); err != nil {
				return err
			}
			return fn(q)
		}); err == nil || !strings.Contains(err.Error(), "no_such_table") {
			t.Fatalf("%s: err = %v, want SQLite's error about no_such_table", name, err)
		}
		if err := s.Write(ctx, func(q *sqlite.Queries) error { return addTable(ctx, q, "good-"+name) }); err != nil {
			t.Fatalf("the write after the %s: %v", name, err)
		}
	}
	ids, err := s.Read().ListTableIDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(ids, ","), "good-exec,good-query row"; got != want {
		t.Fatalf("tables = %s, want %s", got, want)
	}
}
