package catalog

import (
	"os"
	"testing"

	"tablewarden/e2e/testrun"
)

func TestMain(m *testing.M) {
	testrun.LessGC()
	os.Exit(m.Run())
}
