package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"time"

	"tablewarden/cmd/tablewarden-load/loadgen"
)

func jsonDecode(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func msf(d time.Duration) float64 { return float64(d) / 1e6 }

// printSummary prints the medians over the runs, and each figure of the
// workload as a ratio to the ceilings of its own run (median of those).
func printSummary(out io.Writer, o options, rs []runResult) {
	col := func(f func(r runResult) float64) float64 {
		var xs []float64
		for _, r := range rs {
			xs = append(xs, f(r))
		}
		return median(xs)
	}
	var errs int64
	for _, r := range rs {
		errs += r.work.ErrorTotal()
	}
	fmt.Fprintf(out, "\n== median of %d run(s): %s, %d tables x %d seats, rate %s, SSE %v, %s moves each\n", len(rs), o.game, o.tables, o.seats,
		map[bool]string{true: "max", false: fmt.Sprintf("%.0f/s", o.rate)}[o.rate <= 0], o.sse, o.duration)
	fmt.Fprintf(out, "| figure | median |\n| --- | --- |\n")
	if o.ceilings {
		fmt.Fprintf(out, "| HTTP ceiling (GET /api/noop) | %.0f req/s, p99 %.2f ms |\n", col(func(r runResult) float64 { return r.noop.PerSec }), col(func(r runResult) float64 { return msf(r.noop.Latency.P99) }))
		fmt.Fprintf(out, "| storage ceiling (POST /api/noop/commit) | %.0f req/s, p99 %.2f ms |\n", col(func(r runResult) float64 { return r.commit.PerSec }), col(func(r runResult) float64 { return msf(r.commit.Latency.P99) }))
	}
	fmt.Fprintf(out, "| moves/s accepted | %.0f |\n", col(func(r runResult) float64 { return r.work.MovesPerSec }))
	if o.ceilings {
		fmt.Fprintf(out, "| moves/s ÷ storage ceiling | %.2f× |\n", col(func(r runResult) float64 { return safeDiv(r.work.MovesPerSec, r.commit.PerSec) }))
		fmt.Fprintf(out, "| moves/s ÷ HTTP ceiling | %.1f %% |\n", col(func(r runResult) float64 { return 100 * safeDiv(r.work.MovesPerSec, r.noop.PerSec) }))
	}
	fmt.Fprintf(out, "| move latency p50 / p99 / max | %.2f / %.2f / %.2f ms |\n", col(func(r runResult) float64 { return msf(r.work.MoveLatency.P50) }),
		col(func(r runResult) float64 { return msf(r.work.MoveLatency.P99) }), col(func(r runResult) float64 { return msf(r.work.MoveLatency.Max) }))
	if o.sse {
		fmt.Fprintf(out, "| fan-out latency p50 / p99 / max | %.2f / %.2f / %.2f ms |\n", col(func(r runResult) float64 { return msf(r.work.Fanout.P50) }),
			col(func(r runResult) float64 { return msf(r.work.Fanout.P99) }), col(func(r runResult) float64 { return msf(r.work.Fanout.Max) }))
		fmt.Fprintf(out, "| SSE streams open | %.0f |\n", col(func(r runResult) float64 { return float64(r.work.SSEOpenAtStart) }))
	}
	if rs[0].work.ServerCPUPerMove > 0 {
		fmt.Fprintf(out, "| server CPU per accepted move | %.0f µs |\n", col(func(r runResult) float64 { return float64(r.work.ServerCPUPerMove) / 1e3 }))
	}
	fmt.Fprintf(out, "| errors (all runs) | %d |\n", errs)
	if rs[0].work.RSSEnd > 0 {
		fmt.Fprintf(out, "| server RSS max | %.1f MiB |\n", col(func(r runResult) float64 { return float64(r.work.RSSMax) / (1 << 20) }))
		if o.sse {
			fmt.Fprintf(out, "| RSS per SSE connection | %.1f KiB |\n", col(func(r runResult) float64 { return r.work.RSSPerSSE / 1024 }))
		}
	}
	if o.sse && rs[0].work.LivePerSSE > 0 {
		fmt.Fprintf(out, "| live heap and stacks per SSE connection (after a collection) | %.1f KiB |\n", col(func(r runResult) float64 { return r.work.LivePerSSE / 1024 }))
	}
	if rs[0].work.DBBytes > 0 {
		fmt.Fprintf(out, "| DB size per 1,000 moves | %.1f KiB |\n", col(func(r runResult) float64 { return r.work.DBBytesPer1000Moves / 1024 }))
	}
	for i, r := range rs {
		if len(r.work.Errors) > 0 {
			fmt.Fprintf(out, "run %d errors: %s\n", i+1, loadgen.FormatErrors(r.work.Errors))
		}
	}
}

func safeDiv(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}
