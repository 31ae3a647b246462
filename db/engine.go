package db

import "context"

// Engine is the storage the server runs on: a SQLite file (Store) or a
// PostgreSQL server shared by many instances (PGStore). Both speak the
// SQLite query set (Querier).
type Engine interface {
	// Queries reads outside any transaction.
	Queries() Querier
	// Tx runs fn in one transaction and returns once it has committed
	// (or failed, writing nothing).
	Tx(ctx context.Context, fn func(q Querier) error) error
	// RecordMove writes a log entry with its snapshot, timers, status and
	// version together; it fails, writing nothing, when the stored version
	// is not the one before rec.Entry.Version (PostgreSQL: ErrStale).
	RecordMove(ctx context.Context, rec MoveRecord) error
	// Ping reports whether the database answers.
	Ping(ctx context.Context) error
	Close() error
}

var (
	_ Engine = (*Store)(nil)
	_ Engine = (*PGStore)(nil)
)

// Queries returns the read pool's queries as a Querier.
func (s *Store) Queries() Querier { return s.read }

// Tx is Write with the engine-neutral query set.
func (s *Store) Tx(ctx context.Context, fn func(q Querier) error) error {
	return s.Write(ctx, func(q *Queries) error { return fn(q) })
}

// Ping reports whether the database file answers.
func (s *Store) Ping(ctx context.Context) error { return s.r.PingContext(ctx) }
