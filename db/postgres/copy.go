package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"tablewarden/db"
)

// CopyStats counts the rows CopyFrom copied.
type CopyStats struct {
	Tables, Seats, Moves, Snapshots, Timers, Handovers int
}

// CopyFrom copies every table that src reads (another engine's database:
// `tablewarden copy` reads a SQLite file through one consistent read), with
// its seats, moves, snapshot, timers and hand-over codes, into this
// database, as they are (same ids, versions, seqs, idempotency keys, times
// and state bytes), in one transaction. check, when not nil, runs before
// that transaction commits, with queries over the copy: if it fails, as
// when a table id or join code is already taken here or anything else
// fails, nothing is copied, and the copy can simply be run again.
func (s *Store) CopyFrom(ctx context.Context, src db.Source, check func(dst db.Source) error) (CopyStats, error) {
	var st CopyStats
	ids, err := src.ListTableIDs(ctx)
	if err != nil {
		return st, err
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		w := New(tx)
		for _, id := range ids {
			if err := copyOne(ctx, src, w, id, &st); err != nil {
				return fmt.Errorf("table %s: %w", id, err)
			}
		}
		if check != nil {
			return check(port{q: w})
		}
		return nil
	})
	if err != nil {
		return CopyStats{}, classifyPG(err)
	}
	return st, nil
}

func copyOne(ctx context.Context, r db.Source, w *Queries, id string, st *CopyStats) error {
	t, err := r.GetTable(ctx, id)
	if err != nil {
		return err
	}
	if err := w.CopyTable(ctx, CopyTableParams{ID: t.ID, Game: t.Game, JoinCode: t.JoinCode, Options: t.Options, Seed: t.Seed,
		HostTokenHash: t.HostTokenHash, Status: t.Status, Version: t.Version, CreatedAt: t.CreatedAt, StartedAt: strPtr(t.StartedAt),
		Locked: t.Locked, RematchID: strPtr(t.RematchID), Lang: t.Lang}); err != nil {
		return err
	}
	st.Tables++
	seats, err := r.ListSeats(ctx, id)
	if err != nil {
		return err
	}
	for _, s := range seats {
		if err := w.CopySeat(ctx, CopySeatParams{TableID: s.TableID, Seat: s.Seat, Name: s.Name, TokenHash: s.TokenHash, Removed: s.Removed, JoinedAt: s.JoinedAt}); err != nil {
			return err
		}
		st.Seats++
	}
	moves, err := r.ListMoves(ctx, id)
	if err != nil {
		return err
	}
	for _, m := range moves {
		if err := w.CopyMove(ctx, CopyMoveParams{TableID: m.TableID, Seq: m.Seq, Kind: m.Kind, Actor: m.Actor, Type: m.Type, Args: m.Args, At: m.At,
			IdempotencyKey: strPtr(m.IdempotencyKey), Events: m.Events, Reveals: m.Reveals, Undoes: int64Ptr(m.Undoes), Undone: m.Undone, Version: m.Version}); err != nil {
			return err
		}
		st.Moves++
	}
	snap, err := r.GetSnapshot(ctx, id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return err
	default:
		if err := w.PutSnapshot(ctx, PutSnapshotParams{TableID: snap.TableID, Seq: snap.Seq, State: snap.State}); err != nil {
			return err
		}
		st.Snapshots++
	}
	handovers, err := r.ListTableHandovers(ctx, id)
	if err != nil {
		return err
	}
	for _, h := range handovers {
		if err := w.CopyHandover(ctx, CopyHandoverParams{CodeHash: h.CodeHash, TableID: h.TableID, Seat: h.Seat, ExpiresAt: h.ExpiresAt, Used: h.Used}); err != nil {
			return err
		}
		st.Handovers++
	}
	timers, err := r.ListTableTimers(ctx, id)
	if err != nil {
		return err
	}
	for _, tm := range timers {
		if err := w.PutTimer(ctx, PutTimerParams{TableID: tm.TableID, Name: tm.Name, Generation: tm.Generation, Running: tm.Running,
			Deadline: strPtr(tm.Deadline), RemainingMs: tm.RemainingMs}); err != nil {
			return err
		}
		st.Timers++
	}
	return nil
}
