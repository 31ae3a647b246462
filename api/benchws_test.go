package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tablewarden/api"
	"tablewarden/api/apitest"
	"tablewarden/referee/givetoken"
	tablepkg "tablewarden/table"
)

// wsClient is a phone on the WebSocket bench route (api/benchws.go): it
// keeps every message the server sent, in order.
type wsClient struct {
	conn   *websocket.Conn
	mu     sync.Mutex
	msgs   [][]byte
	notify chan struct{}
	done   chan struct{}
}

func dialBenchWS(t *testing.T, ts *testServer, tableID, token string, patches bool) *wsClient {
	t.Helper()
	url := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/bench/tables/" + tableID + "/ws"
	if patches {
		url += "?patches=1"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + token}}})
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	c := &wsClient{conn: conn, notify: make(chan struct{}, 1), done: make(chan struct{})}
	go func() {
		defer close(c.done)
		for {
			typ, msg, err := conn.Read(context.Background())
			if err != nil {
				return
			}
			if typ != websocket.MessageText || len(msg) == 0 {
				msg = []byte("?") // no kind: fails every wait
			}
			c.mu.Lock()
			c.msgs = append(c.msgs, msg)
			c.mu.Unlock()
			select {
			case c.notify <- struct{}{}:
			default:
			}
		}
	}()
	t.Cleanup(func() { c.conn.CloseNow(); <-c.done })
	return c
}

// waitFor waits until the message at index from or later satisfies ok and
// returns its index.
func (c *wsClient) waitFor(t *testing.T, from int, what string, ok func(msg []byte) bool) int {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		c.mu.Lock()
		for i := from; i < len(c.msgs); i++ {
			if ok(c.msgs[i]) {
				c.mu.Unlock()
				return i
			}
		}
		c.mu.Unlock()
		select {
		case <-c.notify:
		case <-c.done:
			t.Fatalf("socket closed waiting for %s", what)
		case <-deadline:
			t.Fatalf("no %s within 5 s", what)
		}
	}
}

// move sends one move and returns its answer: its kind ('m' or 'e'), the
// HTTP status it stands for, and its JSON.
func (c *wsClient) move(t *testing.T, body any) (kind byte, status int, payload []byte) {
	t.Helper()
	b, _ := json.Marshal(body)
	c.mu.Lock()
	from := len(c.msgs)
	c.mu.Unlock()
	if err := c.conn.Write(context.Background(), websocket.MessageText, b); err != nil {
		t.Fatalf("write move: %v", err)
	}
	i := c.waitFor(t, from, "a move's answer", func(m []byte) bool { return m[0] == 'm' || m[0] == 'e' })
	c.mu.Lock()
	a := c.msgs[i]
	c.mu.Unlock()
	if a[0] == 'm' {
		return 'm', 200, a[1:]
	}
	st, err := strconv.Atoi(string(a[1:4]))
	if err != nil {
		t.Fatalf("error answer %q has no status", a)
	}
	return 'e', st, a[4:]
}

// viewVersion decodes a whole view message ('v') and returns its version.
func viewVersion(msg []byte) (tablepkg.ViewResponse, bool) {
	var v tablepkg.ViewResponse
	if msg[0] != 'v' || json.Unmarshal(msg[1:], &v) != nil {
		return v, false
	}
	return v, true
}

func (c *wsClient) all() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]string, len(c.msgs))
	for i, m := range c.msgs {
		out[i] = string(m)
	}
	return out
}

func TestBenchWSOffWithoutBenchRoutes(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 4)
	res, err := http.Get(ts.URL + "/api/bench/tables/" + tb.ID + "/ws")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 404 {
		t.Fatalf("GET the bench socket without bench routes = %d, want 404", res.StatusCode)
	}
	url := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/bench/tables/" + tb.ID + "/ws"
	_, resp, err := websocket.Dial(context.Background(), url, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + tb.Tokens[0]}}})
	if err == nil || resp == nil || resp.StatusCode != 404 {
		t.Fatalf("upgrade without bench routes: err %v, response %v; want a 404", err, resp)
	}
}

