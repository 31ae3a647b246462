package main

import (
	"log/slog"
	"os"
	"runtime/debug"

	"github.com/KimMachineGun/automemlimit/memlimit"
)

// GC defaults, used unless GOGC or GOMEMLIMIT is set. Every move renders
// and sends a view to every phone at its table, which makes much short-lived
// garbage: with Go's default GOGC of 100 the collector took about a sixth of
// the server's CPU under load (docs/performance.md). A GOGC of 400 collects
// less often; the soft memory limit makes the collector work harder instead
// of letting the heap grow past what the machine has.
//
// The soft limit is memLimitRatio of the memory the process may use: the
// container's cgroup limit where there is one, else the machine's physical
// memory. A 512 MiB container gets 384 MiB, a 1 GiB Raspberry Pi 768 MiB.
// The rest is left to what the collector does not count (goroutine stacks
// are counted; the binary, SQLite's page cache through modernc's heap and
// the kernel's socket buffers are partly not). An explicit GOMEMLIMIT wins;
// GOMEMLIMIT=off sets none.
const (
	defaultGOGC   = 400
	memLimitRatio = 0.75
)

// tuneGC applies the defaults above and returns the soft memory limit in
// force (math.MaxInt64 for none).
func tuneGC() int64 {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGOGC)
	}
	if v := os.Getenv("GOMEMLIMIT"); v != "" {
		return debug.SetMemoryLimit(-1)
	}
	limit, err := memlimit.Set(
		memlimit.WithRatio(memLimitRatio),
		memlimit.WithProvider(memlimit.ApplyFallback(memlimit.FromCgroup, memlimit.FromSystem)),
		memlimit.WithLogger(slog.New(slog.DiscardHandler)),
	)
	if err != nil {
		return debug.SetMemoryLimit(-1)
	}
	return limit
}
