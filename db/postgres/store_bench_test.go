package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tablewarden/db"
	"tablewarden/db/postgres"
)

// BenchmarkPGCommitMove commits moves on 64 tables from parallel writers
// (GOMAXPROCS×4), each move through CommitMove (row lock, log entry,
// snapshot, version, NOTIFY), and reports the PostgreSQL server's CPU per
// move (all its processes, from /proc) beside the usual ns/op:
//
//	TW_PG_URL=… go test ./db -run '^$' -bench PGCommitMove -benchtime 3000x
func BenchmarkPGCommitMove(b *testing.B) {
	benchCommit(b, openPG(b, 1)[0])
}

func benchCommit(b *testing.B, s *postgres.Store) {
	ctx := context.Background()
	const tables = 64
	for i := range tables {
		id := fmt.Sprintf("b%02d", i)
		if err := s.Read().CreateTable(ctx, pgCreate(id)); err != nil {
			b.Fatal(err)
		}
	}
	var next atomic.Int64
	cpu0 := postgresCPU()
	start := time.Now()
	b.SetParallelism(4)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			id := fmt.Sprintf("b%02d", next.Add(1)%tables)
			for {
				v, err := s.Read().GetTableVersion(ctx, id)
				if err != nil {
					b.Error(err)
					return
				}
				if _, err := s.CommitMove(ctx, id, v, pgMove(v+1, "")); errors.Is(err, db.ErrStale) {
					continue
				} else if err != nil {
					b.Error(err)
					return
				}
				break
			}
		}
	})
	b.StopTimer()
	el := time.Since(start)
	if cpu := postgresCPU() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "pg-cpu-µs/move")
	}
	b.ReportMetric(float64(b.N)/el.Seconds(), "moves/s")
}

// postgresCPU sums the user and system CPU time of every process named
// postgres on this machine (the test server's).
func postgresCPU() time.Duration {
	var ticks int64
	procs, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		s := string(b)
		open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || close < 0 || s[open+1:close] != "postgres" {
			continue
		}
		f := strings.Fields(s[close+2:])
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		k, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += u + k
	}
	return time.Duration(ticks) * (time.Second / 100)
}
