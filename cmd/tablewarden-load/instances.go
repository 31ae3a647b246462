package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"tablewarden/cmd/tablewarden-load/loadgen"
	"tablewarden/cmd/tablewarden-load/spread"
	"tablewarden/db/engine"
)

// Many instances on one PostgreSQL database: -db postgres://…
// -instances N starts N servers on that database, puts the spread proxy
// in front (each phone on one instance, round robin, so every table's
// phones are spread across them) and runs the workload through it. Besides
// loadgen's report it prints the moves/s each instance acknowledged, the
// cross-instance fan-out (a move acknowledged by one instance to the
// host's view on another, from spread.Fanout's host streams) beside the
// same-instance one, and the CPU per accepted move of each instance and of
// the PostgreSQL cluster (the postmaster and all its children, from
// /proc), over the window from the first acknowledged move to the end.

// runInstances is the -instances mode.
func runInstances(ctx context.Context, o options, out io.Writer) error {
	if !engine.IsPostgres(o.dbPath) {
		return fmt.Errorf("-instances needs -db postgres://…")
	}
	bin := o.server
	if bin == "" {
		var err error
		if bin, err = buildServer(ctx); err != nil {
			return err
		}
	}
	pgPID, err := postmasterPID(ctx, o.dbPath)
	if err != nil {
		fmt.Fprintln(out, "note: no PostgreSQL CPU figure:", err)
	}
	var srvs []*server
	defer func() {
		for _, s := range srvs {
			s.stop()
		}
	}()
	var bases []string
	for range o.instances {
		s, err := startServer(ctx, bin, o.dbPath, false, o.gomaxprocs, o.gomemlimit)
		if err != nil {
			return err
		}
		srvs = append(srvs, s)
		bases = append(bases, s.url)
	}
	pctx, cancel := context.WithCancel(ctx)
	defer cancel()
	px := spread.New(bases)
	fan := spread.NewFanout(pctx, bases)
	var (
		mu      sync.Mutex
		started time.Time
		cpu0    []float64
		acked   = make([]int64, len(bases))
	)
	pids := func() []int {
		var ps []int
		for _, s := range srvs {
			ps = append(ps, s.pid)
		}
		return ps
	}
	px.OnCreate = fan.Watch
	px.OnMove = func(tableID string, version int64, backend int, at time.Time) {
		fan.Ack(tableID, version, backend, at)
		mu.Lock()
		defer mu.Unlock()
		if started.IsZero() {
			started = at
			cpu0 = cpuSeconds(pids(), pgPID)
		}
		acked[backend]++
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: px}
	go hs.Serve(l)
	defer hs.Close()
	host, _ := os.Hostname()
	fmt.Fprintf(out, "tablewarden-load  %s  host %s, %d CPUs, %d instances on %s, unpinned\n", time.Now().UTC().Format(time.RFC3339), host, numCPU(), len(bases), redact(o.dbPath))
	cfg := loadgen.Config{BaseURL: "http://" + l.Addr().String(), Game: o.game, Tables: o.tables, Seats: o.seats, Rate: o.rate,
		Duration: o.duration, Warmup: o.warmup, MaxMoves: o.maxMoves, SourceIPs: sourceIPs(o.sources), SSE: o.sse, Patches: o.patches}
	rep, err := loadgen.RunProbed(ctx, cfg, loadgen.Probe{Log: func(f string, a ...any) { fmt.Fprintf(out, "  "+f+"\n", a...) }})
	if err != nil {
		return err
	}
	mu.Lock()
	cpu1 := cpuSeconds(pids(), pgPID)
	window := time.Since(started)
	moves := int64(0)
	for _, n := range acked {
		moves += n
	}
	mu.Unlock()
	time.Sleep(300 * time.Millisecond) // the last views reach the probe streams
	rep.Print(out)
	fmt.Fprintf(out, "  (loadgen's fan-out is to the last phone of the table; its phones are on %d instances)\n", len(bases))
	cross, same, missed := fan.Summary(started)
	fmt.Fprintf(out, "  cross-instance fan-out  %s (host view on another instance; %d acknowledgements never seen there)\n", latencies(cross), missed)
	fmt.Fprintf(out, "  same-instance fan-out   %s\n", latencies(same))
	if started.IsZero() || moves == 0 {
		return fmt.Errorf("no move was acknowledged")
	}
	secs := window.Seconds()
	fmt.Fprintf(out, "  window           %s from the first acknowledged move, %d moves = %.0f moves/s\n", window.Round(time.Millisecond), moves, float64(moves)/secs)
	for i := range bases {
		d := cpu1[i] - cpu0[i]
		fmt.Fprintf(out, "  instance %d       %d moves acknowledged (%.0f/s), %d requests; CPU %.2f cores, %.0f µs per move of all instances\n",
			i+1, acked[i], float64(acked[i])/secs, px.Served[i].Load(), d/secs, 1e6*d/float64(moves))
	}
	if pgPID > 0 {
		d := cpu1[len(bases)] - cpu0[len(bases)]
		fmt.Fprintf(out, "  PostgreSQL       CPU %.2f cores, %.0f µs per move (postmaster %d and its children)\n", d/secs, 1e6*d/float64(moves), pgPID)
	}
	if rep.ErrorTotal() > 0 {
		return fmt.Errorf("%d workload errors", rep.ErrorTotal())
	}
	return nil
}

