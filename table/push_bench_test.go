package table

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"tablewarden/cmd/tablewarden-load/cputime"
	"tablewarden/referee/kit"
)

// BenchmarkPush measures the hub's work for one update of a six-seat
// Jumpship table with the board and six phones streaming: rendering and
// encoding the viewers' views, offering them to each stream, and each
// stream's Data (a patch, or the whole padded view). Updates alternate
// between the table's state before and after one move. patches=false
// streams whole views (every update works out the version's padded
// length, encoding every viewer);
// patches=true streams patches, as the phone page does.
func BenchmarkPush(b *testing.B) {
	for _, patches := range []bool{false, true} {
		b.Run(fmt.Sprintf("patches=%v", patches), func(b *testing.B) {
			benchPush(b, patches)
		})
	}
}

func benchPush(b *testing.B, patches bool) {
	svc, ids := benchService(b, 1)
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	var snaps [2]tableSnapshot
	for i := 0; i < 42; i++ { // fill the recent log; keep the last two states
		if who, req, ok := nextMove(b, svc, ids[0], r); ok {
			svc.Move(ctx, ids[0], who, req)
		}
		if i >= 40 {
			t, err := svc.load(ctx, ids[0])
			if err != nil {
				b.Fatal(err)
			}
			t.mu.Lock()
			snaps[i-40] = t.snapshot()
			t.mu.Unlock()
		}
	}
	t, err := svc.load(ctx, ids[0])
	if err != nil {
		b.Fatal(err)
	}
	subs := []*Subscriber{{role: kit.RoleBoard}}
	for _, st := range snaps[0].seats {
		subs = append(subs, &Subscriber{role: kit.RoleSeat, cred: string(st.TokenHash)})
	}
	svc.hub.mu.Lock()
	for _, sub := range subs {
		sub.ch, sub.kicked = make(chan *Push, 1), make(chan struct{})
		sub.patches.Store(patches)
		if svc.hub.subs[t.id] == nil {
			svc.hub.subs[t.id] = map[*Subscriber]struct{}{}
		}
		svc.hub.subs[t.id][sub] = struct{}{}
	}
	svc.hub.mu.Unlock()
	version := snaps[1].version
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cputime.Process()
	for i := 0; i < b.N; i++ {
		snap := snaps[i%2]
		version++ // a new version: its padded length is worked out again when needed
		snap.version = version
		svc.hub.push(t, &snap)
		for _, sub := range subs {
			select {
			case p := <-sub.ch:
				sub.Data(p)
			default:
				b.Fatal("a stream got no view")
			}
		}
	}
	b.ReportMetric(float64(cputime.Process()-cpu0)/1e3/float64(b.N), "cpu-µs/op")
}

// BenchmarkMoveSnapshotEvery compares storing the state with every move
// (every=1, as before) with every 32 moves, on 64 Jumpship tables moving
// in parallel (choosing each move from two rendered views, then
// Service.Move with its group commit). Besides ns/op it reports the
// process's CPU time per move (cpu-µs/op), which a shared machine's other
// work disturbs less than the wall clock.
func BenchmarkMoveSnapshotEvery(b *testing.B) {
	for _, every := range []int64{1, 32} {
		b.Run(fmt.Sprintf("every=%d", every), func(b *testing.B) {
			old := snapshotEvery
			snapshotEvery = every
			defer func() { snapshotEvery = old }()
			svc, ids := benchService(b, 64)
			b.ResetTimer()
			cpu0 := cputime.Process()
			playServiceMoves(b, svc, ids)
			b.ReportMetric(float64(cputime.Process()-cpu0)/1e3/float64(b.N), "cpu-µs/op")
		})
	}
}
