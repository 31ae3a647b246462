package dbtest

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"tablewarden/db"
)

func testPing(t *testing.T, e Engine) {
	if err := e.Store.Ping(context.Background()); err != nil {
		t.Fatalf("Ping = %v, want nil", err)
	}
}

// A table reads back exactly as written (bytes, times to the nanosecond,
// NULLs), by id and by join code; an unknown one is sql.ErrNoRows.
func testTableCreateGet(t *testing.T, e Engine) {
	ctx := context.Background()
	p := createTable(t, e, "T1", "ABCD2345")
	want := db.GameTable{ID: p.ID, Game: p.Game, JoinCode: p.JoinCode, Options: p.Options, Seed: p.Seed, HostTokenHash: p.HostTokenHash,
		Status: "lobby", Version: 0, CreatedAt: p.CreatedAt, Lang: "pt-BR"}
	if got := getTable(t, e, "T1"); !reflect.DeepEqual(got, want) {
		t.Fatalf("GetTable =\n%#v\nwant\n%#v", got, want)
	}
	got, err := e.Store.Queries().GetTableByJoinCode(ctx, "ABCD2345")
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("GetTableByJoinCode = %#v, %v, want the table", got, err)
	}
	if _, err := e.Store.Queries().GetTable(ctx, "nope"); !isNoRows(err) {
		t.Fatalf("GetTable(unknown) err = %v, want sql.ErrNoRows", err)
	}
	if _, err := e.Store.Queries().GetTableByJoinCode(ctx, "NOPE"); !isNoRows(err) {
		t.Fatalf("GetTableByJoinCode(unknown) err = %v, want sql.ErrNoRows", err)
	}
	ids, err := source(t, e).ListTableIDs(ctx)
	if err != nil || !reflect.DeepEqual(ids, []string{"T1"}) {
		t.Fatalf("ListTableIDs = %v, %v, want [T1]", ids, err)
	}
}

// The host's lobby writes: join code, lock, options; start moves the table
// to playing once, after which the options are fixed.
func testTableLobbyWrites(t *testing.T, e Engine) {
	ctx := context.Background()
	createTable(t, e, "T1", "CODE0001")
	var opts, started, again, optsAfter int64
	tx(t, e, func(q db.Querier) error {
		if err := q.SetJoinCode(ctx, db.SetJoinCodeParams{JoinCode: "CODE0002", ID: "T1"}); err != nil {
			return err
		}
		if err := q.SetTableLocked(ctx, db.SetTableLockedParams{Locked: 1, ID: "T1"}); err != nil {
			return err
		}
		var err error
		if opts, err = q.SetTableOptions(ctx, db.SetTableOptionsParams{Options: `{"captain_seat":1}`, ID: "T1"}); err != nil {
			return err
		}
		if started, err = q.StartTable(ctx, db.StartTableParams{StartedAt: ns("2026-11-30T10:02:00.25Z"), ID: "T1"}); err != nil {
			return err
		}
		if again, err = q.StartTable(ctx, db.StartTableParams{StartedAt: ns("2026-11-30T10:09:00Z"), ID: "T1"}); err != nil {
			return err
		}
		optsAfter, err = q.SetTableOptions(ctx, db.SetTableOptionsParams{Options: `{}`, ID: "T1"})
		return err
	})
	if opts != 1 || started != 1 || again != 0 || optsAfter != 0 {
		t.Fatalf("rows changed: options %d, start %d, start again %d, options after start %d; want 1, 1, 0, 0", opts, started, again, optsAfter)
	}
	row := getTable(t, e, "T1")
	if row.JoinCode != "CODE0002" || row.Locked != 1 || row.Options != `{"captain_seat":1}` || row.Status != "playing" ||
		row.StartedAt != ns("2026-11-30T10:02:00.25Z") {
		t.Fatalf("table after the lobby's writes: %#v", row)
	}
	if _, err := e.Store.Queries().GetTableByJoinCode(ctx, "CODE0001"); !isNoRows(err) {
		t.Fatalf("the old join code still finds a table (err %v)", err)
	}
}

// A write that breaks a unique constraint is an *db.ErrDuplicate naming
// the constraint by its columns, the same on every engine, and writes
// nothing.
func testErrDuplicate(t *testing.T, e Engine) {
	ctx := context.Background()
	createTable(t, e, "T1", "CODE0001")
	createTable(t, e, "T2", "CODE0002")
	create := func(id, code string) error {
		return e.Store.Tx(ctx, func(q db.Querier) error {
			return q.CreateTable(ctx, db.CreateTableParams{ID: id, Game: "jumpship", JoinCode: code, Options: "{}", Seed: 1, HostTokenHash: []byte("h-" + id), CreatedAt: "2026-01-01T00:00:00Z"})
		})
	}
	record(t, e, db.MoveRecord{Entry: entry("T1", 1, 1, "k1")})
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"JoinCode", create("T3", "CODE0001"), db.UniqueJoinCode},
		{"SetJoinCode", e.Store.Tx(ctx, func(q db.Querier) error {
			return q.SetJoinCode(ctx, db.SetJoinCodeParams{JoinCode: "CODE0001", ID: "T2"})
		}), db.UniqueJoinCode},
		{"IdempotencyKey", e.Store.Tx(ctx, func(q db.Querier) error { return q.AppendMove(ctx, entry("T1", 2, 2, "k1")) }), db.UniqueIdempotencyKey},
		{"PrimaryKey", create("T1", "CODE0009"), "game_tables.id"},
	}
	for _, tc := range tests {
		var dup *db.ErrDuplicate
		if !errors.As(tc.err, &dup) {
			t.Fatalf("%s: error = %v (%T), want *db.ErrDuplicate", tc.name, tc.err, tc.err)
		}
		if got := dup.Constraint; got != tc.want {
			t.Fatalf("%s: Constraint = %q, want %q", tc.name, got, tc.want)
		}
		if !db.IsDuplicate(tc.err, tc.want) || db.IsDuplicate(tc.err, "other.column") {
			t.Fatalf("%s: IsDuplicate(%v) does not match by the constraint alone", tc.name, tc.err)
		}
		if errors.Is(tc.err, db.ErrUnavailable) {
			t.Fatalf("%s: a duplicate is ErrUnavailable: %v", tc.name, tc.err)
		}
	}
	if _, err := e.Store.Queries().GetTable(ctx, "T3"); !isNoRows(err) {
		t.Fatalf("the refused table was written (err %v)", err)
	}
	if got := getTable(t, e, "T2").JoinCode; got != "CODE0002" {
		t.Fatalf("T2's join code = %s after a refused change, want CODE0002", got)
	}
	if ms, _ := e.Store.Queries().ListMoves(ctx, "T1"); len(ms) != 1 {
		t.Fatalf("%d log entries after a refused key, want 1", len(ms))
	}
}
