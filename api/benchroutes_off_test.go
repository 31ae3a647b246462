//go:build !bench

package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"tablewarden/referee/kit"
)

// benchBuildRoutes is empty: the production build serves none of the load
// tool's routes.
var benchBuildRoutes = map[string]bool{}

// TestBenchRoutesAbsent checks that the production build serves none of
// the load tool's routes (api/benchroutes.go, -tags bench only): the
// ceilings, the profiles and the WebSocket prototype, asked plainly or as
// an upgrade, all answer 404, and the load tool's game givetoken is
// neither listed nor creatable.
func TestBenchRoutesAbsent(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 4)
	// A plain client: these routes are in no document for the checking one.
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/noop"},
		{"POST", "/api/noop/commit"},
		{"GET", "/api/debug/pprof/heap?gc=1"},
		{"GET", "/api/debug/pprof/profile?seconds=1"},
		{"GET", "/api/bench/tables/" + tb.ID + "/ws"},
	} {
		req, err := http.NewRequest(r.method, ts.URL+r.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+tb.Tokens[0])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("%s %s = %d, want 404 in the production build", r.method, r.path, res.StatusCode)
		}
	}
	url := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/bench/tables/" + tb.ID + "/ws"
	conn, resp, err := websocket.Dial(context.Background(), url, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + tb.Tokens[0]}}})
	if err == nil {
		conn.CloseNow()
	}
	if err == nil || resp == nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("WebSocket upgrade of the bench route: err %v, response %v; want a 404", err, resp)
	}

	var games []kit.Info
	ts.Must(200, "GET", "/api/games", "", nil, &games)
	for _, g := range games {
		if g.ID == "givetoken" {
			t.Errorf("GET /api/games lists givetoken in the production build")
		}
	}
	st, body := ts.Call("POST", "/api/tables", "", map[string]any{"game": "givetoken"})
	if st != 400 || !strings.Contains(string(body), `"invalid"`) {
		t.Errorf("create givetoken = %d %s, want 400 invalid in the production build", st, body)
	}
}
