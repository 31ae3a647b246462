package db

import "context"

// Querier is the query set table runs, inside a transaction (Store.Tx) or
// outside one (Store.Queries). It lists only what table calls; the adapters'
// generated queries have more (retention, copies, the load tool's bulk
// writes), which stay inside each adapter.
//
// Errors are the same on every engine: no row is sql.ErrNoRows, a write that
// breaks a unique constraint an *ErrDuplicate, an unreachable database
// ErrUnavailable. No caller reads a driver's error.
type Querier interface {
	// AddSeat adds a seat to a lobby table.
	AddSeat(ctx context.Context, arg AddSeatParams) error
	// AppendMove appends an entry to a table's log; a used idempotency key is an *ErrDuplicate on UniqueIdempotencyKey.
	AppendMove(ctx context.Context, arg AppendMoveParams) error
	// BumpTableVersion adds one to a table's version and returns the new version.
	BumpTableVersion(ctx context.Context, id string) (int64, error)
	// CancelSeatHandovers cancels a seat's open hand-over codes and returns how many it cancelled.
	CancelSeatHandovers(ctx context.Context, arg CancelSeatHandoversParams) (int64, error)
	// CountUsedHandovers counts a seat's used hand-over codes.
	CountUsedHandovers(ctx context.Context, arg CountUsedHandoversParams) (int64, error)
	// CreateHandover stores a hand-over code (hashed) for a seat.
	CreateHandover(ctx context.Context, arg CreateHandoverParams) error
	// CreateTable creates a lobby table; a join code in use is an *ErrDuplicate on UniqueJoinCode.
	CreateTable(ctx context.Context, arg CreateTableParams) error
	// DeleteRemovedSeats deletes the seats removed in a table's lobby (at start).
	DeleteRemovedSeats(ctx context.Context, tableID string) error
	// DeleteTimers deletes a table's timers.
	DeleteTimers(ctx context.Context, tableID string) error
	// GetHandover returns a hand-over code by its hash (sql.ErrNoRows: none).
	GetHandover(ctx context.Context, codeHash []byte) (Handover, error)
	// GetMoveByKey returns a table's log entry by its idempotency key (sql.ErrNoRows: none).
	GetMoveByKey(ctx context.Context, arg GetMoveByKeyParams) (Move, error)
	// GetSnapshot returns a table's stored state (sql.ErrNoRows: none).
	GetSnapshot(ctx context.Context, tableID string) (Snapshot, error)
	// GetTable returns a table (sql.ErrNoRows: none).
	GetTable(ctx context.Context, id string) (GameTable, error)
	// GetTableByJoinCode returns the table with a join code (sql.ErrNoRows: none).
	GetTableByJoinCode(ctx context.Context, joinCode string) (GameTable, error)
	// LastMoveSeq returns the seq of a table's last log entry, 0 for none.
	LastMoveSeq(ctx context.Context, tableID string) (int64, error)
	// ListMoves returns a table's whole log, oldest first.
	ListMoves(ctx context.Context, tableID string) ([]Move, error)
	// ListMovesAfter returns a table's log entries after a seq, oldest first.
	ListMovesAfter(ctx context.Context, arg ListMovesAfterParams) ([]Move, error)
	// ListOpenHandovers lists the seats of a table with a hand-over code that is neither used nor expired at ExpiresAt.
	ListOpenHandovers(ctx context.Context, arg ListOpenHandoversParams) ([]ListOpenHandoversRow, error)
	// ListRecentMoves returns a table's newest log entries, newest first, at most Limit.
	ListRecentMoves(ctx context.Context, arg ListRecentMovesParams) ([]Move, error)
	// ListRunningTimers returns every running timer of every table.
	ListRunningTimers(ctx context.Context) ([]Timer, error)
	// ListSeats returns a table's seats, removed ones included, by seat number.
	ListSeats(ctx context.Context, tableID string) ([]Seat, error)
	// PutSnapshot stores (or replaces) a table's state snapshot.
	PutSnapshot(ctx context.Context, arg PutSnapshotParams) error
	// PutTimer stores (or replaces) a table's timer.
	PutTimer(ctx context.Context, arg PutTimerParams) error
	// RemoveSeat marks a seat removed (in the lobby: start deals without it).
	RemoveSeat(ctx context.Context, arg RemoveSeatParams) error
	// RenumberHandovers moves the hand-over codes of seat Seat_2 to seat Seat.
	RenumberHandovers(ctx context.Context, arg RenumberHandoversParams) error
	// RenumberSeat gives seat Seat_2 the number Seat.
	RenumberSeat(ctx context.Context, arg RenumberSeatParams) error
	// SetJoinCode changes a table's join code (UniqueJoinCode as CreateTable).
	SetJoinCode(ctx context.Context, arg SetJoinCodeParams) error
	// SetRematch records a table's rematch once and returns the rows changed (0: it has one).
	SetRematch(ctx context.Context, arg SetRematchParams) (int64, error)
	// SetSeatToken sets (or, with nil, clears) the token hash of a seat's device.
	SetSeatToken(ctx context.Context, arg SetSeatTokenParams) error
	// SetTableLocked locks or unlocks a table's joins.
	SetTableLocked(ctx context.Context, arg SetTableLockedParams) error
	// SetTableOptions replaces a lobby table's options and returns the rows changed.
	SetTableOptions(ctx context.Context, arg SetTableOptionsParams) (int64, error)
	// StartTable moves a lobby table to playing and returns the rows changed (0: not in the lobby).
	StartTable(ctx context.Context, arg StartTableParams) (int64, error)
	// UseHandover marks a hand-over code used if it is open at ExpiresAt and returns the rows changed (0: used, cancelled or expired).
	UseHandover(ctx context.Context, arg UseHandoverParams) (int64, error)
	// LockTable returns a table's stored version (sql.ErrNoRows: none) and, inside
	// Tx, holds the table against other writers until the transaction ends
	// (PostgreSQL: the row lock, FOR UPDATE; SQLite: its one writer holds the
	// whole file already).
	LockTable(ctx context.Context, id string) (int64, error)
}

// Source is what a copy of a whole database reads beyond Querier: the copy
// tool's reads (tablewarden copy), not table's.
type Source interface {
	Querier
	// ListTableIDs returns every table's id.
	ListTableIDs(ctx context.Context) ([]string, error)
	// ListTableTimers returns a table's timers, running and paused.
	ListTableTimers(ctx context.Context, tableID string) ([]Timer, error)
	// ListTableHandovers returns a table's hand-over codes, used ones included.
	ListTableHandovers(ctx context.Context, tableID string) ([]Handover, error)
}
