package postgres

import (
	"database/sql"

	"tablewarden/db"
)

// The generated rows have the port's columns with pointers for NULL; these
// turn them into the port's records (package db), which use database/sql's
// Null types, so that table reads PostgreSQL's rows as SQLite's.

// toTable converts a PostgreSQL game_tables row.
func toTable(r GameTable) db.GameTable {
	return db.GameTable{ID: r.ID, Game: r.Game, JoinCode: r.JoinCode, Options: r.Options, Seed: r.Seed, HostTokenHash: r.HostTokenHash,
		Status: r.Status, Version: r.Version, CreatedAt: r.CreatedAt, StartedAt: nullString(r.StartedAt), Locked: r.Locked, RematchID: nullString(r.RematchID), Lang: r.Lang}
}

// toSeats converts PostgreSQL seats rows.
func toSeats(rs []Seat) []db.Seat {
	out := make([]db.Seat, len(rs))
	for i, r := range rs {
		out[i] = db.Seat{TableID: r.TableID, Seat: r.Seat, Name: r.Name, TokenHash: r.TokenHash, Removed: r.Removed, JoinedAt: r.JoinedAt}
	}
	return out
}

// toMove converts a PostgreSQL moves row.
func toMove(r Move) db.Move {
	m := db.Move{TableID: r.TableID, Seq: r.Seq, Kind: r.Kind, Actor: r.Actor, Type: r.Type, Args: r.Args, At: r.At,
		IdempotencyKey: nullString(r.IdempotencyKey), Events: r.Events, Reveals: r.Reveals, Undone: r.Undone, Version: r.Version}
	if r.Undoes != nil {
		m.Undoes = sql.NullInt64{Int64: *r.Undoes, Valid: true}
	}
	return m
}

// toMoves converts PostgreSQL moves rows.
func toMoves(rs []Move) []db.Move {
	out := make([]db.Move, len(rs))
	for i, r := range rs {
		out[i] = toMove(r)
	}
	return out
}

// toTimer converts a PostgreSQL timers row.
func toTimer(r Timer) db.Timer {
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
