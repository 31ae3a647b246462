package db

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"tablewarden/db/pg"
)

// PGQueries runs the SQLite query set (Querier) on PostgreSQL: each method
// calls the PostgreSQL twin generated from queries/pg and converts its
// arguments and rows, so that code written against SQLite's queries runs
// on either engine. Errors are SQLite's: no row is sql.ErrNoRows, a unique
// violation an *ErrDuplicate naming the constraint by its columns, and an
// unreachable server ErrUnavailable.
type PGQueries struct{ q *pg.Queries }

var _ Querier = PGQueries{}

// NewPGQueries wraps PostgreSQL queries (over the pool or a transaction).
func NewPGQueries(q *pg.Queries) PGQueries { return PGQueries{q: q} }

// uniqueColumns names each unique constraint by its columns, as
// ErrDuplicate.Constraint does on SQLite.
var uniqueColumns = map[string]string{
	"moves_idempotency":          "moves.table_id, moves.idempotency_key",
	"moves_pkey":                 "moves.table_id, moves.seq",
	"game_tables_pkey":           "game_tables.id",
	"game_tables_join_code_key":  "game_tables.join_code",
	"seats_pkey":                 "seats.table_id, seats.seat",
	"seats_token_hash_key":       "seats.token_hash",
	"snapshots_pkey":             "snapshots.table_id",
	"timers_pkey":                "timers.table_id, timers.name",
	"schema_migrations_pkey":     "schema_migrations.version",
	"handovers_pkey":             "handovers.code_hash",
	"game_tables_rematch_id_key": "game_tables.rematch_id",
}

// pgErr converts a PostgreSQL error to the store's errors.
func pgErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return sql.ErrNoRows
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		col := uniqueColumns[pe.ConstraintName]
		if col == "" {
			col = pe.ConstraintName
		}
		return &ErrDuplicate{Constraint: col, Err: err}
	}
	return classifyPG(err)
}

func (p PGQueries) AddSeat(ctx context.Context, a AddSeatParams) error {
	return pgErr(p.q.AddSeat(ctx, pg.AddSeatParams{TableID: a.TableID, Seat: a.Seat, Name: a.Name, TokenHash: a.TokenHash, JoinedAt: a.JoinedAt}))
}

func (p PGQueries) AppendMove(ctx context.Context, a AppendMoveParams) error {
	return pgErr(p.q.AppendMove(ctx, pg.AppendMoveParams{TableID: a.TableID, Seq: a.Seq, Kind: a.Kind, Actor: a.Actor, Type: a.Type, Args: a.Args, At: a.At,
		IdempotencyKey: strPtr(a.IdempotencyKey), Events: a.Events, Reveals: a.Reveals, Undoes: int64Ptr(a.Undoes), Version: a.Version}))
}

func (p PGQueries) AdvanceTableVersion(ctx context.Context, a AdvanceTableVersionParams) (int64, error) {
	n, err := p.q.AdvanceTableVersion(ctx, pg.AdvanceTableVersionParams{ID: a.ID, Previous: a.Previous})
	return n, pgErr(err)
}

func (p PGQueries) BumpTableVersion(ctx context.Context, id string) (int64, error) {
	v, err := p.q.BumpTableVersion(ctx, id)
	return v, pgErr(err)
}

func (p PGQueries) CountTables(ctx context.Context) (int64, error) {
	n, err := p.q.CountTables(ctx)
	return n, pgErr(err)
}

func (p PGQueries) CreateTable(ctx context.Context, a CreateTableParams) error {
	return pgErr(p.q.CreateTable(ctx, pg.CreateTableParams{ID: a.ID, Game: a.Game, JoinCode: a.JoinCode, Options: a.Options, Seed: a.Seed,
		HostTokenHash: a.HostTokenHash, CreatedAt: a.CreatedAt}))
}

func (p PGQueries) DeleteRemovedSeats(ctx context.Context, tableID string) error {
	return pgErr(p.q.DeleteRemovedSeats(ctx, tableID))
}

func (p PGQueries) DeleteTimers(ctx context.Context, tableID string) error {
	return pgErr(p.q.DeleteTimers(ctx, tableID))
}

// unstorable reports whether PostgreSQL cannot hold s as text (a NUL
// byte or invalid UTF-8; it refuses such a parameter with SQLSTATE 22021).
// No stored row can then match s, so a lookup by it finds nothing, as on
// SQLite, instead of failing.
func unstorable(s string) bool { return strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s) }

func (p PGQueries) GetMoveByKey(ctx context.Context, a GetMoveByKeyParams) (Move, error) {
	if unstorable(a.TableID) || unstorable(a.IdempotencyKey.String) {
		return Move{}, sql.ErrNoRows
	}
	m, err := p.q.GetMoveByKey(ctx, pg.GetMoveByKeyParams{TableID: a.TableID, IdempotencyKey: strPtr(a.IdempotencyKey)})
	if err != nil {
		return Move{}, pgErr(err)
	}
	return MoveFromPG(m), nil
}

func (p PGQueries) GetSnapshot(ctx context.Context, tableID string) (Snapshot, error) {
	s, err := p.q.GetSnapshot(ctx, tableID)
	if err != nil {
		return Snapshot{}, pgErr(err)
	}
	return Snapshot{TableID: s.TableID, Seq: s.Seq, State: s.State}, nil
}

