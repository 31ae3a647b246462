package postgres

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"tablewarden/db"
)

// port runs the port's query set (db.Querier, db.Source) on PostgreSQL:
// each method calls its twin generated from queries/pg and converts its
// arguments and rows. Errors are the port's: no row is sql.ErrNoRows, a
// unique violation an *db.ErrDuplicate naming the constraint by its
// columns, and an unreachable server db.ErrUnavailable.
type port struct{ q *Queries }

var _ db.Source = port{}

// uniqueColumns names each unique constraint by its columns, as
// db.ErrDuplicate.Constraint does on SQLite.
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
		return &db.ErrDuplicate{Constraint: col, Err: err}
	}
	return classifyPG(err)
}

func (p port) AddSeat(ctx context.Context, a db.AddSeatParams) error {
	return pgErr(p.q.AddSeat(ctx, AddSeatParams{TableID: a.TableID, Seat: a.Seat, Name: a.Name, TokenHash: a.TokenHash, JoinedAt: a.JoinedAt}))
}

func (p port) AppendMove(ctx context.Context, a db.AppendMoveParams) error {
	return pgErr(p.q.AppendMove(ctx, AppendMoveParams{TableID: a.TableID, Seq: a.Seq, Kind: a.Kind, Actor: a.Actor, Type: a.Type, Args: a.Args, At: a.At,
		IdempotencyKey: strPtr(a.IdempotencyKey), Events: a.Events, Reveals: a.Reveals, Undoes: int64Ptr(a.Undoes), Version: a.Version}))
}

func (p port) BumpTableVersion(ctx context.Context, id string) (int64, error) {
	v, err := p.q.BumpTableVersion(ctx, id)
	return v, pgErr(err)
}

func (p port) CreateTable(ctx context.Context, a db.CreateTableParams) error {
	return pgErr(p.q.CreateTable(ctx, CreateTableParams{ID: a.ID, Game: a.Game, JoinCode: a.JoinCode, Options: a.Options, Seed: a.Seed,
		HostTokenHash: a.HostTokenHash, CreatedAt: a.CreatedAt, Lang: a.Lang}))
}

func (p port) DeleteRemovedSeats(ctx context.Context, tableID string) error {
	return pgErr(p.q.DeleteRemovedSeats(ctx, tableID))
}

func (p port) DeleteTimers(ctx context.Context, tableID string) error {
	return pgErr(p.q.DeleteTimers(ctx, tableID))
}

// unstorable reports whether PostgreSQL cannot hold s as text (a NUL
// byte or invalid UTF-8; it refuses such a parameter with SQLSTATE 22021).
// No stored row can then match s, so a lookup by it finds nothing, as on
// SQLite, instead of failing.
func unstorable(s string) bool { return strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s) }

func (p port) GetMoveByKey(ctx context.Context, a db.GetMoveByKeyParams) (db.Move, error) {
	if unstorable(a.TableID) || unstorable(a.IdempotencyKey.String) {
		return db.Move{}, sql.ErrNoRows
	}
	m, err := p.q.GetMoveByKey(ctx, GetMoveByKeyParams{TableID: a.TableID, IdempotencyKey: strPtr(a.IdempotencyKey)})
	if err != nil {
		return db.Move{}, pgErr(err)
	}
	return toMove(m), nil
}

func (p port) GetSnapshot(ctx context.Context, tableID string) (db.Snapshot, error) {
	s, err := p.q.GetSnapshot(ctx, tableID)
	if err != nil {
		return db.Snapshot{}, pgErr(err)
	}
	return db.Snapshot{TableID: s.TableID, Seq: s.Seq, State: s.State}, nil
}

func (p port) GetTable(ctx context.Context, id string) (db.GameTable, error) {
	if unstorable(id) {
		return db.GameTable{}, sql.ErrNoRows
	}
	t, err := p.q.GetTable(ctx, id)
	if err != nil {
		return db.GameTable{}, pgErr(err)
	}
	return toTable(t), nil
}

