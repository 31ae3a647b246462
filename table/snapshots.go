package table

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// The move log is the source of truth; a table's stored state (its
// snapshot) is a cache that saves replaying the whole log on load. Writing
// the state with every move cost a fifth of the server's CPU per move
// (README, Performance), so a move stores it only every snapshotEvery
// moves and when the game ends, and every start and undo stores it too (an
// undo rewrites history, so no undo ever lies after the snapshot). Loading
// a table, on either engine, decodes its snapshot and replays the moves
// after it (replayTail): at most snapshotEvery-1 of them.

// snapshotEvery is how many moves may pass between two stored states (a
// variable only so that tests and benchmarks can compare it with 1).
var snapshotEvery int64 = 32

// snapshotDue reports whether the move with sequence number seq stores the
// state after it.
func snapshotDue(seq int64, ended bool) bool { return ended || seq%snapshotEvery == 0 }

// replayTail applies to st, the state after the snapshot's entry, the log
// entries after it, as Replay does: each with the generator of its own seq
// and its stored time. An entry after the snapshot that is not a plain
// move (an undo) or that was undone cannot be replayed on top of it: ok is
// then false, and the caller replays the whole log.
func replayTail(g kit.Game, row db.GameTable, st kit.State, moves []db.Move) (_ kit.State, ok bool, _ error) {
	for _, m := range moves {
		if m.Kind != "move" || m.Undone != 0 {
			return nil, false, nil
		}
		var a kit.Actor
		if err := json.Unmarshal([]byte(m.Actor), &a); err != nil {
			return nil, false, err
		}
		at, err := time.Parse(time.RFC3339Nano, m.At)
		if err != nil {
			return nil, false, err
		}
		res, err := g.Apply(st, a, kit.Move{Type: m.Type, Args: json.RawMessage(m.Args)}, kit.NewCtx(uint64(row.Seed), int(m.Seq), at))
		if err != nil {
			return nil, false, fmt.Errorf("move %d (%s): %w", m.Seq, m.Type, err)
		}
		st = res.State
	}
	return st, true, nil
}

// upTo returns the entries of moves (in seq order) up to seq: over
// PostgreSQL another instance may append entries between the reads of a
// load, and the state must be the one after seq.
func upTo(moves []db.Move, seq int64) []db.Move {
	for i, m := range moves {
		if m.Seq > seq {
			return moves[:i]
		}
	}
	return moves
}

// stateFromStorage returns the state of a table in play whose last log
// entry is seq: its snapshot with the entries after it replayed, or, when
// there is no snapshot it can build on, the whole log replayed (full then
// says so, and the caller stores the state as the new snapshot).
//
// have, when not nil, is a state this instance already holds, after the
// entry haveSeq (a reload: another instance moved the table on). The
// entries after it are then replayed on it, when they are all plain moves.
func stateFromStorage(ctx context.Context, q db.Querier, g kit.Game, row db.GameTable, seats []db.Seat, seq int64, have kit.State, haveSeq int64) (st kit.State, full bool, err error) {
	if have != nil && haveSeq <= seq {
		if haveSeq == seq {
			return have, false, nil
		}
		tail, err := q.ListMovesAfter(ctx, db.ListMovesAfterParams{TableID: row.ID, Seq: haveSeq})
		if err != nil {
			return nil, false, err
		}
		if st, ok, err := replayTail(g, row, have, upTo(tail, seq)); err == nil && ok {
			return st, false, nil
		}
		// An undo, or a move that does not apply: start from the snapshot.
	}
	snap, err := q.GetSnapshot(ctx, row.ID)
	if err == nil && snap.Seq <= seq {
		st, err := g.Decode([]byte(snap.State))
		if err != nil {
			return nil, false, fmt.Errorf("table %s: decode snapshot: %w", row.ID, err)
		}
		if snap.Seq == seq {
			return st, false, nil
		}
		tail, err := q.ListMovesAfter(ctx, db.ListMovesAfterParams{TableID: row.ID, Seq: snap.Seq})
		if err != nil {
			return nil, false, err
		}
		st, ok, err := replayTail(g, row, st, upTo(tail, seq))
		if err != nil {
			return nil, false, fmt.Errorf("table %s: replay after snapshot %d: %w", row.ID, snap.Seq, err)
		}
		if ok {
			return st, false, nil
		}
	} else if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, false, err
	}
	// The snapshot is missing, or cannot be built on: rebuild from the log.
	moves, err := q.ListMoves(ctx, row.ID)
	if err != nil {
		return nil, false, err
	}
	st, err = Replay(g, row, seats, upTo(moves, seq))
	if err != nil {
		return nil, false, fmt.Errorf("table %s: replay: %w", row.ID, err)
	}
	return st, true, nil
}
