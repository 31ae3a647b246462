package main

import (
	"context"
	"math/rand/v2"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tablewarden/cmd/tablewarden-load/loadgen"
	"tablewarden/cmd/tablewarden-load/spread"
	"tablewarden/db/pgtest"
	"tablewarden/db/postgres"
)

// TestCrashLoopTwoInstances runs two server binaries on one PostgreSQL
// database under one run of the load tool whose phones are spread across
// both (the load tool's balancer, spread: each phone on one instance, so
// every table is driven through both), SIGKILLs one of them at random
// moments and restarts it, sometimes after a pause (the balancer then
// sends its phones to the other). At the end every acknowledged move is
// stored once, each log is seq 1..n, and replaying every table gives its
// snapshot. Kills: half of TestCrashLoop's.
func TestCrashLoopTwoInstances(t *testing.T) {
	t.Parallel() // its own database, binaries and ports
	dsn := pgtest.URL(t)
	heavyLoad(t)
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
	px := spread.New([]string{procs[0].url(), procs[1].url()})
	var perInstance [2]atomic.Int64
	tablesOn := map[string]*[2]bool{}
	var mu sync.Mutex
	px.OnMove = func(tableID string, _ int64, backend int, _ time.Time) {
		perInstance[backend].Add(1)
		mu.Lock()
		if tablesOn[tableID] == nil {
			tablesOn[tableID] = &[2]bool{}
		}
		tablesOn[tableID][backend] = true
		mu.Unlock()
	}
	front := httptest.NewServer(px)
	defer front.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, err := loadgen.Run(ctx, loadgen.Config{BaseURL: front.URL, Game: "jumpship", Tables: 6, Seats: 5, Rate: 300,
			Duration: time.Hour, OnAck: acks.add})
		if err != nil {
			t.Errorf("loadgen: %v", err)
		}
	}()
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 18))
	for k := 1; k <= kills; k++ {
		// Let a random number of moves through, then kill one instance.
		acks.await(t, 40+r.IntN(200), false)
		p := procs[r.IntN(2)]
		p.kill()
		if r.IntN(2) == 0 {
			acks.await(t, 10+r.IntN(100), false) // taken by the other instance alone
		}
		p.start()
	}
	// Both instances take moves again after the last restart.
	a0, b0 := perInstance[0].Load(), perInstance[1].Load()
	waitFor(t, 30*time.Second, "moves acknowledged by both instances after the last restart", func() bool {
		return perInstance[0].Load() > a0 && perInstance[1].Load() > b0
	})
	cancel()
	wg.Wait()
	check, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer check.Close()
	got := acks.snapshot()
	if len(got) == 0 {
		t.Fatal("the load tool got no move acknowledged: the crash loop checked nothing")
	}
	stored := checkTables(t, check.Source(), got)
	both := 0
	mu.Lock()
	for _, on := range tablesOn {
		if on[0] && on[1] {
			both++
		}
	}
	mu.Unlock()
	a, b := perInstance[0].Load(), perInstance[1].Load()
	if a == 0 || b == 0 || both == 0 {
		t.Fatalf("moves acknowledged by the instances: %d and %d, %d tables moved through both: the load did not drive both", a, b, both)
	}
	t.Logf("two instances, %d SIGKILLs: %d acknowledged moves (%d by A, %d by B; %d of %d tables moved through both) present once, %d moves stored, every table replayed",
		kills, len(got), a, b, both, len(tablesOn), stored)
}
