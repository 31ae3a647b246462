package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"testing"

	"tablewarden/db"
	"tablewarden/db/sqlite"
)

// Moves recorded together share a group commit without savepoints; one
// that fails (its key used, or its version stale after its entry was
// written) must leave no trace, and every other move of the batch must
// still be committed.
func TestGroupCommitRecordMoveFailures(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	const tables = 210
	id := func(i int) string { return fmt.Sprintf("g%03d", i) }
	move := func(i int, seq, version int64, key string) db.MoveRecord {
		return db.MoveRecord{Entry: db.AppendMoveParams{TableID: id(i), Seq: seq, Kind: "move", Actor: "{}", Type: "x", Args: "{}", At: "now", Events: "[]",
			IdempotencyKey: sql.NullString{String: key, Valid: true}, Version: version}}
	}
	for i := range tables {
		if err := s.Write(ctx, func(q *sqlite.Queries) error { return addTable(ctx, q, id(i)) }); err != nil {
			t.Fatal(err)
		}
	}
	b0, w0 := s.Batches(), s.Writes()
	for round := int64(1); round <= 3; round++ {
		var wg sync.WaitGroup
		errs := make([]error, tables)
		for i := range tables {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec := move(i, round, round, fmt.Sprintf("k%d", round))
				switch {
				case round > 1 && i%7 == 0:
					rec.Entry.IdempotencyKey.String = "k1" // used by the first move
				case i%7 == 3:
					rec.Entry.Version = round + 5 // stale: the entry is written, then the version refuses it
				}
				errs[i] = s.RecordMove(ctx, rec)
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if bad := round > 1 && i%7 == 0 || i%7 == 3; bad != (err != nil) {
				t.Fatalf("round %d, table %d: err = %v", round, i, err)
			}
		}
	}
	for i := range tables {
		moves, err := s.Read().ListMoves(ctx, id(i))
		if err != nil {
			t.Fatal(err)
		}
		row, err := s.Read().GetTable(ctx, id(i))
		if err != nil {
			t.Fatal(err)
		}
		want := int64(3)
		switch i % 7 {
		case 0:
			want = 1
		case 3:
			want = 0
		}
		if got := int64(len(moves)); got != want || row.Version != want {
			t.Fatalf("table %d: %d entries, version %d; want %d of each", i, got, row.Version, want)
		}
	}
	if b, w := s.Batches()-b0, s.Writes()-w0; b >= w {
		t.Logf("%d commits for %d writes: no batch of several moves this run", b, w)
	}
}
