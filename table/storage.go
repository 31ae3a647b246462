package table

import (
	"context"
	"sync"
	"time"

	"tablewarden/db"
)

// What the HTTP layer needs of the database, asked of the Service so that
// only main and table know the store.

// ErrUnavailable is returned (wrapped) by the Service's methods when the
// database cannot be reached (PostgreSQL down): the client should retry.
var ErrUnavailable = db.ErrUnavailable

// PruneResult counts the tables a Prune deleted.
type PruneResult = db.PruneResult

// Ping checks that the database answers.
func (s *Service) Ping(ctx context.Context) error { return s.store.Ping(ctx) }

// CheckStorage checks that a SQLite database file is still the one the
// server opened (not deleted or replaced under it), through
// Config.Extras.CheckFile. PostgreSQL has no file to lose: it returns nil.
func (s *Service) CheckStorage() error {
	if s.extras.CheckFile == nil {
		return nil
	}
	return s.extras.CheckFile()
}

// CommitStats is the group committer's counters, for /metrics.
type CommitStats struct {
	// Batches and Writes return the transactions committed and the writes
	// they carried.
	Batches, Writes func() int64
}

// GroupCommit returns the store's group-commit counters and has observe
// told about every commit (its writes and its time), or returns false when
// the store has no group committer (Config.Extras.GroupCommit: PostgreSQL). Call it before serving.
func (s *Service) GroupCommit(observe func(writes int, took time.Duration)) (CommitStats, bool) {
	gc := s.extras.GroupCommit
	if gc == nil {
		return CommitStats{}, false
	}
	gc.OnCommit(observe)
	return CommitStats{Batches: gc.Batches, Writes: gc.Writes}, true
}

// ObserveFanout has f told, from then on, the time from each publish to
// its views being handed to every stream of the table (see
// Config.ObserveFanout). Call it before serving.
func (s *Service) ObserveFanout(f func(time.Duration)) { s.observeFanout = f }

// Prune deletes, each in its own transaction, the lobby tables idle for
// lobbyIdle and the ended tables whose last move is endedAge old (a zero
// duration keeps them), and drops them from memory and from their open
// streams.
func (s *Service) Prune(ctx context.Context, now time.Time, lobbyIdle, endedAge time.Duration) (PruneResult, error) {
	p := s.extras.Pruner
	if p == nil {
		return PruneResult{}, nil
	}
	return p.Prune(ctx, now, lobbyIdle, endedAge, s.Forget)
}

// ceiling is the naive storage ceiling's own database, opened on first use.
type ceiling struct {
	once sync.Once
	db   db.Ceiling
	err  error
}

// CeilingCommit commits one single-row INSERT into a separate SQLite file
// beside the database (<db>-ceiling), the load tool's naive storage
// ceiling (Config.Extras.OpenCeiling). It returns CodeNotFound on an engine
// without one (PostgreSQL).
func (s *Service) CeilingCommit(ctx context.Context) error {
	s.ceiling.once.Do(func() {
		if s.extras.OpenCeiling == nil {
			s.ceiling.err = Errorf(CodeNotFound, "The commit ceiling route needs a SQLite database.")
			return
		}
		s.ceiling.db, s.ceiling.err = s.extras.OpenCeiling(context.WithoutCancel(ctx))
	})
	if s.ceiling.err != nil {
		return s.ceiling.err
	}
	return s.ceiling.db.Insert(ctx, time.Now())
}
