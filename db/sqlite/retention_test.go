package sqlite_test

import (
	"context"
	"testing"
	"time"

	"tablewarden/db"
)

// TestPrune: an idle lobby table and an old ended table go, with all their
// rows; a lobby table with a recent join, a young ended table and a table
// in play stay.
func TestPrune(t *testing.T) { eachEngine(t, testPrune) }

func testPrune(t *testing.T, s db.Engine) {
	ctx := context.Background()
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	ts := func(ago time.Duration) string { return now.Add(-ago).Format(time.RFC3339Nano) }
	mk := func(id, status string, created time.Duration) {
		t.Helper()
		err := s.Tx(ctx, func(q db.Querier) error {
			if err := q.CreateTable(ctx, db.CreateTableParams{ID: id, Game: "jumpship", JoinCode: id, Options: "{}", Seed: 1, HostTokenHash: []byte("h"), CreatedAt: ts(created)}); err != nil {
				return err
			}
			if status != "lobby" {
				return q.SetTableStatus(ctx, db.SetTableStatusParams{Status: status, ID: id})
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	write := func(fn func(q db.Querier) error) {
		t.Helper()
		if err := s.Tx(ctx, fn); err != nil {
			t.Fatal(err)
		}
	}
	mk("idle-lobby", "lobby", 25*time.Hour)
	write(func(q db.Querier) error {
		return q.AddSeat(ctx, db.AddSeatParams{TableID: "idle-lobby", Seat: 0, Name: "Ann", TokenHash: []byte("t1"), JoinedAt: ts(25 * time.Hour)})
	})
	mk("joined-lobby", "lobby", 48*time.Hour)
	write(func(q db.Querier) error {
		return q.AddSeat(ctx, db.AddSeatParams{TableID: "joined-lobby", Seat: 0, Name: "Ann", TokenHash: []byte("t2"), JoinedAt: ts(time.Hour)})
	})
	mk("old-ended", "ended", 40*24*time.Hour)
	mk("young-ended", "ended", 40*24*time.Hour)
	mk("playing", "playing", 90*24*time.Hour)
	for _, m := range []struct {
		id  string
		ago time.Duration
	}{{"old-ended", 31 * 24 * time.Hour}, {"young-ended", 2 * 24 * time.Hour}} {
		write(func(q db.Querier) error {
			if err := q.AppendMove(ctx, db.AppendMoveParams{TableID: m.id, Seq: 1, Kind: "move", Actor: "{}", Type: "x", Args: "{}", At: ts(m.ago), Events: "[]"}); err != nil {
				return err
			}
			return q.PutSnapshot(ctx, db.PutSnapshotParams{TableID: m.id, Seq: 1, State: "{}"})
		})
	}
	var gone []string
	p := s.(db.Pruner)
	res, err := p.Prune(ctx, now, 24*time.Hour, 30*24*time.Hour, func(id string) { gone = append(gone, id) })
	if err != nil {
		t.Fatal(err)
	}
	if res.Lobby != 1 || res.Ended != 1 || len(gone) != 2 || gone[0] != "idle-lobby" || gone[1] != "old-ended" {
		t.Fatalf("Prune = %+v, gone %v, want idle-lobby and old-ended", res, gone)
	}
	for _, c := range []struct {
		sql  string
		want int
	}{
		{"SELECT count(*) FROM game_tables", 3},
		{"SELECT count(*) FROM seats WHERE table_id = 'idle-lobby'", 0},
		{"SELECT count(*) FROM moves WHERE table_id = 'old-ended'", 0},
		{"SELECT count(*) FROM snapshots WHERE table_id = 'old-ended'", 0},
		{"SELECT count(*) FROM moves WHERE table_id = 'young-ended'", 1},
		{"SELECT count(*) FROM seats WHERE table_id = 'joined-lobby'", 1},
	} {
		if n := count(t, s, c.sql); n != c.want {
			t.Errorf("%s = %d, want %d", c.sql, count(t, s, c.sql), c.want)
		}
	}
	// Zero durations keep everything.
	if res, err := p.Prune(ctx, now.Add(1000*24*time.Hour), 0, 0, nil); err != nil || res.Lobby+res.Ended != 0 {
		t.Fatalf("Prune(0, 0) = %+v, %v, want nothing deleted", res, err)
	}
}
