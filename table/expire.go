package table

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// Timer expiries with other instances (Config.Extras.Shared: PostgreSQL).
// Every instance runs claimDue:
// it sleeps until the earliest running timer's deadline that any instance
// stored (looking again at least every timerPoll, and at once when this
// instance arms a timer), then claims the due timers with
// Shared.ExpireDue. A claim takes the table's row lock with FOR UPDATE
// SKIP LOCKED, stops the timer's generation and logs its timer_expired
// move in one transaction, so each generation expires exactly once, on
// time, whichever instance is alive. The move is built from the table as
// the database holds it under that lock, never from an instance's cache.
// With SQLite (one instance) the timer scheduler fires expiries through
// Service.Move instead (timers.go).

// expiryBatch is how many due timers one claim round expires at most.
const expiryBatch = 64

// claimDue expires due timers until ctx ends.
func (s *Service) claimDue(ctx context.Context, ps db.Shared) {
	for ctx.Err() == nil {
		wait := timerPoll
		dl, ok, err := ps.NextDeadline(ctx)
		if err == nil && ok {
			wait = min(wait, max(dl.Sub(s.now()), 0))
		}
		if wait > 0 {
			tm := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				tm.Stop()
				return
			case <-s.timers.wake:
				tm.Stop()
				continue
			case <-tm.C:
			}
		}
		if err != nil || !ok {
			continue
		}
		n, err := ps.ExpireDue(ctx, s.now(), expiryBatch, func(q db.Querier, e db.Expiry) (*db.MoveRecord, error) {
			return s.expiry(ctx, q, e)
		})
		s.counters.MovesAccepted.Add(int64(n))
		s.counters.TimersClaimed.Add(int64(n))
		pause := time.Duration(0)
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Warn("timer expiry", "err", err)
			pause = timerPoll // do not spin on a failing database
		case n == 0:
			// Due, but its table is locked (a move in flight, or another
			// instance claiming it): look again shortly, not at once.
			pause = 10 * time.Millisecond
		}
		if pause > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(pause):
			}
		}
	}
}

// expiry builds the timer_expired move of a claimed timer from the table
// as q (the claim's transaction) reads it. It returns nil, logging nothing,
// when the game refuses the expiry as stale.
func (s *Service) expiry(ctx context.Context, q db.Querier, e db.Expiry) (*db.MoveRecord, error) {
	row, err := q.GetTable(ctx, e.TableID)
	if err != nil {
		return nil, err
	}
	g, ok := s.Game(row.Game)
	if !ok {
		return nil, fmt.Errorf("table %s: unknown game %q", row.ID, row.Game)
	}
	st, seq, err := storedState(ctx, q, g, row)
	if err != nil {
		return nil, err
	}
	if e.Deadline == "" {
		return nil, fmt.Errorf("timer %s/%s runs without a deadline", e.TableID, e.Name)
	}
	dl, err := time.Parse(time.RFC3339Nano, e.Deadline)
	if err != nil {
		return nil, fmt.Errorf("timer %s/%s deadline: %w", e.TableID, e.Name, err)
	}
	args, _ := json.Marshal(kit.TimerExpiredArgs{Name: e.Name, Generation: int(e.Generation)})
	now := s.now().UTC()
	seq++
	mctx := kit.NewCtx(uint64(row.Seed), int(seq), now)
	by := MovedBy{Actor: systemIdentity.actor()}
	res, err := g.Apply(st, by.Actor, kit.Move{Type: kit.TimerExpiredMove, Args: args}, mctx)
	if err != nil {
		if _, ok := kit.AsRuleError(err); ok {
			s.log.Info("timer expiry refused", "table", e.TableID, "timer", e.Name, "generation", e.Generation, "err", err)
			return nil, nil
		}
		return nil, err
	}
	enc, err := json.Marshal(res.State)
	if err != nil {
		return nil, err
	}
	events := res.Events
	if events == nil {
		events = []kit.Event{}
	}
	evJSON, _ := json.Marshal(events)
	actorJSON, _ := json.Marshal(by)
	key := fmt.Sprintf("%stimer:%s:%d:%d", SystemKeyPrefix, e.Name, e.Generation, dl.UnixMilli())
	rec := db.MoveRecord{
		Entry: db.AppendMoveParams{TableID: e.TableID, Seq: seq, Kind: "move", Actor: string(actorJSON), Type: kit.TimerExpiredMove,
			Args: string(args), At: now.Format(time.RFC3339Nano), IdempotencyKey: sql.NullString{String: key, Valid: true},
			Events: string(evJSON), Reveals: Reveals(res, mctx, uint64(row.Seed), seq)},
		State: string(enc),
	}
	rec.Timers, rec.HasTimers = timerRows(e.TableID, g, res.State)
	if g.Outcome(res.State) != nil {
		rec.Status = "ended"
	}
	return &rec, nil
}

// storedState is a playing table's state and last seq as q reads them:
// its snapshot with the moves after it replayed, as a load does
// (stateFromStorage, snapshots.go).
func storedState(ctx context.Context, q db.Querier, g kit.Game, row db.GameTable) (kit.State, int64, error) {
	seq, err := q.LastMoveSeq(ctx, row.ID)
	if err != nil {
		return nil, 0, err
	}
	seats, err := q.ListSeats(ctx, row.ID)
	if err != nil {
		return nil, 0, err
	}
	st, _, err := stateFromStorage(ctx, q, g, row, seats, seq, nil, 0)
	return st, seq, err
}
