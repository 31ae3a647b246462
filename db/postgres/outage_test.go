package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"tablewarden/db"
	"tablewarden/db/pgtest"
	"tablewarden/db/postgres"
)

// TestPGOutage stops the PostgreSQL server under an open store: Ping and
// moves fail fast with ErrUnavailable (the server's 503), the listener
// notices; when the server is back the same store commits again by itself
// and the listener reconnects, resyncs and hears the next move. Nothing
// committed before the outage is lost.
func TestPGOutage(t *testing.T) {
	c := pgtest.NewCluster(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := postgres.Open(ctx, c.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	addPGTable(t, s, "t1")
	if _, err := s.CommitMove(ctx, "t1", 0, pgMove(1, "before")); err != nil {
		t.Fatal(err)
	}
	heard := make(chan string, 8)
	resynced := make(chan struct{}, 4)
	l := s.Listen(ctx, func(id string, v int64) { heard <- postgres.NotifyPayload(id, v) }, func() { resynced <- struct{}{} })
	waitFor(t, "listener up", l.Connected)

	c.Kill()
	start := time.Now()
	if err := s.Ping(ctx); !errors.Is(err, db.ErrUnavailable) {
		t.Fatalf("Ping while down = %v, want ErrUnavailable", err)
	}
	_, err = s.CommitMove(ctx, "t1", 1, pgMove(2, "during"))
	if !errors.Is(err, db.ErrUnavailable) {
		t.Fatalf("CommitMove while down = %v, want ErrUnavailable", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("failing took %v, want a quick 503", d)
	}
	t.Logf("Ping and a move failed within %v of the outage", time.Since(start).Round(time.Millisecond))
	waitFor(t, "listener down", func() bool { return !l.Connected() })

	c.Start()
	back := time.Now()
	var res postgres.CommitResult
	waitFor(t, "a commit after the restart", func() bool {
		res, err = s.CommitMove(ctx, "t1", 1, pgMove(2, "after"))
		return err == nil
	})
	t.Logf("first commit %v after the server was back", time.Since(back).Round(time.Millisecond))
	if got, want := res.Version, int64(2); got != want {
		t.Fatalf("version after the outage = %d, want %d", got, want)
	}
	select {
	case <-resynced:
	case <-time.After(15 * time.Second):
		t.Fatal("the listener did not resync after the restart")
	}
	if _, err := s.CommitMove(ctx, "t1", 2, pgMove(3, "later")); err != nil {
		t.Fatal(err)
	}
	for {
		select {
		case p := <-heard:
			if p == "t1:3" {
				moves, err := s.Read().ListMoves(ctx, "t1")
				if err != nil {
					t.Fatal(err)
				}
				var keys []string
				for _, m := range moves {
					keys = append(keys, *m.IdempotencyKey)
				}
				if got, want := len(keys), 3; got != want || keys[0] != "before" || keys[1] != "after" {
					t.Fatalf("log after the outage: %v, want before, after, later", keys)
				}
				return
			}
		case <-time.After(10 * time.Second):
			t.Fatal("no notification after the restart")
		}
	}
}
