package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"tablewarden/db"
)

// The storage port (package db) on SQLite: Store implements db.Store and
// the capabilities of db.Extras, and port turns the generated queries'
// rows (the same fields as the port's, so Go converts them directly) into
// the port's.

var (
	_ db.Store          = (*Store)(nil)
	_ db.GroupCommitter = (*Store)(nil)
	_ db.Staller        = (*Store)(nil)
	_ db.Source         = port{}
)

// Queries returns the read pool's queries as the port's Querier.
func (s *Store) Queries() db.Querier { return port{s.read} }

// Tx is Write with the port's query set.
func (s *Store) Tx(ctx context.Context, fn func(q db.Querier) error) error {
	return s.Write(ctx, func(q *Queries) error { return fn(port{q}) })
}

// Ping reports whether the database file answers.
func (s *Store) Ping(ctx context.Context) error { return s.r.PingContext(ctx) }

// RecordMove writes rec through the group committer and returns once it is
// committed. It fails, writing nothing, with db.ErrStale when the table's
// stored version is not the one before rec.Entry.Version, and with an
// *db.ErrDuplicate when the entry's idempotency key is already used.
func (s *Store) RecordMove(ctx context.Context, rec db.MoveRecord) error {
	// It only writes rec, so the group committer may run it again.
	return s.write(ctx, func(q *Queries) error { return q.RecordMove(ctx, rec) }, true)
}

// RecordMove is Store.RecordMove inside a transaction that is already open.
func (q *Queries) RecordMove(ctx context.Context, rec db.MoveRecord) error {
	id := rec.Entry.TableID
	if rec.Undoes != 0 {
		if err := q.MarkUndone(ctx, MarkUndoneParams{TableID: id, Seq: rec.Undoes}); err != nil {
			return err
		}
	}
	if err := q.AppendMove(ctx, AppendMoveParams(rec.Entry)); err != nil {
		return err
	}
	if rec.State != "" {
		if err := q.PutSnapshot(ctx, PutSnapshotParams{TableID: id, Seq: rec.Entry.Seq, State: rec.State}); err != nil {
			return err
		}
	}
	if rec.HasTimers {
		if err := q.DeleteTimers(ctx, id); err != nil {
			return err
		}
		for _, t := range rec.Timers {
			t.TableID = id
			if err := q.PutTimer(ctx, PutTimerParams(t)); err != nil {
				return err
			}
		}
	}
	if rec.Status != "" {
		if err := q.SetTableStatus(ctx, SetTableStatusParams{Status: rec.Status, ID: id}); err != nil {
			return err
		}
	}
	// The version last: AdvanceTableVersion changes no row when the stored
	// version is not the one before the entry's, and the caller's savepoint
	// then undoes the writes above.
	n, err := q.AdvanceTableVersion(ctx, AdvanceTableVersionParams{ID: id, Previous: rec.Entry.Version - 1})
	if err == nil && n != 1 {
		err = fmt.Errorf("table %s: %w: the version in storage is not %d, the one before this entry's", id, db.ErrStale, rec.Entry.Version-1)
	}
	return err
}

// ReadTx runs fn with queries over one consistent read of the file (a
// read-only transaction): a server may go on writing meanwhile. The copy
// tool reads through it.
func (s *Store) ReadTx(ctx context.Context, fn func(q db.Source) error) error {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return fn(port{New(tx)})
}

// Extras returns what SQLite offers beyond db.Store: the file check, the
// group committer's counters, the stall watch, retention and the load
// tool's commit ceiling (a file beside the database, <path>-ceiling).
func (s *Store) Extras() db.Extras {
	return db.Extras{
		CheckFile:   s.CheckFile,
		GroupCommit: s,
		Stall:       s,
		Pruner:      s,
		OpenCeiling: func(ctx context.Context) (db.Ceiling, error) { return OpenCeiling(ctx, s.path+"-ceiling") },
	}
}

