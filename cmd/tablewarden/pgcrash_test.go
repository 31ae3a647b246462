package main

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"tablewarden/cmd/tablewarden-load/loadgen"
	"tablewarden/db"
	"tablewarden/db/pgtest"
)

// TestCrashLoopTwoInstances runs two server binaries on one PostgreSQL
// database under the load tool (one run on each), SIGKILLs one of them at
// random moments and restarts it. At the end every acknowledged move is
// stored once, each log is seq 1..n, and replaying every table gives its
// snapshot. Kills: half of TestCrashLoop's.
func TestCrashLoopTwoInstances(t *testing.T) {
	dsn := pgtest.URL(t)
	kills := max(2, killCount()/2)
	bin := buildBinary(t)
	procs := []*serverProc{
		{t: t, bin: bin, addr: freeAddr(t), db: dsn},
		{t: t, bin: bin, addr: freeAddr(t), db: dsn},
	}
	for _, p := range procs {
		p.start()
		defer p.kill()
	}
	acks := &ackLog{fresh: make(chan struct{}, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, p := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := loadgen.Run(ctx, loadgen.Config{BaseURL: p.url(), Game: "jumpship", Tables: 3, Seats: 5, Rate: 200,
				Duration: time.Hour, OnAck: acks.add})
			if err != nil {
				t.Errorf("loadgen on %s: %v", p.addr, err)
			}
		}()
	}
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 18))
	for k := 1; k <= kills; k++ {
		time.Sleep(time.Duration(200+r.IntN(500)) * time.Millisecond)
		p := procs[r.IntN(2)]
		p.kill()
		p.start()
	}
	time.Sleep(500 * time.Millisecond)
	cancel()
	wg.Wait()
	check, err := db.OpenPG(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer check.Close()
	got := acks.snapshot()
	if len(got) == 0 {
		t.Fatal("the load tool got no move acknowledged: the crash loop checked nothing")
	}
	stored := checkTables(t, check.Queries(), got)
	t.Logf("two instances, %d SIGKILLs: %d acknowledged moves present once, %d moves stored, every table replayed", kills, len(got), stored)
}
