package sqlite

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// TestCeilingInsertCommits checks that each Insert commits one row and
// that the file keeps them after a reopen.
func TestCeilingInsertCommits(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tw.db-ceiling")
	c, err := OpenCeiling(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := c.Insert(ctx, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c, err = OpenCeiling(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var got int
	if err := c.d.QueryRowContext(ctx, `SELECT count(*) FROM rows`).Scan(&got); err != nil {
		t.Fatal(err)
	}
	if want := 3; got != want {
		t.Errorf("rows = %d, want %d", got, want)
	}
}
