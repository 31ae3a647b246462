package api_test

import (
	"context"
	"math/rand/v2"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"

	"tablewarden/api"
	"tablewarden/db"
	tablepkg "tablewarden/table"
)

// TestMemoryFollowsActiveTables stores many idle tables, shows each once
// (as a board would), and plays some: the tables in memory stay within the
// bound (MaxLoadedTables), so memory follows the tables in play, not every
// table stored. CI runs 2,000 stored, 50 in play, a bound of 100;
// TABLEWARDEN_MEMORY_FULL=1 runs README's 20,000 stored, 200 in play, the
// default bound, and the same without a bound for comparison.
func TestMemoryFollowsActiveTables(t *testing.T) {
	stored, inPlay, bound := 2000, 50, 100
	full := os.Getenv("TABLEWARDEN_MEMORY_FULL") == "1"
	if full {
		stored, inPlay, bound = 20000, 200, api.DefaultLimits().MaxLoadedTables
	}
	heap, loaded := memoryRun(t, stored, inPlay, bound)
	t.Logf("%d tables stored, %d in play, bound %d: %d in memory, heap %.1f MiB", stored, inPlay, bound, loaded, float64(heap)/(1<<20))
	if loaded > bound+4 {
		t.Fatalf("%d tables in memory, want at most the bound %d (and the few picked per touch)", loaded, bound)
	}
	if full {
		heap0, loaded0 := memoryRun(t, stored, inPlay, 0)
		t.Logf("without a bound: %d in memory, heap %.1f MiB", loaded0, float64(heap0)/(1<<20))
	}
}

func memoryRun(t *testing.T, stored, inPlay, bound int) (uint64, int) {
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	ts := startServer(t, "", func(c *api.Config) { c.Now = clock; c.Limits.MaxLoadedTables = bound })
	defer ts.Stop()
	ctx := context.Background()
	ids := make([]string, 0, stored)
	for len(ids) < stored {
		err := ts.Engine.Tx(ctx, func(q db.Querier) error {
			for i := 0; i < 1000 && len(ids) < stored; i++ {
				id := tablepkg.NewTableID()
				if err := q.CreateTable(ctx, db.CreateTableParams{ID: id, Game: "jumpship", JoinCode: tablepkg.NewJoinCode(), Options: "{}",
					Seed: int64(len(ids)), HostTokenHash: tablepkg.HashToken(tablepkg.NewToken()), CreatedAt: clock().UTC().Format(time.RFC3339Nano)}); err != nil {
					return err
				}
				for s := 0; s < 3; s++ {
					if err := q.AddSeat(ctx, db.AddSeatParams{TableID: id, Seat: int64(s), Name: playerName(s), TokenHash: tablepkg.HashToken(tablepkg.NewToken()),
						JoinedAt: clock().UTC().Format(time.RFC3339Nano)}); err != nil {
						return err
					}
				}
				ids = append(ids, id)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for i, id := range ids { // each shown once, a few seconds apart
		ts.Must(200, "GET", "/api/tables/"+id+"/view?as=board", "", nil, nil)
		if i%10 == 9 {
			advance(time.Second)
		}
	}
	advance(2 * time.Minute)
	r := rand.New(rand.NewPCG(3, 3))
	var playing []*table
	for i := 0; i < inPlay; i++ {
		tb := ts.NewTable("jumpship", nil, 5)
		ts.Start(tb)
		playing = append(playing, tb)
	}
	for round := 0; round < 3; round++ {
		for _, tb := range playing {
			playRandom(t, ts, tb, r)
		}
		advance(5 * time.Second)
	}
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	loaded := inMemory(t, ts)
	if loaded == 0 {
		t.Fatal("no table in memory: the tables were not loaded")
	}
	return ms.HeapAlloc, loaded
}
