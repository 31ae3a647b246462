package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// peerResult is what one run of the boardgame.io harness (load.js)
// measured, read from the JSON file it writes.
type peerResult struct {
	Label        string  `json:"label"`
	BGIO         string  `json:"bgio"`
	Matches      int     `json:"matches"`
	Clients      int     `json:"clients"`
	Mode         string  `json:"mode"`
	WindowS      float64 `json:"windowS"`
	MovesPerSec  float64 `json:"movesPerSec"`
	PlayerViewOK bool    `json:"playerViewFilterOK"`
	Counters     struct {
		Timeouts   int64 `json:"timeouts"`
		Late       int64 `json:"late"`
		Unfinished int64 `json:"unfinishedWindowMoves"`
		Stale      int64 `json:"staleUpdates"`
	} `json:"counters"`
	MoveLatencyMs   peerLatency `json:"moveLatencyMs"`
	FanoutLatencyMs peerLatency `json:"fanoutLatencyMs"`
	ServerRSSKiB    struct {
		Max float64 `json:"maxDuringRun"`
	} `json:"serverRssKiB"`
	ServerCPUPct float64 `json:"serverCpuPct"`
	ClientCPUPct float64 `json:"clientCpuPct"`
}

type peerLatency struct {
	P50 float64 `json:"p50"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

// errors is the harness's count of failed moves: timeouts and moves of
// the window that never finished. ("late" counts rate slots that found
// their match busy; it is a sign of saturation, not a failure.)
func (p peerResult) errors() int64 { return p.Counters.Timeouts + p.Counters.Unfinished }

// cpuPerMove is the peer server's CPU time per accepted move.
func (p peerResult) cpuPerMove() time.Duration {
	if p.MovesPerSec <= 0 {
		return 0
	}
	return time.Duration(p.ServerCPUPct / 100 / p.MovesPerSec * 1e9)
}

// peerHarness is a scratch copy of the boardgame.io harness
// (../shared/peers/boardgameio) with its node modules installed.
type peerHarness struct {
	dir  string
	node string
}

// findPeer checks that dir holds the harness with boardgame.io installed
// and that node is on PATH. The error says plainly what is missing.
func findPeer(dir string) (*peerHarness, error) {
	if dir == "" {
		return nil, fmt.Errorf("no harness given (-peer DIR)")
	}
	node, err := lookPath("node")
	if err != nil {
		return nil, fmt.Errorf("node is not on PATH")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	for _, f := range []string{"run_one.sh", "load.js", "server.js", "game.js"} {
		if _, err := os.Stat(filepath.Join(abs, f)); err != nil {
			return nil, fmt.Errorf("%s is not a copy of the boardgame.io harness (no %s); copy ../shared/peers/boardgameio there", abs, f)
		}
	}
	if _, err := os.Stat(filepath.Join(abs, "node_modules", "boardgame.io", "package.json")); err != nil {
		return nil, fmt.Errorf("boardgame.io is not installed in %s (run npm install there)", abs)
	}
	return &peerHarness{dir: abs, node: node}, nil
}

// peerRun says what one harness run does.
type peerRun struct {
	label            string
	matches          int
	rate             float64 // 0 = closed loop
	duration, warmup time.Duration
}

// run starts the harness's run_one.sh (a fresh server pinned to CPU 0 and
// the load client on CPU 1), bounded in time, and reads its result. The
// script is started in its own process group, which is ended by its id if
// the run overruns, so that its node server does not outlive it.
func (p *peerHarness) run(ctx context.Context, r peerRun, out io.Writer) (peerResult, error) {
	var res peerResult
	port, err := freePort()
	if err != nil {
		return res, err
	}
	args := []string{"run_one.sh", r.label, strconv.Itoa(port), "--", "--matches", strconv.Itoa(r.matches),
		"--duration", secs(r.duration), "--warmup", secs(r.warmup)}
	if r.rate > 0 {
		args = append(args, "--mode", "rate", "--rate", strconv.FormatFloat(r.rate, 'f', -1, 64))
	} else {
		args = append(args, "--mode", "closed")
	}
	argv := append([]string{"bash"}, args...)
	// This tool runs pinned to CPU 0, and the harness pins only when nproc
	// (which follows the affinity) says 2: give it both CPUs back first.
	if numCPU() >= 2 {
		if ts, err := lookPath("taskset"); err == nil {
			argv = append([]string{ts, "-c", "0,1"}, argv...)
		}
	}
	limit := r.warmup + r.duration + 5*time.Minute
	rctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := exec.CommandContext(rctx, argv[0], argv[1:]...)
	cmd.Dir = p.dir
	cmd.Env = append(os.Environ(), "NODE_ENV=production")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.Stdout, cmd.Stderr = out, out
	runErr := cmd.Run()
	b, err := os.ReadFile(filepath.Join(p.dir, "results", r.label+".json"))
	if err != nil {
		if runErr != nil {
			return res, fmt.Errorf("boardgame.io harness: %v (no result file)", runErr)
		}
		return res, fmt.Errorf("boardgame.io harness: %w", err)
	}
	if err := json.Unmarshal(b, &res); err != nil {
		return res, fmt.Errorf("boardgame.io result %s: %w", r.label, err)
	}
	if runErr != nil {
		fmt.Fprintf(out, "  note: the harness exited with %v\n", runErr)
	}
	return res, nil
}

func secs(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }

func printPeer(out io.Writer, p peerResult) {
	fmt.Fprintf(out, "boardgame.io %s: %d matches x 6 clients, %s, window %.0f s\n", p.BGIO, p.Matches, p.Mode, p.WindowS)
	fmt.Fprintf(out, "  moves/s          %.0f\n", p.MovesPerSec)
	fmt.Fprintf(out, "  move latency     p50 %.2fms  p99 %.2fms  max %.2fms\n", p.MoveLatencyMs.P50, p.MoveLatencyMs.P99, p.MoveLatencyMs.Max)
	fmt.Fprintf(out, "  fan-out from send p50 %.2fms  p99 %.2fms  max %.2fms\n", p.FanoutLatencyMs.P50, p.FanoutLatencyMs.P99, p.FanoutLatencyMs.Max)
	fmt.Fprintf(out, "  failures         timeouts %d, unfinished %d (late rate slots %d, stale updates %d); playerView filtered: %v\n",
		p.Counters.Timeouts, p.Counters.Unfinished, p.Counters.Late, p.Counters.Stale, p.PlayerViewOK)
	fmt.Fprintf(out, "  CPU              server %.2f cores (%.0f µs per move), client %.2f cores; server RSS max %.1f MiB\n",
		p.ServerCPUPct/100, float64(p.cpuPerMove())/1e3, p.ClientCPUPct/100, p.ServerRSSKiB.Max/1024)
}
