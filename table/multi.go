package table

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tablewarden/db"
)

// Many instances on one PostgreSQL database. Any instance serves
// any table, so an instance's loaded table may be behind the database:
//
//   - every request that loads a table first compares the stored version
//     with the loaded one and reloads the table when it is behind
//     (freshenLocked, from Service.load), so a phone's token and expected
//     version are checked against the database's table; while the
//     database is unreachable, reads answer from the cache;
//   - every table write runs in a transaction that first takes the table's
//     row lock and checks that the stored version is still the loaded one
//     (tableTx, Querier.LockTable; Store.RecordMove for moves and undos); when another
//     instance got there in between, nothing is written, the table is
//     reloaded and the phone gets 409 with the current version, so moves
//     on one table are applied one at a time across instances;
//   - every move's transaction sends NOTIFY with the table and version
//     (retention's delete sends db.DeletedVersion: every instance forgets
//     the table); a listener reloads the tables this instance has streams for and pushes
//     each phone its view (onNotify); when the listener's connection comes
//     back after a loss it reloads them all (onResync);
//   - every instance claims the due timers that any instance stored
//     (claimDue, expire.go: FOR UPDATE SKIP LOCKED), so a generation
//     expires once, on time, whichever instance is alive.

// Share starts, until ctx ends, what an instance needs when other
// instances share its PostgreSQL database: the listener that reloads and
// pushes the tables they move, and the claim of due timers (claimDue). With
// SQLite (one instance) it starts nothing and returns nil.
func (s *Service) Share(ctx context.Context) db.Listener {
	sh := s.extras.Shared
	if sh == nil {
		return nil
	}
	l := sh.Listen(ctx, s.onNotify, s.onResync)
	go s.claimDue(ctx, sh)
	return l
}

// tableTx runs fn in one transaction on the table's row. With other
// instances it first locks the row and, when the stored version is not the
// loaded one (another instance got there first), writes nothing, reloads
// the table and answers 409 with the current version.
func (s *Service) tableTx(ctx context.Context, t *table, fn func(q db.Querier) error) error {
	err := s.store.Tx(ctx, func(q db.Querier) error {
		if s.multi {
			v, err := q.LockTable(ctx, t.id)
			if err != nil {
				return err
			}
			if v != t.row.Version {
				return db.ErrStale
			}
		}
		return fn(q)
	})
	return s.staleConflict(ctx, t, err)
}

// recordMove is Store.RecordMove with tableTx's answer to a stale version.
func (s *Service) recordMove(ctx context.Context, t *table, rec db.MoveRecord) error {
	return s.staleConflict(ctx, t, s.store.RecordMove(ctx, rec))
}

// staleConflict turns db.ErrStale into a 409 with the table reloaded.
func (s *Service) staleConflict(ctx context.Context, t *table, err error) error {
	if !errors.Is(err, db.ErrStale) {
		return err
	}
	if rerr := s.reloadLocked(ctx, t); rerr != nil {
		return rerr
	}
	v := t.row.Version
	return &Error{Code: CodeConflict, Message: fmt.Sprintf("The table has moved on (version %d); your screen was refreshed.", v), Version: &v, Reason: ReasonStale, Err: err}
}

// isStale reports whether err is staleConflict's answer.
func isStale(err error) bool { return errors.Is(err, db.ErrStale) }

// freshenLocked reloads the table (the caller holds t.mu) when the
// database holds a newer version than this instance, so that a request is
// checked against the table as it is, not as this instance last saw it.
// With SQLite (one instance) it does nothing.
func (s *Service) freshenLocked(ctx context.Context, t *table) error {
	if !s.multi {
		return nil
	}
	v, err := s.extras.Shared.TableVersion(ctx, t.id)
	if errors.Is(err, sql.ErrNoRows) {
		// Deleted by retention on another instance (its NOTIFY may not
		// have arrived yet).
		go s.Forget(t.id)
		return Refusef(ReasonUnknownTable, "No table %q.", t.id)
	}
	if err != nil {
		return err
	}
	if v == t.row.Version {
		return nil
	}
	return s.reloadLocked(ctx, t)
}

// reloadLocked reads the table again from the database (the caller holds
// t.mu), reschedules its timers and pushes its streams the new views.
func (s *Service) reloadLocked(ctx context.Context, t *table) error {
	// Snapshots taken for views and streams share the log's backing
	// array; fill rebuilds the log, so it must start on a fresh one.
	t.log = nil
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
	if version == db.DeletedVersion {
		// Retention on some instance deleted the table.
		s.Forget(tableID)
		return
	}
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

// timerPoll is the longest claimDue sleeps before it looks again for the
// earliest deadline: the lateness, at worst, of an expiry whose timer
// another instance armed less than timerPoll before its deadline.
const timerPoll = 500 * time.Millisecond
