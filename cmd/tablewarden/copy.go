package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"

	"tablewarden/db"
	"tablewarden/db/engine"
	"tablewarden/db/postgres"
	"tablewarden/db/sqlite"
	"tablewarden/referee/catalog"
	"tablewarden/table"
)

// runCopy moves a table night from a SQLite file to PostgreSQL:
//
//	tablewarden copy --from tablewarden.db --to postgres://…
//
// It copies every table, seat, move, snapshot, timer and hand-over code of
// one consistent snapshot of the file in one transaction, and before that
// transaction commits reads each table back from PostgreSQL and checks
// that its rows are the snapshot's and that replaying its log gives its
// stored state. A server may go on recording moves in the file meanwhile
// (they are not copied); a copy that fails leaves nothing behind.
func runCopy(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tablewarden copy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "SQLite database file to copy")
	to := fs.String("to", "", "PostgreSQL URL (postgres://…) to copy into")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		return errors.New("usage: tablewarden copy --from FILE.db --to postgres://…")
	}
	if !engine.IsPostgres(*to) {
		return fmt.Errorf("copy: --to %q is not a postgres:// URL", *to)
	}
	if _, err := os.Stat(*from); err != nil {
		return fmt.Errorf("copy: %w", err)
	}
	src, err := sqlite.Open(ctx, *from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := postgres.Open(ctx, *to)
	if err != nil {
		return err
	}
	defer dst.Close()
	replayed := 0
	st, err := copyToPG(ctx, src, dst, func(r, w db.Source) error {
		n, err := verifyCopy(ctx, r, w)
		if err != nil {
			return fmt.Errorf("check failed: %w", err)
		}
		replayed = n
		return nil
	})
	if err != nil {
		return fmt.Errorf("copy: %w (nothing was copied; run it again)", err)
	}
	fmt.Fprintf(stdout, "copied %d tables, %d seats, %d moves, %d snapshots, %d timers, %d hand-over codes from %s; replay on PostgreSQL gives the stored state of all %d started tables\n",
		st.Tables, st.Seats, st.Moves, st.Snapshots, st.Timers, st.Handovers, *from, replayed)
	return nil
}

// copyToPG copies one consistent read of the SQLite file src into dst
// (postgres.Store.CopyFrom), with check run on that read and the copy
// before the copy commits.
func copyToPG(ctx context.Context, src *sqlite.Store, dst *postgres.Store, check func(r, w db.Source) error) (postgres.CopyStats, error) {
	var st postgres.CopyStats
	err := src.ReadTx(ctx, func(r db.Source) error {
		var err error
		st, err = dst.CopyFrom(ctx, r, func(w db.Source) error {
			if check == nil {
				return nil
			}
			return check(r, w)
		})
		return err
	})
	return st, err
}

// verifyCopy reads every table of r (the file's snapshot that was copied)
// back from w (the copy, inside its transaction): its row, seats, moves,
// timers and hand-over codes must equal the file's, and for a started
// table, replaying the PostgreSQL log must give the state stored in the
// file's snapshot. It returns how many tables were replayed.
func verifyCopy(ctx context.Context, r, w db.Source) (int, error) {
	ids, err := r.ListTableIDs(ctx)
	if err != nil {
		return 0, err
	}
	replayed := 0
	for _, id := range ids {
		a, err := r.GetTable(ctx, id)
		if err != nil {
			return replayed, err
		}
		b, err := w.GetTable(ctx, id)
		if err != nil {
			return replayed, fmt.Errorf("table %s: %w", id, err)
		}
		if !reflect.DeepEqual(a, b) {
			return replayed, fmt.Errorf("table %s: row differs", id)
		}
		seatsA, err := r.ListSeats(ctx, id)
		if err != nil {
			return replayed, err
		}
		seatsB, err := w.ListSeats(ctx, id)
		if err != nil {
			return replayed, err
		}
		if !equalRows(seatsA, seatsB) {
			return replayed, fmt.Errorf("table %s: seats differ", id)
		}
		movesA, err := r.ListMoves(ctx, id)
		if err != nil {
			return replayed, err
		}
		movesB, err := w.ListMoves(ctx, id)
		if err != nil {
			return replayed, err
		}
		if !equalRows(movesA, movesB) {
			return replayed, fmt.Errorf("table %s: moves differ", id)
		}
		timersA, err := r.ListTableTimers(ctx, id)
		if err != nil {
			return replayed, err
		}
		timersB, err := w.ListTableTimers(ctx, id)
		if err != nil {
			return replayed, err
		}
		if !equalRows(timersA, timersB) {
			return replayed, fmt.Errorf("table %s: timers differ", id)
		}
		handA, err := r.ListTableHandovers(ctx, id)
		if err != nil {
			return replayed, err
		}
		handB, err := w.ListTableHandovers(ctx, id)
		if err != nil {
			return replayed, err
		}
		if !equalRows(handA, handB) {
			return replayed, fmt.Errorf("table %s: hand-over codes differ", id)
		}
		if b.Status == "lobby" {
			continue
		}
		want, err := r.GetSnapshot(ctx, id)
		if err != nil {
			return replayed, fmt.Errorf("table %s: snapshot in the file: %w", id, err)
		}
		g, ok := catalog.Find(b.Game, true)
		if !ok {
			return replayed, fmt.Errorf("table %s: unknown game %q", id, b.Game)
		}
		if _, err := table.Replay(g, b, seatsB, movesB); err != nil {
			return replayed, fmt.Errorf("table %s: replay on PostgreSQL: %w", id, err)
		}
		// The stored state is the one after its own entry, written every
		// few moves (table/snapshots.go): the log up to it must replay to it.
		upTo := movesB
		for i, m := range movesB {
			if m.Seq > want.Seq {
				upTo = movesB[:i]
				break
			}
		}
		st, err := table.Replay(g, b, seatsB, upTo)
		if err != nil {
			return replayed, fmt.Errorf("table %s: replay on PostgreSQL to the snapshot: %w", id, err)
		}
		enc, err := json.Marshal(st)
		if err != nil {
			return replayed, err
		}
		got, err := w.GetSnapshot(ctx, id)
		if err != nil {
			return replayed, fmt.Errorf("table %s: snapshot on PostgreSQL: %w", id, err)
		}
		if string(enc) != want.State || got.State != want.State || got.Seq != want.Seq {
			return replayed, fmt.Errorf("table %s: replay of %d moves on PostgreSQL differs from the stored state", id, len(upTo))
		}
		replayed++
	}
	return replayed, nil
}

// equalRows compares two lists of rows, an empty list equal to nil.
func equalRows[T any](a, b []T) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}