// port runs the port's queries on the generated ones.
type port struct{ q *Queries }

func mapRows[T, U any](rows []T, f func(T) U) []U {
	if rows == nil {
		return nil
	}
	out := make([]U, len(rows))
	for i, r := range rows {
		out[i] = f(r)
	}
	return out
}

func toMove(m Move) db.Move    { return db.Move(m) }
func toSeat(s Seat) db.Seat    { return db.Seat(s) }
func toTimer(t Timer) db.Timer { return db.Timer(t) }

func (p port) AddSeat(ctx context.Context, a db.AddSeatParams) error {
	return p.q.AddSeat(ctx, AddSeatParams(a))
}

func (p port) AppendMove(ctx context.Context, a db.AppendMoveParams) error {
	return p.q.AppendMove(ctx, AppendMoveParams(a))
}

func (p port) BumpTableVersion(ctx context.Context, id string) (int64, error) {
	return p.q.BumpTableVersion(ctx, id)
}

func (p port) CancelSeatHandovers(ctx context.Context, a db.CancelSeatHandoversParams) (int64, error) {
	return p.q.CancelSeatHandovers(ctx, CancelSeatHandoversParams(a))
}

func (p port) CountUsedHandovers(ctx context.Context, a db.CountUsedHandoversParams) (int64, error) {
	return p.q.CountUsedHandovers(ctx, CountUsedHandoversParams(a))
}

func (p port) CreateHandover(ctx context.Context, a db.CreateHandoverParams) error {
	return p.q.CreateHandover(ctx, CreateHandoverParams(a))
}

func (p port) CreateTable(ctx context.Context, a db.CreateTableParams) error {
	return p.q.CreateTable(ctx, CreateTableParams(a))
}

func (p port) DeleteRemovedSeats(ctx context.Context, tableID string) error {
	return p.q.DeleteRemovedSeats(ctx, tableID)
}

func (p port) DeleteTimers(ctx context.Context, tableID string) error {
	return p.q.DeleteTimers(ctx, tableID)
}

func (p port) GetHandover(ctx context.Context, codeHash []byte) (db.Handover, error) {
	h, err := p.q.GetHandover(ctx, codeHash)
	return db.Handover(h), err
}

func (p port) GetMoveByKey(ctx context.Context, a db.GetMoveByKeyParams) (db.Move, error) {
	m, err := p.q.GetMoveByKey(ctx, GetMoveByKeyParams(a))
	return db.Move(m), err
}

func (p port) GetSnapshot(ctx context.Context, tableID string) (db.Snapshot, error) {
	s, err := p.q.GetSnapshot(ctx, tableID)
	return db.Snapshot(s), err
}

func (p port) GetTable(ctx context.Context, id string) (db.GameTable, error) {
	t, err := p.q.GetTable(ctx, id)
	return db.GameTable(t), err
}

func (p port) GetTableByJoinCode(ctx context.Context, joinCode string) (db.GameTable, error) {
	t, err := p.q.GetTableByJoinCode(ctx, joinCode)
	return db.GameTable(t), err
}

func (p port) LastMoveSeq(ctx context.Context, tableID string) (int64, error) {
	return p.q.LastMoveSeq(ctx, tableID)
}

func (p port) ListMoves(ctx context.Context, tableID string) ([]db.Move, error) {
	ms, err := p.q.ListMoves(ctx, tableID)
	return mapRows(ms, toMove), err
}

func (p port) ListMovesAfter(ctx context.Context, a db.ListMovesAfterParams) ([]db.Move, error) {
	ms, err := p.q.ListMovesAfter(ctx, ListMovesAfterParams(a))
	return mapRows(ms, toMove), err
}

func (p port) ListOpenHandovers(ctx context.Context, a db.ListOpenHandoversParams) ([]db.ListOpenHandoversRow, error) {
	rs, err := p.q.ListOpenHandovers(ctx, ListOpenHandoversParams(a))
	return mapRows(rs, func(r ListOpenHandoversRow) db.ListOpenHandoversRow { return db.ListOpenHandoversRow(r) }), err
}

