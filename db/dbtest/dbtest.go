// Package dbtest is the storage conformance suite: what every adapter of
// the storage port (package db) must do alike. db/sqlite runs it on a
// temporary SQLite file, db/postgres on a fresh PostgreSQL database:
//
//	func TestConformance(t *testing.T) {
//		dbtest.Run(t, func(t *testing.T) dbtest.Engine { … a fresh, empty database … })
//	}
//
// It talks to the store through the port alone (Store, Querier, Extras),
// never through SQL of its own, so that it judges what table sees.
package dbtest

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"tablewarden/db"
)

// Engine is a fresh, empty database of the engine under test, with what
// the engine offers beyond the port.
type Engine struct {
	Store  db.Store
	Extras db.Extras
}

// Run runs every case of the suite as a parallel subtest, each on its own
// database from open, which must fail the test (or skip it) when it cannot
// give one, and close the store when the test ends.
func Run(t *testing.T, open func(t *testing.T) Engine) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.run(t, open(t))
		})
	}
}

var cases = []struct {
	name string
	run  func(t *testing.T, e Engine)
}{
	{"Ping", testPing},
	{"TableCreateGet", testTableCreateGet},
	{"TableLobbyWrites", testTableLobbyWrites},
	{"ErrDuplicate", testErrDuplicate},
	{"Seats", testSeats},
	{"RecordMove", testRecordMove},
	{"RecordMoveStale", testRecordMoveStale},
	{"RecordMoveUsedKey", testRecordMoveUsedKey},
	{"Moves", testMoves},
	{"Undo", testUndo},
	{"Snapshots", testSnapshots},
	{"Timers", testTimers},
	{"Handovers", testHandovers},
	{"Rematch", testRematch},
	{"LockTable", testLockTable},
	{"TxRollback", testTxRollback},
	{"UnstorableLookups", testUnstorableLookups},
	{"Prune", testPrune},
}

// The helpers below fail the test on an error of a write the case only
// sets up with.

func ns(s string) sql.NullString { return sql.NullString{String: s, Valid: true} }

func tx(t *testing.T, e Engine, fn func(q db.Querier) error) {
	t.Helper()
	if err := e.Store.Tx(context.Background(), fn); err != nil {
		t.Fatalf("Tx: %v", err)
	}
}

func createTable(t *testing.T, e Engine, id, code string) db.CreateTableParams {
	t.Helper()
	p := db.CreateTableParams{ID: id, Game: "jumpship", JoinCode: code, Options: `{"x":1}`, Seed: 42, HostTokenHash: []byte("host-" + id),
		CreatedAt: "2026-11-30T10:00:00.123456789Z", Lang: "pt-BR"}
	tx(t, e, func(q db.Querier) error { return q.CreateTable(context.Background(), p) })
	return p
}

func getTable(t *testing.T, e Engine, id string) db.GameTable {
	t.Helper()
	row, err := e.Store.Queries().GetTable(context.Background(), id)
	if err != nil {
		t.Fatalf("GetTable(%s): %v", id, err)
	}
	return row
}

// entry is a log entry of table id at seq, making version.
func entry(id string, seq, version int64, key string) db.AppendMoveParams {
	e := db.AppendMoveParams{TableID: id, Seq: seq, Kind: "move", Actor: `{"seat":0}`, Type: "give", Args: `{"to":1}`,
		At: "2026-11-30T10:03:00.5Z", Events: `[{"code":"gave"}]`, Reveals: seq % 2, Version: version}
	if key != "" {
		e.IdempotencyKey = ns(key)
	}
	return e
}

// record records entry (seq, version) on table id and fails on an error.
func record(t *testing.T, e Engine, rec db.MoveRecord) {
	t.Helper()
	if err := e.Store.RecordMove(context.Background(), rec); err != nil {
		t.Fatalf("RecordMove(seq %d, version %d): %v", rec.Entry.Seq, rec.Entry.Version, err)
	}
}

// source returns the store's reads as a db.Source (both adapters' query
// sets implement it), for the reads table does not make.
func source(t *testing.T, e Engine) db.Source {
	t.Helper()
	src, ok := e.Store.Queries().(db.Source)
	if !ok {
		t.Fatalf("Queries() is a %T, which does not implement db.Source", e.Store.Queries())
	}
	return src
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
