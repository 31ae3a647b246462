package postgres_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tablewarden/db"
	"tablewarden/db/pgtest"
	"tablewarden/db/postgres"
)

// openPG opens n stores on one fresh database: n instances of the server.
func openPG(t testing.TB, n int) []*postgres.Store {
	t.Helper()
	url := pgtest.URL(t)
	var out []*postgres.Store
	for range n {
		s, err := postgres.Open(context.Background(), url)
		if err != nil {
			t.Fatalf("OpenPG: %v", err)
		}
		t.Cleanup(func() { s.Close() })
		out = append(out, s)
	}
	return out
}

func pgCreate(id string) postgres.CreateTableParams {
	return postgres.CreateTableParams{ID: id, Game: "jumpship", JoinCode: id, Options: "{}", Seed: 1, HostTokenHash: []byte("h"), CreatedAt: "now"}
}

func addPGTable(t *testing.T, s *postgres.Store, id string) {
	t.Helper()
	if err := s.Read().CreateTable(context.Background(), pgCreate(id)); err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
}

func pgMove(seq int64, key string) postgres.MoveCommit {
	m := postgres.MoveCommit{Move: postgres.AppendMoveParams{Seq: seq, Kind: "move", Actor: "{}", Type: "t", Args: "{}", At: time.Now().UTC().Format(time.RFC3339Nano), Events: "[]"},
		Snapshot: fmt.Sprintf(`{"seq":%d}`, seq)}
	if key != "" {
		m.Move.IdempotencyKey = &key
	}
	return m
}

func TestPGMigrationsApplyOnce(t *testing.T) {
	stores := openPG(t, 3) // three instances start on one database
	var n int
	if err := stores[0].Pool().QueryRow(context.Background(), "SELECT count(*) FROM schema_migrations").Scan(&n); err != nil {
		t.Fatal(err)
	}
	files, _ := fsCount(postgres.MigrationFiles())
	if got, want := n, files; got != want {
		t.Fatalf("schema_migrations rows = %d, want %d", got, want)
	}
}

// TestPGRaceOneVersion: 8 writers on two instances race to commit the
// same version of one table: exactly one wins, the rest get ErrStale and
// write nothing.
func TestPGRaceOneVersion(t *testing.T) {
	ctx := context.Background()
	stores := openPG(t, 2)
	addPGTable(t, stores[0], "t1")
	var wins, stale atomic.Int32
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, err := stores[i%2].CommitMove(ctx, "t1", 0, pgMove(1, ""))
			switch {
			case err == nil:
				wins.Add(1)
			case errors.Is(err, db.ErrStale):
				stale.Add(1)
			default:
				t.Errorf("writer %d: %v", i, err)
			}
		}()
	}
	close(start)
	wg.Wait()
	if got, want := wins.Load(), int32(1); got != want {
		t.Fatalf("winners = %d, want %d", got, want)
	}
	if got, want := stale.Load(), int32(7); got != want {
		t.Fatalf("stale = %d, want %d", got, want)
	}
	moves, err := stores[1].Read().ListMoves(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(moves), 1; got != want {
		t.Fatalf("log has %d entries, want %d", got, want)
	}
}

