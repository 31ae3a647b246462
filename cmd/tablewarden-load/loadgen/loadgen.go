// Package loadgen drives a running tablewarden server the way phones do:
// it creates tables of a game, joins every seat, optionally keeps one SSE
// stream open per seat, and plays legal moves chosen from each seat's own
// view with kit.RandomMove, posted with expected_version and a unique
// idempotency key. It measures accepted moves/s, move latency and SSE
// fan-out latency, and counts errors by kind.
//
// Run tolerates the server dying mid-run: every failure is counted by kind
// and retried with a short backoff until ctx or the Duration ends. A move
// whose POST failed on the connection is re-sent with the same idempotency
// key (and expected version), so a move that did commit is answered as a
// duplicate and acknowledged once more through OnAck with the same seq.
//
// A table whose game ends is replaced by a new table of the same game (so
// the number of tables in play stays Tables); Report.GamesEnded counts them.
package loadgen

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tablewarden/cmd/tablewarden-load/cputime"
)

// Config says what load to apply.
type Config struct {
	// BaseURL is the server, e.g. "http://127.0.0.1:8080".
	BaseURL string
	// Game is the game id, e.g. "jumpship".
	Game string
	// Tables and Seats: how many tables, each with how many seats.
	Tables, Seats int
	// Rate is the aggregate moves/s to post; 0 = as fast as possible.
	Rate float64
	// Duration bounds the move phase (after setup); 0 = until ctx ends or
	// MaxMoves is reached.
	Duration time.Duration
	// Warmup is played before the Duration and not measured: moves posted
	// in it are not counted, and the CPU, database and commit baselines
	// are taken at its end (as the boardgame.io harness does).
	Warmup time.Duration
	// MaxMoves caps the moves posted; 0 = no cap.
	MaxMoves int
	// SourceIPs are local addresses to dial from (e.g. 127.0.0.2, …),
	// used round-robin; empty = the system's choice.
	SourceIPs []string
	// SSE keeps one stream per seat and measures fan-out.
	SSE bool
	// Patches opens the streams with ?patches=1: after its first view,
	// each stream gets only what changed, which the tool merges as a
	// phone does.
	Patches bool
	// Transport is how a phone moves and gets its views: TransportHTTP
	// ("" too) or TransportWS, which needs SSE (ws.go).
	Transport string
	// OnAck is called for every 2xx move response, from any goroutine.
	OnAck func(Ack)
}

// Ack is one acknowledged move.
type Ack struct {
	TableID string
	Seq     int64
	Version int64
	// Key is the idempotency key sent.
	Key  string
	Seat int
	Type string
	Args json.RawMessage
}

// Probe lets the caller ask Run for measurements that need more than HTTP:
// the server's RSS (from /proc/<pid>/status) and the database's size.
type Probe struct {
	// ServerPID, when > 0, is read for VmRSS.
	ServerPID int
	// DBSize, when set, returns the database's logical size in bytes.
	DBSize func() (int64, error)
	// AtEnd, when set, is called at the end of the move phase, while the
	// streams are still open (e.g. to take a heap profile).
	AtEnd func()
	// Log, when set, receives progress lines.
	Log func(format string, args ...any)
}

// Run applies the load described by cfg and reports what it measured.
// It returns an error only for a configuration it cannot run; failures of
// the server are counted in Report.Errors.
func Run(ctx context.Context, cfg Config) (Report, error) {
	return RunProbed(ctx, cfg, Probe{})
}

// RunProbed is Run with server-side measurements.
func RunProbed(ctx context.Context, cfg Config, probe Probe) (Report, error) {
	if cfg.BaseURL == "" || cfg.Game == "" || cfg.Tables <= 0 || cfg.Seats <= 0 {
		return Report{}, fmt.Errorf("loadgen: BaseURL, Game, Tables and Seats are required")
	}
	if cfg.Duration <= 0 && cfg.MaxMoves <= 0 {
		if _, ok := ctx.Deadline(); !ok {
			return Report{}, fmt.Errorf("loadgen: give a Duration, a MaxMoves or a ctx deadline (every run is bounded)")
		}
	}
	switch cfg.Transport {
	case "", TransportHTTP:
	case TransportWS:
		if !cfg.SSE {
			return Report{}, fmt.Errorf("loadgen: transport ws carries the views: it needs SSE")
		}
	default:
		return Report{}, fmt.Errorf("loadgen: transport %q: http or ws", cfg.Transport)
	}
	r := newRunner(cfg, probe)
	defer r.close()
	return r.run(ctx), nil
}

