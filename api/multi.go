package api

import (
	"context"
	"errors"
	"time"

	"tablewarden/db"
)

// Many instances on one PostgreSQL database (issue 18). Any instance serves
// any table, so an instance's loaded table may be behind the database:
//
//   - every table write runs in a transaction that first takes the table's
//     row lock and checks that the stored version is the one this instance
//     holds (tableTx); when another instance moved the table on, the write
//     is undone (db.ErrStale), the table is reloaded and the request runs
//     again against the fresh state (retryStale), so moves on one table
//     are applied one at a time across instances and a phone's expected
//     version is checked against the database's;
//   - every move's transaction sends NOTIFY with the table and version; a
//     listener reloads the tables this instance has streams for and pushes
//     each phone its view (onNotify); when the listener's connection comes
//     back after a loss it reloads them all (onResync);
//   - timers armed on another instance are picked up by a poll of the
//     running timers (pollTimers); the expiry's idempotency key (table,
//     timer, generation, deadline) is unique in the shared log, so a
//     generation expires once whichever instance fires first.

// staleRetries bounds how often a request is run again after another
// instance moved its table on.
const staleRetries = 5

// tableTx runs fn in one transaction on the table's row. With other
// instances it first locks the row and returns db.ErrStale, running
// nothing, when the stored version is not the loaded one.
func (s *Service) tableTx(ctx context.Context, t *table, fn func(q db.Querier) error) error {
	return s.store.Tx(ctx, func(q db.Querier) error {
		if s.multi {
			locker, ok := q.(interface {
				LockTable(ctx context.Context, id string) (int64, error)
			})
			if !ok {
				return errors.New("store cannot lock a table")
			}
			v, err := locker.LockTable(ctx, t.id)
			if err != nil {
				return err
			}
			if v != t.row.Version {
				return db.ErrStale
			}
		}
		return fn(q)
	})
}

// retryStale runs op (the caller holds t.mu); when op fails with
// db.ErrStale it reloads the table and runs op again.
func retryStale(s *Service, ctx context.Context, t *table, op func() error) error {
	_, err := retryStaleResult(s, ctx, t, func() (struct{}, error) { return struct{}{}, op() })
	return err
}

func retryStaleResult[R any](s *Service, ctx context.Context, t *table, op func() (R, error)) (R, error) {
	if err := s.freshenLocked(ctx, t); err != nil {
		var zero R
		return zero, err
	}
	for attempt := 0; ; attempt++ {
		r, err := op()
		if !errors.Is(err, db.ErrStale) {
			return r, err
		}
		if attempt == staleRetries {
			v := t.row.Version
			return r, &Error{Code: CodeConflict, Message: "The table is busy on another server; try again.", Version: &v, Err: err}
		}
		if err := s.reloadLocked(ctx, t); err != nil {
			return r, err
		}
	}
}

// freshenLocked reloads the table (the caller holds t.mu) when the
// database holds a newer version than this instance, so that a request is
// checked against the table as it is, not as this instance last saw it.
// With SQLite (one instance) it does nothing.
func (s *Service) freshenLocked(ctx context.Context, t *table) error {
	ps, ok := s.store.(*db.PGStore)
	if !ok || !s.multi {
		return nil
	}
	v, err := ps.Read().GetTableVersion(ctx, t.id)
	if err != nil {
		return db.ClassifyPG(err)
	}
	if v == t.row.Version {
		return nil
	}
	return s.reloadLocked(ctx, t)
}

// freshenRead is freshenLocked for reads: while the database is
// unreachable they answer from the cache.
func (s *Service) freshenRead(ctx context.Context, t *table) error {
	if err := s.freshenLocked(ctx, t); err != nil && !errors.Is(err, db.ErrUnavailable) {
		return err
	}
	return nil
}

// reloadLocked reads the table again from the database (the caller holds
// t.mu), reschedules its timers and pushes its streams the new views.
func (s *Service) reloadLocked(ctx context.Context, t *table) error {
	if err := s.fill(ctx, t); err != nil {
		return err
	}
	if t.state != nil {
		s.timers.schedule(t.id, t.game, t.state)
	}
	s.hub.publish(t)
	return nil
}

// onNotify handles another instance's (or this one's) move on a table: a
// table this instance has streams for and holds at an older version is
// reloaded and its phones get their new views.
func (s *Service) onNotify(tableID string, version int64) {
	if !s.hub.has(tableID) {
		return
	}
	s.mu.Lock()
	t := s.tables[tableID]
	s.mu.Unlock()
	if t == nil {
		return
	}
	go func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.game == nil || t.row.Version >= version {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := s.reloadLocked(ctx, t); err != nil {
			s.log.Warn("reload after notify", "table", tableID, "err", err)
		}
	}()
}

// onResync reloads every table with open streams, after the listener's
// connection came back (notifications sent meanwhile were lost).
func (s *Service) onResync() {
	s.mu.Lock()
	var ts []*table
	for id, t := range s.tables {
		if s.hub.has(id) {
			ts = append(ts, t)
		}
	}
	s.mu.Unlock()
	for _, t := range ts {
		t.mu.Lock()
		if t.game != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			if err := s.reloadLocked(ctx, t); err != nil {
				s.log.Warn("resync", "table", t.id, "err", err)
			}
			cancel()
		}
		t.mu.Unlock()
	}
}

// timerPoll is how often an instance looks for timers that other
// instances armed.
const timerPoll = 500 * time.Millisecond

// pollTimers arms the running timers stored by any instance, until ctx
// ends: when the instance that armed a timer dies, the others fire it.
func (s *Service) pollTimers(ctx context.Context) {
	tk := time.NewTicker(timerPoll)
	defer tk.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tk.C:
		}
		if _, err := s.timers.resume(ctx); err != nil && ctx.Err() == nil {
			s.log.Debug("timer poll", "err", err)
		}
	}
}
