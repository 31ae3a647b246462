package api_test

import (
	"strconv"
	"strings"
	"tablewarden/api/apitest"
	"testing"
	"time"
)

// metricValue returns the value of the sample line that starts with name
// followed by a space, and whether there is one.
func metricValue(body, name string) (float64, bool) {
	for _, line := range strings.Split(body, "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return f, err == nil
		}
	}
	return 0, false
}

// TestMetricsHistograms checks that /metrics, served through client_golang,
// holds the histograms of move latency, fan-out latency, commit time and
// batch size, filled by an accepted move (and not by a refused one), and
// the Go runtime and process collectors.
func TestMetricsHistograms(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	board := ts.OpenStream(tb.ID, "", "board")
	v := ts.View(tb, "")
	board.WaitVersion(t, v.Version, 5*time.Second)
	seat := v.View.Turn[0]
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": "draw"}, nil)
	board.WaitVersion(t, v.Version+1, 5*time.Second)
	onTurn := map[int]bool{}
	for _, s := range ts.View(tb, "").View.Turn {
		onTurn[s] = true
	}
	for s := 0; s < 5; s++ {
		if !onTurn[s] {
			if st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[s], map[string]any{"type": "draw"}); st != 422 {
				t.Fatalf("draw out of turn = %d, want 422", st)
			}
			break
		}
	}
	var body string
	// The fan-out is recorded just after the views are handed over, so the
	// stream may see its view first: wait a little for the count.
	apitest.Eventually(3*time.Second, func() bool {
		st, b := ts.Call("GET", "/metrics", "", nil)
		if st != 200 {
			t.Fatalf("metrics = %d", st)
		}
		body = string(b)
		n, _ := metricValue(body, "tablewarden_fanout_duration_seconds_count")
		return n >= 1
	})
	for _, want := range []string{
		"# TYPE tablewarden_move_duration_seconds histogram",
		"# TYPE tablewarden_fanout_duration_seconds histogram",
		"# TYPE tablewarden_commit_duration_seconds histogram",
		"# TYPE tablewarden_commit_batch_writes histogram",
		"# TYPE go_goroutines gauge",
		"# TYPE go_memstats_heap_alloc_bytes gauge",
		"# TYPE process_cpu_seconds_total counter",
		"# TYPE process_resident_memory_bytes gauge",
		"tablewarden_moves_rejected_total 1",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if got, _ := metricValue(body, "tablewarden_move_duration_seconds_count"); got != 1 {
		t.Errorf("move histogram count = %v, want 1 (the accepted move only)", got)
	}
	if got, _ := metricValue(body, "tablewarden_fanout_duration_seconds_count"); got < 1 {
		t.Errorf("fan-out histogram count = %v, want ≥ 1", got)
	}
	// The group commit is SQLite's (db/sqlite): PostgreSQL commits each
	// transaction on its own, and /metrics counts no batches for it.
	if !onPG() {
		batches, _ := metricValue(body, "tablewarden_commit_batches_total")
		commits, _ := metricValue(body, "tablewarden_commit_duration_seconds_count")
		sizes, _ := metricValue(body, "tablewarden_commit_batch_writes_count")
		writes, _ := metricValue(body, "tablewarden_commit_writes_total")
		sumWrites, _ := metricValue(body, "tablewarden_commit_batch_writes_sum")
		if batches < 1 || commits != batches || sizes != batches {
			t.Errorf("commits: %v batches, %v timed, %v sized; want equal and ≥ 1", batches, commits, sizes)
		}
		if sumWrites != writes {
			t.Errorf("batch sizes sum to %v, writes counted %v", sumWrites, writes)
		}
	}
}
