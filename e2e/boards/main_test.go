// Package boards_test holds the end-to-end tests of the board page, the
// screen in the middle of the table (a laptop at 1280×800, a television at
// 1920×1080): its layout and drawing in every game, what it shows at a
// glance, its timer, and the Star Kraken's board. They share the test
// binary's one Chromium (e2e/browsertest) and run apart from the phone
// and host tests (e2e/browser), so that each package has its own share
// of the machine.
package boards_test

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
