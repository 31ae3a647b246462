package dbtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"tablewarden/db"
)

func sql64(n int64) sql.NullInt64 { return sql.NullInt64{Int64: n, Valid: true} }

// A table has at most one snapshot, which a later one replaces.
func testSnapshots(t *testing.T, e Engine) {
	ctx := context.Background()
	createTable(t, e, "T1", "CODE0001")
	if _, err := e.Store.Queries().GetSnapshot(ctx, "T1"); !isNoRows(err) {
		t.Fatalf("GetSnapshot before any: err = %v, want sql.ErrNoRows", err)
	}
	state := "{\"name\":\"Zoë ✓\",\"n\":[1,2]}"
	tx(t, e, func(q db.Querier) error {
		if err := q.PutSnapshot(ctx, db.PutSnapshotParams{TableID: "T1", Seq: 1, State: "old"}); err != nil {
			return err
		}
		return q.PutSnapshot(ctx, db.PutSnapshotParams{TableID: "T1", Seq: 4, State: state})
	})
	snap, err := e.Store.Queries().GetSnapshot(ctx, "T1")
	if err != nil || snap != (db.Snapshot{TableID: "T1", Seq: 4, State: state}) {
		t.Fatalf("GetSnapshot = %#v, %v, want seq 4 with its state byte for byte", snap, err)
	}
}

// Timers are replaced by name; the running ones of every table are listed
// by deadline; DeleteTimers drops a table's.
func testTimers(t *testing.T, e Engine) {
	ctx := context.Background()
	createTable(t, e, "T1", "CODE0001")
	createTable(t, e, "T2", "CODE0002")
	tx(t, e, func(q db.Querier) error {
		for _, p := range []db.PutTimerParams{
			{TableID: "T1", Name: "turn", Generation: 1, Running: 1, Deadline: ns("2030-01-01T00:00:09Z")},
			{TableID: "T1", Name: "turn", Generation: 2, Running: 1, Deadline: ns("2030-01-01T00:00:05Z")},
			{TableID: "T1", Name: "paused", Generation: 1, RemainingMs: 700},
			{TableID: "T2", Name: "round", Generation: 4, Running: 1, Deadline: ns("2030-01-01T00:00:01Z")},
		} {
			if err := q.PutTimer(ctx, p); err != nil {
				return err
			}
		}
		return nil
	})
	running, err := e.Store.Queries().ListRunningTimers(ctx)
	want := []db.Timer{
		{TableID: "T2", Name: "round", Generation: 4, Running: 1, Deadline: ns("2030-01-01T00:00:01Z")},
		{TableID: "T1", Name: "turn", Generation: 2, Running: 1, Deadline: ns("2030-01-01T00:00:05Z")},
	}
	if err != nil || !reflect.DeepEqual(running, want) {
		t.Fatalf("ListRunningTimers = %#v, %v\nwant %#v", running, err, want)
	}
	tx(t, e, func(q db.Querier) error { return q.DeleteTimers(ctx, "T1") })
	if ts, err := source(t, e).ListTableTimers(ctx, "T1"); err != nil || len(ts) != 0 {
		t.Fatalf("T1's timers after DeleteTimers = %v, %v, want none", ts, err)
	}
	if ts, _ := source(t, e).ListTableTimers(ctx, "T2"); len(ts) != 1 {
		t.Fatalf("T2's timers after T1's were deleted = %v, want its one", ts)
	}
}

