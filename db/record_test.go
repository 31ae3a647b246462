package db_test

import (
	"context"
	"database/sql"
	"testing"

	"tablewarden/db"
)

// RecordMove writes a log entry, its snapshot, the timers, the status and
// the version together, or nothing at all.
func TestRecordMove(t *testing.T) { eachEngine(t, testRecordMove) }

func testRecordMove(t *testing.T, s db.Engine) {
	ctx := context.Background()
	if err := s.Tx(ctx, func(q db.Querier) error { return addTable(ctx, q, "T1") }); err != nil {
		t.Fatal(err)
	}
	rec := func(seq, version int64, key string) db.MoveRecord {
		return db.MoveRecord{
			Entry: db.AppendMoveParams{TableID: "T1", Seq: seq, Kind: "move", Actor: "{}", Type: "x", Args: "{}", At: "now", Events: "[]",
				IdempotencyKey: sql.NullString{String: key, Valid: key != ""}, Version: version},
			State:     "state-" + key,
			Timers:    []db.PutTimerParams{{Name: "t", Generation: seq, Running: 1, Deadline: sql.NullString{String: "2030-01-01T00:00:00Z", Valid: true}}},
			HasTimers: true,
			Status:    "ended",
		}
	}
	if err := s.RecordMove(ctx, rec(1, 1, "a")); err != nil {
		t.Fatalf("RecordMove: %v", err)
	}
	// A stale version and a used key each write nothing.
	for name, r := range map[string]db.MoveRecord{"stale version": rec(2, 5, "b"), "used key": rec(2, 2, "a")} {
		if err := s.RecordMove(ctx, r); err == nil {
			t.Fatalf("%s: RecordMove succeeded", name)
		}
	}
	q := s.Queries()
	moves, _ := q.ListMoves(ctx, "T1")
	snap, _ := q.GetSnapshot(ctx, "T1")
	row, _ := q.GetTable(ctx, "T1")
	timers, _ := q.ListTableTimers(ctx, "T1")
	if got, want := len(moves), 1; got != want {
		t.Fatalf("%d log entries, want %d", got, want)
	}
	if snap.Seq != 1 || snap.State != "state-a" || row.Version != 1 || row.Status != "ended" || len(timers) != 1 || timers[0].Generation != 1 {
		t.Fatalf("after one record: snapshot %+v, table v%d %s, timers %+v", snap, row.Version, row.Status, timers)
	}
}
