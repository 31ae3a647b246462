package sqlite_test

import (
	"testing"

	"tablewarden/db/dbtest"
)

// TestConformance runs the storage conformance suite on SQLite, each case
// on a fresh file in its own temporary folder.
func TestConformance(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T) dbtest.Engine {
		s, _ := open(t)
		return dbtest.Engine{Store: s, Extras: s.Extras()}
	})
}