// TestPGConcurrentWritersNoGap: 8 writers on two instances each commit 15
// moves to one table, reloading the version and retrying when it moved
// on. The log ends with every move once, seqs and versions 1..120 without
// gap or duplicate, and the snapshot of the last one.
func TestPGConcurrentWritersNoGap(t *testing.T) {
	ctx := context.Background()
	stores := openPG(t, 2)
	addPGTable(t, stores[0], "t1")
	const writers, each = 8, 15
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := stores[w%2]
			for i := range each {
				key := fmt.Sprintf("w%d-%d", w, i)
				for {
					v, err := s.Read().GetTableVersion(ctx, "t1")
					if err != nil {
						t.Error(err)
						return
					}
					res, err := s.CommitMove(ctx, "t1", v, pgMove(v+1, key))
					if errors.Is(err, db.ErrStale) {
						continue
					}
					if err != nil {
						t.Errorf("writer %d: %v", w, err)
						return
					}
					if res.Duplicate {
						t.Errorf("writer %d move %d: duplicate on first try", w, i)
					}
					break
				}
			}
		}()
	}
	wg.Wait()
	moves, err := stores[0].Read().ListMoves(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(moves), writers*each; got != want {
		t.Fatalf("log has %d entries, want %d", got, want)
	}
	keys := map[string]bool{}
	for i, m := range moves {
		if got, want := m.Seq, int64(i+1); got != want {
			t.Fatalf("entry %d has seq %d, want %d", i, got, want)
		}
		if got, want := m.Version, int64(i+1); got != want {
			t.Fatalf("entry %d has version %d, want %d", i, got, want)
		}
		if keys[*m.IdempotencyKey] {
			t.Fatalf("key %s twice", *m.IdempotencyKey)
		}
		keys[*m.IdempotencyKey] = true
	}
	snap, err := stores[1].Read().GetSnapshot(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := snap.Seq, int64(writers*each); got != want {
		t.Fatalf("snapshot of seq %d, want %d", got, want)
	}
}

// TestPGIdempotencyAcrossInstances: a key used on instance A is a
// duplicate on instance B, even at a stale version, and writes nothing.
func TestPGIdempotencyAcrossInstances(t *testing.T) {
	ctx := context.Background()
	stores := openPG(t, 2)
	addPGTable(t, stores[0], "t1")
	first, err := stores[0].CommitMove(ctx, "t1", 0, pgMove(1, "k1"))
	if err != nil {
		t.Fatal(err)
	}
	again, err := stores[1].CommitMove(ctx, "t1", 0, pgMove(1, "k1"))
	if err != nil {
		t.Fatalf("retry on B: %v", err)
	}
	if !again.Duplicate || again.Version != first.Version || again.Existing.Seq != 1 {
		t.Fatalf("retry on B = %+v, want the duplicate of version %d", again, first.Version)
	}
	n, err := stores[1].Read().CountMoves(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := n, int64(1); got != want {
		t.Fatalf("moves = %d, want %d", got, want)
	}
}

// TestPGNotifyAcrossInstances: a move committed on A reaches B's listener
// with its table and version; when B's connection is cut, B reconnects,
// calls its resync, and hears the next move.
func TestPGNotifyAcrossInstances(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stores := openPG(t, 2)
	addPGTable(t, stores[0], "t1")
	got := make(chan string, 16)
	resyncs := make(chan struct{}, 4)
	l := stores[1].Listen(ctx, func(id string, v int64) { got <- postgres.NotifyPayload(id, v) }, func() { resyncs <- struct{}{} })
	waitFor(t, "listener up", l.Connected)
	if _, err := stores[0].CommitMove(ctx, "t1", 0, pgMove(1, "")); err != nil {
		t.Fatal(err)
	}
	expect(t, got, "t1:1")
	// A refused (stale) move sends nothing.
	if _, err := stores[0].CommitMove(ctx, "t1", 0, pgMove(1, "")); !errors.Is(err, db.ErrStale) {
		t.Fatalf("stale commit: %v", err)
	}
	pid := l.BackendPID()
	if _, err := stores[0].Pool().Exec(ctx, "SELECT pg_terminate_backend($1)", int32(pid)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-resyncs:
	case <-time.After(10 * time.Second):
		t.Fatal("no resync after the listener's connection was cut")
	}
	if l.BackendPID() == pid {
		t.Fatal("listener kept the terminated connection")
	}
	if _, err := stores[0].CommitMove(ctx, "t1", 1, pgMove(2, "")); err != nil {
		t.Fatal(err)
	}
	expect(t, got, "t1:2")
	cancel()
	<-l.Done()
}

func expect(t *testing.T, ch chan string, want string) {
	t.Helper()
	select {
	case g := <-ch:
		if g != want {
			t.Fatalf("notification %q, want %q", g, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("no notification %q", want)
	}
}

// waitFor polls ok, with a deadline, for a state that announces itself by
// no event (a listener's connection coming up is seen only through
// Connected).
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if ok() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

func armTimer(t *testing.T, s *postgres.Store, table, name string, gen int64, deadline time.Time) {
	t.Helper()
	dl := deadline.UTC().Format(time.RFC3339Nano)
	if err := s.Read().PutTimer(context.Background(), postgres.PutTimerParams{TableID: table, Name: name, Generation: gen, Running: 1, Deadline: &dl}); err != nil {
		t.Fatal(err)
	}
}

// expiryMove logs a timer's expiry as a move keyed by its generation, at
// the version the claim found.
func expiryMove(q db.Querier, e db.Expiry) (*db.MoveRecord, error) {
	seq, err := q.LastMoveSeq(context.Background(), e.TableID)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("expire/%s/%d", e.Name, e.Generation)
	return &db.MoveRecord{Entry: db.AppendMoveParams{TableID: e.TableID, Seq: seq + 1, Kind: "move", Actor: "{}", Type: "timer_expired", Args: "{}",
		At: time.Now().UTC().Format(time.RFC3339Nano), Events: "[]", IdempotencyKey: sql.NullString{String: key, Valid: true}, Version: e.Version + 1},
		State: fmt.Sprintf(`{"seq":%d}`, seq+1)}, nil
}

// TestPGTimersExpireOnce: 40 due timers on 20 tables, claimed by 6
// expiry loops on two instances at once: every generation is logged
// exactly once.
func TestPGTimersExpireOnce(t *testing.T) {
	ctx := context.Background()
	stores := openPG(t, 2)
	past := time.Now().Add(-time.Second)
	for i := range 20 {
		id := fmt.Sprintf("t%02d", i)
		addPGTable(t, stores[0], id)
		armTimer(t, stores[0], id, "a", 1, past)
		armTimer(t, stores[0], id, "b", 3, past.Add(time.Duration(i)*time.Millisecond))
	}
	// A timer not yet due and a paused one stay.
	armTimer(t, stores[0], "t00", "later", 1, time.Now().Add(time.Hour))
	var wg sync.WaitGroup
	var total atomic.Int64
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := stores[i%2].ExpireDue(ctx, time.Now(), 100, expiryMove)
			if err != nil {
				t.Errorf("loop %d: %v", i, err)
			}
			total.Add(int64(n))
		}()
	}
	wg.Wait()
	if got, want := total.Load(), int64(40); got != want {
		t.Fatalf("expired %d timers, want %d", got, want)
	}
	var keys []string
	for i := range 20 {
		moves, err := stores[1].Read().ListMoves(ctx, fmt.Sprintf("t%02d", i))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			keys = append(keys, m.TableID+"/"+*m.IdempotencyKey)
		}
	}
	sort.Strings(keys)
	if got, want := len(keys), 40; got != want {
		t.Fatalf("%d expiry moves logged, want %d: %v", got, want, keys)
	}
	left, err := stores[0].Read().ListRunningTimers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(left), 1; got != want || left[0].Name != "later" {
		t.Fatalf("running timers left: %+v, want only 'later'", left)
	}
}

// TestPGTimerFiresAfterArmingInstanceDies: instance A arms a timer and
// goes away; B's expiry loop, which polls the next deadline, fires it once
// and on time.
func TestPGTimerFiresAfterArmingInstanceDies(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stores := openPG(t, 2)
	a, b := stores[0], stores[1]
	addPGTable(t, a, "t1")
	deadline := time.Now().Add(400 * time.Millisecond)
	armTimer(t, a, "t1", "turn", 7, deadline)
	a.Close()
	fired := make(chan time.Time, 4)
	loopDone := make(chan struct{})
	go func() {
		// B's expiry loop, as table's claimDue runs it: it waits until the
		// earliest deadline any instance stored (or a short poll while
		// none is), then claims. Time is the subject here: the test judges
		// that the timer fires on time, so the loop waits on the clock.
		defer close(loopDone)
		for ctx.Err() == nil {
			wait := 20 * time.Millisecond
			if dl, ok, err := b.NextDeadline(ctx); err == nil && ok {
				wait = time.Until(dl)
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			n, _ := b.ExpireDue(ctx, time.Now(), 10, expiryMove)
			for range n {
				fired <- time.Now()
			}
		}
	}()
	select {
	case at := <-fired:
		if late := at.Sub(deadline); late < 0 || late > time.Second {
			t.Fatalf("fired %v after the deadline, want within 1s", late)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("timer never fired")
	}
	// Once fired, the generation is stopped: a claim an hour later finds
	// nothing due, and the loop, stopped, fired nothing more.
	if n, err := b.ExpireDue(ctx, time.Now().Add(time.Hour), 10, expiryMove); err != nil || n != 0 {
		t.Fatalf("a claim after the expiry = %d, %v, want nothing claimed", n, err)
	}
	cancel()
	<-loopDone
	if len(fired) != 0 {
		t.Fatal("timer fired twice")
	}
	moves, err := b.Read().ListMoves(context.Background(), "t1")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(moves), 1; got != want {
		t.Fatalf("log has %d entries, want %d", got, want)
	}
}

func fsCount(f fs.FS) (int, error) {
	entries, err := fs.ReadDir(f, "migrations")
	return len(entries), err
}
