// Command tablewarden-load drives a real tablewarden server over HTTP and
// SSE the way phones do, and measures it beside its two ceilings in the
// same run: the HTTP ceiling (GET /api/noop) and the naive storage ceiling
// (POST /api/noop/commit, one single-row INSERT committed per request).
//
// By default it builds ./cmd/tablewarden with -tags bench (the bench
// build, the only one with those routes; -server must be one too), starts
// it on a temporary database with -joins-per-minute 0, pins the server to
// CPU 1 and itself to CPU 0 (taskset), and for each of -runs runs measures
// the two ceilings and then the workload on a fresh server; it prints each
// run and the medians, with the workload's figures as ratios to the
// ceilings. -url drives a server that is already running instead.
//
// -peer DIR runs the same shape side by side with the boardgame.io harness
// (a scratch copy of ../shared/peers/boardgameio with npm install done),
// -pairs pairs alternating with tablewarden; without node or the harness it
// says so and runs tablewarden alone. -sweep RATES runs the shape at each
// rate and reports the highest held (fan-out p99 ≤ -sweep-p99, no errors),
// for the peer too with -peer. The streams are opened with ?patches=1, as
// the phone page opens them, and merged as a phone merges them;
// -patches=false opens them for whole views instead.
//
// Other modes: -gen-db FILE writes a database of -gen-tables started
// Jumpship tables holding -gen-moves moves in all; -cold-start FILE starts
// the server on a copy-free existing database and reports how long it takes
// to answer /healthz and the first view of a stored table.
//
// Usage (see README, Performance):
//
//	go run ./cmd/tablewarden-load -short                       # CI smoke, < 1 minute
//	go run ./cmd/tablewarden-load -runs 3                      # hot throughput
//	go run ./cmd/tablewarden-load -tables 3000 -seats 7 -rate 1000 -duration 5m -ceilings=false
//	go run ./cmd/tablewarden-load -peer /work/scratch/bgio -tables 50 -seats 6 -warmup 3s -duration 30s -pairs 2
//	go run ./cmd/tablewarden-load -peer /work/scratch/bgio -tables 500 -seats 6 -warmup 3s -duration 60s -sweep 1000,2000,3000,4000
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"tablewarden/cmd/tablewarden-load/loadgen"
)