func latencies(l spread.Latencies) string {
	if l.N == 0 {
		return "no samples"
	}
	return fmt.Sprintf("p50 %s, p99 %s, max %s (%d views)", l.P50.Round(10*time.Microsecond), l.P99.Round(10*time.Microsecond), l.Max.Round(10*time.Microsecond), l.N)
}

func redact(dsn string) string {
	if i := strings.Index(dsn, "@"); i > 0 {
		if j := strings.Index(dsn, "://"); j > 0 && j < i {
			return dsn[:j+3] + "…" + dsn[i:]
		}
	}
	return dsn
}

// postmasterPID reads the cluster's postmaster pid from postmaster.pid in
// its data directory (SHOW data_directory).
func postmasterPID(ctx context.Context, dsn string) (int, error) {
	c, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return 0, err
	}
	defer c.Close(ctx)
	var dir string
	if err := c.QueryRow(ctx, "SHOW data_directory").Scan(&dir); err != nil {
		return 0, err
	}
	b, err := os.ReadFile(filepath.Join(dir, "postmaster.pid"))
	if err != nil {
		return 0, err
	}
	first, _, _ := strings.Cut(string(b), "\n")
	return strconv.Atoi(strings.TrimSpace(first))
}

// clockTicks is USER_HZ, the unit of /proc/<pid>/stat's times (100 on
// Linux).
const clockTicks = 100

// cpuSeconds returns the user+system CPU seconds of each pid and, last,
// of the postmaster pg and every process whose parent it is (0 when pg is
// 0). Backends that exited meanwhile are missed: the pool keeps its
// connections, so few do.
func cpuSeconds(pids []int, pg int) []float64 {
	var out []float64
	for _, p := range pids {
		u, _ := procTimes(p)
		out = append(out, u)
	}
	if pg > 0 {
		total, _ := procTimes(pg)
		ents, _ := os.ReadDir("/proc")
		for _, e := range ents {
			p, err := strconv.Atoi(e.Name())
			if err != nil || p == pg {
				continue
			}
			if t, ppid := procTimes(p); ppid == pg {
				total += t
			}
		}
		out = append(out, total)
	}
	return out
}

// procTimes returns a process's utime+stime in seconds and its parent.
func procTimes(pid int) (float64, int) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0
	}
	f := strings.Fields(s[i+1:])
	// After the command: state(0) ppid(1) … utime(11) stime(12).
	if len(f) < 13 {
		return 0, 0
	}
	ppid, _ := strconv.Atoi(f[1])
	u, _ := strconv.ParseFloat(f[11], 64)
	st, _ := strconv.ParseFloat(f[12], 64)
	return (u + st) / clockTicks, ppid
}
