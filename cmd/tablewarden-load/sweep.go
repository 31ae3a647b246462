package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
)

// sweepStep is one rate of a sweep, for one system.
type sweepStep struct {
	rate      float64
	ran       bool
	perSec    float64
	fanoutP99 time.Duration // from the move's send to the last phone
	errors    int64
	held      bool
	why       string
	load      string
}

// parseRates reads "1000,2000,4000".
func parseRates(s string) ([]float64, error) {
	var rates []float64
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		r, err := strconv.ParseFloat(f, 64)
		if err != nil || r <= 0 {
			return nil, fmt.Errorf("-sweep: %q is not a rate", f)
		}
		rates = append(rates, r)
	}
	if len(rates) == 0 {
		return nil, fmt.Errorf("-sweep: no rates")
	}
	sort.Float64s(rates)
	return rates, nil
}

// judge says whether a step held its rate: at least -sweep-hold of the
// rate accepted, fan-out p99 (from send) within -sweep-p99, and no errors.
func judge(o options, s *sweepStep) {
	var why []string
	if s.perSec < o.sweepHold*s.rate {
		why = append(why, fmt.Sprintf("%.0f/s accepted", s.perSec))
	}
	if s.fanoutP99 > o.sweepP99 {
		why = append(why, fmt.Sprintf("fan-out p99 %.0f ms", msf(s.fanoutP99)))
	}
	if s.errors > 0 {
		why = append(why, fmt.Sprintf("%d errors", s.errors))
	}
	s.held = len(why) == 0
	s.why = strings.Join(why, ", ")
}

// sweep runs the shape at each rate of -sweep in turn, with a fresh server
// each time, and reports the highest rate held for -duration (after
// -warmup) with fan-out p99 ≤ -sweep-p99 and no errors. With -peer it runs
// the boardgame.io harness at the same rates, alternating with
// tablewarden, and judges it the same way. A system is not tried at higher
// rates once it failed one (unless -sweep-all).
func sweep(ctx context.Context, o options, out io.Writer) error {
	rates, err := parseRates(o.sweep)
	if err != nil {
		return err
	}
	var peer *peerHarness
	if o.peer != "" {
		if o.seats != 6 {
			return fmt.Errorf("sweep with -peer: the boardgame.io harness plays 6 seats; give -seats 6")
		}
		var perr error
		if peer, perr = findPeer(o.peer); perr != nil {
			fmt.Fprintf(out, "sweep: the boardgame.io harness will NOT run: %v. Sweeping tablewarden alone.\n", perr)
		}
	}
	bin, err := serverBinary(ctx, o)
	if err != nil {
		return err
	}
	o.ceilings = false
	fmt.Fprintf(out, "sweep  %s  %d tables x %d seats, rates %v, each %s warm-up + %s; held = ≥ %.0f %% of the rate, fan-out p99 (from send) ≤ %v, no errors%s\n",
		time.Now().UTC().Format(time.RFC3339), o.tables, o.seats, rates, o.warmup, o.duration, 100*o.sweepHold, o.sweepP99, pinNote(o))
	tw := make([]sweepStep, len(rates))
	pe := make([]sweepStep, len(rates))
	twFailed, peFailed := false, false
	for i, rate := range rates {
		if ctx.Err() != nil {
			break
		}
		runTW := func() error {
			if twFailed && !o.sweepAll {
				return nil
			}
			s := sweepStep{rate: rate, ran: true, load: loadAvg()}
			fmt.Fprintf(out, "\n== tablewarden at %.0f moves/s (load average %s)\n", rate, s.load)
			ro := o
			ro.rate = rate
			res, err := oneRun(ctx, ro, bin, false, out)
			if err != nil {
				return err
			}
			s.perSec, s.fanoutP99, s.errors = res.work.MovesPerSec, res.work.FanoutFromSend.P99, res.work.ErrorTotal()
			judge(o, &s)
			twFailed = twFailed || !s.held
			tw[i] = s
			return nil
		}
		runPeer := func() error {
			if peer == nil || (peFailed && !o.sweepAll) {
				return nil
			}
			s := sweepStep{rate: rate, ran: true, load: loadAvg()}
			fmt.Fprintf(out, "\n== boardgame.io at %.0f moves/s (load average %s)\n", rate, s.load)
			r, err := peer.run(ctx, peerRun{label: fmt.Sprintf("sweep-%d-%.0f", time.Now().Unix(), rate), matches: o.tables, rate: rate,
				duration: o.duration, warmup: o.warmup}, out)
			if err != nil {
				return err
			}
			printPeer(out, r)
			s.perSec, s.fanoutP99, s.errors = r.MovesPerSec, time.Duration(r.FanoutLatencyMs.P99*1e6), r.errors()
			judge(o, &s)
			peFailed = peFailed || !s.held
			pe[i] = s
			return nil
		}
		first, second := runTW, runPeer
		if i%2 == 1 {
			first, second = runPeer, runTW
		}
		if err := first(); err != nil {
			return err
		}
		if err := second(); err != nil {
			return err
		}
	}
	printSweep(out, o, "tablewarden", tw)
	if peer != nil {
		printSweep(out, o, "boardgame.io", pe)
		a, b := highestHeld(tw), highestHeld(pe)
		if b > 0 {
			fmt.Fprintf(out, "highest rate held: tablewarden %.0f/s, boardgame.io %.0f/s: %.2f×\n", a, b, a/b)
		} else {
			fmt.Fprintf(out, "highest rate held: tablewarden %.0f/s, boardgame.io none of the rates tried\n", a)
		}
	} else {
		fmt.Fprintf(out, "highest rate held: tablewarden %.0f/s\n", highestHeld(tw))
	}
	fmt.Fprintf(out, "load average at the end: %s\n", loadAvg())
	return nil
}

func highestHeld(steps []sweepStep) float64 {
	best := 0.0
	for _, s := range steps {
		if s.ran && s.held && s.rate > best {
			best = s.rate
		}
	}
	return best
}

func printSweep(out io.Writer, o options, name string, steps []sweepStep) {
	fmt.Fprintf(out, "\n== sweep, %s: %d tables x %d seats, %s each\n", name, o.tables, o.seats, o.duration)
	fmt.Fprintln(out, "| rate | load avg | accepted moves/s | fan-out p99 from send | errors | held? |")
	fmt.Fprintln(out, "| --- | --- | --- | --- | --- | --- |")
	for _, s := range steps {
		if !s.ran {
			continue
		}
		held := "yes"
		if !s.held {
			held = "no: " + s.why
		}
		fmt.Fprintf(out, "| %.0f | %s | %.0f | %.1f ms | %d | %s |\n", s.rate, s.load, s.perSec, msf(s.fanoutP99), s.errors, held)
	}
}
