package db

import "database/sql"

// The port's records: the rows table reads and the parameters of the
// queries it runs. Both adapters convert their own generated rows to these
// (SQLite's have the same fields and convert directly; PostgreSQL's use
// pointers for NULL). Text columns hold times as RFC 3339 text and JSON as
// text.

// GameTable is a row of game_tables: a table, its game, options, seed, status and version.
type GameTable struct {
	ID            string
	Game          string
	JoinCode      string
	Options       string
	Seed          int64
	HostTokenHash []byte
	Status        string
	Version       int64
	CreatedAt     string
	StartedAt     sql.NullString
	Locked        int64
	RematchID     sql.NullString
	// Lang is the table's language ("en" or "pt-BR"), chosen at creation.
	Lang string
}

// Handover is a hand-over code of a seat (stored hashed).
type Handover struct {
	CodeHash  []byte
	TableID   string
	Seat      int64
	ExpiresAt string
	Used      int64
}

// Move is an entry of a table's log: a move, an undo or the setup.
type Move struct {
	TableID        string
	Seq            int64
	Kind           string
	Actor          string
	Type           string
	Args           string
	At             string
	IdempotencyKey sql.NullString
	Events         string
	Reveals        int64
	Undoes         sql.NullInt64
	Undone         int64
	Version        int64
}

// Seat is a seat at a table and the hash of the token of the device that holds it.
type Seat struct {
	TableID   string
	Seat      int64
	Name      string
	TokenHash []byte
	Removed   int64
	JoinedAt  string
}

// Snapshot is a table's stored state after the log entry Seq.
type Snapshot struct {
	TableID string
	Seq     int64
	State   string
}

// Timer is a running or paused timer of a table.
type Timer struct {
	TableID     string
	Name        string
	Generation  int64
	Running     int64
	Deadline    sql.NullString
	RemainingMs int64
}

// CreateTableParams is the argument of Querier.CreateTable.
type CreateTableParams struct {
	ID            string
	Game          string
	JoinCode      string
	Options       string
	Seed          int64
	HostTokenHash []byte
	CreatedAt     string
	Lang          string
}

// SetRematchParams is the argument of Querier.SetRematch.
type SetRematchParams struct {
	RematchID sql.NullString
	ID        string
}

// SetTableOptionsParams is the argument of Querier.SetTableOptions.
type SetTableOptionsParams struct {
	Options string
	ID      string
}

// StartTableParams is the argument of Querier.StartTable.
type StartTableParams struct {
	StartedAt sql.NullString
	ID        string
}

// CancelSeatHandoversParams is the argument of Querier.CancelSeatHandovers.
type CancelSeatHandoversParams struct {
	TableID string
	Seat    int64
}

// CountUsedHandoversParams is the argument of Querier.CountUsedHandovers.
type CountUsedHandoversParams struct {
	TableID string
	Seat    int64
}

// CreateHandoverParams is the argument of Querier.CreateHandover.
type CreateHandoverParams struct {
	CodeHash  []byte
	TableID   string
	Seat      int64
	ExpiresAt string
}

// ListOpenHandoversParams is the argument of Querier.ListOpenHandovers.
type ListOpenHandoversParams struct {
	TableID   string
	ExpiresAt string
}

// ListOpenHandoversRow is a seat with an open hand-over code and its expiry.
type ListOpenHandoversRow struct {
	Seat      int64
	ExpiresAt string
}

// RenumberHandoversParams is the argument of Querier.RenumberHandovers.
type RenumberHandoversParams struct {
	Seat    int64
	TableID string
	Seat_2  int64
}

// UseHandoverParams is the argument of Querier.UseHandover.
type UseHandoverParams struct {
	CodeHash  []byte
	ExpiresAt string
}

// AppendMoveParams is the argument of Querier.AppendMove.
type AppendMoveParams struct {
	TableID        string
	Seq            int64
	Kind           string
	Actor          string
	Type           string
	Args           string
	At             string
	IdempotencyKey sql.NullString
	Events         string
	Reveals        int64
	Undoes         sql.NullInt64
	Version        int64
}

// GetMoveByKeyParams is the argument of Querier.GetMoveByKey.
type GetMoveByKeyParams struct {
	TableID        string
	IdempotencyKey sql.NullString
}

// ListMovesAfterParams is the argument of Querier.ListMovesAfter.
type ListMovesAfterParams struct {
	TableID string
	Seq     int64
}

// ListRecentMovesParams is the argument of Querier.ListRecentMoves.
type ListRecentMovesParams struct {
	TableID string
	Limit   int64
}

// AddSeatParams is the argument of Querier.AddSeat.
type AddSeatParams struct {
	TableID   string
	Seat      int64
	Name      string
	TokenHash []byte
	JoinedAt  string
}

// RemoveSeatParams is the argument of Querier.RemoveSeat.
type RemoveSeatParams struct {
	TableID string
	Seat    int64
}

// RenumberSeatParams is the argument of Querier.RenumberSeat.
type RenumberSeatParams struct {
	Seat    int64
	TableID string
	Seat_2  int64
}

// SetSeatTokenParams is the argument of Querier.SetSeatToken.
type SetSeatTokenParams struct {
	TokenHash []byte
	TableID   string
	Seat      int64
}

// PutSnapshotParams is the argument of Querier.PutSnapshot.
type PutSnapshotParams struct {
	TableID string
	Seq     int64
	State   string
}

// SetJoinCodeParams is the argument of Querier.SetJoinCode.
type SetJoinCodeParams struct {
	JoinCode string
	ID       string
}

// SetTableLockedParams is the argument of Querier.SetTableLocked.
type SetTableLockedParams struct {
	Locked int64
	ID     string
}

// PutTimerParams is the argument of Querier.PutTimer.
type PutTimerParams struct {
	TableID     string
	Name        string
	Generation  int64
	Running     int64
	Deadline    sql.NullString
	RemainingMs int64
}
