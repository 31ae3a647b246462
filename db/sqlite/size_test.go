package sqlite_test

import (
	"context"
	"fmt"
	"testing"

	"tablewarden/db/sqlite"
)

// TestLogicalSizeGrowsWithWrites checks that LogicalSize reads a database
// a running store holds, and grows with the writes it commits.
func TestLogicalSizeGrowsWithWrites(t *testing.T) {
	ctx := context.Background()
	s, path := open(t)
	before, err := sqlite.LogicalSize(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if before <= 0 {
		t.Fatalf("size of a migrated database = %d, want > 0", before)
	}
	for i := range 200 {
		if err := s.Write(ctx, func(q *sqlite.Queries) error { return addTable(ctx, q, fmt.Sprintf("table-%03d", i)) }); err != nil {
			t.Fatal(err)
		}
	}
	after, err := sqlite.LogicalSize(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if after <= before {
		t.Fatalf("size after 200 tables = %d, want more than %d", after, before)
	}
}
