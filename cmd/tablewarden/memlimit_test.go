package main

import (
	"math"
	"os"
	"runtime/debug"
	"testing"

	"github.com/KimMachineGun/automemlimit/memlimit"
)

// TestTuneGCMemoryLimit checks where the soft memory limit comes from: an
// explicit GOMEMLIMIT wins, and without one it is memLimitRatio of the
// cgroup's limit or, outside a limited cgroup, of the machine's memory.
func TestTuneGCMemoryLimit(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))

	t.Run("Derived", func(t *testing.T) {
		t.Setenv("GOMEMLIMIT", "")
		t.Setenv("AUTOMEMLIMIT", "") // restored after the test; unset during it
		os.Unsetenv("AUTOMEMLIMIT")
		debug.SetMemoryLimit(math.MaxInt64)
		got := tuneGC()
		total, err := memlimit.FromCgroup()
		if err != nil {
			total, err = memlimit.FromSystem()
		}
		if err != nil {
			t.Skipf("this machine reports no memory size: %v", err)
		}
		want := int64(float64(total) * memLimitRatio)
		if got != want || debug.SetMemoryLimit(-1) != want {
			t.Fatalf("limit = %d (in force %d), want %d (%.2f of %d)", got, debug.SetMemoryLimit(-1), want, memLimitRatio, total)
		}
		if total > 1<<30 && got > int64(total) {
			t.Fatalf("limit %d is above the memory %d", got, total)
		}
	})
	t.Run("ExplicitWins", func(t *testing.T) {
		t.Setenv("GOMEMLIMIT", "100MiB")
		debug.SetMemoryLimit(100 << 20) // what the runtime read from the variable at start
		if got := tuneGC(); got != 100<<20 {
			t.Fatalf("limit = %d, want 100 MiB from GOMEMLIMIT", got)
		}
	})
}
