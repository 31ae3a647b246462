package api

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"tablewarden/db"
)

// metrics are the server's own counters; /metrics writes them with the
// table service's (table.Counters) in Prometheus' text format.
type metrics struct {
	joins    atomic.Int64
	errors   labelled
	requests labelled
}

// labelled is a counter with one label.
type labelled struct {
	mu sync.Mutex
	m  map[string]int64
}

func (l *labelled) inc(label string) {
	l.mu.Lock()
	if l.m == nil {
		l.m = map[string]int64{}
	}
	l.m[label]++
	l.mu.Unlock()
}

func (l *labelled) write(w io.Writer, name, label, help string) {
	l.mu.Lock()
	keys := make([]string, 0, len(l.m))
	for k := range l.m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s counter\n", name, help, name)
	for _, k := range keys {
		fmt.Fprintf(w, "%s{%s=%q} %d\n", name, label, k, l.m[k])
	}
	l.mu.Unlock()
}

func (m *metrics) write(w io.Writer, s *Server) {
	counter := func(name, help string, v int64) {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s counter\n%s %d\n", name, help, name, name, v)
	}
	gauge := func(name, help string, v int64) {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s gauge\n%s %d\n", name, help, name, name, v)
	}
	t := s.svc.Counters()
	counter("tablewarden_moves_accepted_total", "Moves committed.", t.MovesAccepted.Load())
	counter("tablewarden_moves_rejected_total", "Moves refused by the referee.", t.MovesRejected.Load())
	counter("tablewarden_tables_created_total", "Tables created.", t.TablesCreated.Load())
	counter("tablewarden_tables_loaded_total", "Tables loaded from storage.", t.TablesLoaded.Load())
	counter("tablewarden_tables_evicted_total", "Idle tables dropped from memory.", t.TablesEvicted.Load())
	gauge("tablewarden_tables_in_memory", "Tables in memory.", int64(s.svc.LoadedCount()))
	counter("tablewarden_joins_total", "Seats joined.", m.joins.Load())
	gauge("tablewarden_sse_open", "Open SSE streams.", t.StreamsOpen.Load())
	counter("tablewarden_sse_pushed_total", "Views offered to SSE streams.", t.ViewsPushed.Load())
	if st, ok := s.store.(*db.Store); ok { // SQLite's group committer
		counter("tablewarden_commit_batches_total", "Group-commit transactions.", st.Batches.Load())
		counter("tablewarden_commit_writes_total", "Writes carried by group commits.", st.Writes.Load())
	}
	gauge("tablewarden_goroutines", "Goroutines.", int64(runtime.NumGoroutine()))
	m.errors.write(w, "tablewarden_errors_total", "code", "Error responses by code.")
	m.requests.write(w, "tablewarden_http_requests_total", "status", "HTTP responses by status class.")
}
