package table

import (
	"testing"

	"tablewarden/e2e/testrun"
)

func TestMain(m *testing.M) { testrun.Main(m) }
