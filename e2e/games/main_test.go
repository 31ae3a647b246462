// Package games_test plays whole games through the real pages in Chromium:
// every game at a table of phones with the host and the board open (the
// tours), the offline bar and the rematch in each, the confirmations, the
// prompted moves, and Lockup in Portuguese. The other page tests are in
// e2e/browser; the two packages share the harness in e2e/browsertest and
// run side by side, each with its own Chromium.
package games_test

import (
	"os"
	"testing"

	"tablewarden/e2e/browsertest"
	"tablewarden/e2e/testrun"
)

func TestMain(m *testing.M) {
	testrun.LessGC()
	code := m.Run()
	browsertest.Stop()
	os.Exit(code)
}
