package postgres

import (
	"database/sql"

	"tablewarden/db"
)

// The PostgreSQL rows have the same columns as SQLite's; these turn one
// engine's generated rows into the other's, so that code written against
// the SQLite rows (replay, the table lifecycle) reads PostgreSQL's too.

// TableFromPG converts a PostgreSQL game_tables row.
func TableFromPG(r GameTable) db.GameTable {
	return db.GameTable{ID: r.ID, Game: r.Game, JoinCode: r.JoinCode, Options: r.Options, Seed: r.Seed, HostTokenHash: r.HostTokenHash,
		Status: r.Status, Version: r.Version, CreatedAt: r.CreatedAt, StartedAt: nullString(r.StartedAt), Locked: r.Locked, RematchID: nullString(r.RematchID)}
}

// SeatsFromPG converts PostgreSQL seats rows.
func SeatsFromPG(rs []Seat) []db.Seat {
	out := make([]db.Seat, len(rs))
	for i, r := range rs {
		out[i] = db.Seat{TableID: r.TableID, Seat: r.Seat, Name: r.Name, TokenHash: r.TokenHash, Removed: r.Removed, JoinedAt: r.JoinedAt}
	}
	return out
}

// MoveFromPG converts a PostgreSQL moves row.
func MoveFromPG(r Move) db.Move {
	m := db.Move{TableID: r.TableID, Seq: r.Seq, Kind: r.Kind, Actor: r.Actor, Type: r.Type, Args: r.Args, At: r.At,
		IdempotencyKey: nullString(r.IdempotencyKey), Events: r.Events, Reveals: r.Reveals, Undone: r.Undone, Version: r.Version}
	if r.Undoes != nil {
		m.Undoes = sql.NullInt64{Int64: *r.Undoes, Valid: true}
	}
	return m
}

// MovesFromPG converts PostgreSQL moves rows.
func MovesFromPG(rs []Move) []db.Move {
	out := make([]db.Move, len(rs))
	for i, r := range rs {
		out[i] = MoveFromPG(r)
	}
	return out
}

// TimerFromPG converts a PostgreSQL timers row.
func TimerFromPG(r Timer) db.Timer {
	return db.Timer{TableID: r.TableID, Name: r.Name, Generation: r.Generation, Running: r.Running, Deadline: nullString(r.Deadline), RemainingMs: r.RemainingMs}
}

func nullString(p *string) sql.NullString {
	if p == nil {
		return sql.NullString{}
	}
	return sql.NullString{String: *p, Valid: true}
}

func strPtr(n sql.NullString) *string {
	if !n.Valid {
		return nil
	}
	return &n.String
}

func int64Ptr(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	return &n.Int64
}

func appendParams(a db.AppendMoveParams) AppendMoveParams {
	return AppendMoveParams{TableID: a.TableID, Seq: a.Seq, Kind: a.Kind, Actor: a.Actor, Type: a.Type, Args: a.Args, At: a.At,
		IdempotencyKey: strPtr(a.IdempotencyKey), Events: a.Events, Reveals: a.Reveals, Undoes: int64Ptr(a.Undoes), Version: a.Version}
}

func timerParams(t db.PutTimerParams) PutTimerParams {
	return PutTimerParams{TableID: t.TableID, Name: t.Name, Generation: t.Generation, Running: t.Running,
		Deadline: strPtr(t.Deadline), RemainingMs: t.RemainingMs}
}
