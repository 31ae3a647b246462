package sqlite

import (
	"context"
	"time"

	"tablewarden/db"
)

var _ db.Pruner = (*Store)(nil)

// pruneBatch is how many candidates one listing returns.
const pruneBatch = 500

// Prune deletes the lobby tables with no activity (created, or a seat
// joined) for lobbyIdle, and the ended tables whose last move is older
// than endedAge; a zero duration keeps those tables. Each table goes in its
// own transaction, which re-checks the condition and removes the table's
// seats, moves, snapshot and timers with it. gone, when not nil, is called
// with each deleted table's id after its commit.
func (s *Store) Prune(ctx context.Context, now time.Time, lobbyIdle, endedAge time.Duration, gone func(id string)) (db.PruneResult, error) {
	var res db.PruneResult
	if lobbyIdle > 0 {
		before := now.Add(-lobbyIdle).UTC().Format(time.RFC3339Nano)
		n, err := s.pruneEach(ctx, gone,
			func() ([]string, error) {
				return s.Read().ListStaleLobbyTables(ctx, ListStaleLobbyTablesParams{Before: before, MaxRows: pruneBatch})
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
				return s.Read().ListOldEndedTables(ctx, ListOldEndedTablesParams{Before: before, MaxRows: pruneBatch})
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

// pruneEach lists candidates and deletes each in its own write until a
// listing finds none that can go.
func (s *Store) pruneEach(ctx context.Context, gone func(string), list func() ([]string, error), del func(*Queries, string) (int64, error)) (int, error) {
	total := 0
	for {
		ids, err := list()
		if err != nil {
			return total, err
		}
		deleted := 0
		for _, id := range ids {
			if err := ctx.Err(); err != nil {
				return total, err
			}
			var n int64
			err := s.Write(ctx, func(q *Queries) error {
				var err error
				n, err = del(q, id)
				return err
			})
			if err != nil {
				return total, err
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