type runner struct {
	cfg    Config
	probe  Probe
	client *client
	errs   errorCounts
	lat    samples
	fan    samples
	fanS   samples // fan-out from the move's send (the peer harness's measure)
	// winStart is when the measured window began (UnixNano); moves sent
	// before it are not counted.
	winStart atomic.Int64

	issued     atomic.Int64 // new moves posted (not retries)
	accepted   atomic.Int64
	duplicates atomic.Int64
	refused    atomic.Int64 // 422: the referee refused the move
	stale      atomic.Int64 // 409: expected_version was stale
	ended      atomic.Int64
	created    atomic.Int64
	sseOpen    atomic.Int64
	sseEvents  atomic.Int64
	runID      string
	tokens     chan struct{}
	dialing    chan struct{}   // bounds the streams being opened at once
	ctx        context.Context // move phase
	sseCtx     context.Context
	sseCancel  context.CancelFunc
	streams    sync.WaitGroup
}

func newRunner(cfg Config, probe Probe) *runner {
	r := &runner{cfg: cfg, probe: probe, client: newClient(cfg.BaseURL, cfg.SourceIPs), dialing: make(chan struct{}, 128)}
	r.runID = fmt.Sprintf("%x", rand.Uint64()&0xffffffffff)
	return r
}

func (r *runner) close() { r.client.close() }

func (r *runner) logf(format string, args ...any) {
	if r.probe.Log != nil {
		r.probe.Log(format, args...)
	}
}

