//go:build bench

package table

import (
	"context"
	"errors"
	"os"
	"testing"
)

// TestCeilingFromExtras: the bench build's commit ceiling is opened by
// Config.Extras.OpenCeiling beside the SQLite file, and answers not_found
// on a store whose extras have none.
func TestCeilingFromExtras(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc, path := extrasService(t, true)
	if err := svc.CeilingCommit(ctx); err != nil {
		t.Fatalf("CeilingCommit = %v", err)
	}
	if _, err := os.Stat(path + "-ceiling"); err != nil {
		t.Fatalf("the ceiling's file: %v", err)
	}
	none, _ := extrasService(t, false)
	var te *Error
	if err := none.CeilingCommit(ctx); !errors.As(err, &te) || te.Code != CodeNotFound {
		t.Fatalf("CeilingCommit without extras = %v, want %s", err, CodeNotFound)
	}
}
