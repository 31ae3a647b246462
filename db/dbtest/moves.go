package dbtest

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"tablewarden/db"
)

// moveOf is the log entry that AppendMoveParams p stores.
func moveOf(p db.AppendMoveParams) db.Move {
	return db.Move{TableID: p.TableID, Seq: p.Seq, Kind: p.Kind, Actor: p.Actor, Type: p.Type, Args: p.Args, At: p.At,
		IdempotencyKey: p.IdempotencyKey, Events: p.Events, Reveals: p.Reveals, Undoes: p.Undoes, Version: p.Version}
}

// RecordMove writes the entry, the snapshot, the timers, the status and
// the version together.
func testRecordMove(t *testing.T, e Engine) {
	ctx := context.Background()
	createTable(t, e, "T1", "CODE0001")
	rec := db.MoveRecord{
		Entry:     entry("T1", 1, 1, "a"),
		State:     `{"b":1,"a":[2]}`,
		Timers:    []db.PutTimerParams{{Name: "turn", Generation: 1, Running: 1, Deadline: ns("2030-01-01T00:00:00.25Z")}, {Name: "paused", Generation: 3, RemainingMs: 1500}},
		HasTimers: true,
		Status:    "ended",
	}
	record(t, e, rec)
	q := e.Store.Queries()
	moves, err := q.ListMoves(ctx, "T1")
	if err != nil || !reflect.DeepEqual(moves, []db.Move{moveOf(rec.Entry)}) {
		t.Fatalf("ListMoves = %#v, %v, want the entry", moves, err)
	}
	snap, err := q.GetSnapshot(ctx, "T1")
	if err != nil || snap != (db.Snapshot{TableID: "T1", Seq: 1, State: rec.State}) {
		t.Fatalf("GetSnapshot = %#v, %v, want the state after seq 1", snap, err)
	}
	row := getTable(t, e, "T1")
	if row.Version != 1 || row.Status != "ended" {
		t.Fatalf("table version %d, status %s; want 1, ended", row.Version, row.Status)
	}
	timers, err := source(t, e).ListTableTimers(ctx, "T1")
	want := []db.Timer{
		{TableID: "T1", Name: "paused", Generation: 3, RemainingMs: 1500},
		{TableID: "T1", Name: "turn", Generation: 1, Running: 1, Deadline: ns("2030-01-01T00:00:00.25Z")},
	}
	if err != nil || !reflect.DeepEqual(timers, want) {
		t.Fatalf("ListTableTimers = %#v, %v\nwant %#v", timers, err, want)
	}
	// No state stores no snapshot; HasTimers false leaves the timers.
	record(t, e, db.MoveRecord{Entry: entry("T1", 2, 2, "")})
	if snap, _ := q.GetSnapshot(ctx, "T1"); snap.Seq != 1 {
		t.Fatalf("snapshot seq %d after a move without a state, want 1", snap.Seq)
	}
	if timers, _ := source(t, e).ListTableTimers(ctx, "T1"); len(timers) != 2 {
		t.Fatalf("%d timers after a move that leaves them, want 2", len(timers))
	}
	if v := getTable(t, e, "T1").Version; v != 2 {
		t.Fatalf("version %d, want 2", v)
	}
}

// writtenNothing checks that table T1 is still as one recorded move left it.
func writtenNothing(t *testing.T, e Engine, what string) {
	t.Helper()
	ctx := context.Background()
	q := e.Store.Queries()
	moves, _ := q.ListMoves(ctx, "T1")
	snap, _ := q.GetSnapshot(ctx, "T1")
	row := getTable(t, e, "T1")
	timers, _ := source(t, e).ListTableTimers(ctx, "T1")
	if len(moves) != 1 || snap.Seq != 1 || snap.State != "s1" || row.Version != 1 || row.Status != "playing" || len(timers) != 1 || timers[0].Generation != 1 {
		t.Fatalf("after %s: %d log entries, snapshot %+v, table v%d %s, timers %+v; want what the first move wrote alone",
			what, len(moves), snap, row.Version, row.Status, timers)
	}
}

func firstMove(t *testing.T, e Engine) {
	t.Helper()
	createTable(t, e, "T1", "CODE0001")
	record(t, e, db.MoveRecord{Entry: entry("T1", 1, 1, "k1"), State: "s1", HasTimers: true, Status: "playing",
		Timers: []db.PutTimerParams{{Name: "turn", Generation: 1, Running: 1, Deadline: ns("2030-01-01T00:00:00Z")}}})
}

// A move whose version is not the stored one's next is ErrStale and
// writes nothing: not its entry, its snapshot, its timers or its status.
func testRecordMoveStale(t *testing.T, e Engine) {
	firstMove(t, e)
	for _, v := range []int64{1, 3, 7} {
		err := e.Store.RecordMove(context.Background(), db.MoveRecord{Entry: entry("T1", 2, v, "k2"), State: "s2", HasTimers: true, Status: "ended",
			Timers: []db.PutTimerParams{{Name: "turn", Generation: 2, Running: 1, Deadline: ns("2031-01-01T00:00:00Z")}}})
		if !errors.Is(err, db.ErrStale) {
			t.Fatalf("RecordMove at version %d over version 1: err = %v, want db.ErrStale", v, err)
		}
		writtenNothing(t, e, "a stale move")
	}
}

