package dbtest

import (
	"context"
	"testing"
	"time"

	"tablewarden/db"
)

// Retention (Extras.Pruner): an idle lobby table and an old ended table go,
// with their seats, moves, snapshot and timers; a lobby table with a recent
// join, a young ended table and a table in play stay.
func testPrune(t *testing.T, e Engine) {
	p := e.Extras.Pruner
	if p == nil {
		t.Fatal("the engine offers no Pruner (Extras.Pruner)")
	}
	ctx := context.Background()
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	ts := func(ago time.Duration) string { return now.Add(-ago).Format(time.RFC3339Nano) }
	mk := func(id string, created time.Duration) {
		t.Helper()
		tx(t, e, func(q db.Querier) error {
			return q.CreateTable(ctx, db.CreateTableParams{ID: id, Game: "jumpship", JoinCode: id, Options: "{}", Seed: 1, HostTokenHash: []byte("h"), CreatedAt: ts(created)})
		})
	}
	join := func(id string, ago time.Duration, token string) {
		t.Helper()
		tx(t, e, func(q db.Querier) error {
			return q.AddSeat(ctx, db.AddSeatParams{TableID: id, Seat: 0, Name: "Ann", TokenHash: []byte(token), JoinedAt: ts(ago)})
		})
	}
	play := func(id, status string, ago time.Duration) {
		t.Helper()
		rec := db.MoveRecord{Entry: entry(id, 1, 1, ""), State: "{}", Status: status, HasTimers: true,
			Timers: []db.PutTimerParams{{Name: "turn", Generation: 1, Running: 1, Deadline: ns(ts(0))}}}
		rec.Entry.At = ts(ago)
		record(t, e, rec)
	}
	mk("idle-lobby", 25*time.Hour)
	join("idle-lobby", 25*time.Hour, "t1")
	mk("joined-lobby", 48*time.Hour)
	join("joined-lobby", time.Hour, "t2")
	mk("old-ended", 40*24*time.Hour)
	play("old-ended", "ended", 31*24*time.Hour)
	mk("young-ended", 40*24*time.Hour)
	play("young-ended", "ended", 2*24*time.Hour)
	mk("playing", 90*24*time.Hour)
	play("playing", "playing", 80*24*time.Hour)

	var gone []string
	res, err := p.Prune(ctx, now, 24*time.Hour, 30*24*time.Hour, func(id string) { gone = append(gone, id) })
	if err != nil {
		t.Fatal(err)
	}
	if res.Lobby != 1 || res.Ended != 1 || len(gone) != 2 || gone[0] != "idle-lobby" || gone[1] != "old-ended" {
		t.Fatalf("Prune = %+v, gone %v, want idle-lobby and old-ended", res, gone)
	}
	q := e.Store.Queries()
	for _, id := range []string{"idle-lobby", "old-ended"} {
		if _, err := q.GetTable(ctx, id); !isNoRows(err) {
			t.Fatalf("%s: GetTable err = %v, want sql.ErrNoRows", id, err)
		}
		seats, _ := q.ListSeats(ctx, id)
		moves, _ := q.ListMoves(ctx, id)
		_, snapErr := q.GetSnapshot(ctx, id)
		timers, _ := source(t, e).ListTableTimers(ctx, id)
		if len(seats)+len(moves)+len(timers) != 0 || !isNoRows(snapErr) {
			t.Fatalf("%s left %d seats, %d moves, %d timers, snapshot err %v", id, len(seats), len(moves), len(timers), snapErr)
		}
	}
	for _, id := range []string{"joined-lobby", "young-ended", "playing"} {
		getTable(t, e, id)
	}
	if moves, _ := q.ListMoves(ctx, "young-ended"); len(moves) != 1 {
		t.Fatalf("young-ended has %d moves, want 1", len(moves))
	}
	// Zero durations keep everything.
	if res, err := p.Prune(ctx, now.Add(1000*24*time.Hour), 0, 0, nil); err != nil || res.Lobby+res.Ended != 0 {
		t.Fatalf("Prune(0, 0) = %+v, %v, want nothing deleted", res, err)
	}
}
