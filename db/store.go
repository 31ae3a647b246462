package db

import (
	"context"
	"time"
)

// Store is the storage a table's lifecycle runs on. table owns this
// interface: it lists what table calls, and both adapters (db/sqlite,
// db/postgres) implement it.
type Store interface {
	// Queries reads outside any transaction.
	Queries() Querier
	// Tx runs fn in one transaction and returns once it has committed, or
	// failed writing nothing (fn's error, or the commit's).
	Tx(ctx context.Context, fn func(q Querier) error) error
	// RecordMove writes a log entry with its snapshot, timers, status and
	// version together. It fails, writing nothing, with ErrStale when the
	// stored version is not the one before rec.Entry.Version, and with an
	// *ErrDuplicate on UniqueIdempotencyKey when the entry's key is used.
	RecordMove(ctx context.Context, rec MoveRecord) error
	// Ping reports whether the database answers.
	Ping(ctx context.Context) error
	// Close lets the database go, after the writes already queued.
	Close() error
}

// Extras are what an engine offers beyond Store, each nil when it has
// none. main fills them from the adapter it opened (db/engine) and hands
// them to table.New with the Store (table.Config.Extras).
type Extras struct {
	// CheckFile reports whether the database file is still the one opened
	// and undamaged (SQLite); its error wraps ErrUnavailable.
	CheckFile func() error
	// GroupCommit is the group committer's counters (SQLite).
	GroupCommit GroupCommitter
	// Stall is the watch on a file locked by another process (SQLite).
	Stall Staller
	// Pruner deletes what retention lets go (both engines).
	Pruner Pruner
	// OpenCeiling opens the load tool's naive storage ceiling (SQLite).
	OpenCeiling func(ctx context.Context) (Ceiling, error)
	// Shared is set when other instances share the database (PostgreSQL).
	Shared Shared
}

// GroupCommitter is a store that batches the writes arriving together into
// one transaction.
type GroupCommitter interface {
	// OnCommit has f told of each commit: the writes it carried and its
	// time. f runs on the commit loop, so it must be quick.
	OnCommit(f func(writes int, took time.Duration))
	// Batches and Writes count the transactions committed and the writes
	// they carried.
	Batches() int64
	Writes() int64
}

// Staller reports writes that find the database locked by another process.
type Staller interface {
	// Stalled says since when writes have failed with ErrLocked; ok is
	// false when none has, or ProbeWrite has committed since.
	Stalled() (since time.Time, ok bool)
	// ProbeWrite commits a write that changes nothing but takes the write
	// lock, and ends the stall when it commits.
	ProbeWrite(ctx context.Context) error
}

// PruneResult counts the tables a Prune deleted.
type PruneResult struct {
	Lobby int // lobby tables idle past the cutoff
	Ended int // ended tables past the cutoff
}

// Pruner deletes what retention lets go.
type Pruner interface {
	// Prune deletes the lobby tables with no activity (created, or a seat
	// joined) for lobbyIdle and the ended tables whose last move is older
	// than endedAge (a zero duration keeps them), each in its own
	// transaction that checks its condition again, with their seats, moves,
	// snapshot, timers and hand-overs. gone, when not nil, is told each
	// deleted table after its commit.
	Prune(ctx context.Context, now time.Time, lobbyIdle, endedAge time.Duration, gone func(id string)) (PruneResult, error)
}

// Ceiling is the load tool's naive storage ceiling: a database apart from
// the tables' that commits one single-row insert per call.
type Ceiling interface {
	Insert(ctx context.Context, at time.Time) error
	Close() error
}

// DeletedVersion is the version a change notice carries for a table that
// retention deleted: every instance drops it from memory and closes its
// streams.
const DeletedVersion = -1

// Shared is what an instance needs when other instances share its database.
type Shared interface {
	// Listen starts, until ctx ends, a listener that tells onNotify of every
	// table another instance (or this one) changed, with its new version
	// (DeletedVersion: deleted), and calls onResync after a lost connection
	// came back (notices sent meanwhile were lost). Both run on the
	// listener's goroutine, one at a time.
	Listen(ctx context.Context, onNotify func(tableID string, version int64), onResync func()) Listener
	// TableVersion is a table's stored version (sql.ErrNoRows: deleted).
	TableVersion(ctx context.Context, tableID string) (int64, error)
	// NextDeadline is the earliest deadline of a running timer of any
	// table; ok is false when no timer runs.
	NextDeadline(ctx context.Context) (deadline time.Time, ok bool, err error)
	// ExpireDue claims the timers due at now, at most max, each in its own
	// transaction holding its table against every instance: the timer's
	// generation is stopped and the move expire returns (nil: none) is
	// recorded, so a generation expires once. It returns the expiries that
	// were claimed.
	ExpireDue(ctx context.Context, now time.Time, max int, expire func(q Querier, e Expiry) (*MoveRecord, error)) (int, error)
}

// Expiry is a claimed timer: its table, name and generation, its deadline
// and its table's version under the claim.
type Expiry struct {
	TableID    string
	Name       string
	Generation int64
	Deadline   string
	Version    int64
}

// Listener is a running change listener (Shared.Listen).
type Listener interface {
	// Connected reports whether it is connected and listening.
	Connected() bool
	// BackendPID is its server process while connected (0 when down), for
	// tests that cut the connection.
	BackendPID() uint32
	// Reconnects counts the connections made after the first.
	Reconnects() int64
	// Done is closed when it has stopped.
	Done() <-chan struct{}
}
