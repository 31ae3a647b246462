package api

import (
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"tablewarden/table"
)

// metrics are the server's counters and histograms, served at /metrics in
// Prometheus' text format through client_golang, on a registry of the
// server's own (so that several servers in one process, as in the tests,
// do not collide). The README's Performance section lists every name.
//
// The plain counters stay atomic integers that the code bumps directly
// (the server's here, the table service's in table.Counters); the registry
// reads them when it is scraped. A zero metrics value works:
// its histograms are then not kept, and its labelled counters count
// nowhere.
type metrics struct {
	joins    atomic.Int64
	errors   labelled
	requests labelled

	reg *prometheus.Registry
	// moveSeconds is the server's time for an accepted move, from the
	// handler's start to the commit's acknowledgement.
	moveSeconds prometheus.Histogram
	// fanoutSeconds is the time from a move's publish to its views being
	// rendered and handed to every stream of the table.
	fanoutSeconds prometheus.Histogram
	// commitSeconds and batchWrites describe each group commit: its time
	// (transaction, savepoints and fsync) and the writes it carried.
	commitSeconds prometheus.Histogram
	batchWrites   prometheus.Histogram
}

// labelled is a counter with one label.
type labelled struct {
	vec *prometheus.CounterVec
}

func (l *labelled) inc(label string) {
	if l.vec != nil {
		l.vec.WithLabelValues(label).Inc()
	}
}

// latencyBuckets go from 50 µs to about 3.3 s, doubling.
var latencyBuckets = prometheus.ExponentialBuckets(50e-6, 2, 17)

// newMetrics builds the metrics and their registry: the server's counters
// and histograms, the group commit's counters and histograms of store (when
// SQLite's group committer), and the Go runtime and process collectors. The table service's
// counters and gauge join with registerService once it exists.
func newMetrics(svc *table.Service) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	counter("tablewarden_joins_total", "Seats joined.", &m.joins, m.reg)
	m.errors.vec = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tablewarden_errors_total", Help: "Error responses by code."}, []string{"code"})
	m.requests.vec = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tablewarden_http_requests_total", Help: "HTTP responses by status class."}, []string{"status"})
	m.reg.MustRegister(m.errors.vec, m.requests.vec)

	m.moveSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "tablewarden_move_duration_seconds",
		Help: "Server time of an accepted move, from the handler's start to the commit's acknowledgement.", Buckets: latencyBuckets})
	m.fanoutSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "tablewarden_fanout_duration_seconds",
		Help: "Time from a move's publish until its views are rendered and handed to every stream of the table.", Buckets: latencyBuckets})
	m.commitSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "tablewarden_commit_duration_seconds",
		Help: "Time of one group commit: transaction, savepoints and fsync.", Buckets: latencyBuckets})
	m.batchWrites = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "tablewarden_commit_batch_writes",
		Help: "Writes carried by one group commit.", Buckets: prometheus.ExponentialBuckets(1, 2, 9)}) // 1 … 256, the most writes one group commit carries
	m.reg.MustRegister(m.moveSeconds, m.fanoutSeconds, m.commitSeconds, m.batchWrites)

	if gc, ok := svc.GroupCommit(m.observeCommit); ok {
		m.reg.MustRegister(
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "tablewarden_commit_batches_total", Help: "Group-commit transactions."},
				func() float64 { return float64(gc.Batches()) }),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "tablewarden_commit_writes_total", Help: "Writes carried by group commits."},
				func() float64 { return float64(gc.Writes()) }))
	}
	m.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// observeMove records an accepted move's server time.
func (m *metrics) observeMove(d time.Duration) {
	if m.moveSeconds != nil {
		m.moveSeconds.Observe(d.Seconds())
	}
}

// observeFanout records the time from a publish to its views being handed
// to the streams.
func (m *metrics) observeFanout(d time.Duration) {
	if m.fanoutSeconds != nil {
		m.fanoutSeconds.Observe(d.Seconds())
	}
}

// observeCommit records one group commit.
func (m *metrics) observeCommit(writes int, took time.Duration) {
	if m.commitSeconds != nil {
		m.commitSeconds.Observe(took.Seconds())
		m.batchWrites.Observe(float64(writes))
	}
}

// handler serves the registry in Prometheus' text format.
func (m *metrics) handler() http.Handler {
	if m.reg == nil {
		return promhttp.HandlerFor(prometheus.NewRegistry(), promhttp.HandlerOpts{})
	}
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// counter registers on reg a counter read from v when scraped.
func counter(name, help string, v *atomic.Int64, reg *prometheus.Registry) {
	reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, func() float64 { return float64(v.Load()) }))
}

// gauge registers on reg a gauge read from v when scraped.
func gauge(name, help string, v func() int64, reg *prometheus.Registry) {
	reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 { return float64(v()) }))
}

// registerService adds the table service's counters and the gauges of open
// streams and of tables held in memory, read from svc when scraped.
func (m *metrics) registerService(svc *table.Service) {
	if m.reg == nil {
		return
	}
	t := svc.Counters()
	counter("tablewarden_moves_accepted_total", "Moves committed.", &t.MovesAccepted, m.reg)
	counter("tablewarden_moves_rejected_total", "Moves refused by the referee.", &t.MovesRejected, m.reg)
	counter("tablewarden_tables_created_total", "Tables created.", &t.TablesCreated, m.reg)
	counter("tablewarden_tables_loaded_total", "Tables loaded from storage.", &t.TablesLoaded, m.reg)
	counter("tablewarden_tables_evicted_total", "Idle tables dropped from memory.", &t.TablesEvicted, m.reg)
	counter("tablewarden_sse_pushed_total", "Views offered to SSE streams.", &t.ViewsPushed, m.reg)
	gauge("tablewarden_sse_open", "Open SSE streams.", t.StreamsOpen.Load, m.reg)
	gauge("tablewarden_tables_in_memory", "Tables in memory.", func() int64 { return int64(svc.LoadedCount()) }, m.reg)
}
