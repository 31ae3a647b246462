package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"tablewarden/db/sqlite"
)

// server is a tablewarden process started by the tool.
type server struct {
	url, db string
	pid     int
	cmd     *exec.Cmd
	tmp     string
	exited  chan struct{}
}

// buildServer builds ./cmd/tablewarden into a temporary folder.
func buildServer(ctx context.Context) (string, error) {
	dir, err := os.MkdirTemp("", "tablewarden-load-bin")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "tablewarden")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "tablewarden/cmd/tablewarden")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go build ./cmd/tablewarden: %w", err)
	}
	return bin, nil
}

// startServer starts bin on dbPath (a new temp database when empty) with
// the bench routes on and the join limit off, pinned to CPU 1 when pin,
// and waits until /healthz answers.
func startServer(ctx context.Context, bin, dbPath string, pin bool, gomaxprocs int, gomemlimit string) (*server, error) {
	s := &server{exited: make(chan struct{})}
	if dbPath == "" {
		dir, err := os.MkdirTemp("", "tablewarden-load-db")
		if err != nil {
			return nil, err
		}
		s.tmp = dir
		dbPath = filepath.Join(dir, "load.db")
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s.url = "http://127.0.0.1:" + strconv.Itoa(port)
	s.db = dbPath
	args := []string{bin, "-addr", "127.0.0.1:" + strconv.Itoa(port), "-db", dbPath, "-bench-routes", "-joins-per-minute", "0", "-limits=false",
		"-log-level", "error", "-public-url", s.url}
	if pin && numCPU() >= 2 {
		if ts, err := lookPath("taskset"); err == nil {
			args = append([]string{ts, "-c", "1"}, args...)
		}
	}
	s.cmd = exec.Command(args[0], args[1:]...)
	s.cmd.Env = os.Environ()
	if gomaxprocs > 0 {
		s.cmd.Env = append(s.cmd.Env, fmt.Sprintf("GOMAXPROCS=%d", gomaxprocs))
	}
	if gomemlimit != "" {
		s.cmd.Env = append(s.cmd.Env, "GOMEMLIMIT="+gomemlimit)
	}
	s.cmd.Stdout = io.Discard
	s.cmd.Stderr = os.Stderr
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	s.pid = s.cmd.Process.Pid // taskset execs the server: same pid
	go func() { s.cmd.Wait(); close(s.exited) }()
	if _, err := waitReady(ctx, s.url, 60*time.Second, s.exited); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

// waitReady polls /healthz until it answers 200 and returns how long that took.
func waitReady(ctx context.Context, url string, limit time.Duration, exited <-chan struct{}) (time.Duration, error) {
	start := time.Now()
	c := &http.Client{Timeout: time.Second}
	for time.Since(start) < limit {
		select {
		case <-exited:
			return 0, fmt.Errorf("server exited before it was ready")
		case <-ctx.Done():
			return 0, ctx.Err()
		default:
		}
		if resp, err := c.Get(url + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return time.Since(start), nil
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	return 0, fmt.Errorf("server not ready after %v", limit)
}

// stop ends the server gracefully (SIGTERM, then SIGKILL after 20 s) and
// removes its temporary database.
func (s *server) stop() {
	if s.cmd.Process != nil {
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.exited:
		case <-time.After(20 * time.Second):
			_ = s.cmd.Process.Kill()
			<-s.exited
		}
	}
	if s.tmp != "" {
		os.RemoveAll(s.tmp)
	}
}

// dbSize is the database's logical size (sqlite.LogicalSize), which counts
// committed pages still in the WAL.
func dbSize(path string) (int64, error) { return sqlite.LogicalSize(context.Background(), path) }

// captureProfile waits for the workload's setup to finish (all streams
// open, judged by time), then takes a CPU profile of the server over most
// of the move phase.
func captureProfile(ctx context.Context, base string, d time.Duration, path string, streams int) error {
	c := &http.Client{Timeout: d + time.Minute}
	// Wait until the server has the streams open (setup is over).
	for deadline := time.Now().Add(3 * time.Minute); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if n, err := sseOpen(c, base); err == nil && n >= streams {
			break
		}
	}
	time.Sleep(time.Second)
	secs := max(1, int((d-2*time.Second)/time.Second))
	return fetchTo(ctx, c, fmt.Sprintf("%s/api/debug/pprof/profile?seconds=%d", base, secs), path)
}

func sseOpen(c *http.Client, base string) (int, error) {
	resp, err := c.Get(base + "/healthz")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var h struct {
		SSEOpen int `json:"sse_open"`
	}
	err = jsonDecode(resp.Body, &h)
	return h.SSEOpen, err
}

// numCPU is the machine's CPU count as the tool saw it before pinning
// itself (a pinned process sees one).
func numCPU() int {
	if n, err := strconv.Atoi(os.Getenv("TW_LOAD_NCPU")); err == nil && n > 0 {
		return n
	}
	return runtime.NumCPU()
}

// fetchTo saves the body of a GET to a file.
func fetchTo(ctx context.Context, c *http.Client, url, path string) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
