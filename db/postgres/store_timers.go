package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"tablewarden/db"
)

// ExpireDue expires the timers due at now, up to max of them, each in its
// own transaction: ClaimDueTimer takes the row lock of the table of the
// most overdue timer (skipping tables another instance holds), the timer's
// generation is stopped, and expire returns the move that the expiry logs
// (the game's timer_expired move, built from the table as the database has
// it at db.Expiry.Version, through q, the claim's transaction), which is
// written like CommitMove's. expire may
// return nil to log nothing (the game refused the expiry as stale); the
// timer is stopped all the same. Any instance may run ExpireDue at any
// time: a generation is stopped once, so it expires once.
func (s *Store) ExpireDue(ctx context.Context, now time.Time, max int, expire func(q db.Querier, e db.Expiry) (*db.MoveRecord, error)) (int, error) {
	n := 0
	for range 2 * max {
		if n == max {
			break
		}
		done := false
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			q := New(tx)
			e, err := q.ClaimDueTimer(ctx, now.UTC().Format(time.RFC3339Nano))
			if errors.Is(err, pgx.ErrNoRows) {
				done = true
				return nil
			}
			if err != nil {
				return err
			}
			stopped, err := q.StopTimer(ctx, StopTimerParams{TableID: e.TableID, Name: e.Name, Generation: e.Generation})
			if err != nil {
				return err
			}
			if stopped != 1 {
				return errLostClaim
			}
			var dl string
			if e.Deadline != nil {
				dl = *e.Deadline
			}
			rec, err := expire(port{q: q}, db.Expiry{TableID: e.TableID, Name: e.Name, Generation: e.Generation, Deadline: dl, Version: e.Version})
			if err != nil {
				return err
			}
			if rec != nil {
				if _, err := writeMove(ctx, q, e.TableID, commitOf(*rec)); err != nil {
					return err
				}
			}
			return nil
		})
		if errors.Is(err, errLostClaim) {
			continue
		}
		if err != nil {
			return n, classifyPG(err)
		}
		if done {
			return n, nil
		}
		n++
	}
	return n, nil
}

// errLostClaim undoes a claim whose timer another instance stopped first.
var errLostClaim = errors.New("timer claimed by another instance")

// NextDeadline returns the earliest deadline of a running timer, and false
// when no timer runs, so that an instance's expiry loop can sleep until it.
func (s *Store) NextDeadline(ctx context.Context) (time.Time, bool, error) {
	dl, err := s.read.NextTimerDeadline(ctx)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && dl == nil) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, classifyPG(err)
	}
	t, err := time.Parse(time.RFC3339Nano, *dl)
	if err != nil {
		return time.Time{}, false, fmt.Errorf("timer deadline %q: %w", *dl, err)
	}
	return t, true, nil
}

// commitOf is the MoveCommit that writes what rec describes (the engine-
// neutral db.MoveRecord a table builds), for ExpireDue's expire function. The
// entry's version is set when it is written.
func commitOf(rec db.MoveRecord) MoveCommit {
	e := rec.Entry
	c := MoveCommit{
		Move: AppendMoveParams{TableID: e.TableID, Seq: e.Seq, Kind: e.Kind, Actor: e.Actor, Type: e.Type,
			Args: e.Args, At: e.At, IdempotencyKey: strPtr(e.IdempotencyKey), Events: e.Events, Reveals: e.Reveals, Undoes: int64Ptr(e.Undoes)},
		Snapshot:  rec.State,
		HasTimers: rec.HasTimers,
		Status:    rec.Status,
	}
	if rec.Undoes != 0 {
		u := rec.Undoes
		c.Move.Undoes = &u
	}
	for _, t := range rec.Timers {
		c.Timers = append(c.Timers, PutTimerParams{TableID: t.TableID, Name: t.Name, Generation: t.Generation,
			Running: t.Running, Deadline: strPtr(t.Deadline), RemainingMs: t.RemainingMs})
	}
	return c
}
