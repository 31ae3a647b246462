package db

import (
	"context"
	"fmt"
)

// MoveRecord is everything one log entry of a table changes: the entry
// itself, the state snapshot after it, the table's running and paused
// timers, its status and its version. Store.RecordMove writes it all in
// one transaction, so that storage never holds a move without its state.
type MoveRecord struct {
	// Entry is the log entry; Entry.Version is the table's new version.
	Entry AppendMoveParams
	// State is the encoded state after the entry, stored as the table's
	// snapshot; empty stores none. The log is the source of truth, and a
	// move stores the state only every few moves (table/snapshots.go).
	State string
	// Timers are the state's timers; HasTimers false leaves the table's
	// timers alone (a game without timers).
	Timers    []PutTimerParams
	HasTimers bool
	// Status, when set, is the table's new status ("playing", "ended").
	Status string
	// Undoes, when not zero, is the seq of the move this entry undoes.
	Undoes int64
}

// RecordMove writes rec through the group committer and returns once it is
// committed. It fails, writing nothing, when the table's stored version is
// not the one before rec.Entry.Version, or the entry's idempotency key is
// already used (the unique index's error).
func (s *Store) RecordMove(ctx context.Context, rec MoveRecord) error {
	// It only writes rec, so the group committer may run it again.
	return s.write(ctx, func(q *Queries) error { return q.RecordMove(ctx, rec) }, true)
}

// RecordMove is Store.RecordMove inside a transaction that is already open.
func (q *Queries) RecordMove(ctx context.Context, rec MoveRecord) error {
	return RecordMoveIn(ctx, q, rec)
}

// RecordMoveIn is RecordMove on either engine's queries (Querier).
func RecordMoveIn(ctx context.Context, q Querier, rec MoveRecord) error {
	id := rec.Entry.TableID
	if rec.Undoes != 0 {
		if err := q.MarkUndone(ctx, MarkUndoneParams{TableID: id, Seq: rec.Undoes}); err != nil {
			return err
		}
	}
	if err := q.AppendMove(ctx, rec.Entry); err != nil {
		return err
	}
	if rec.State != "" {
		if err := q.PutSnapshot(ctx, PutSnapshotParams{TableID: id, Seq: rec.Entry.Seq, State: rec.State}); err != nil {
			return err
		}
	}
	if rec.HasTimers {
		if err := q.DeleteTimers(ctx, id); err != nil {
			return err
		}
		for _, t := range rec.Timers {
			t.TableID = id
			if err := q.PutTimer(ctx, t); err != nil {
				return err
			}
		}
	}
	if rec.Status != "" {
		if err := q.SetTableStatus(ctx, SetTableStatusParams{Status: rec.Status, ID: id}); err != nil {
			return err
		}
	}
	// The version last: AdvanceTableVersion changes no row when the stored
	// version is not the one before the entry's, and the caller's savepoint
	// then undoes the writes above.
	n, err := q.AdvanceTableVersion(ctx, AdvanceTableVersionParams{ID: id, Previous: rec.Entry.Version - 1})
	if err == nil && n != 1 {
		err = fmt.Errorf("table %s: the version in storage is not %d, the one before this entry's", id, rec.Entry.Version-1)
	}
	return err
}