// A hand-over code is created, listed while open, used once, cancelled,
// and follows its seat when start renumbers the seats.
func testHandovers(t *testing.T, e Engine) {
	ctx := context.Background()
	createTable(t, e, "T1", "CODE0001")
	const now = "2026-11-30T10:00:00Z"
	var used, usedAgain, expired, cancelled int64
	tx(t, e, func(q db.Querier) error {
		for _, h := range []db.CreateHandoverParams{
			{CodeHash: []byte("c0"), TableID: "T1", Seat: 0, ExpiresAt: "2026-11-30T10:10:00Z"},
			{CodeHash: []byte("c1"), TableID: "T1", Seat: 1, ExpiresAt: "2026-11-30T10:10:00Z"},
			{CodeHash: []byte("c2"), TableID: "T1", Seat: 2, ExpiresAt: "2026-11-30T09:59:00Z"},
			{CodeHash: []byte("c3"), TableID: "T1", Seat: 3, ExpiresAt: "2026-11-30T10:10:00Z"},
		} {
			if err := q.CreateHandover(ctx, h); err != nil {
				return err
			}
		}
		return nil
	})
	open, err := e.Store.Queries().ListOpenHandovers(ctx, db.ListOpenHandoversParams{TableID: "T1", ExpiresAt: now})
	wantOpen := []db.ListOpenHandoversRow{{Seat: 0, ExpiresAt: "2026-11-30T10:10:00Z"}, {Seat: 1, ExpiresAt: "2026-11-30T10:10:00Z"}, {Seat: 3, ExpiresAt: "2026-11-30T10:10:00Z"}}
	if err != nil || !reflect.DeepEqual(open, wantOpen) {
		t.Fatalf("ListOpenHandovers = %#v, %v, want seats 0, 1 and 3 (2 expired)", open, err)
	}
	h, err := e.Store.Queries().GetHandover(ctx, []byte("c1"))
	if err != nil || !reflect.DeepEqual(h, db.Handover{CodeHash: []byte("c1"), TableID: "T1", Seat: 1, ExpiresAt: "2026-11-30T10:10:00Z"}) {
		t.Fatalf("GetHandover = %#v, %v", h, err)
	}
	if _, err := e.Store.Queries().GetHandover(ctx, []byte("none")); !isNoRows(err) {
		t.Fatalf("GetHandover(unknown) err = %v, want sql.ErrNoRows", err)
	}
	tx(t, e, func(q db.Querier) error {
		var err error
		if used, err = q.UseHandover(ctx, db.UseHandoverParams{CodeHash: []byte("c1"), ExpiresAt: now}); err != nil {
			return err
		}
		if usedAgain, err = q.UseHandover(ctx, db.UseHandoverParams{CodeHash: []byte("c1"), ExpiresAt: now}); err != nil {
			return err
		}
		if expired, err = q.UseHandover(ctx, db.UseHandoverParams{CodeHash: []byte("c2"), ExpiresAt: now}); err != nil {
			return err
		}
		if cancelled, err = q.CancelSeatHandovers(ctx, db.CancelSeatHandoversParams{TableID: "T1", Seat: 0}); err != nil {
			return err
		}
		return q.RenumberHandovers(ctx, db.RenumberHandoversParams{Seat: 2, TableID: "T1", Seat_2: 3})
	})
	if used != 1 || usedAgain != 0 || expired != 0 || cancelled != 1 {
		t.Fatalf("use %d, use again %d, use expired %d, cancel %d; want 1, 0, 0, 1", used, usedAgain, expired, cancelled)
	}
	if n, err := e.Store.Queries().CountUsedHandovers(ctx, db.CountUsedHandoversParams{TableID: "T1", Seat: 1}); err != nil || n != 1 {
		t.Fatalf("CountUsedHandovers(seat 1) = %d, %v, want 1", n, err)
	}
	open, err = e.Store.Queries().ListOpenHandovers(ctx, db.ListOpenHandoversParams{TableID: "T1", ExpiresAt: now})
	if err != nil || !reflect.DeepEqual(open, []db.ListOpenHandoversRow{{Seat: 2, ExpiresAt: "2026-11-30T10:10:00Z"}}) {
		t.Fatalf("ListOpenHandovers after use, cancel and renumbering = %#v, %v, want seat 2 (was 3) alone", open, err)
	}
	all, err := source(t, e).ListTableHandovers(ctx, "T1")
	if err != nil || len(all) != 3 {
		t.Fatalf("ListTableHandovers = %d codes, %v, want 3 (the cancelled one is gone)", len(all), err)
	}
}

