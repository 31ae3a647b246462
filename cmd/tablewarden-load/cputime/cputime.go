// Package cputime reads the CPU time this process has used, for the load
// tool and the benchmarks that report CPU per move (cpu-µs/move): on a
// shared machine the process's own CPU time is disturbed less by other
// work than the wall clock is.
package cputime

import (
	"syscall"
	"time"
)

// Process returns the CPU time this process has used so far, user and
// system together; 0 if the system cannot say.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
