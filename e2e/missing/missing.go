// Package missing is how a test says that a part of the machine it needs
// is not there (Chromium, PostgreSQL, HAProxy, podman, a release archive):
// it skips, and says so loudly.
//
// `go test ./...` shows a passing package's output only with -v, so a
// skip's message alone would never reach the person who typed the
// README's command. Skip therefore also writes the line to the terminal
// (/dev/tty) when the tests run from one; CI reads the skips from `go test
// -v` output and fails where a part must be present.
package missing

import (
	"fmt"
	"os"
	"sync"
	"testing"
)

var said sync.Map

// Skip skips the test with msg, which names what is missing and how to get
// it. The first Skip with a given msg in a test binary also writes it,
// framed by "!!!", to standard error and to the terminal.
func Skip(t testing.TB, msg string) {
	t.Helper()
	if _, dup := said.LoadOrStore(msg, true); !dup {
		line := "\n!!! " + msg + " !!!"
		fmt.Fprintln(os.Stderr, line)
		if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
			fmt.Fprintln(tty, line)
			tty.Close()
		}
	}
	t.Skip(msg)
}