// A table's rematch is recorded once.
func testRematch(t *testing.T, e Engine) {
	createTable(t, e, "T1", "CODE0001")
	createTable(t, e, "R1", "CODE0002")
	createTable(t, e, "R2", "CODE0003")
	var first, second int64
	tx(t, e, func(q db.Querier) error {
		var err error
		if first, err = q.SetRematch(context.Background(), db.SetRematchParams{RematchID: ns("R1"), ID: "T1"}); err != nil {
			return err
		}
		second, err = q.SetRematch(context.Background(), db.SetRematchParams{RematchID: ns("R2"), ID: "T1"})
		return err
	})
	if first != 1 || second != 0 {
		t.Fatalf("SetRematch rows = %d then %d, want 1 then 0", first, second)
	}
	if got := getTable(t, e, "T1").RematchID; got != ns("R1") {
		t.Fatalf("RematchID = %v, want R1", got)
	}
}

// LockTable reads a table's stored version inside a write (other writers
// wait), as BumpTableVersion moves it on.
func testLockTable(t *testing.T, e Engine) {
	ctx := context.Background()
	createTable(t, e, "T1", "CODE0001")
	var before, bumped, after int64
	tx(t, e, func(q db.Querier) error {
		var err error
		if before, err = q.LockTable(ctx, "T1"); err != nil {
			return err
		}
		if bumped, err = q.BumpTableVersion(ctx, "T1"); err != nil {
			return err
		}
		after, err = q.LockTable(ctx, "T1")
		return err
	})
	if before != 0 || bumped != 1 || after != 1 {
		t.Fatalf("LockTable %d, BumpTableVersion %d, LockTable %d; want 0, 1, 1", before, bumped, after)
	}
	err := e.Store.Tx(ctx, func(q db.Querier) error {
		_, err := q.LockTable(ctx, "nope")
		return err
	})
	if !isNoRows(err) {
		t.Fatalf("LockTable(unknown) err = %v, want sql.ErrNoRows", err)
	}
}

// A transaction whose function fails writes nothing and returns its error.
func testTxRollback(t *testing.T, e Engine) {
	ctx := context.Background()
	createTable(t, e, "T1", "CODE0001")
	boom := errors.New("boom")
	err := e.Store.Tx(ctx, func(q db.Querier) error {
		if err := q.CreateTable(ctx, db.CreateTableParams{ID: "T2", Game: "jumpship", JoinCode: "CODE0002", Options: "{}", Seed: 1, HostTokenHash: []byte("h"), CreatedAt: "x"}); err != nil {
			return err
		}
		if err := q.AddSeat(ctx, db.AddSeatParams{TableID: "T1", Seat: 0, Name: "Ann", JoinedAt: "x"}); err != nil {
			return err
		}
		if _, err := q.BumpTableVersion(ctx, "T1"); err != nil {
			return err
		}
		return fmt.Errorf("wrapped: %w", boom)
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Tx err = %v, want the function's error", err)
	}
	if _, err := e.Store.Queries().GetTable(ctx, "T2"); !isNoRows(err) {
		t.Fatalf("the rolled-back table is there (err %v)", err)
	}
	if seats, _ := e.Store.Queries().ListSeats(ctx, "T1"); len(seats) != 0 {
		t.Fatalf("the rolled-back seat is there: %v", seats)
	}
	if v := getTable(t, e, "T1").Version; v != 0 {
		t.Fatalf("version %d after a rolled-back bump, want 0", v)
	}
}

// A lookup by a string no engine can store (a NUL byte, invalid UTF-8,
// from a hostile request) finds nothing instead of failing.
func testUnstorableLookups(t *testing.T, e Engine) {
	ctx := context.Background()
	createTable(t, e, "T1", "CODE0001")
	q := e.Store.Queries()
	for _, s := range []string{"T1\x00", "\xff\xfe"} {
		if _, err := q.GetTable(ctx, s); !isNoRows(err) {
			t.Fatalf("GetTable(%q) err = %v, want sql.ErrNoRows", s, err)
		}
		if _, err := q.GetTableByJoinCode(ctx, s); !isNoRows(err) {
			t.Fatalf("GetTableByJoinCode(%q) err = %v, want sql.ErrNoRows", s, err)
		}
		if _, err := q.GetMoveByKey(ctx, db.GetMoveByKeyParams{TableID: "T1", IdempotencyKey: ns(s)}); !isNoRows(err) {
			t.Fatalf("GetMoveByKey(%q) err = %v, want sql.ErrNoRows", s, err)
		}
	}
}