type options struct {
	url, server, dbPath, game, profile string
	heapProfile                        string
	serverPID                          int
	tables, seats, maxMoves, runs      int
	sources                            int
	conc                               int
	rate                               float64
	duration, ceilingDur               time.Duration
	sse, ceilings, pin, short          bool
	patches                            bool
	transport                          string
	genDB, coldStart                   string
	genTables, genMoves                int
	gomaxprocs                         int
	gomemlimit                         string
	warmup                             time.Duration
	peer                               string
	pairs                              int
	sweep                              string
	sweepP99                           time.Duration
	sweepHold                          float64
	sweepAll                           bool
	instances                          int
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tablewarden-load:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("tablewarden-load", flag.ContinueOnError)
	var o options
	fs.StringVar(&o.url, "url", "", "drive this running server instead of starting one (e.g. http://127.0.0.1:8080)")
	fs.IntVar(&o.serverPID, "server-pid", 0, "with -url: the server's pid, for RSS")
	fs.StringVar(&o.dbPath, "db", "", "with -url: the server's database file, for its size; otherwise the database to start on (default: a temp file)")
	fs.StringVar(&o.server, "server", "", "tablewarden binary to start, a bench build (default: go build -tags bench ./cmd/tablewarden)")
	fs.StringVar(&o.game, "game", "jumpship", "game id")
	fs.IntVar(&o.tables, "tables", 64, "tables")
	fs.IntVar(&o.seats, "seats", 6, "seats per table")
	fs.Float64Var(&o.rate, "rate", 0, "aggregate moves/s; 0 = as fast as possible")
	fs.DurationVar(&o.duration, "duration", 20*time.Second, "move phase per run")
	fs.IntVar(&o.maxMoves, "max-moves", 0, "cap on moves per run; 0 = none")
	fs.IntVar(&o.runs, "runs", 1, "runs (a fresh server each); medians are printed")
	fs.IntVar(&o.sources, "sources", 8, "source addresses 127.0.0.2 … 127.0.0.(1+n)")
	fs.BoolVar(&o.sse, "sse", true, "one SSE stream per seat; measure fan-out")
	fs.BoolVar(&o.patches, "patches", true, "open the streams with ?patches=1 (only what changed after the first view), merging as a phone does, as the phone page does; false: whole views")
	fs.StringVar(&o.transport, "transport", "http", "http: moves by POST, views over SSE (the phone page); ws: moves and views over one WebSocket per phone (the server's bench route, a measured prototype)")
	fs.BoolVar(&o.ceilings, "ceilings", true, "measure the HTTP and storage ceilings in each run")
	fs.DurationVar(&o.ceilingDur, "ceiling-duration", 10*time.Second, "each ceiling's length")
	fs.IntVar(&o.conc, "ceiling-concurrency", 0, "ceiling clients; 0 = as many as tables (the workload's concurrency)")
	fs.BoolVar(&o.pin, "pin", true, "pin the server to CPU 1 and this tool to CPU 0 (taskset)")
	fs.IntVar(&o.gomaxprocs, "server-gomaxprocs", 2, "GOMAXPROCS for the server started here (2 lets a pinned server overlap a commit's fsync with other work); 0 = Go's default")
	fs.StringVar(&o.gomemlimit, "server-gomemlimit", "", "GOMEMLIMIT for the server started here (e.g. 1GiB, off); empty = the server's own default (768MiB)")
	fs.StringVar(&o.profile, "cpuprofile", "", "write the server's CPU profile during the (last) workload to this file")
	fs.StringVar(&o.heapProfile, "heapprofile", "", "write the server's heap profile at the end of the (last) workload to this file")
	fs.BoolVar(&o.short, "short", false, "smoke test (CI): 1 run, 16 tables, 5 s workload, 3 s ceilings; exits 1 on any error or no moves")
	fs.StringVar(&o.genDB, "gen-db", "", "write a cold-start database to this file and exit")
	fs.IntVar(&o.genTables, "gen-tables", 10000, "with -gen-db: tables")
	fs.IntVar(&o.genMoves, "gen-moves", 1000000, "with -gen-db: moves in all")
	fs.StringVar(&o.coldStart, "cold-start", "", "start the server on this database and report how long until it serves")
	fs.DurationVar(&o.warmup, "warmup", 0, "moves played before -duration and not measured (the peer harness uses 3s)")
	fs.StringVar(&o.peer, "peer", "", "side by side: a scratch copy of the boardgame.io harness (../shared/peers/boardgameio, npm-installed); runs -pairs pairs alternating with tablewarden")
	fs.IntVar(&o.pairs, "pairs", 2, "with -peer: side-by-side pairs")
	fs.StringVar(&o.sweep, "sweep", "", "capacity sweep: comma-separated rates (moves/s), each run for -warmup + -duration on a fresh server; with -peer, the peer too")
	fs.DurationVar(&o.sweepP99, "sweep-p99", 100*time.Millisecond, "with -sweep: the highest fan-out p99 (from the move's send) a held rate may have")
	fs.Float64Var(&o.sweepHold, "sweep-hold", 0.97, "with -sweep: the share of the rate that must be accepted")
	fs.BoolVar(&o.sweepAll, "sweep-all", false, "with -sweep: keep trying higher rates after a failed one")
	fs.IntVar(&o.instances, "instances", 0, "with -db postgres://…: start this many servers on that database and spread the phones across them (instances.go)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.short {
		o.runs, o.tables, o.duration, o.ceilingDur = 1, 16, 5*time.Second, 3*time.Second
	}
	raiseFileLimit(out)
	if o.instances > 0 {
		return runInstances(ctx, o, out)
	}
	if o.genDB != "" {
		return genDB(ctx, o, out)
	}
	if o.pin && os.Getenv("TW_LOAD_PINNED") == "" && o.url == "" {
		if err := pinSelf(); err != nil {
			fmt.Fprintln(out, "note: not pinned:", err)
		}
	}
	if o.coldStart != "" {
		return coldStart(ctx, o, out)
	}
	if o.sweep != "" {
		return sweep(ctx, o, out)
	}
	if o.peer != "" {
		return sideBySide(ctx, o, out)
	}
	return loadRuns(ctx, o, out)
}

