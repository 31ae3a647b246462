package api_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
)

// lengthWalk sends requests as every viewer of a table (each seat, the
// host, the board) and keeps each answer's length by route and checkpoint.
type lengthWalk struct {
	t       *testing.T
	ts      *testServer
	point   string                    // the checkpoint: the table's version, for GETs
	lengths map[string]map[string]int // route@checkpoint → viewer → length
	covered map[string]bool           // the routes sent at least once
}

func newLengthWalk(t *testing.T, ts *testServer) *lengthWalk {
	return &lengthWalk{t: t, ts: ts, lengths: map[string]map[string]int{}, covered: map[string]bool{}}
}

// do sends one request for route ("METHOD /pattern") and checks what every
// private answer must carry: Cache-Control no-store, and no compression
// though the client accepts gzip. A 2xx body's length is recorded under
// the route (and, for a GET, the checkpoint) for viewer.
func (w *lengthWalk) do(route, viewer, path, token string, body any) reply {
	w.t.Helper()
	method, _, _ := strings.Cut(route, " ")
	r := send(w.t, w.ts, nil, method, path, token, body, "Accept-Encoding", "gzip")
	w.covered[route] = true
	if r.status/100 == 2 {
		if cc := r.header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
			w.t.Errorf("%s (%s) answered Cache-Control %q, want no-store", route, viewer, cc)
		}
	}
	if ce := r.header.Get("Content-Encoding"); ce != "" {
		w.t.Errorf("%s (%s) answered Content-Encoding %q: a private body is never compressed", route, viewer, ce)
	}
	if r.status/100 != 2 || len(r.body) == 0 {
		return r
	}
	key := route
	if method == http.MethodGet {
		key += " @" + w.point
		if q := strings.Index(path, "format="); q >= 0 {
			key += " " + path[q:]
		}
	}
	if w.lengths[key] == nil {
		w.lengths[key] = map[string]int{}
	}
	if method != http.MethodGet {
		viewer += fmt.Sprintf("#%d", len(w.lengths[key])) // every answer of a route
	}
	w.lengths[key][viewer] = len(r.body)
	return r
}

// viewers lists the table's credentials: the board (""), the host and
// each seat.
func viewers(tb *table) [][2]string {
	out := [][2]string{{"board", ""}, {"host", tb.Host}}
	for i, tok := range tb.Tokens {
		out = append(out, [2]string{fmt.Sprintf("seat %d", i), tok})
	}
	return out
}

// checkpoint reads every GET route that takes a viewer's credential, as
// every viewer, at the table's current version.
func (w *lengthWalk) checkpoint(tb *table, name string) {
	w.t.Helper()
	w.point = name
	for _, v := range viewers(tb) {
		as := ""
		if v[1] == "" {
			as = "as=board"
		}
		q := func(extra string) string {
			parts := []string{}
			for _, p := range []string{as, extra} {
				if p != "" {
					parts = append(parts, p)
				}
			}
			if len(parts) == 0 {
				return ""
			}
			return "?" + strings.Join(parts, "&")
		}
		base := "/api/tables/" + tb.ID
		w.do("GET /api/tables/:id/view", v[0], base+"/view"+q(""), v[1], nil)
		w.do("GET /api/tables/:id/log", v[0], base+"/log"+q(""), v[1], nil)
		w.do("GET /api/tables/:id/result", v[0], base+"/result"+q(""), v[1], nil)
		w.do("GET /api/tables/:id/result", v[0], base+"/result"+q("format=csv"), v[1], nil)
	}
}

// report fails the test for every route and checkpoint whose viewers got
// bodies of more than one length.
func (w *lengthWalk) report() {
	w.t.Helper()
	keys := make([]string, 0, len(w.lengths))
	for k := range w.lengths {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		byLen := map[int][]string{}
		for v, n := range w.lengths[k] {
			byLen[n] = append(byLen[n], v)
		}
		if len(byLen) > 1 {
			parts := []string{}
			for n, vs := range byLen {
				sort.Strings(vs)
				parts = append(parts, fmt.Sprintf("%d bytes: %s", n, strings.Join(vs, ", ")))
			}
			sort.Strings(parts)
			w.t.Errorf("%s: bodies of %d lengths: %s", k, len(byLen), strings.Join(parts, "; "))
		}
	}
}

