package main

import (
	"bytes"
	"os"
	"sync"
	"testing"
	"time"
)

// The tests of this package wait for what they await (a condition looked
// at quickly until a deadline, a line the server prints, a process's
// exit) instead of sleeping a fixed time. The helpers are here, with the
// gate that keeps the load-heavy tests apart from the tests that judge
// time, and the binary that the tests which SIGKILL a server share.

// pollEvery is how often eventually looks at its condition.
const pollEvery = 10 * time.Millisecond

// eventually reports whether cond holds within the given time. It looks at
// once, then every pollEvery, and a last time at the deadline.
func eventually(within time.Duration, cond func() bool) bool {
	deadline := time.NewTimer(within)
	defer deadline.Stop()
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	for {
		if cond() {
			return true
		}
		select {
		case <-deadline.C:
			return cond()
		case <-tick.C:
		}
	}
}

// waitFor waits until cond holds and fails the test, naming what it
// waited for, when it does not hold within the given time.
func waitFor(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	start := time.Now()
	if !eventually(within, cond) {
		t.Fatalf("waited %v for %s: it did not happen", time.Since(start).Round(time.Millisecond), what)
	}
}

// lineWatch is a process's stdout that closes seen when a line starting
// with prefix is written (exec copies the output from one goroutine).
type lineWatch struct {
	prefix []byte
	seen   chan struct{}
	buf    []byte
	done   bool
}

func newLineWatch(prefix string) *lineWatch {
	return &lineWatch{prefix: []byte(prefix), seen: make(chan struct{})}
}

func (w *lineWatch) Write(b []byte) (int, error) {
	if w.done {
		return len(b), nil
	}
	w.buf = append(w.buf, b...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			return len(b), nil
		}
		line := w.buf[:i]
		w.buf = w.buf[i+1:]
		if bytes.HasPrefix(line, w.prefix) {
			w.done, w.buf = true, nil
			close(w.seen)
			return len(b), nil
		}
	}
}

// loadGate keeps apart, among the parallel tests, those that load the
// machine (a crash loop under the load tool: both cores busy) and those
// that judge time (a timer expired within a second of its deadline, a
// restart before a deadline, a latency figure). A load-heavy test holds it
// alone (heavyLoad); the tests that judge time share it (judgesTime). Both
// kinds still run beside the light tests, which do not take it.
var loadGate sync.RWMutex

// heavyLoad holds the gate alone until the test ends.
func heavyLoad(t *testing.T) {
	t.Helper()
	loadGate.Lock()
	t.Cleanup(loadGate.Unlock)
}

// judgesTime shares the gate with the other tests that judge time until
// the test ends.
func judgesTime(t *testing.T) {
	t.Helper()
	loadGate.RLock()
	t.Cleanup(loadGate.RUnlock)
}

// The binary of ./cmd/tablewarden, built once for the whole run
// (buildBinary, crash_test.go) into binDir, removed by TestMain.
var (
	binOnce sync.Once
	binDir  string
	binPath string
	binErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}