func sourceIPs(n int) []string {
	var ips []string
	for i := 0; i < n; i++ {
		ips = append(ips, fmt.Sprintf("127.0.0.%d", 2+i))
	}
	return ips
}

// runResult is one run: the ceilings and the workload.
type runResult struct {
	noop, commit loadgen.CeilingReport
	work         loadgen.Report
}

func loadRuns(ctx context.Context, o options, out io.Writer) error {
	bin, err := serverBinary(ctx, o)
	if err != nil {
		return err
	}
	host, _ := os.Hostname()
	fmt.Fprintf(out, "tablewarden-load  %s  host %s, %d CPUs%s\n", time.Now().UTC().Format(time.RFC3339), host, numCPU(), pinNote(o))
	var results []runResult
	for i := 0; i < o.runs && ctx.Err() == nil; i++ {
		fmt.Fprintf(out, "\n== run %d of %d (load average %s)\n", i+1, o.runs, loadAvg())
		res, err := oneRun(ctx, o, bin, i == o.runs-1, out)
		if err != nil {
			return err
		}
		results = append(results, res)
	}
	if len(results) == 0 {
		return ctx.Err()
	}
	printSummary(out, o, results)
	fmt.Fprintf(out, "load average at the end: %s\n", loadAvg())
	for i, r := range results {
		if r.work.Moves == 0 || r.work.ErrorTotal() > 0 || r.noop.ErrorTotal > 0 || r.commit.ErrorTotal > 0 {
			return fmt.Errorf("run %d: %d moves accepted, %d workload errors, %d ceiling errors", i+1, r.work.Moves, r.work.ErrorTotal(), r.noop.ErrorTotal+r.commit.ErrorTotal)
		}
	}
	return nil
}

func oneRun(ctx context.Context, o options, bin string, last bool, out io.Writer) (runResult, error) {
	var res runResult
	base, pid, dbPath := o.url, o.serverPID, o.dbPath
	if base == "" {
		srv, err := startServer(ctx, bin, o.dbPath, o.pin, o.gomaxprocs, o.gomemlimit)
		if err != nil {
			return res, err
		}
		defer srv.stop()
		base, pid, dbPath = srv.url, srv.pid, srv.db
	}
	conc := o.conc
	if conc <= 0 {
		conc = o.tables
	}
	ips := sourceIPs(o.sources)
	if o.ceilings {
		var err error
		res.noop, err = loadgen.Ceiling(ctx, loadgen.CeilingConfig{BaseURL: base, SourceIPs: ips, Method: "GET", Path: "/api/noop", Concurrency: conc, Duration: o.ceilingDur})
		if err != nil {
			return res, err
		}
		printCeiling(out, "HTTP ceiling (GET /api/noop)", res.noop)
		res.commit, err = loadgen.Ceiling(ctx, loadgen.CeilingConfig{BaseURL: base, SourceIPs: ips, Method: "POST", Path: "/api/noop/commit", Concurrency: conc, Duration: o.ceilingDur})
		if err != nil {
			return res, err
		}
		printCeiling(out, "storage ceiling (POST /api/noop/commit)", res.commit)
	}
	cfg := loadgen.Config{BaseURL: base, Game: o.game, Tables: o.tables, Seats: o.seats, Rate: o.rate, Duration: o.duration, Warmup: o.warmup,
		MaxMoves: o.maxMoves, SourceIPs: ips, SSE: o.sse, Patches: o.patches, Transport: o.transport}
	probe := loadgen.Probe{ServerPID: pid, Log: func(f string, a ...any) { fmt.Fprintf(out, "  "+f+"\n", a...) }}
	if dbPath != "" {
		probe.DBSize = func() (int64, error) { return dbSize(dbPath) }
	}
	if o.heapProfile != "" && last {
		probe.AtEnd = func() {
			if err := fetchTo(ctx, http.DefaultClient, base+"/api/debug/pprof/heap?gc=1", o.heapProfile); err != nil {
				fmt.Fprintln(out, "  heap profile:", err)
			}
		}
	}
	var prof chan error
	if o.profile != "" && last {
		prof = make(chan error, 1)
		go func() { prof <- captureProfile(ctx, base, o.duration, o.profile, o.tables*o.seats) }()
	}
	rep, err := loadgen.RunProbed(ctx, cfg, probe)
	if err != nil {
		return res, err
	}
	res.work = rep
	rep.Print(out)
	if o.ceilings {
		printRatios(out, rep, res.noop, res.commit)
	}
	if prof != nil {
		if err := <-prof; err != nil {
			fmt.Fprintln(out, "  cpu profile:", err)
		} else {
			fmt.Fprintln(out, "  cpu profile written to", o.profile)
		}
	}
	return res, nil
}

