package table

import (
	"encoding/json"
	"fmt"
	"time"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// Replay rebuilds a table's state from its seed and move log: Setup with
// the seats as they were dealt at start (Dealt), then every move that was
// not undone, each with the generator of its own seq and its stored time.
// Setup and undo entries are skipped.
func Replay(g kit.Game, row db.GameTable, seats []db.Seat, moves []db.Move) (kit.State, error) {
	started, err := time.Parse(time.RFC3339Nano, row.StartedAt.String)
	if err != nil {
		return nil, fmt.Errorf("started_at: %w", err)
	}
	st, err := g.Setup(json.RawMessage(row.Options), Dealt(seats), kit.NewCtx(uint64(row.Seed), 0, started))
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	for _, m := range moves {
		if m.Kind != "move" || m.Undone != 0 {
			continue
		}
		var a kit.Actor
		if err := json.Unmarshal([]byte(m.Actor), &a); err != nil {
			return nil, err
		}
		at, err := time.Parse(time.RFC3339Nano, m.At)
		if err != nil {
			return nil, err
		}
		res, err := g.Apply(st, a, kit.Move{Type: m.Type, Args: json.RawMessage(m.Args)}, kit.NewCtx(uint64(row.Seed), int(m.Seq), at))
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", m.Seq, m.Type, err)
		}
		st = res.State
	}
	return st, nil
}
