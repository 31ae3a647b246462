package loadgen

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"
)

// Report is what a run measured.
type Report struct {
	Config Config `json:"-"`
	// SetupTime is the time to create, join and start the tables.
	SetupTime time.Duration
	// StreamsOpenTime is the time to open every SSE stream after setup.
	StreamsOpenTime time.Duration
	// Elapsed is the move phase's length.
	Elapsed time.Duration
	// Moves is the number of moves acknowledged (2xx, duplicates included).
	Moves       int64
	MovesPerSec float64
	// MoveLatency is from POST to response, for acknowledged moves.
	MoveLatency Summary
	// Fanout is from a move's response to the last phone at its table
	// receiving a view of that version or newer over SSE (0 when the views
	// arrived before the response).
	Fanout Summary
	// FanoutFromSend is from a move's POST being sent to the last phone at
	// its table holding a view of that version (or the response, if later):
	// the boardgame.io harness's fan-out measure.
	FanoutFromSend Summary
	// Errors counts failures by kind (see errorKind); Refused (422, the
	// referee refused a randomly filled move) and Stale (409, another seat
	// moved first) are normal outcomes and are counted apart.
	Errors     map[string]int64
	Refused    int64
	Stale      int64
	Duplicates int64
	// GamesEnded counts games that ended (each table is then replaced);
	// TablesCreated counts every table created, replacements included.
	GamesEnded    int64
	TablesCreated int64
	// SSE streams.
	SSEOpenAtStart, SSEOpenAtEnd, SSEEvents int64
	// Server RSS in bytes (0 when no ServerPID was given).
	RSSBeforeSSE, RSSWithSSE, RSSEnd, RSSMax int64
	RSSPerSSE                                float64
	// Live memory in bytes, read after a collection the tool asks for:
	// the Go heap in use plus goroutine stacks (0 without bench routes).
	// Unlike RSS, it does not include the room the collector leaves for
	// garbage (GOGC, GOMEMLIMIT).
	LiveBeforeSSE, LiveWithSSE int64
	LivePerSSE                 float64
	// Database: logical size at the end and growth per 1,000 moves (0 when
	// no DBSize probe was given).
	DBBytes             int64
	DBBytesPer1000Moves float64
	// CPU used during the move phase, in cores (1.0 = one core busy):
	// the server's (0 without ServerPID) and this process's.
	ServerCPU, ToolCPU float64
	// ServerCPUPerMove is the server's CPU time during the move phase over
	// the moves accepted in it (0 without ServerPID).
	ServerCPUPerMove time.Duration
	// Group commits during the move phase, from the server's /metrics:
	// transactions and the writes they carried.
	CommitBatches, CommitWrites int64
}

// ErrorTotal is the number of errors of every kind.
func (r Report) ErrorTotal() int64 {
	var n int64
	for _, v := range r.Errors {
		n += v
	}
	return n
}

// Summary is a latency distribution.
type Summary struct {
	N             int
	P50, P99, Max time.Duration
}

func (s Summary) String() string {
	if s.N == 0 {
		return "n=0"
	}
	return fmt.Sprintf("p50 %s  p99 %s  max %s  (n=%d)", ms(s.P50), ms(s.P99), ms(s.Max), s.N)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/1e6) }

// samples collects durations.
type samples struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *samples) add(d time.Duration) {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
}

func (s *samples) summary() Summary {
	s.mu.Lock()
	defer s.mu.Unlock()
	return summarize(s.d)
}

func summarize(d []time.Duration) Summary {
	if len(d) == 0 {
		return Summary{}
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	q := func(p float64) time.Duration {
		i := int(p*float64(len(d))+0.5) - 1
		return d[min(max(i, 0), len(d)-1)]
	}
	return Summary{N: len(d), P50: q(0.50), P99: q(0.99), Max: d[len(d)-1]}
}

// errorCounts counts errors by kind.
type errorCounts struct {
	mu sync.Mutex
	m  map[string]int64
}

func (e *errorCounts) add(kind string) {
	e.mu.Lock()
	if e.m == nil {
		e.m = map[string]int64{}
	}
	e.m[kind]++
	e.mu.Unlock()
}

func (e *errorCounts) snapshot() map[string]int64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make(map[string]int64, len(e.m))
	for k, v := range e.m {
		out[k] = v
	}
	return out
}

