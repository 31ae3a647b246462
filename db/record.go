package db

// MoveRecord is everything one log entry of a table changes: the entry
// itself, the state snapshot after it, the table's running and paused
// timers, its status and its version. Store.RecordMove writes it all in
// one transaction, so that storage never holds a move without its state.
type MoveRecord struct {
	// Entry is the log entry; Entry.Version is the table's new version.
	Entry AppendMoveParams
	// State is the encoded state after the entry, stored as the table's
	// snapshot; empty stores none. The log is the source of truth, and a
	// move stores the state only every few moves (table/snapshots.go).
	State string
	// Timers are the state's timers; HasTimers false leaves the table's
	// timers alone (a game without timers).
	Timers    []PutTimerParams
	HasTimers bool
	// Status, when set, is the table's new status ("playing", "ended").
	Status string
	// Undoes, when not zero, is the seq of the move this entry undoes.
	Undoes int64
}
