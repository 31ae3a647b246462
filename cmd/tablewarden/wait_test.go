package main

import (
	"bytes"
	"os"
	"sync"
	"testing"

	"tablewarden/api/apitest"
	"tablewarden/e2e/testrun"
)

// The tests of this package wait for what they await (a condition looked
// at quickly until a deadline, a line the server prints, a process's
// exit) instead of sleeping a fixed time. The helpers are here, with the
// gate that keeps the load-heavy tests apart from the tests that judge
// time, and the binary that the tests which SIGKILL a server share.

// eventually and waitFor are the API harness's (api/apitest): a condition
// looked at at once, then every 20 ms until the deadline.
var (
	eventually = apitest.Eventually
	waitFor    = apitest.WaitFor
)

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
	testrun.LessGC()
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}