// TestBenchWS plays a three-seat Give a Token table over the bench
// sockets: every phone sees every move's version, a refused move is
// answered with the status and codes the HTTP API gives, no socket
// carries another seat's secret, and a closed socket leaves the hub.
func TestBenchWS(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "", func(c *api.Config) { c.BenchRoutes = true })
	tb := ts.NewTable(givetoken.ID, nil, 3)
	ts.Start(tb)
	phones := make([]*wsClient, 3)
	secrets := make([]string, 3)
	for i, tok := range tb.Tokens {
		phones[i] = dialBenchWS(t, ts, tb.ID, tok, false)
		k := phones[i].waitFor(t, 0, "the first view", func(m []byte) bool { _, ok := viewVersion(m); return ok })
		v, _ := viewVersion([]byte(phones[i].all()[k]))
		pb, _ := json.Marshal(v.View.Private)
		var p givetoken.PrivateView
		if err := json.Unmarshal(pb, &p); err != nil || !strings.HasPrefix(p.Secret, "secret-") {
			t.Fatalf("seat %d's first view has private %s, want its secret", i, pb)
		}
		secrets[i] = p.Secret
	}
	// A fourth socket, seat 1's, takes patches: it must carry no other
	// seat's secret either.
	patched := dialBenchWS(t, ts, tb.ID, tb.Tokens[1], true)
	for n := 0; n < 6; n++ {
		from := n % 3
		kind, st, res := phones[from].move(t, map[string]any{"type": "give", "args": map[string]int{"to": (from + 1) % 3}})
		if kind != 'm' {
			t.Fatalf("move %d = %d %s, want accepted", n, st, res)
		}
		var r tablepkg.MoveResult
		if err := json.Unmarshal(res, &r); err != nil || r.Version == 0 {
			t.Fatalf("move %d answered %s", n, res)
		}
		for i, p := range phones {
			p.waitFor(t, 0, "seat "+strconv.Itoa(i)+"'s view of version "+strconv.FormatInt(r.Version, 10), func(m []byte) bool {
				v, ok := viewVersion(m)
				return ok && v.Version == r.Version
			})
		}
	}
	patched.waitFor(t, 1, "a patch", func(m []byte) bool { return m[0] == 'p' })

	// Refusals: the socket answers what POST /moves answers.
	for _, bad := range []map[string]any{
		{"type": "give", "args": map[string]int{"to": 2}},                        // to oneself: 422
		{"type": "give", "args": map[string]int{"to": 0}, "expected_version": 1}, // stale: 409
		{"type": "give", "args": map[string]int{"to": 0}, "colour": "red"},       // unknown field: 400
	} {
		kind, st, wsBody := phones[2].move(t, bad)
		httpSt, httpBody := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[2], bad)
		if kind != 'e' || st != httpSt || st < 400 {
			t.Fatalf("move %v over the socket = %c %d %s; over HTTP %d %s", bad, kind, st, wsBody, httpSt, httpBody)
		}
		var a, b map[string]any
		json.Unmarshal(wsBody, &a)
		json.Unmarshal(httpBody, &b)
		if a["error"] == nil || a["error"] != b["error"] || a["code"] != b["code"] {
			t.Fatalf("move %v: socket error %s, HTTP error %s: the codes differ", bad, wsBody, httpBody)
		}
	}

	// No socket carries another seat's secret.
	sockets := map[int]*wsClient{0: phones[0], 1: phones[1], 2: phones[2], 3: patched}
	for k, c := range sockets {
		seat := k % 3
		if k == 3 {
			seat = 1
		}
		for _, m := range c.all() {
			for j, s := range secrets {
				if j != seat && strings.Contains(m, s) {
					t.Fatalf("seat %d's socket carried seat %d's secret: %s", seat, j, m)
				}
			}
		}
	}

	// Closing the sockets releases their subscriptions.
	for _, c := range sockets {
		c.conn.Close(websocket.StatusNormalClosure, "")
	}
	if !apitest.Eventually(2*time.Second, func() bool { return ts.Srv.Service().OpenStreams() == 0 }) {
		t.Fatalf("%d streams still open 2 s after every socket closed", ts.Srv.Service().OpenStreams())
	}
}
