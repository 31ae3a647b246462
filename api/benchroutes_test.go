//go:build bench

package api_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// benchBuildRoutes are the load tool's routes (api/benchroutes.go), which
// the bench build serves and api/openapi.json leaves out on purpose
// (TestOpenAPIMatchesRoutes skips them).
var benchBuildRoutes = map[string]bool{
	"GET /api/noop":                true,
	"POST /api/noop/commit":        true,
	"GET /api/debug/pprof/profile": true,
	"GET /api/debug/pprof/heap":    true,
	"GET /api/bench/tables/:id/ws": true,
}

// TestBenchRoutesServed checks that the bench build (-tags bench) serves
// the load tool's routes without any setting: the HTTP ceiling, the
// storage ceiling (SQLite only: 404 not_found on PostgreSQL) and the heap
// profile. The WebSocket prototype and the game givetoken have their own
// tests (TestBenchWS, TestBenchGame).
func TestBenchRoutesServed(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	served := map[string]bool{}
	for _, r := range ts.Srv.Routes() {
		served[r] = true
	}
	for r := range benchBuildRoutes {
		if !served[r] {
			t.Errorf("the bench build does not register %s", r)
		}
	}
	commit := http.StatusNoContent
	if onPG() {
		commit = http.StatusNotFound
	}
	// A plain client: these routes are in no document for the checking one.
	for _, r := range []struct {
		method, path string
		want         int
		body         string // a prefix of the body, when not empty
	}{
		{"GET", "/api/noop", http.StatusNoContent, ""},
		{"POST", "/api/noop/commit", commit, ""},
		{"POST", "/api/noop/commit", commit, ""},
		{"GET", "/api/debug/pprof/heap", http.StatusOK, "\x1f\x8b"}, // a gzipped profile
	} {
		req, err := http.NewRequest(r.method, ts.URL+r.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != r.want {
			t.Errorf("%s %s = %d %.200s, want %d in the bench build", r.method, r.path, res.StatusCode, body, r.want)
		}
		if r.body != "" && !strings.HasPrefix(string(body), r.body) {
			t.Errorf("%s %s starts with %q, want %q", r.method, r.path, body[:min(len(body), 8)], r.body)
		}
	}
}
