package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// startMain runs the server on a real SQLite file with args added to the
// defaults, on loopback ports of its own.
func startMain(t *testing.T, args ...string) *Main {
	t.Helper()
	cfg, err := parseConfig(append([]string{"-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "tw.db"), "-public-url", "http://127.0.0.1"}, args...), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	m := &Main{Config: cfg}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// get returns a GET's status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// /metrics is on the main listener by default; with -metrics-addr it is
// served there alone and the main listener answers 404.
func TestMetricsAddr(t *testing.T) {
	t.Parallel() // its own files and ports
	m := startMain(t)
	if st, body := get(t, "http://"+m.listener.Addr().String()+"/metrics"); st != 200 || !strings.Contains(body, "tablewarden_") {
		t.Fatalf("default: main /metrics = %d %.200s, want 200 with the counters", st, body)
	}

	m = startMain(t, "-metrics-addr", "127.0.0.1:0")
	if m.MetricsURL == "" {
		t.Fatal("no metrics listener")
	}
	if st, _ := get(t, "http://"+m.listener.Addr().String()+"/metrics"); st != 404 {
		t.Fatalf("with -metrics-addr: main /metrics = %d, want 404", st)
	}
	if st, body := get(t, m.MetricsURL+"/metrics"); st != 200 || !strings.Contains(body, "tablewarden_") {
		t.Fatalf("with -metrics-addr: %s/metrics = %d %.200s, want 200 with the counters", m.MetricsURL, st, body)
	}
	if st, _ := get(t, m.MetricsURL+"/api/games"); st != 404 {
		t.Fatalf("the metrics listener serves /api/games: %d, want 404", st)
	}
}
