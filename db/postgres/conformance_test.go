package postgres_test

import (
	"testing"

	"tablewarden/db/dbtest"
)

// TestConformance runs the storage conformance suite on PostgreSQL, each
// case on a fresh database of the TW_PG_URL server (skipped, loudly,
// without it).
func TestConformance(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T) dbtest.Engine {
		s := openPG(t, 1)[0]
		return dbtest.Engine{Store: s, Extras: s.Extras()}
	})
}