func (p port) ListRecentMoves(ctx context.Context, a db.ListRecentMovesParams) ([]db.Move, error) {
	ms, err := p.q.ListRecentMoves(ctx, ListRecentMovesParams(a))
	return mapRows(ms, toMove), err
}

func (p port) ListRunningTimers(ctx context.Context) ([]db.Timer, error) {
	ts, err := p.q.ListRunningTimers(ctx)
	return mapRows(ts, toTimer), err
}

func (p port) ListSeats(ctx context.Context, tableID string) ([]db.Seat, error) {
	ss, err := p.q.ListSeats(ctx, tableID)
	return mapRows(ss, toSeat), err
}

func (p port) LockTable(ctx context.Context, id string) (int64, error) {
	return p.q.LockTable(ctx, id)
}

func (p port) PutSnapshot(ctx context.Context, a db.PutSnapshotParams) error {
	return p.q.PutSnapshot(ctx, PutSnapshotParams(a))
}

func (p port) PutTimer(ctx context.Context, a db.PutTimerParams) error {
	return p.q.PutTimer(ctx, PutTimerParams(a))
}

func (p port) RemoveSeat(ctx context.Context, a db.RemoveSeatParams) error {
	return p.q.RemoveSeat(ctx, RemoveSeatParams(a))
}

func (p port) RenumberHandovers(ctx context.Context, a db.RenumberHandoversParams) error {
	return p.q.RenumberHandovers(ctx, RenumberHandoversParams(a))
}

func (p port) RenumberSeat(ctx context.Context, a db.RenumberSeatParams) error {
	return p.q.RenumberSeat(ctx, RenumberSeatParams(a))
}

func (p port) SetJoinCode(ctx context.Context, a db.SetJoinCodeParams) error {
	return p.q.SetJoinCode(ctx, SetJoinCodeParams(a))
}

func (p port) SetRematch(ctx context.Context, a db.SetRematchParams) (int64, error) {
	return p.q.SetRematch(ctx, SetRematchParams(a))
}

func (p port) SetSeatToken(ctx context.Context, a db.SetSeatTokenParams) error {
	return p.q.SetSeatToken(ctx, SetSeatTokenParams(a))
}

func (p port) SetTableLocked(ctx context.Context, a db.SetTableLockedParams) error {
	return p.q.SetTableLocked(ctx, SetTableLockedParams(a))
}

func (p port) SetTableOptions(ctx context.Context, a db.SetTableOptionsParams) (int64, error) {
	return p.q.SetTableOptions(ctx, SetTableOptionsParams(a))
}

func (p port) StartTable(ctx context.Context, a db.StartTableParams) (int64, error) {
	return p.q.StartTable(ctx, StartTableParams(a))
}

func (p port) UseHandover(ctx context.Context, a db.UseHandoverParams) (int64, error) {
	return p.q.UseHandover(ctx, UseHandoverParams(a))
}

func (p port) ListTableIDs(ctx context.Context) ([]string, error) { return p.q.ListTableIDs(ctx) }

func (p port) ListTableTimers(ctx context.Context, tableID string) ([]db.Timer, error) {
	ts, err := p.q.ListTableTimers(ctx, tableID)
	return mapRows(ts, toTimer), err
}

func (p port) ListTableHandovers(ctx context.Context, tableID string) ([]db.Handover, error) {
	hs, err := p.q.ListTableHandovers(ctx, tableID)
	return mapRows(hs, func(h Handover) db.Handover { return db.Handover(h) }), err
}

// Port returns the port's query set (with the copy tool's reads) over q:
// for tools and tests that read a file through a connection or a
// transaction of their own.
func Port(q *Queries) db.Source { return port{q} }

// Source returns the read pool's queries with the copy tool's reads
// (db.Source), for tools and tests.
func (s *Store) Source() db.Source { return port{s.read} }