func (p port) GetTableByJoinCode(ctx context.Context, joinCode string) (db.GameTable, error) {
	if unstorable(joinCode) {
		return db.GameTable{}, sql.ErrNoRows
	}
	t, err := p.q.GetTableByJoinCode(ctx, joinCode)
	if err != nil {
		return db.GameTable{}, pgErr(err)
	}
	return toTable(t), nil
}

func (p port) LastMoveSeq(ctx context.Context, tableID string) (int64, error) {
	n, err := p.q.LastMoveSeq(ctx, tableID)
	return n, pgErr(err)
}

func (p port) ListMoves(ctx context.Context, tableID string) ([]db.Move, error) {
	ms, err := p.q.ListMoves(ctx, tableID)
	if err != nil {
		return nil, pgErr(err)
	}
	return toMoves(ms), nil
}

func (p port) ListMovesAfter(ctx context.Context, a db.ListMovesAfterParams) ([]db.Move, error) {
	ms, err := p.q.ListMovesAfter(ctx, ListMovesAfterParams{TableID: a.TableID, Seq: a.Seq})
	if err != nil {
		return nil, pgErr(err)
	}
	return toMoves(ms), nil
}

func (p port) ListRecentMoves(ctx context.Context, a db.ListRecentMovesParams) ([]db.Move, error) {
	ms, err := p.q.ListRecentMoves(ctx, ListRecentMovesParams{TableID: a.TableID, Limit: int32(a.Limit)})
	if err != nil {
		return nil, pgErr(err)
	}
	return toMoves(ms), nil
}

func (p port) ListRunningTimers(ctx context.Context) ([]db.Timer, error) {
	ts, err := p.q.ListRunningTimers(ctx)
	return toTimers(ts), pgErr(err)
}

func (p port) ListSeats(ctx context.Context, tableID string) ([]db.Seat, error) {
	ss, err := p.q.ListSeats(ctx, tableID)
	if err != nil {
		return nil, pgErr(err)
	}
	return toSeats(ss), nil
}

func (p port) ListTableIDs(ctx context.Context) ([]string, error) {
	ids, err := p.q.ListTableIDs(ctx)
	return ids, pgErr(err)
}

func (p port) ListTableTimers(ctx context.Context, tableID string) ([]db.Timer, error) {
	ts, err := p.q.ListTableTimers(ctx, tableID)
	return toTimers(ts), pgErr(err)
}

func (p port) PutSnapshot(ctx context.Context, a db.PutSnapshotParams) error {
	return pgErr(p.q.PutSnapshot(ctx, PutSnapshotParams{TableID: a.TableID, Seq: a.Seq, State: a.State}))
}

func (p port) PutTimer(ctx context.Context, a db.PutTimerParams) error {
	return pgErr(p.q.PutTimer(ctx, PutTimerParams{TableID: a.TableID, Name: a.Name, Generation: a.Generation, Running: a.Running,
		Deadline: strPtr(a.Deadline), RemainingMs: a.RemainingMs}))
}

func (p port) RemoveSeat(ctx context.Context, a db.RemoveSeatParams) error {
	return pgErr(p.q.RemoveSeat(ctx, RemoveSeatParams{TableID: a.TableID, Seat: a.Seat}))
}

func (p port) RenumberSeat(ctx context.Context, a db.RenumberSeatParams) error {
	return pgErr(p.q.RenumberSeat(ctx, RenumberSeatParams{Seat: a.Seat, TableID: a.TableID, Seat_2: a.Seat_2}))
}

func (p port) StartTable(ctx context.Context, a db.StartTableParams) (int64, error) {
	n, err := p.q.StartTable(ctx, StartTableParams{StartedAt: strPtr(a.StartedAt), ID: a.ID})
	return n, pgErr(err)
}

func toTimers(ts []Timer) []db.Timer {
	if ts == nil {
		return nil
	}
	out := make([]db.Timer, len(ts))
	for i, t := range ts {
		out[i] = toTimer(t)
	}
	return out
}

// LockTable takes the table's row lock until the transaction ends and
// returns its stored version.
func (p port) LockTable(ctx context.Context, id string) (int64, error) {
	v, err := p.q.LockTable(ctx, id)
	return v, pgErr(err)
}
