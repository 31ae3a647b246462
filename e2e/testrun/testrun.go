// Package testrun holds what a test binary of this module sets up before
// its tests run. It is imported only by tests.
package testrun

import (
	"os"
	"runtime/debug"
	"testing"
)

// Main is a TestMain that only calls LessGC before the tests.
func Main(m *testing.M) {
	LessGC()
	os.Exit(m.Run())
}

// LessGC lets a test binary's heap grow to five times what is live before
// the collector runs again (GOGC=400; Go's default is 100), under a soft
// limit of 2 GiB. The suites allocate fast (a JSON view per seat per move,
// each checked against the API document) and keep little, so the default
// spent about a fifth of the api suite's CPU collecting; with 400 its user
// CPU went from 110 s to 89 s and its peak memory from 0.4 to 0.8 GB.
// A GOGC or GOMEMLIMIT in the environment wins.
func LessGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(2 << 30)
	}
}
