package table

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tablewarden/db"
	"tablewarden/db/sqlite"
)

// extrasService is a Service over a fresh SQLite file, given the store's
// Extras or none, and the file's path.
func extrasService(t *testing.T, withExtras bool) (*Service, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tw.db")
	store, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	var extras db.Extras
	if withExtras {
		extras = store.Extras()
	}
	svc := New(Config{Store: store, Extras: extras, PublicURL: "http://127.0.0.1", Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	t.Cleanup(svc.StopTimers)
	return svc, path
}

// TestStorageExtras: what the HTTP layer asks of the database beyond the
// port (the file check, the group-commit counters, retention, the commit
// ceiling) comes from Config.Extras alone: with SQLite's, each works; with
// none, each answers that the engine has none, on the same SQLite store.
func TestStorageExtras(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	t.Run("SQLite", func(t *testing.T) {
		t.Parallel()
		svc, path := extrasService(t, true)
		stats, ok := svc.GroupCommit(func(int, time.Duration) {})
		if !ok {
			t.Fatal("GroupCommit: no counters with SQLite's extras")
		}
		if _, err := svc.CreateTable(ctx, "jumpship", nil); err != nil {
			t.Fatal(err)
		}
		if b, w := stats.Batches(), stats.Writes(); b < 1 || w < b {
			t.Fatalf("after a create: %d commits of %d writes, want at least one", b, w)
		}
		if err := svc.CeilingCommit(ctx); err != nil {
			t.Fatalf("CeilingCommit = %v", err)
		}
		if _, err := os.Stat(path + "-ceiling"); err != nil {
			t.Fatalf("the ceiling's file: %v", err)
		}
		res, err := svc.Prune(ctx, time.Now().Add(48*time.Hour), 24*time.Hour, 0)
		if err != nil || res.Lobby != 1 {
			t.Fatalf("Prune = %+v, %v, want the idle lobby table deleted", res, err)
		}
		if err := svc.CheckStorage(); err != nil {
			t.Fatalf("CheckStorage on the file as opened = %v", err)
		}
		if err := os.Rename(path, path+".gone"); err != nil {
			t.Fatal(err)
		}
		if err := svc.CheckStorage(); !errors.Is(err, db.ErrUnavailable) {
			t.Fatalf("CheckStorage after the file was moved away = %v, want db.ErrUnavailable", err)
		}
	})
	t.Run("None", func(t *testing.T) {
		t.Parallel()
		svc, path := extrasService(t, false)
		if _, ok := svc.GroupCommit(func(int, time.Duration) {}); ok {
			t.Fatal("GroupCommit gave counters without extras")
		}
		if _, err := svc.CreateTable(ctx, "jumpship", nil); err != nil {
			t.Fatal(err)
		}
		var te *Error
		if err := svc.CeilingCommit(ctx); !errors.As(err, &te) || te.Code != CodeNotFound {
			t.Fatalf("CeilingCommit without extras = %v, want %s", err, CodeNotFound)
		}
		if res, err := svc.Prune(ctx, time.Now().Add(48*time.Hour), 24*time.Hour, 0); err != nil || res.Lobby != 0 {
			t.Fatalf("Prune without extras = %+v, %v, want nothing deleted", res, err)
		}
		if err := os.Rename(path, path+".gone"); err != nil {
			t.Fatal(err)
		}
		if err := svc.CheckStorage(); err != nil {
			t.Fatalf("CheckStorage without extras = %v, want nil (nothing to check)", err)
		}
	})
}
