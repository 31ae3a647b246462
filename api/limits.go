package api

import (
	"time"
)

// Limits are the server's defences against one hostile phone on the same
// Wi-Fi: caps on connections and streams, timeouts, and the
// rates and sizes of table creation. The zero value turns every cap off
// (the load tool and most tests run so); DefaultLimits gives the values
// that suit a game store.
type Limits struct {
	// MaxConns caps the open connections. Above MaxConns-ReserveConns a
	// new connection is admitted only for /healthz and for moves on
	// tables already loaded (the reserve); at MaxConns it gets a 429 and
	// is closed at once. 0 = no cap.
	MaxConns int
	// ReserveConns is the part of MaxConns kept for /healthz and moves.
	ReserveConns int
	// ConnsPerAddr caps one client address's connections that have not
	// yet been answered a request with a status below 400 (by the TCP
	// peer; off behind a trusted proxy, where every peer is the proxy). A
	// connection that has been answered so no longer counts: a café's
	// phones share one address, a flood of silent or slow connections
	// never gets an answer.
	ConnsPerAddr int
	// MaxStreams caps the open SSE streams of the whole server.
	MaxStreams int
	// StreamsPerSeat sizes a table's share of the streams: a table may
	// hold StreamsPerSeat × (its seats + the host + a board) streams with
	// a credential (the board's is its board key), and, apart from them,
	// StreamsPerSeat × 2 anonymous board streams (no credential).
	// 0 = no per-table cap.
	StreamsPerSeat int
	// StreamsPerToken caps one credential's open streams at one table; a
	// stream beyond it closes that credential's oldest stream.
	StreamsPerToken int
	// ReadTimeout bounds the reading of a whole request, body included.
	ReadTimeout time.Duration
	// MaxHeaderBytes caps a request's header.
	MaxHeaderBytes int
	// StreamWriteTimeout drops a stream whose phone does not take an
	// event within it (a dead reader). 0 = 10 s.
	StreamWriteTimeout time.Duration
	// CreatesPerMinute and CreateBurst rate-limit table creation per
	// client address (a host needs no credential to create). 0 = no
	// limit.
	CreatesPerMinute float64
	CreateBurst      int
	// MaxOptionsBytes caps a new table's options JSON (413). 0 = no cap
	// beyond the body limit.
	MaxOptionsBytes int
	// LookupFailCost is how much of its address's allowance of failed
	// join-code lookups (Config.JoinsPerMinute) one miss takes. A lookup
	// or join that finds its table takes nothing from the address and is
	// never refused for it, even when the address is out of misses: it
	// is limited by the table (JoinsPerSeat). 0 = 1.
	LookupFailCost int
	// JoinsPerSeat sizes a table's joins: a table takes JoinsPerSeat ×
	// its seats joins at once, and its seats' number a minute after
	// that. 0 = no per-table limit.
	JoinsPerSeat int
	// MaxLoadedTables bounds the tables kept in memory; idle ones beyond
	// it are dropped, least recently used first. 0 = no bound.
	MaxLoadedTables int
	// RefusalDelay holds a wrong join or hand-over code, or a creation,
	// refused by its rate limit this long before the 429 leaves, so that a client hammering
	// the limit gets a few answers a second per connection instead of
	// thousands, and costs the server that much less. 0 = none.
	RefusalDelay time.Duration
}

// MaxOptionsBytesDefault is the default cap on a table's options. The
// largest option any game takes is a whole game-data file: Space Cadets'
// data.json, compacted, is 20,124 bytes (Captain is Dead 7,693, Lockup
// 7,004, Nostromo 2,272, Jumpship 2,017; measured by TestOptionsCapFitsGameData).
// 32 KiB leaves that file room to grow by half.
const MaxOptionsBytesDefault = 32 << 10

// fdHeadroom is the number of file descriptors kept out of MaxConns for the
// database (its file, WAL and shared memory, per connection), the log and
// the listener, with room to spare.
const fdHeadroom = 256

// DefaultLimits returns limits for a venue: derived from the process's
// open-files limit, then sized for a café or a convention hall whose
// phones all share one public address (at least 40 tables and 300 phones
// behind it). Nothing a phone with a credential does is capped per
// address; only what needs none is: connections not yet answered, failed
// join-code lookups, and table creation.
func DefaultLimits() Limits {
	maxConns := openFilesLimit() - fdHeadroom
	if maxConns < 64 {
		maxConns = 64
	}
	reserve := maxConns / 10
	if reserve < 16 {
		reserve = 16
	}
	return Limits{
		MaxConns:           maxConns,
		ReserveConns:       reserve,
		ConnsPerAddr:       128,
		MaxStreams:         (maxConns - reserve) * 3 / 4,
		StreamsPerSeat:     4,
		StreamsPerToken:    4,
		ReadTimeout:        10 * time.Second,
		MaxHeaderBytes:     16 << 10,
		StreamWriteTimeout: 10 * time.Second,
		CreatesPerMinute:   20,
		CreateBurst:        40,
		MaxOptionsBytes:    MaxOptionsBytesDefault,
		LookupFailCost:     1,
		JoinsPerSeat:       2,
		MaxLoadedTables:    2000,
		RefusalDelay:       250 * time.Millisecond,
	}
}

// retryAfter is the Retry-After every refusal of a limit carries, in
// seconds.
const retryAfter = "10"