func printCeiling(out io.Writer, name string, c loadgen.CeilingReport) {
	fmt.Fprintf(out, "%s: %.0f req/s, latency %s, errors %s\n", name, c.PerSec, c.Latency, loadgen.FormatErrors(c.Errors))
}

func printRatios(out io.Writer, w loadgen.Report, noop, commit loadgen.CeilingReport) {
	ratio := func(a, b float64) string {
		if b == 0 {
			return "n/a"
		}
		return fmt.Sprintf("%.2f", a/b)
	}
	fmt.Fprintf(out, "  ratios           moves/s = %s x storage ceiling, %s%% of HTTP ceiling; move p99 = %s x storage p99, %s x HTTP p99\n",
		ratio(w.MovesPerSec, commit.PerSec), ratio(100*w.MovesPerSec, noop.PerSec),
		ratio(float64(w.MoveLatency.P99), float64(commit.Latency.P99)), ratio(float64(w.MoveLatency.P99), float64(noop.Latency.P99)))
}

func pinNote(o options) string {
	if o.url != "" || !o.pin {
		return ", unpinned"
	}
	return ", server on CPU 1, load tool on CPU 0"
}

// raiseFileLimit lifts RLIMIT_NOFILE so that tens of thousands of streams
// fit (the server started from here inherits it).
func raiseFileLimit(out io.Writer) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return
	}
	want := uint64(200000)
	if lim.Cur >= want {
		return
	}
	nl := syscall.Rlimit{Cur: want, Max: max(want, lim.Max)}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &nl); err != nil {
		nl = syscall.Rlimit{Cur: lim.Max, Max: lim.Max}
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &nl)
		if lim.Max < 50000 {
			fmt.Fprintf(out, "note: open files limited to %d\n", lim.Max)
		}
	}
}

// pinSelf re-executes the tool under taskset -c 0.
func pinSelf() error {
	ts, err := lookPath("taskset")
	if err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	if numCPU() < 2 {
		return fmt.Errorf("only one CPU")
	}
	return syscall.Exec(ts, append([]string{"taskset", "-c", "0", exe}, os.Args[1:]...), append(os.Environ(), "TW_LOAD_PINNED=1", fmt.Sprintf("TW_LOAD_NCPU=%d", numCPU())))
}

func lookPath(name string) (string, error) {
	for _, dir := range strings.Split(os.Getenv("PATH"), ":") {
		p := dir + "/" + name
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found", name)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// loadAvg is /proc/loadavg's first three fields: the machine is shared, so
// every run says how busy it was.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}
