package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"reflect"
	"testing"

	"tablewarden/db"
	"tablewarden/db/pgtest"
)

// scenario runs the same writes and reads through the Querier of an
// engine and returns everything read, so that the two engines can be
// compared.
func scenario(t *testing.T, write func(func(q db.Querier) error) error, read db.Querier) []any {
	t.Helper()
	ctx := context.Background()
	var out []any
	ns := func(s string) sql.NullString { return sql.NullString{String: s, Valid: true} }
	err := write(func(q db.Querier) error {
		if err := q.CreateTable(ctx, db.CreateTableParams{ID: "T1", Game: "jumpship", JoinCode: "ABC", Options: `{"x":1}`, Seed: 42, HostTokenHash: []byte{1, 2}, CreatedAt: "2026-11-30T10:00:00Z"}); err != nil {
			return err
		}
		if err := q.WriteTable(ctx, db.WriteTableParams{ID: "T2", Game: "lockup", JoinCode: "DEF", Options: "{}", Seed: 7, HostTokenHash: []byte{3},
			Status: "playing", Version: 12, CreatedAt: "2026-11-30T09:00:00Z", StartedAt: ns("2026-11-30T09:01:00Z"), Locked: 1, RematchID: ns("T1")}); err != nil {
			return err
		}
		for i, name := range []string{"Ann", "Bob", "Cid"} {
			if err := q.AddSeat(ctx, db.AddSeatParams{TableID: "T1", Seat: int64(i), Name: name, TokenHash: []byte{byte(10 + i)}, JoinedAt: "2026-11-30T10:01:00Z"}); err != nil {
				return err
			}
		}
		if err := q.RemoveSeat(ctx, db.RemoveSeatParams{TableID: "T1", Seat: 1}); err != nil {
			return err
		}
		if err := q.DeleteRemovedSeats(ctx, "T1"); err != nil {
			return err
		}
		if err := q.RenumberSeat(ctx, db.RenumberSeatParams{Seat: 1, TableID: "T1", Seat_2: 2}); err != nil {
			return err
		}
		n, err := q.StartTable(ctx, db.StartTableParams{StartedAt: ns("2026-11-30T10:02:00.5Z"), ID: "T1"})
		out = append(out, n, err)
		for seq := int64(1); seq <= 3; seq++ {
			v, err := q.BumpTableVersion(ctx, "T1")
			if err != nil {
				return err
			}
			if err := q.AppendMove(ctx, db.AppendMoveParams{TableID: "T1", Seq: seq, Kind: "move", Actor: `{"seat":0}`, Type: "roll", Args: "{}", At: "2026-11-30T10:03:00.123456789Z",
				IdempotencyKey: ns("k" + string(rune('0'+seq))), Events: "[]", Reveals: seq % 2, Version: v}); err != nil {
				return err
			}
		}
		if err := q.AppendMove(ctx, db.AppendMoveParams{TableID: "T1", Seq: 4, Kind: "undo", Actor: `"host"`, Type: "undo", Args: "{}", At: "2026-11-30T10:04:00Z",
			Events: "[]", Undoes: sql.NullInt64{Int64: 3, Valid: true}, Version: 4}); err != nil {
			return err
		}
		if err := q.MarkUndone(ctx, db.MarkUndoneParams{TableID: "T1", Seq: 3}); err != nil {
			return err
		}
		if err := q.PutSnapshot(ctx, db.PutSnapshotParams{TableID: "T1", Seq: 4, State: `{"b":1,"a":[2]}`}); err != nil {
			return err
		}
		if err := q.PutTimer(ctx, db.PutTimerParams{TableID: "T1", Name: "turn", Generation: 2, Running: 1, Deadline: ns("2026-11-30T10:05:00.25Z")}); err != nil {
			return err
		}
		if err := q.PutTimer(ctx, db.PutTimerParams{TableID: "T1", Name: "paused", Generation: 1, RemainingMs: 1500}); err != nil {
			return err
		}
		return q.SetTableStatus(ctx, db.SetTableStatusParams{Status: "playing", ID: "T1"})
	})
	if err != nil {
		t.Fatalf("writes: %v", err)
	}
	// A used idempotency key fails as a duplicate of the key's unique
	// index, named alike on both engines, and writes nothing.
	err = write(func(q db.Querier) error {
		return q.AppendMove(ctx, db.AppendMoveParams{TableID: "T1", Seq: 5, Kind: "move", Actor: "{}", Type: "roll", Args: "{}", At: "x", IdempotencyKey: ns("k1"), Events: "[]", Version: 5})
	})
	if !db.IsDuplicate(err, db.UniqueIdempotencyKey) {
		t.Fatalf("used key: %v, want a *db.ErrDuplicate on %s", err, db.UniqueIdempotencyKey)
	}
	_, err = read.GetTable(ctx, "nope")
	out = append(out, errors.Is(err, sql.ErrNoRows))
	tb, err := read.GetTable(ctx, "T1")
	out = append(out, tb, err)
	tb, err = read.GetTable(ctx, "T2")
	out = append(out, tb, err)
	tb, err = read.GetTableByJoinCode(ctx, "ABC")
	out = append(out, tb.ID, err)
	seats, err := read.ListSeats(ctx, "T1")
	out = append(out, seats, err)
	moves, err := read.ListMoves(ctx, "T1")
	out = append(out, moves, err)
	recent, err := read.ListRecentMoves(ctx, db.ListRecentMovesParams{TableID: "T1", Limit: 2})
	out = append(out, recent, err)
	m, err := read.GetMoveByKey(ctx, db.GetMoveByKeyParams{TableID: "T1", IdempotencyKey: ns("k2")})
	out = append(out, m, err)
	last, err := read.LastMoveSeq(ctx, "T1")
	out = append(out, last, err)
	none, err := read.LastMoveSeq(ctx, "nope")
	out = append(out, none, err)
	snap, err := read.GetSnapshot(ctx, "T1")
	out = append(out, snap, err)
	running, err := read.ListRunningTimers(ctx)
	out = append(out, running, err)
	timers, err := read.ListTableTimers(ctx, "T1")
	out = append(out, timers, err)
	ids, err := read.ListTableIDs(ctx)
	out = append(out, ids, err)
	nt, err := read.CountTables(ctx)
	out = append(out, nt, err)
	if err := write(func(q db.Querier) error { return q.DeleteTimers(ctx, "T1") }); err != nil {
		t.Fatal(err)
	}
	timers, err = read.ListTableTimers(ctx, "T1")
	out = append(out, len(timers), err)
	return out
}

// TestQuerierSameOnBothEngines runs one scenario of every query through
// SQLite's store and PostgreSQL's, and compares all that was read.
func TestQuerierSameOnBothEngines(t *testing.T) {
	url := pgtest.URL(t)
	s, _ := open(t)
	want := scenario(t, func(fn func(q db.Querier) error) error {
		return s.Write(context.Background(), func(q *db.Queries) error { return fn(q) })
	}, s.Read())
	p, err := db.OpenPG(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	got := scenario(t, func(fn func(q db.Querier) error) error { return p.Tx(context.Background(), fn) }, p.Queries())
	if len(got) != len(want) {
		t.Fatalf("%d results on PostgreSQL, %d on SQLite", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("result %d:\nPostgreSQL %#v\nSQLite     %#v", i, got[i], want[i])
		}
	}
}
