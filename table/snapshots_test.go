package table

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"tablewarden/db/engine"
	"tablewarden/db/pgtest"
	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
)

// TestSnapshotEveryFewMovesThenTailReplay plays every game on each engine
// (SQLite; PostgreSQL when TW_PG_URL is set) with the state stored every
// 4 moves, and after every move checks that the stored state is the one
// after the last due move (or the end), and that a fresh Service on the
// same database, which loads the table from that state and the moves
// after it, shows every screen exactly the view the running one shows; so
// does a Service that held the table and reloads it.
func TestSnapshotEveryFewMovesThenTailReplay(t *testing.T) {
	old := snapshotEvery
	snapshotEvery = 4
	t.Cleanup(func() { snapshotEvery = old })
	open := func(t *testing.T, dsn string) *engine.Engine {
		e, err := engine.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { e.Close() })
		return e
	}
	engines := map[string]func(t *testing.T) *engine.Engine{
		"sqlite":   func(t *testing.T) *engine.Engine { return open(t, filepath.Join(t.TempDir(), "snap.db")) },
		"postgres": func(t *testing.T) *engine.Engine { return open(t, pgtest.URL(t)) },
	}
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			store := engines[name](t)
			for _, g := range catalog.All() {
				t.Run(g.Info().ID, func(t *testing.T) { checkTailReplay(t, store, g) })
			}
		})
	}
}

// checkTailReplay plays one game of g on store (see
// TestSnapshotEveryFewMovesThenTailReplay).
func checkTailReplay(t *testing.T, store *engine.Engine, g kit.Game) {
	ctx := context.Background()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := New(Config{Store: store.Store, Extras: store.Extras, PublicURL: "http://127.0.0.1", Log: quiet})
	t.Cleanup(svc.StopTimers)
	info := g.Info()
	res, err := svc.CreateTable(ctx, info.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	players := max(info.MinPlayers, min(4, info.MaxPlayers))
	for s := 0; s < players; s++ {
		if _, err := svc.Join(ctx, res.TableID, fmt.Sprintf("Player %d", s+1)); err != nil {
			t.Fatal(err)
		}
	}
	host := Identity{Role: kit.RoleHost, Seat: -1}
	if err := svc.Start(ctx, res.TableID, host); err != nil {
		t.Fatal(err)
	}
	ids := []Identity{host, {Role: kit.RoleBoard, Seat: -1}}
	for s := 0; s < players; s++ {
		ids = append(ids, Identity{Role: kit.RoleSeat, Seat: s})
	}
	views := func(svc *Service) []string {
		var all []string
		for _, id := range ids {
			v, err := svc.View(ctx, res.TableID, id)
			if err != nil {
				t.Fatal(err)
			}
			v.ServerTime = time.Time{}
			b, _ := json.Marshal(v)
			all = append(all, string(b))
		}
		return all
	}
	// follower holds the table from the start, as another instance would,
	// and reloads it after every move (the state it holds and the moves
	// after it).
	follower := New(Config{Store: store.Store, Extras: store.Extras, PublicURL: "http://127.0.0.1", Log: quiet})
	t.Cleanup(follower.StopTimers)
	ft, err := follower.load(ctx, res.TableID)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	tails := 0
	for i := 0; i < 3*int(snapshotEvery)+2; i++ {
		who, req, ok := nextMoveAny(t, svc, res.TableID, players, r)
		if !ok {
			break
		}
		if _, err := svc.Move(ctx, res.TableID, who, req); err != nil {
			continue // a random move the referee refused: nothing was stored
		}
		q := store.Store.Queries()
		last, err := q.LastMoveSeq(ctx, res.TableID)
		if err != nil {
			t.Fatal(err)
		}
		snap, err := q.GetSnapshot(ctx, res.TableID)
		if err != nil {
			t.Fatal(err)
		}
		row, err := q.GetTable(ctx, res.TableID)
		if err != nil {
			t.Fatal(err)
		}
		ended := row.Status == "ended"
		if snapshotDue(last, ended) {
			if got, want := snap.Seq, last; got != want {
				t.Fatalf("after move %d (due): snapshot of seq %d, want %d", last, got, want)
			}
		} else if snap.Seq >= last || last-snap.Seq >= snapshotEvery {
			t.Fatalf("after move %d (not due): snapshot of seq %d, want one of the last %d before it", last, snap.Seq, snapshotEvery)
		} else {
			tails++
		}
		fresh := New(Config{Store: store.Store, Extras: store.Extras, PublicURL: "http://127.0.0.1", Log: quiet})
		got, want := views(fresh), views(svc)
		fresh.StopTimers()
		for i := range ids {
			if got[i] != want[i] {
				t.Fatalf("after move %d (snapshot %d): a fresh load shows %v\n%s\nwant\n%s", last, snap.Seq, ids[i], got[i], want[i])
			}
		}
		ft.mu.Lock()
		err = follower.reloadLocked(ctx, ft)
		ft.mu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		got = views(follower)
		for i := range ids {
			if got[i] != want[i] {
				t.Fatalf("after move %d: a reload shows %v\n%s\nwant\n%s", last, ids[i], got[i], want[i])
			}
		}
		if ended {
			break
		}
	}
	if tails == 0 {
		t.Fatalf("no load replayed moves after the snapshot")
	}
}
