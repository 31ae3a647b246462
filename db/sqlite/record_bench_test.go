package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"tablewarden/cmd/tablewarden-load/cputime"
	"tablewarden/db"
	"tablewarden/db/sqlite"
)

// BenchmarkRecordMove measures the commit path of one move alone: 8 or 64
// tables on a real SQLite file (synchronous FULL), each with its own
// writer, every writer calling Store.RecordMove with an entry the size of
// a Jumpship move's (two events, a seat actor, a client's idempotency key)
// and the state every 32nd move, as table.Service.Move writes them. Besides
// ns/op it reports the process's CPU time per move (cpu-µs/move), which a
// shared machine's other work disturbs less than the wall clock, and the
// moves that one group commit carried (moves/commit): with 8 tables the
// commit's own cost (WAL frames, fsync) is shared by fewer moves.
//
//	go test ./db -run '^$' -bench RecordMove -benchtime 20000x
func BenchmarkRecordMove(b *testing.B) {
	for _, tables := range []int{8, 64} {
		b.Run(fmt.Sprintf("tables=%d", tables), func(b *testing.B) { benchRecordMove(b, tables) })
	}
}

func benchRecordMove(b *testing.B, tables int) {
	ctx := context.Background()
	s, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "r.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for i := range tables {
		if err := s.Write(ctx, func(q *sqlite.Queries) error { return addTable(ctx, q, benchTableID(i)) }); err != nil {
			b.Fatal(err)
		}
	}
	state := strings.Repeat("x", 3000) // a Jumpship state is about this size
	events := `[{"code":"gave","text":"Player 6 gave a Target token to Player 5."},{"code":"turn","text":"It is Player 1's turn."}]`
	var next atomic.Int64
	b0, w0 := s.Batches(), s.Writes()
	b.ReportAllocs()
	// One writer per table, so that each knows its table's version.
	if tables%runtime.GOMAXPROCS(0) != 0 {
		b.Skipf("GOMAXPROCS %d does not divide %d tables", runtime.GOMAXPROCS(0), tables)
	}
	b.SetParallelism(tables / runtime.GOMAXPROCS(0))
	b.ResetTimer()
	cpu0 := cputime.Process()
	b.RunParallel(func(pb *testing.PB) {
		id := benchTableID(int(next.Add(1) - 1))
		var seq int64
		for pb.Next() {
			seq++
			rec := db.MoveRecord{Entry: db.AppendMoveParams{TableID: id, Seq: seq, Kind: "move", Actor: `{"seat":5}`, Type: "give",
				Args: `{"to":4,"token":"Target"}`, At: "2026-11-30T19:36:10.509375035Z", Events: events,
				IdempotencyKey: sql.NullString{String: fmt.Sprintf("0f6b2c1e-5d3a-4c8e-9a7b-%012d", seq), Valid: true}, Version: seq}}
			if seq%32 == 0 {
				rec.State = state
			}
			if err := s.RecordMove(ctx, rec); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(cputime.Process()-cpu0)/1e3/float64(b.N), "cpu-µs/move")
	if n := s.Batches() - b0; n > 0 {
		b.ReportMetric(float64(s.Writes()-w0)/float64(n), "moves/commit")
	}
}

func benchTableID(i int) string { return fmt.Sprintf("bench%07d", i) }