func (p PGQueries) GetTable(ctx context.Context, id string) (GameTable, error) {
	if unstorable(id) {
		return GameTable{}, sql.ErrNoRows
	}
	t, err := p.q.GetTable(ctx, id)
	if err != nil {
		return GameTable{}, pgErr(err)
	}
	return TableFromPG(t), nil
}

func (p PGQueries) GetTableByJoinCode(ctx context.Context, joinCode string) (GameTable, error) {
	if unstorable(joinCode) {
		return GameTable{}, sql.ErrNoRows
	}
	t, err := p.q.GetTableByJoinCode(ctx, joinCode)
	if err != nil {
		return GameTable{}, pgErr(err)
	}
	return TableFromPG(t), nil
}

func (p PGQueries) LastMoveSeq(ctx context.Context, tableID string) (int64, error) {
	n, err := p.q.LastMoveSeq(ctx, tableID)
	return n, pgErr(err)
}

func (p PGQueries) ListMoves(ctx context.Context, tableID string) ([]Move, error) {
	ms, err := p.q.ListMoves(ctx, tableID)
	if err != nil {
		return nil, pgErr(err)
	}
	return MovesFromPG(ms), nil
}

func (p PGQueries) ListMovesAfter(ctx context.Context, a ListMovesAfterParams) ([]Move, error) {
	ms, err := p.q.ListMovesAfter(ctx, pg.ListMovesAfterParams{TableID: a.TableID, Seq: a.Seq})
	if err != nil {
		return nil, pgErr(err)
	}
	return MovesFromPG(ms), nil
}

func (p PGQueries) ListRecentMoves(ctx context.Context, a ListRecentMovesParams) ([]Move, error) {
	ms, err := p.q.ListRecentMoves(ctx, pg.ListRecentMovesParams{TableID: a.TableID, Limit: int32(a.Limit)})
	if err != nil {
		return nil, pgErr(err)
	}
	return MovesFromPG(ms), nil
}

func (p PGQueries) ListRunningTimers(ctx context.Context) ([]Timer, error) {
	ts, err := p.q.ListRunningTimers(ctx)
	return timersFromPG(ts), pgErr(err)
}

func (p PGQueries) ListSeats(ctx context.Context, tableID string) ([]Seat, error) {
	ss, err := p.q.ListSeats(ctx, tableID)
	if err != nil {
		return nil, pgErr(err)
	}
	return SeatsFromPG(ss), nil
}

func (p PGQueries) ListTableIDs(ctx context.Context) ([]string, error) {
	ids, err := p.q.ListTableIDs(ctx)
	return ids, pgErr(err)
}

func (p PGQueries) ListTableTimers(ctx context.Context, tableID string) ([]Timer, error) {
	ts, err := p.q.ListTableTimers(ctx, tableID)
	return timersFromPG(ts), pgErr(err)
}

func (p PGQueries) MarkUndone(ctx context.Context, a MarkUndoneParams) error {
	return pgErr(p.q.MarkUndone(ctx, pg.MarkUndoneParams{TableID: a.TableID, Seq: a.Seq}))
}

func (p PGQueries) PutSnapshot(ctx context.Context, a PutSnapshotParams) error {
	return pgErr(p.q.PutSnapshot(ctx, pg.PutSnapshotParams{TableID: a.TableID, Seq: a.Seq, State: a.State}))
}

func (p PGQueries) PutTimer(ctx context.Context, a PutTimerParams) error {
	return pgErr(p.q.PutTimer(ctx, pg.PutTimerParams{TableID: a.TableID, Name: a.Name, Generation: a.Generation, Running: a.Running,
		Deadline: strPtr(a.Deadline), RemainingMs: a.RemainingMs}))
}

func (p PGQueries) RemoveSeat(ctx context.Context, a RemoveSeatParams) error {
	return pgErr(p.q.RemoveSeat(ctx, pg.RemoveSeatParams{TableID: a.TableID, Seat: a.Seat}))
}

func (p PGQueries) RenumberSeat(ctx context.Context, a RenumberSeatParams) error {
	return pgErr(p.q.RenumberSeat(ctx, pg.RenumberSeatParams{Seat: a.Seat, TableID: a.TableID, Seat_2: a.Seat_2}))
}

func (p PGQueries) SetTableStatus(ctx context.Context, a SetTableStatusParams) error {
	return pgErr(p.q.SetTableStatus(ctx, pg.SetTableStatusParams{Status: a.Status, ID: a.ID}))
}

func (p PGQueries) StartTable(ctx context.Context, a StartTableParams) (int64, error) {
	n, err := p.q.StartTable(ctx, pg.StartTableParams{StartedAt: strPtr(a.StartedAt), ID: a.ID})
	return n, pgErr(err)
}

func timersFromPG(ts []pg.Timer) []Timer {
	if ts == nil {
		return nil
	}
	out := make([]Timer, len(ts))
	for i, t := range ts {
		out[i] = TimerFromPG(t)
	}
	return out
}

// LockTable takes the table's row lock until the transaction ends and
// returns its stored version.
func (p PGQueries) LockTable(ctx context.Context, id string) (int64, error) {
	v, err := p.q.LockTable(ctx, id)
	return v, pgErr(err)
}