func (r *runner) run(parent context.Context) Report {
	var rep Report
	rep.Config = r.cfg
	// Setup is bounded too: by the Duration or two minutes, whichever is
	// longer, on top of parent.
	setupLimit := 2 * time.Minute
	if r.cfg.Duration > setupLimit {
		setupLimit = r.cfg.Duration
	}
	setupCtx, cancelSetup := context.WithTimeout(parent, setupLimit)
	defer cancelSetup()
	r.sseCtx, r.sseCancel = context.WithCancel(parent)
	defer r.sseCancel()

	setupStart := time.Now()
	tables := make([]*table, r.cfg.Tables)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 32)
	for i := range tables {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			tables[i] = r.newTable(setupCtx, i)
		}()
	}
	wg.Wait()
	rep.SetupTime = time.Since(setupStart)
	rep.RSSBeforeSSE = r.rss()
	rep.LiveBeforeSSE = r.live()
	if r.cfg.SSE {
		for _, t := range tables {
			if t != nil {
				r.openStreams(setupCtx, t)
			}
		}
		// Wait until every stream has its first view (bounded).
		want := int64(0)
		for _, t := range tables {
			if t != nil {
				want += int64(len(t.seat))
			}
		}
		for deadline := time.Now().Add(30*time.Second + time.Duration(want)*time.Millisecond); r.sseOpen.Load() < want && time.Now().Before(deadline) && setupCtx.Err() == nil; {
			time.Sleep(50 * time.Millisecond)
		}
		rep.StreamsOpenTime = time.Since(setupStart) - rep.SetupTime
		time.Sleep(500 * time.Millisecond)
		rep.SSEOpenAtStart = r.sseOpen.Load()
		rep.RSSWithSSE = r.rss()
		rep.LiveWithSSE = r.live()
		if rep.SSEOpenAtStart > 0 && rep.RSSBeforeSSE > 0 && rep.RSSWithSSE > 0 {
			rep.RSSPerSSE = float64(rep.RSSWithSSE-rep.RSSBeforeSSE) / float64(rep.SSEOpenAtStart)
		}
		if rep.SSEOpenAtStart > 0 && rep.LiveBeforeSSE > 0 && rep.LiveWithSSE > 0 {
			rep.LivePerSSE = float64(rep.LiveWithSSE-rep.LiveBeforeSSE) / float64(rep.SSEOpenAtStart)
		}
	}
	r.logf("setup: %d tables in %v, then %d streams open in %v", r.cfg.Tables, rep.SetupTime.Round(time.Millisecond), r.sseOpen.Load(), rep.StreamsOpenTime.Round(time.Millisecond))

	ctx := parent
	var cancel context.CancelFunc = func() {}
	if r.cfg.Duration > 0 {
		ctx, cancel = context.WithTimeout(parent, r.cfg.Warmup+r.cfg.Duration)
	}
	ctx, cancelMoves := context.WithCancel(ctx)
	defer cancel()
	r.ctx = ctx
	if r.cfg.Rate > 0 {
		r.tokens = make(chan struct{}, max(1, int(r.cfg.Rate/10)))
		go r.pace(ctx)
	}
	// The baselines are taken when the measured window begins: now, or at
	// the end of the warm-up.
	var dbBefore, batches0, writes0 int64
	var srvCPU0, toolCPU0 time.Duration
	var start time.Time
	baseline := func() {
		// The window and the CPU figures start together; the database
		// size and the commit counters (an HTTP request to a busy
		// server) are read after.
		srvCPU0, toolCPU0 = r.serverCPU(), cputime.Process()
		start = time.Now()
		r.winStart.Store(start.UnixNano())
		dbBefore = r.dbSize()
		batches0, writes0 = r.commits()
	}
	baseDone := make(chan struct{})
	if r.cfg.Warmup <= 0 {
		baseline()
		close(baseDone)
	} else {
		r.winStart.Store(math.MaxInt64)
		go func() {
			defer close(baseDone)
			sleep(ctx, r.cfg.Warmup)
			baseline()
		}()
	}
	var rssMax atomic.Int64
	go func() {
		tk := time.NewTicker(time.Second)
		defer tk.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tk.C:
				if v := r.rss(); v > rssMax.Load() {
					rssMax.Store(v)
				}
			}
		}
	}()
	for _, t := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.play(ctx, t, cancelMoves)
		}()
	}
	wg.Wait()
	<-baseDone
	elapsed := time.Since(start)
	cancelMoves()
	if r.probe.AtEnd != nil {
		r.probe.AtEnd()
	}
	srvCPU := r.serverCPU() - srvCPU0
	rep.ServerCPU = srvCPU.Seconds() / elapsed.Seconds()
	if n := r.accepted.Load(); n > 0 && r.probe.ServerPID > 0 {
		rep.ServerCPUPerMove = srvCPU / time.Duration(n)
	}
	rep.ToolCPU = (cputime.Process() - toolCPU0).Seconds() / elapsed.Seconds()
	if b, w := r.commits(); b > batches0 {
		rep.CommitBatches, rep.CommitWrites = b-batches0, w-writes0
	}

	rep.Elapsed = elapsed
	rep.Moves = r.accepted.Load()
	rep.MovesPerSec = float64(rep.Moves) / elapsed.Seconds()
	rep.MoveLatency = r.lat.summary()
	rep.Fanout = r.fan.summary()
	rep.FanoutFromSend = r.fanS.summary()
	rep.Duplicates = r.duplicates.Load()
	rep.Refused = r.refused.Load()
	rep.Stale = r.stale.Load()
	rep.GamesEnded = r.ended.Load()
	rep.TablesCreated = r.created.Load()
	rep.SSEEvents = r.sseEvents.Load()
	rep.SSEOpenAtEnd = r.sseOpen.Load()
	rep.RSSEnd = r.rss()
	rep.RSSMax = max(rssMax.Load(), rep.RSSEnd, rep.RSSWithSSE)
	if dbAfter := r.dbSize(); dbBefore > 0 && dbAfter > 0 && rep.Moves > 0 {
		rep.DBBytes = dbAfter
		rep.DBBytesPer1000Moves = float64(dbAfter-dbBefore) / float64(rep.Moves) * 1000
	}
	r.sseCancel()
	r.streams.Wait()
	rep.Errors = r.errs.snapshot()
	return rep
}

