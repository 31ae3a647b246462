package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"tablewarden/db"
)

// Prune is Store.Prune on PostgreSQL (the retention):
// the same conditions (queries/pg/retention.sql), each table deleted in its
// own transaction that re-checks them under the table's row lock (a table
// that came back to life meanwhile stays), with its seats, moves, snapshot,
// timers and devices (ON DELETE CASCADE). The transaction also notifies
// every instance (NotifyPayload with db.DeletedVersion), so that the others
// drop the table too. Several instances may prune at once: a table is
// deleted, and counted, once.
func (s *Store) Prune(ctx context.Context, now time.Time, lobbyIdle, endedAge time.Duration, gone func(id string)) (db.PruneResult, error) {
	var res db.PruneResult
	if lobbyIdle > 0 {
		before := now.Add(-lobbyIdle).UTC().Format(time.RFC3339Nano)
		n, err := s.pruneEach(ctx, gone,
			func() ([]string, error) {
				return s.read.ListStaleLobbyTables(ctx, ListStaleLobbyTablesParams{Before: before, MaxRows: pruneBatch})
			},
			func(q *Queries, id string) (int64, error) {
				return q.DeleteStaleLobbyTable(ctx, DeleteStaleLobbyTableParams{ID: id, Before: before})
			})
		res.Lobby = n
		if err != nil {
			return res, err
		}
	}
	if endedAge > 0 {
		before := now.Add(-endedAge).UTC().Format(time.RFC3339Nano)
		n, err := s.pruneEach(ctx, gone,
			func() ([]string, error) {
				return s.read.ListOldEndedTables(ctx, ListOldEndedTablesParams{Before: before, MaxRows: pruneBatch})
			},
			func(q *Queries, id string) (int64, error) {
				return q.DeleteOldEndedTable(ctx, DeleteOldEndedTableParams{ID: id, Before: before})
			})
		res.Ended = n
		if err != nil {
			return res, err
		}
	}
	return res, nil
}

// pruneEach lists candidates and deletes each in its own transaction
// until a listing finds none that can go.
func (s *Store) pruneEach(ctx context.Context, gone func(string), list func() ([]string, error), del func(*Queries, string) (int64, error)) (int, error) {
	total := 0
	for {
		ids, err := list()
		if err != nil {
			return total, classifyPG(err)
		}
		deleted := 0
		for _, id := range ids {
			if err := ctx.Err(); err != nil {
				return total, err
			}
			var n int64
			err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
				q := New(tx)
				// The row lock orders the delete after a move in flight,
				// whose commit the re-check then sees.
				if _, err := q.LockTable(ctx, id); err != nil {
					if err == pgx.ErrNoRows {
						return nil // another instance deleted it
					}
					return err
				}
				var err error
				if n, err = del(q, id); err != nil || n == 0 {
					return err
				}
				_, err = tx.Exec(ctx, "SELECT pg_notify($1, $2)", NotifyChannel, NotifyPayload(id, db.DeletedVersion))
				return err
			})
			if err != nil {
				return total, classifyPG(err)
			}
			if n > 0 {
				deleted++
				if gone != nil {
					gone(id)
				}
			}
		}
		total += deleted
		if len(ids) < pruneBatch || deleted == 0 {
			return total, nil
		}
	}
}

// pruneBatch is how many candidates one listing returns.
const pruneBatch = 500
