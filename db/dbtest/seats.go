package dbtest

import (
	"context"
	"reflect"
	"testing"

	"tablewarden/db"
)

// Seats join, are removed in the lobby, dropped and renumbered at start,
// and change devices (a token hash, or none).
func testSeats(t *testing.T, e Engine) {
	ctx := context.Background()
	createTable(t, e, "T1", "CODE0001")
	names := []string{"Ann", "Bob", "Cid"}
	tx(t, e, func(q db.Querier) error {
		for i, n := range names {
			if err := q.AddSeat(ctx, db.AddSeatParams{TableID: "T1", Seat: int64(i), Name: n, TokenHash: []byte{byte(10 + i)}, JoinedAt: "2026-11-30T10:01:00Z"}); err != nil {
				return err
			}
		}
		return q.RemoveSeat(ctx, db.RemoveSeatParams{TableID: "T1", Seat: 1})
	})
	seats, err := e.Store.Queries().ListSeats(ctx, "T1")
	if err != nil {
		t.Fatal(err)
	}
	want := []db.Seat{
		{TableID: "T1", Seat: 0, Name: "Ann", TokenHash: []byte{10}, JoinedAt: "2026-11-30T10:01:00Z"},
		{TableID: "T1", Seat: 1, Name: "Bob", TokenHash: []byte{11}, Removed: 1, JoinedAt: "2026-11-30T10:01:00Z"},
		{TableID: "T1", Seat: 2, Name: "Cid", TokenHash: []byte{12}, JoinedAt: "2026-11-30T10:01:00Z"},
	}
	if !reflect.DeepEqual(seats, want) {
		t.Fatalf("ListSeats after a removal =\n%#v\nwant\n%#v", seats, want)
	}
	tx(t, e, func(q db.Querier) error {
		if err := q.DeleteRemovedSeats(ctx, "T1"); err != nil {
			return err
		}
		if err := q.RenumberSeat(ctx, db.RenumberSeatParams{Seat: 1, TableID: "T1", Seat_2: 2}); err != nil {
			return err
		}
		if err := q.SetSeatToken(ctx, db.SetSeatTokenParams{TokenHash: nil, TableID: "T1", Seat: 0}); err != nil {
			return err
		}
		return q.SetSeatToken(ctx, db.SetSeatTokenParams{TokenHash: []byte{99}, TableID: "T1", Seat: 1})
	})
	seats, err = e.Store.Queries().ListSeats(ctx, "T1")
	if err != nil {
		t.Fatal(err)
	}
	want = []db.Seat{
		{TableID: "T1", Seat: 0, Name: "Ann", JoinedAt: "2026-11-30T10:01:00Z"},
		{TableID: "T1", Seat: 1, Name: "Cid", TokenHash: []byte{99}, JoinedAt: "2026-11-30T10:01:00Z"},
	}
	if !reflect.DeepEqual(seats, want) {
		t.Fatalf("ListSeats after start's renumbering and new devices =\n%#v\nwant\n%#v", seats, want)
	}
	if seats, err := e.Store.Queries().ListSeats(ctx, "nope"); err != nil || len(seats) != 0 {
		t.Fatalf("ListSeats(unknown) = %v, %v, want none", seats, err)
	}
}