func (r *runner) rss() int64 {
	if r.probe.ServerPID <= 0 {
		return 0
	}
	v, _ := ReadRSS(r.probe.ServerPID)
	return v
}

// live is the memory the server's Go runtime holds live: the heap right
// after a collection, plus goroutine stacks. It asks the server for a
// collection first (the bench route /api/debug/pprof/heap?gc=1) and then
// reads /metrics, so the figure does not depend on where the collector's
// cycle happened to be, as RSS does. It returns 0 when the server has no
// bench routes.
func (r *runner) live() int64 {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	get := func(path string) ([]byte, bool) {
		req, _ := http.NewRequestWithContext(ctx, "GET", r.client.base+path, nil)
		resp, err := r.client.http.Do(req)
		if err != nil {
			return nil, false
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return b, err == nil && resp.StatusCode == http.StatusOK
	}
	if _, ok := get("/api/debug/pprof/heap?gc=1"); !ok {
		return 0
	}
	b, ok := get("/metrics")
	if !ok {
		return 0
	}
	var heap, stacks float64
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "go_memstats_heap_alloc_bytes "); ok {
			heap, _ = strconv.ParseFloat(strings.TrimSpace(v), 64)
		}
		if v, ok := strings.CutPrefix(line, "go_memstats_stack_inuse_bytes "); ok {
			stacks, _ = strconv.ParseFloat(strings.TrimSpace(v), 64)
		}
	}
	if heap == 0 {
		return 0
	}
	return int64(heap + stacks)
}

// commits reads the group-commit counters from /metrics.
func (r *runner) commits() (batches, writes int64) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", r.client.base+"/metrics", nil)
	resp, err := r.client.http.Do(req)
	if err != nil {
		return 0, 0
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(b), "\n") {
		// client_golang writes counters as floats (1.2345e+06).
		if v, ok := strings.CutPrefix(line, "tablewarden_commit_batches_total "); ok {
			f, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			batches = int64(f)
		}
		if v, ok := strings.CutPrefix(line, "tablewarden_commit_writes_total "); ok {
			f, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			writes = int64(f)
		}
	}
	return batches, writes
}

// serverCPU is the server's CPU time so far (utime+stime).
func (r *runner) serverCPU() time.Duration {
	if r.probe.ServerPID <= 0 {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", r.probe.ServerPID))
	if err != nil {
		return 0
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		s = s[i+1:]
	}
	f := strings.Fields(s)
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / 100 // USER_HZ
}

func (r *runner) dbSize() int64 {
	if r.probe.DBSize == nil {
		return 0
	}
	v, err := r.probe.DBSize()
	if err != nil {
		r.errs.add("db_size")
		return 0
	}
	return v
}

// pace releases Rate tokens per second.
func (r *runner) pace(ctx context.Context) {
	tk := time.NewTicker(time.Millisecond)
	defer tk.Stop()
	start := time.Now()
	var sent float64
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tk.C:
			due := now.Sub(start).Seconds() * r.cfg.Rate
			for sent+1 <= due {
				sent++
				select {
				case r.tokens <- struct{}{}:
				default: // the players cannot keep up; drop the token
				}
			}
		}
	}
}

// take waits for the pacer's permission to post a new move and reserves
// one under MaxMoves. It returns false when the run is over.
func (r *runner) take(ctx context.Context) bool {
	if r.tokens != nil {
		select {
		case <-r.tokens:
		case <-ctx.Done():
			return false
		}
	}
	if ctx.Err() != nil {
		return false
	}
	n := r.issued.Add(1)
	return r.cfg.MaxMoves <= 0 || n <= int64(r.cfg.MaxMoves)
}

// sleep waits d or until ctx ends; it returns false if ctx ended.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
