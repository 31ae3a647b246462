package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"tablewarden/api"
	"tablewarden/referee/givetoken"
	"tablewarden/referee/kit"
)

// TestBenchGameOnlyWithBenchRoutes checks that the load tool's equal-work
// game is unknown to a server without -bench-routes (not listed, not
// creatable) and playable through the real HTTP API with it: a give is
// accepted, a give to oneself refused by its code, and each phone sees its
// own secret and no other's.
func TestBenchGameOnlyWithBenchRoutes(t *testing.T) {
	t.Parallel()
	listed := func(ts *testServer) bool {
		var games []kit.Info
		ts.Must(200, "GET", "/api/games", "", nil, &games)
		for _, g := range games {
			if g.ID == givetoken.ID {
				return true
			}
		}
		return false
	}
	t.Run("Off", func(t *testing.T) {
		ts := startServer(t, "")
		if listed(ts) {
			t.Fatalf("%s is listed without bench routes", givetoken.ID)
		}
		st, body := ts.Call("POST", "/api/tables", "", map[string]any{"game": givetoken.ID})
		if st != 400 || !strings.Contains(string(body), `"invalid"`) {
			t.Fatalf("create %s = %d %s, want 400 invalid", givetoken.ID, st, body)
		}
	})
	t.Run("On", func(t *testing.T) {
		ts := startServer(t, "", func(c *api.Config) { c.BenchRoutes = true })
		if !listed(ts) {
			t.Fatalf("%s is not listed with bench routes", givetoken.ID)
		}
		tb := ts.NewTable(givetoken.ID, nil, 6)
		ts.Start(tb)
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[0], map[string]any{"type": "give", "args": map[string]int{"to": 1}}, nil)
		st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[2], map[string]any{"type": "give", "args": map[string]int{"to": 2}})
		if st != 422 || !strings.Contains(string(body), `"give_to_self"`) {
			t.Fatalf("give to self = %d %s, want 422 give_to_self", st, body)
		}
		secrets := make([]string, 6)
		views := make([]string, 6)
		for i, tok := range tb.Tokens {
			v := ts.View(tb, tok)
			b, _ := json.Marshal(v)
			views[i] = string(b)
			var p givetoken.PrivateView
			pb, _ := json.Marshal(v.View.Private)
			if err := json.Unmarshal(pb, &p); err != nil || !strings.HasPrefix(p.Secret, "secret-") {
				t.Fatalf("seat %d private = %s, want its secret", i, pb)
			}
			secrets[i] = p.Secret
		}
		board, _ := json.Marshal(ts.View(tb, ""))
		for i, s := range secrets {
			if strings.Contains(string(board), s) {
				t.Fatalf("the board's view holds seat %d's secret", i)
			}
			for j, v := range views {
				if j != i && strings.Contains(v, s) {
					t.Fatalf("seat %d's view holds seat %d's secret", j, i)
				}
			}
		}
	})
}
