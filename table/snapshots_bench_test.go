package table

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's CPU time so far (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
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
			var next, keys atomic.Int64
			b.SetParallelism(32)
			b.ResetTimer()
			cpu0 := cpuTime()
			b.RunParallel(func(pb *testing.PB) {
				r := rand.New(rand.NewPCG(uint64(next.Add(1)), 7))
				id := ids[int(next.Add(1))%len(ids)]
				ctx := context.Background()
				for pb.Next() {
					who, req, ok := nextMove(b, svc, id, r)
					if !ok {
						id = newBenchTable(b, svc)
						continue
					}
					req.IdempotencyKey = fmt.Sprintf("k%d", keys.Add(1))
					svc.Move(ctx, id, who, req)
				}
			})
			b.ReportMetric(float64(cpuTime()-cpu0)/1e3/float64(b.N), "cpu-µs/op")
		})
	}
}