// A used idempotency key is an *ErrDuplicate on UniqueIdempotencyKey and
// writes nothing.
func testRecordMoveUsedKey(t *testing.T, e Engine) {
	firstMove(t, e)
	err := e.Store.RecordMove(context.Background(), db.MoveRecord{Entry: entry("T1", 2, 2, "k1"), State: "s2", HasTimers: true, Status: "ended"})
	if !db.IsDuplicate(err, db.UniqueIdempotencyKey) {
		t.Fatalf("RecordMove with a used key: err = %v, want *db.ErrDuplicate on %s", err, db.UniqueIdempotencyKey)
	}
	writtenNothing(t, e, "a used key")
}

// The log reads whole, after a seq, newest first with a limit, and by
// idempotency key.
func testMoves(t *testing.T, e Engine) {
	ctx := context.Background()
	createTable(t, e, "T1", "CODE0001")
	createTable(t, e, "T2", "CODE0002")
	var want []db.Move
	for seq := int64(1); seq <= 4; seq++ {
		p := entry("T1", seq, seq, "k"+string(rune('0'+seq)))
		record(t, e, db.MoveRecord{Entry: p})
		want = append(want, moveOf(p))
	}
	record(t, e, db.MoveRecord{Entry: entry("T2", 1, 1, "k1")})
	q := e.Store.Queries()
	if got, err := q.ListMoves(ctx, "T1"); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("ListMoves = %#v, %v\nwant %#v", got, err, want)
	}
	if got, err := q.ListMovesAfter(ctx, db.ListMovesAfterParams{TableID: "T1", Seq: 2}); err != nil || !reflect.DeepEqual(got, want[2:]) {
		t.Fatalf("ListMovesAfter(2) = %#v, %v, want seqs 3 and 4", got, err)
	}
	if got, err := q.ListRecentMoves(ctx, db.ListRecentMovesParams{TableID: "T1", Limit: 2}); err != nil || !reflect.DeepEqual(got, []db.Move{want[3], want[2]}) {
		t.Fatalf("ListRecentMoves(2) = %#v, %v, want seqs 4 and 3", got, err)
	}
	if got, err := q.GetMoveByKey(ctx, db.GetMoveByKeyParams{TableID: "T1", IdempotencyKey: ns("k2")}); err != nil || !reflect.DeepEqual(got, want[1]) {
		t.Fatalf("GetMoveByKey(k2) = %#v, %v, want seq 2", got, err)
	}
	if _, err := q.GetMoveByKey(ctx, db.GetMoveByKeyParams{TableID: "T1", IdempotencyKey: ns("k9")}); !isNoRows(err) {
		t.Fatalf("GetMoveByKey(unknown key) err = %v, want sql.ErrNoRows", err)
	}
	if last, err := q.LastMoveSeq(ctx, "T1"); err != nil || last != 4 {
		t.Fatalf("LastMoveSeq = %d, %v, want 4", last, err)
	}
	if last, err := q.LastMoveSeq(ctx, "nope"); err != nil || last != 0 {
		t.Fatalf("LastMoveSeq(unknown) = %d, %v, want 0", last, err)
	}
}

// An undo is an entry of its own that marks the entry it takes back
// undone, in the same commit.
func testUndo(t *testing.T, e Engine) {
	ctx := context.Background()
	createTable(t, e, "T1", "CODE0001")
	record(t, e, db.MoveRecord{Entry: entry("T1", 1, 1, "")})
	record(t, e, db.MoveRecord{Entry: entry("T1", 2, 2, "")})
	undo := db.AppendMoveParams{TableID: "T1", Seq: 3, Kind: "undo", Actor: `"host"`, Type: "undo", Args: "{}", At: "2026-11-30T10:04:00Z",
		Events: "[]", Undoes: sql64(2), Version: 3}
	record(t, e, db.MoveRecord{Entry: undo, State: "after-undo", Undoes: 2})
	moves, err := e.Store.Queries().ListMoves(ctx, "T1")
	if err != nil || len(moves) != 3 {
		t.Fatalf("ListMoves = %d entries, %v, want 3", len(moves), err)
	}
	if moves[0].Undone != 0 || moves[1].Undone != 1 || moves[2].Undone != 0 || moves[2].Undoes != sql64(2) || moves[2].Kind != "undo" {
		t.Fatalf("after an undo of seq 2: undone %d %d %d, undo entry %+v", moves[0].Undone, moves[1].Undone, moves[2].Undone, moves[2])
	}
	// A stale undo marks nothing.
	err = e.Store.RecordMove(ctx, db.MoveRecord{Entry: db.AppendMoveParams{TableID: "T1", Seq: 4, Kind: "undo", Actor: `"host"`, Type: "undo", Args: "{}",
		At: "2026-11-30T10:05:00Z", Events: "[]", Undoes: sql64(1), Version: 9}, Undoes: 1})
	if !errors.Is(err, db.ErrStale) {
		t.Fatalf("stale undo err = %v, want db.ErrStale", err)
	}
	if moves, _ := e.Store.Queries().ListMoves(ctx, "T1"); len(moves) != 3 || moves[0].Undone != 0 {
		t.Fatalf("a stale undo wrote: %+v", moves)
	}
}