// TestTrustEveryViewerBodyHasOneLength: the length of a body must not tell
// one viewer's secrets (who is an Alien, what a scan found). In every game
// of the catalog, every route that takes a viewer's credential answers
// every seat, the host and the board with bodies of one length at one
// table version (the log, the view, the result as JSON and CSV), and every
// answer of a route that only some viewers call (a move's, a session's, a
// rematch claim's) has one length; none is compressed and every one is
// no-store (point 7). The test fails if the server has a route under
// /api/tables/{id}/ that no game's walk sent.
func TestTrustEveryViewerBodyHasOneLength(t *testing.T) {
	var mu sync.Mutex
	covered := map[string]bool{}
	var routes []string
	t.Cleanup(func() { // after every game's subtest
		for _, rt := range routes {
			method, path, _ := strings.Cut(rt, " ")
			if !strings.HasPrefix(path, "/api/tables/:id/") || slices.Contains([]string{"/api/tables/:id/qr.png", "/api/tables/:id/stream"}, path) {
				continue
			}
			if !covered[method+" "+path] {
				t.Errorf("route %s takes a viewer's credential and the walk did not send it: add it", rt)
			}
		}
	})
	for _, g := range catalog.All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			t.Parallel()
			ts := startServer(t, "")
			w := newLengthWalk(t, ts)
			players := max(min(info.MaxPlayers, 7), info.MinPlayers)
			var created struct {
				TableID   string `json:"table_id"`
				JoinCode  string `json:"join_code"`
				HostToken string `json:"host_token"`
			}
			r := w.do("POST /api/tables", "creator", "/api/tables", "", map[string]any{"game": info.ID})
			if err := json.Unmarshal(r.body, &created); err != nil || r.status != 201 {
				t.Fatalf("create = %d %s", r.status, r.body)
			}
			tb := &table{ID: created.TableID, Code: created.JoinCode, Host: created.HostToken}
			for i := 0; i < players; i++ {
				var jr struct {
					Token string `json:"token"`
				}
				r := w.do("POST /api/join", "joiner", "/api/join", "", map[string]any{"code": tb.Code, "name": playerName(i)})
				if err := json.Unmarshal(r.body, &jr); err != nil || r.status != 201 {
					t.Fatalf("join %d = %d %s", i, r.status, r.body)
				}
				tb.Tokens = append(tb.Tokens, jr.Token)
			}
			base := "/api/tables/" + tb.ID
			w.checkpoint(tb, "lobby")
			w.do("POST /api/tables/:id/lock", "host", base+"/lock", tb.Host, map[string]any{"locked": true})
			w.do("POST /api/tables/:id/lock", "host", base+"/lock", tb.Host, map[string]any{"locked": false})
			w.do("POST /api/tables/:id/join-code", "host", base+"/join-code", tb.Host, nil)
			if r := w.do("POST /api/tables/:id/start", "host", base+"/start", tb.Host, nil); r.status != 200 {
				t.Fatalf("start = %d %s", r.status, r.body)
			}
			w.checkpoint(tb, "started")
			for _, v := range viewers(tb)[1:] {
				w.do("POST /api/tables/:id/session", v[0], base+"/session", v[1], nil)
			}
			// Random moves among those offered to every seat and the
			// host, each answer recorded, every viewer read after each.
			rng := rand.New(rand.NewPCG(35, 1))
			for step := 0; step < 8; step++ {
				type cand struct {
					who, token string
					spec       kit.MoveSpec
				}
				var cands []cand
				var version int64
				for _, v := range viewers(tb)[1:] {
					vw := ts.View(tb, v[1])
					version = vw.Version
					if vw.View == nil || vw.View.Outcome != nil {
						break
					}
					for _, m := range vw.View.Moves {
						if m.Type != "declare_loss" {
							cands = append(cands, cand{v[0], v[1], m})
						}
					}
				}
				if len(cands) == 0 {
					break
				}
				c := cands[rng.IntN(len(cands))]
				m := kit.RandomMove(c.spec, rng)
				r := w.do("POST /api/tables/:id/moves", c.who, base+"/moves", c.token,
					map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": version, "idempotency_key": fmt.Sprint(rng.Uint64())})
				if r.status != 200 {
					t.Fatalf("step %d: offered move %s refused: %d %s", step, m.Type, r.status, r.body)
				}
				w.checkpoint(tb, fmt.Sprintf("move %d", step+1))
			}
			w.do("POST /api/tables/:id/undo", "host", base+"/undo", tb.Host, nil)
			for _, v := range viewers(tb)[2:] {
				w.do("POST /api/tables/:id/undo", v[0], base+"/undo", v[1], nil)
			}
			var h struct {
				Code string `json:"code"`
			}
			r = w.do("POST /api/tables/:id/seats/:seat/handover", "host", base+"/seats/0/handover", tb.Host, nil)
			json.Unmarshal(r.body, &h)
			w.do("DELETE /api/tables/:id/seats/:seat/handover", "host", base+"/seats/0/handover", tb.Host, nil)
			r = w.do("POST /api/tables/:id/seats/:seat/handover", "host", base+"/seats/0/handover", tb.Host, nil)
			json.Unmarshal(r.body, &h)
			if r := w.do("POST /api/handover/:code", "claimer", "/api/handover/"+h.Code, "", nil); r.status == 200 {
				var cr struct {
					Token string `json:"token"`
				}
				json.Unmarshal(r.body, &cr)
				tb.Tokens[0] = cr.Token
			}
			w.checkpoint(tb, "handed over")
			if info.ID == "spacecadets" {
				// A game the host can end at once: the result, the
				// rematch and its claims.
				w.do("POST /api/tables/:id/moves", "host", base+"/moves", tb.Host, map[string]any{"type": "declare_loss", "args": map[string]any{"reason": "mission abandoned"}})
				w.checkpoint(tb, "ended")
				if r := w.do("POST /api/tables/:id/rematch", "host", base+"/rematch", tb.Host, nil); r.status != 200 {
					t.Fatalf("rematch = %d %s", r.status, r.body)
				}
				for _, v := range viewers(tb)[2:] {
					if r := w.do("POST /api/tables/:id/rematch/claim", v[0], base+"/rematch/claim", v[1], nil); r.status != 200 {
						t.Fatalf("rematch claim (%s) = %d %s", v[0], r.status, r.body)
					}
				}
			}
			last := len(tb.Tokens) - 1
			w.do("DELETE /api/tables/:id/seats/:seat/device", "host", fmt.Sprintf("%s/seats/%d/device", base, last), tb.Host, nil)
			w.do("DELETE /api/tables/:id/seats/:seat", "host", fmt.Sprintf("%s/seats/%d", base, last-1), tb.Host, nil)
			w.report()
			mu.Lock()
			routes = ts.Srv.Routes()
			for r := range w.covered {
				covered[r] = true
			}
			mu.Unlock()
			t.Logf("%s, %d seats: %d route checkpoints compared", info.ID, players, len(w.lengths))
		})
	}
}
