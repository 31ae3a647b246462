package table

import "sync/atomic"

// Counters are the service's running totals, which the HTTP server
// publishes at /metrics.
type Counters struct {
	MovesAccepted atomic.Int64 // moves committed
	MovesRejected atomic.Int64 // moves the referee refused
	TablesCreated atomic.Int64 // tables created, rematches among them
	TablesLoaded  atomic.Int64 // tables loaded from storage
	TablesEvicted atomic.Int64 // idle tables dropped from memory
	StreamsOpen   atomic.Int64 // open SSE streams (a gauge)
	ViewsPushed   atomic.Int64 // views offered to SSE streams
	TimersClaimed atomic.Int64 // timer expiries this instance claimed (PostgreSQL, expire.go)
}
