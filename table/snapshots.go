package table

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// The move log is the source of truth; a table's stored state (its
// snapshot) is a cache that saves replaying the whole log on load. Writing
// the state with every move cost about a quarter of the server's CPU per
// move and most of the database's growth (README, Performance), so a move
// stores it only every snapshotEvery moves, when the game ends, and at
// every start and undo (an undo rewrites history, so the snapshot never
// lies before one). Loading a table decodes its snapshot and replays the
// moves after it (replayTail): at most snapshotEvery-1 moves.

// snapshotEvery is how many moves may pass between two stored states
// (a variable only so that a benchmark can compare it with 1).
var snapshotEvery int64 = 32

// snapshotDue reports whether the move with sequence number seq stores the
// state after it.
func snapshotDue(seq int64, ended bool) bool { return ended || seq%snapshotEvery == 0 }

// replayTail applies to st, the state after the snapshot's move, the
// moves after it, as Replay does: each with the generator of its own seq
// and its stored time. A log entry after the snapshot that is not a plain
// move (an undo) or that was undone cannot be replayed on top of it:
// ok is then false, and the caller replays the whole log.
func replayTail(g kit.Game, row db.GameTable, st kit.State, moves []db.Move) (kit.State, bool, error) {
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

// stateFromStorage returns a table's current state: its snapshot, with the
// moves after it replayed, or (with no usable snapshot) the whole log
// replayed, which full then says. seq is the table's last log entry.
func stateFromStorage(ctx context.Context, q *db.Queries, g kit.Game, row db.GameTable, seats []db.Seat, seq int64) (st kit.State, full bool, err error) {
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
		st, ok, err := replayTail(g, row, st, tail)
		if err != nil {
			return nil, false, fmt.Errorf("table %s: replay after snapshot %d: %w", row.ID, snap.Seq, err)
		}
		if ok {
			return st, false, nil
		}
	}
	// The snapshot is missing or cannot be built on: rebuild from the log.
	moves, err := q.ListMoves(ctx, row.ID)
	if err != nil {
		return nil, false, err
	}
	st, err = Replay(g, row, seats, moves)
	if err != nil {
		return nil, false, fmt.Errorf("table %s: replay: %w", row.ID, err)
	}
	return st, true, nil
}
