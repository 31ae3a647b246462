package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"tablewarden/cmd/tablewarden-load/loadgen"
)

// pairResult is one side-by-side pair: tablewarden and the peer on the
// same shape, one after the other, each with a fresh server.
type pairResult struct {
	tw      loadgen.Report
	peer    peerResult
	hasPeer bool
	load    string // load average when the pair began
}

// sideBySide runs -pairs pairs of tablewarden and the boardgame.io harness
// on the same shape (-tables tables of 6 seats, closed loop or -rate,
// -warmup then -duration), alternating which goes first, and prints each
// pair and the medians of the pairs' ratios. Without node or the harness
// it says so and runs tablewarden alone.
func sideBySide(ctx context.Context, o options, out io.Writer) error {
	if o.seats != 6 {
		return fmt.Errorf("side-by-side: the boardgame.io harness plays 6 seats; give -seats 6")
	}
	peer, perr := findPeer(o.peer)
	if perr != nil {
		fmt.Fprintf(out, "side-by-side: the boardgame.io harness will NOT run: %v. Running tablewarden alone.\n", perr)
	}
	bin, err := serverBinary(ctx, o)
	if err != nil {
		return err
	}
	o.ceilings = false
	fmt.Fprintf(out, "side-by-side  %s  %d tables x 6 seats, %s, %s warm-up + %s, %d pair(s)%s\n", time.Now().UTC().Format(time.RFC3339),
		o.tables, rateString(o.rate), o.warmup, o.duration, o.pairs, pinNote(o))
	var pairs []pairResult
	for i := 0; i < o.pairs && ctx.Err() == nil; i++ {
		p := pairResult{load: loadAvg()}
		fmt.Fprintf(out, "\n== pair %d of %d (load average %s)\n", i+1, o.pairs, p.load)
		runTW := func() error {
			res, err := oneRun(ctx, o, bin, false, out)
			p.tw = res.work
			return err
		}
		runPeer := func() error {
			if peer == nil {
				return nil
			}
			r, err := peer.run(ctx, peerRun{label: fmt.Sprintf("side-%d-%d", time.Now().Unix(), i+1), matches: o.tables, rate: o.rate,
				duration: o.duration, warmup: o.warmup}, out)
			if err != nil {
				return err
			}
			p.peer, p.hasPeer = r, true
			printPeer(out, r)
			return nil
		}
		first, second := runTW, runPeer
		if i%2 == 1 { // alternate which system goes first
			first, second = runPeer, runTW
		}
		if err := first(); err != nil {
			return err
		}
		if err := second(); err != nil {
			return err
		}
		pairs = append(pairs, p)
	}
	printPairs(out, o, pairs)
	fmt.Fprintf(out, "load average at the end: %s\n", loadAvg())
	return nil
}

func printPairs(out io.Writer, o options, pairs []pairResult) {
	if len(pairs) == 0 {
		return
	}
	fmt.Fprintf(out, "\n== side by side: %d tables x 6 seats, %s, %s measured after %s warm-up\n", o.tables, rateString(o.rate), o.duration, o.warmup)
	fmt.Fprintln(out, "| pair | load avg | moves/s tw / bgio (ratio) | fan-out p99 from send, ms tw / bgio (ratio) | move p99 ms tw / bgio | server RSS max MiB tw / bgio | server CPU per move µs tw / bgio | errors tw / bgio |")
	fmt.Fprintln(out, "| --- | --- | --- | --- | --- | --- | --- | --- |")
	var mr, fr []float64
	for i, p := range pairs {
		tw := p.tw
		if !p.hasPeer {
			fmt.Fprintf(out, "| %d | %s | %.0f / – | %.1f / – | %.1f / – | %.0f / – | %.0f / – | %d / – |\n", i+1, p.load, tw.MovesPerSec, msf(tw.FanoutFromSend.P99),
				msf(tw.MoveLatency.P99), float64(tw.RSSMax)/(1<<20), float64(tw.ServerCPUPerMove)/1e3, tw.ErrorTotal())
			continue
		}
		b := p.peer
		m := safeDiv(tw.MovesPerSec, b.MovesPerSec)
		f := safeDiv(msf(tw.FanoutFromSend.P99), b.FanoutLatencyMs.P99)
		mr, fr = append(mr, m), append(fr, f)
		fmt.Fprintf(out, "| %d | %s | %.0f / %.0f (%.2f×) | %.1f / %.1f (%.2f×) | %.1f / %.1f | %.0f / %.0f | %.0f / %.0f | %d / %d |\n", i+1, p.load,
			tw.MovesPerSec, b.MovesPerSec, m, msf(tw.FanoutFromSend.P99), b.FanoutLatencyMs.P99, f,
			msf(tw.MoveLatency.P99), b.MoveLatencyMs.P99, float64(tw.RSSMax)/(1<<20), b.ServerRSSKiB.Max/1024,
			float64(tw.ServerCPUPerMove)/1e3, float64(b.cpuPerMove())/1e3, tw.ErrorTotal(), b.errors())
	}
	if len(mr) > 0 {
		fmt.Fprintf(out, "median of the pairs' ratios (tablewarden ÷ boardgame.io): moves/s %.2f×, fan-out p99 %.2f×\n", median(mr), median(fr))
	} else {
		fmt.Fprintln(out, "no boardgame.io figures: the harness did not run (see above)")
	}
}

func rateString(r float64) string {
	if r <= 0 {
		return "closed loop"
	}
	return fmt.Sprintf("%.0f moves/s", r)
}