// FormatErrors lists errors as "kind=n, …" in name order, or "none".
func FormatErrors(m map[string]int64) string {
	if len(m) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

// Print writes the report as a small table.
func (r Report) Print(w io.Writer) {
	fmt.Fprintf(w, "workload %s: %d tables x %d seats, rate %s, SSE %v", r.Config.Game, r.Config.Tables, r.Config.Seats, rateString(r.Config.Rate), r.Config.SSE)
	if r.Config.Transport == TransportWS {
		fmt.Fprint(w, ", over one WebSocket per phone")
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  setup            %s (tables), %s (streams)\n", r.SetupTime.Round(time.Millisecond), r.StreamsOpenTime.Round(time.Millisecond))
	fmt.Fprintf(w, "  moves accepted   %d in %s = %.0f moves/s (stale 409: %d, refused 422: %d, duplicates: %d, games ended: %d)\n",
		r.Moves, r.Elapsed.Round(time.Millisecond), r.MovesPerSec, r.Stale, r.Refused, r.Duplicates, r.GamesEnded)
	fmt.Fprintf(w, "  move latency     %s\n", r.MoveLatency)
	if r.Config.SSE {
		fmt.Fprintf(w, "  fan-out latency  %s\n", r.Fanout)
		fmt.Fprintf(w, "  fan-out from send %s\n", r.FanoutFromSend)
		fmt.Fprintf(w, "  SSE streams      %d open at start, %d at end, %d views received\n", r.SSEOpenAtStart, r.SSEOpenAtEnd, r.SSEEvents)
	}
	fmt.Fprintf(w, "  errors           %s\n", FormatErrors(r.Errors))
	if r.CommitBatches > 0 {
		fmt.Fprintf(w, "  group commit     %d transactions, %.1f writes each\n", r.CommitBatches, float64(r.CommitWrites)/float64(r.CommitBatches))
	}
	fmt.Fprintf(w, "  CPU              server %.2f cores, load tool %.2f cores", r.ServerCPU, r.ToolCPU)
	if r.ServerCPUPerMove > 0 {
		fmt.Fprintf(w, "; server %.0f µs per accepted move", float64(r.ServerCPUPerMove)/1e3)
	}
	fmt.Fprintln(w)
	if r.RSSEnd > 0 {
		fmt.Fprintf(w, "  server RSS       before streams %s, with streams %s, max %s, end %s", mib(r.RSSBeforeSSE), mib(r.RSSWithSSE), mib(r.RSSMax), mib(r.RSSEnd))
		if r.RSSPerSSE > 0 {
			fmt.Fprintf(w, "; %.1f KiB per SSE connection", r.RSSPerSSE/1024)
		}
		fmt.Fprintln(w)
	}
	if r.LiveWithSSE > 0 {
		fmt.Fprintf(w, "  server live      heap and stacks after a collection: before streams %s, with streams %s", mib(r.LiveBeforeSSE), mib(r.LiveWithSSE))
		if r.LivePerSSE > 0 {
			fmt.Fprintf(w, "; %.1f KiB per SSE connection", r.LivePerSSE/1024)
		}
		fmt.Fprintln(w)
	}
	if r.DBBytes > 0 {
		fmt.Fprintf(w, "  database         %s at end, %.1f KiB per 1,000 moves\n", mib(r.DBBytes), r.DBBytesPer1000Moves/1024)
	}
}

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

func rateString(r float64) string {
	if r <= 0 {
		return "max"
	}
	return fmt.Sprintf("%.0f/s", r)
}
