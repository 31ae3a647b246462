package api_test

import (
	"testing"

	"tablewarden/db/pgtest"
)

// TestLeakageMatrixTwoInstances is the leakage matrix with two instances
// on one PostgreSQL database: the board's, the host's and each
// seat's stream and reads alternate between the instances, and so do the
// moves, so most views a phone gets were pushed by the instance that did
// not make the move (NOTIFY, reload, push). No payload on either instance
// holds a secret its screen may not know.
func TestLeakageMatrixTwoInstances(t *testing.T) {
	t.Parallel()
	runLeakageMatrix(t, func(t *testing.T) []*testServer {
		dsn := pgtest.URL(t)
		a := startServer(t, dsn)
		return []*testServer{a, startServer(t, dsn)}
	})
}
