package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"tablewarden/db/sqlite"
)

// BenchmarkStoreWrite measures the group committer with synchronous(FULL):
// writers on many tables at once, each write a move, its snapshot and a
// version bump (what Service.Move writes). It reports writes per commit.
func BenchmarkStoreWrite(b *testing.B) {
	for _, writers := range []int{1, 16, 64} {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			ctx := context.Background()
			s, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "b.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			const tables = 64
			for i := 0; i < tables; i++ {
				id := fmt.Sprintf("t%d", i)
				if err := s.Write(ctx, func(q *sqlite.Queries) error {
					return q.CreateTable(ctx, sqlite.CreateTableParams{ID: id, Game: "jumpship", JoinCode: id, Options: "{}", Seed: 1, HostTokenHash: []byte(id), CreatedAt: "now"})
				}); err != nil {
					b.Fatal(err)
				}
			}
			state := strings.Repeat("x", 3000) // a Jumpship snapshot is about this size
			var seqs [tables]atomic.Int64
			var next atomic.Int64
			b0, w0 := s.Batches(), s.Writes()
			b.ReportAllocs()
			b.SetParallelism((writers + 1) / 2)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				t := int(next.Add(1)-1) % tables
				id := fmt.Sprintf("t%d", t)
				for pb.Next() {
					seq := seqs[t].Add(1)
					err := s.Write(ctx, func(q *sqlite.Queries) error {
						if err := q.AppendMove(ctx, sqlite.AppendMoveParams{TableID: id, Seq: seq, Kind: "move", Actor: `{"seat":1}`, Type: "draw", Args: "{}", At: "now",
							IdempotencyKey: sql.NullString{String: fmt.Sprintf("k%d", seq), Valid: true}, Events: "[]", Version: seq}); err != nil {
							return err
						}
						if err := q.PutSnapshot(ctx, sqlite.PutSnapshotParams{TableID: id, Seq: seq, State: state}); err != nil {
							return err
						}
						_, err := q.BumpTableVersion(ctx, id)
						return err
					})
					if err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.StopTimer()
			if n := s.Batches() - b0; n > 0 {
				b.ReportMetric(float64(s.Writes()-w0)/float64(n), "writes/commit")
			}
		})
	}
}

// BenchmarkCommitPerWrite is the naive storage ceiling in process: one
// single-row INSERT committed per call, same SQLite settings.
func BenchmarkCommitPerWrite(b *testing.B) {
	d, err := sql.Open("sqlite", sqlite.DSN(filepath.Join(b.TempDir(), "c.db"), false))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	d.SetMaxOpenConns(1)
	if _, err := d.Exec(`CREATE TABLE rows (id INTEGER PRIMARY KEY, at TEXT NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := d.Exec(`INSERT INTO rows (at) VALUES (?)`, "now"); err != nil {
			b.Fatal(err)
		}
	}
}
