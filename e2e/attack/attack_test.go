package attack_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tablewarden/api"
	"tablewarden/api/apitest"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// The hostile-client attacks, at a scale that fits CI: hundreds of
// connections for a few seconds, loopback only. Each attacker dials from
// its own loopback address (127.0.0.2 and up), as another phone on the
// Wi-Fi would; the victim (the /healthz probe and a table in play) uses
// 127.0.0.1. TABLEWARDEN_ATTACK_SCALE multiplies the sizes (the full-scale
// figures in README were run with it, by hand).

// attackScale is the size multiplier (1 in CI).
func attackScale() int {
	if n, err := strconv.Atoi(os.Getenv("TABLEWARDEN_ATTACK_SCALE")); err == nil && n > 0 {
		return n
	}
	return 1
}

// hostileLimits are DefaultLimits with caps small enough for CI to reach.
func hostileLimits(c *api.Config) {
	l := api.DefaultLimits()
	scale := attackScale()
	if scale == 1 {
		l.MaxConns, l.ReserveConns, l.MaxStreams = 300, 30, 150
	}
	l.ReadTimeout = 2 * time.Second
	l.CreateBurst = createBurst
	c.Limits = l
	c.JoinsPerMinute, c.JoinBurst = 30, joinBurst
}

// createBurst lets the victim make a new table whenever its game ends
// (from 127.0.0.1); an attacker's address gets as many at most.
const createBurst = 20

// joinBurst lets the victim's own tables (five joins each, from 127.0.0.1)
// fill up; an attacker gets as many answers at most.
const joinBurst = 40

// attackTarget is the server under attack: TABLEWARDEN_ATTACK_URL if set
// (started by hand with -read-timeout 2s), else one in this process with
// hostileLimits.
func attackTarget(t *testing.T) *testServer {
	if u := os.Getenv("TABLEWARDEN_ATTACK_URL"); u != "" {
		return &testServer{T: t, URL: strings.TrimRight(u, "/")}
	}
	return startServer(t, "", hostileLimits)
}

// victim is a table in play whose moves are timed, and the /healthz probe.
type victim struct {
	ts *testServer
	tb *table
	r  *rand.Rand
	hc *http.Client
}

func newVictim(t *testing.T, ts *testServer) *victim {
	v := &victim{ts: ts, r: rand.New(rand.NewPCG(16, 16)), hc: &http.Client{Timeout: 5 * time.Second}}
	v.newTable()
	return v
}

func (v *victim) newTable() {
	v.tb = v.ts.NewTable("jumpship", nil, 5)
	v.ts.Start(v.tb)
}

// moves times n accepted moves (a new table when a game ends; untimed).
func (v *victim) moves(t *testing.T, n int) []time.Duration {
	t.Helper()
	var out []time.Duration
	for len(out) < n {
		view := v.ts.View(v.tb, v.tb.Tokens[0])
		if view.View == nil || view.View.Outcome != nil {
			v.newTable()
			continue
		}
		moved := false
		for _, seat := range view.View.Turn {
			sv := v.ts.View(v.tb, v.tb.Tokens[seat])
			if len(sv.View.Moves) == 0 {
				continue
			}
			m := kit.RandomMove(sv.View.Moves[v.r.IntN(len(sv.View.Moves))], v.r)
			start := time.Now()
			st, body := v.ts.Call("POST", "/api/tables/"+v.tb.ID+"/moves", v.tb.Tokens[seat],
				map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": sv.Version})
			d := time.Since(start)
			if st != 200 {
				t.Fatalf("victim move = %d %s", st, body)
			}
			out = append(out, d)
			moved = true
			break
		}
		if !moved {
			v.newTable()
		}
	}
	return out
}

// health probes /healthz n times and returns the latencies and failures.
func (v *victim) health(n int) ([]time.Duration, int) {
	var lat []time.Duration
	fails := 0
	for i := 0; i < n; i++ {
		start := time.Now()
		res, err := v.hc.Get(v.ts.URL + "/healthz")
		d := time.Since(start)
		if err != nil {
			fails++
			continue
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			fails++
			continue
		}
		lat = append(lat, d)
		// A probe every 10 ms: the victim's pace (time is the subject).
		time.Sleep(10 * time.Millisecond)
	}
	return lat, fails
}

func pct(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(float64(len(s))*p+0.5) - 1
	if i < 0 {
		i = 0
	}
	if i >= len(s) {
		i = len(s) - 1
	}
	return s[i]
}

// keepGoing repeats one attack request on 32 connections in the background
// until ctx ends, so that the victim is measured while the attack goes on;
// the test waits for it before the server stops.
func keepGoing(t *testing.T, ctx context.Context, attack func()) {
	var n atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < 32; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				attack()
				n.Add(1)
			}
		}()
	}
	t.Cleanup(func() {
		wg.Wait()
		t.Logf("the attack went on with %d more requests while the victim was measured", n.Load())
	})
}

// moveFloor is the smallest p99 baseline the 2× check uses: on this
// machine, two cores shared by eight jobs, the p99 of 100 moves without
// any attack ranged from 3 to 80 ms between runs. medianFloor is the same
// for the median, which noise hardly moves; the median is checked too, so
// that a slowdown of every move is caught below the p99's floor.
const (
	moveFloor   = 50 * time.Millisecond
	medianFloor = 5 * time.Millisecond
)

// underAttack measures the victim before and during an attack that start
// launches (it returns when the attack is in full swing) and checks
// /healthz (no failure, p99 under 100 ms) and the victim's moves (p99
// within 2× of the baseline).
func underAttack(t *testing.T, ts *testServer, name string, start func(ctx context.Context) string) {
	t.Helper()
	v := newVictim(t, ts)
	v.moves(t, 10) // warm up
	// The probe is connected before the attack, as a monitor or a phone
	// already at the table is (a new connection's first packet may wait in
	// the kernel's accept queue, which no server code reaches).
	hb, _ := v.health(10)
	base := v.moves(t, 100)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	summary := start(ctx)
	hl, fails := v.health(60)
	during := v.moves(t, 100)
	hp99, bp99, dp99 := pct(hl, 0.99), pct(base, 0.99), pct(during, 0.99)
	if dp99 > 2*max(bp99, moveFloor) {
		// Eight jobs share this machine's two cores: measure once more,
		// still under attack, before calling it the attack's doing.
		t.Logf("%s: victim p99 %v during, %v before; measuring again", name, dp99, bp99)
		during = v.moves(t, 100)
		dp99 = pct(during, 0.99)
	}
	t.Logf("%s: %s; /healthz p99 %v before, %v during (%d failed); victim move p50/p99 %v/%v before, %v/%v during",
		name, summary, pct(hb, 0.99).Round(time.Microsecond), hp99.Round(time.Microsecond), fails, pct(base, 0.5).Round(time.Microsecond), bp99.Round(time.Microsecond),
		pct(during, 0.5).Round(time.Microsecond), dp99.Round(time.Microsecond))
	if fails > 0 || hp99 > 100*time.Millisecond {
		t.Errorf("%s: /healthz failed %d of 60, p99 %v; want none failed and p99 under 100 ms", name, fails, hp99)
	}
	if limit := 2 * max(bp99, moveFloor); dp99 > limit {
		t.Errorf("%s: victim move p99 %v during the attack, want at most %v (2× the baseline %v)", name, dp99, limit, bp99)
	}
	if b, d := pct(base, 0.5), pct(during, 0.5); d > 2*max(b, medianFloor) {
		t.Errorf("%s: victim move median %v during the attack, want at most 2× the baseline %v (floor %v)", name, d, b, medianFloor)
	}
}

// TestAttackStreamFlood: board streams need no credential, so one phone
// opens as many as it can on its own busy table, from several addresses.
// The table gets 2 × StreamsPerSeat board streams, the server MaxStreams
// in all; every other attempt is answered 429 at once; /healthz and a
// table in play do not notice.
func TestAttackStreamFlood(t *testing.T) {
	ts := startServer(t, "", hostileLimits)
	lim := api.DefaultLimits()
	scale := attackScale()
	attempts := 300 * scale
	addrs := 4
	if scale > 1 {
		addrs = 40
	}
	var mu sync.Mutex
	var held []net.Conn
	t.Cleanup(func() {
		mu.Lock()
		for _, c := range held {
			c.Close()
		}
		mu.Unlock()
	})
	// The attacker's own table is busy: its moves push a view to every
	// stream the attacker holds on it.
	busy := ts.NewTable("jumpship", nil, 5)
	ts.Start(busy)
	cr := struct{ TableID string }{busy.ID}
	var busyMoves atomic.Int64
	underAttack(t, ts, "stream flood", func(ctx context.Context) string {
		go playBusy(ctx, ts, busy, &busyMoves)
		var ok, refused, other, slow atomic.Int64
		var wg sync.WaitGroup
		sem := make(chan struct{}, 64)
		startAt := time.Now()
		for i := 0; i < attempts; i++ {
			a := apitest.NewAttacker(i % addrs)
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				t0 := time.Now()
				st, c := a.Request(ts, "GET /api/tables/"+cr.TableID+"/stream?as=board HTTP/1.1\r\nHost: x\r\n\r\n", 3*time.Second)
				if time.Since(t0) > 2*time.Second {
					slow.Add(1)
				}
				switch st {
				case 200:
					ok.Add(1)
					mu.Lock()
					held = append(held, c)
					mu.Unlock()
					return
				case 429:
					refused.Add(1)
				default:
					other.Add(1)
				}
				if c != nil {
					c.Close()
				}
			}()
		}
		wg.Wait()
		el := time.Since(startAt)
		if got, want := ok.Load(), int64(2*lim.StreamsPerSeat); got > want {
			t.Errorf("%d board streams opened on one table from %d addresses, want at most %d", got, addrs, want)
		}
		if ok.Load() == 0 {
			t.Error("no stream opened at all: the attack did not reach the server")
		}
		if slow.Load() > 0 || other.Load() > 0 {
			t.Errorf("%d attempts took over 2 s, %d got neither 200 nor 429: over a limit must be a prompt 429", slow.Load(), other.Load())
		}
		return fmt.Sprintf("%d stream attempts from %d addresses in %v on a table in play: %d open, %d refused 429", attempts, addrs, el.Round(time.Millisecond), ok.Load(), refused.Load())
	})
	t.Logf("stream flood: the attacker's table made %d moves meanwhile", busyMoves.Load())
}

// playBusy plays random moves on tb until ctx ends (or the game does),
// counting them; errors end it quietly.
func playBusy(ctx context.Context, ts *testServer, tb *table, n *atomic.Int64) {
	r := rand.New(rand.NewPCG(9, 9))
	get := func(token string) (tablepkg.ViewResponse, bool) {
		var v tablepkg.ViewResponse
		req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/tables/"+tb.ID+"/view", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := ts.Client.Do(req)
		if err != nil {
			return v, false
		}
		defer res.Body.Close()
		return v, res.StatusCode == 200 && json.NewDecoder(res.Body).Decode(&v) == nil
	}
	for ctx.Err() == nil {
		v, ok := get(tb.Tokens[0])
		if !ok || v.View == nil || v.View.Outcome != nil || len(v.View.Turn) == 0 {
			return
		}
		seat, sv := -1, tablepkg.ViewResponse{}
		for _, s := range v.View.Turn {
			if w, ok := get(tb.Tokens[s]); ok && w.View != nil && len(w.View.Moves) > 0 {
				seat, sv = s, w
				break
			}
		}
		if seat < 0 {
			return
		}
		m := kit.RandomMove(sv.View.Moves[r.IntN(len(sv.View.Moves))], r)
		body, _ := json.Marshal(map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": sv.Version})
		req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/tables/"+tb.ID+"/moves", strings.NewReader(string(body)))
		req.Header.Set("Authorization", "Bearer "+tb.Tokens[seat])
		req.Header.Set("Content-Type", "application/json")
		res, err := ts.Client.Do(req)
		if err != nil {
			return
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode == 200 {
			n.Add(1)
		}
	}
}

// TestAttackSlowBodies: connections send a join's headers announcing a
// large body, then one byte every half second. The read timeout closes
// each within it; the per-address cap and the idle-connection eviction keep
// room for /healthz and moves meanwhile.
//
// TABLEWARDEN_ATTACK_URL points the attack at a server already running in
// a process of its own (README's full-scale figure: one process cannot
// hold both ends of 20,000 connections within its open-files limit).
func TestAttackSlowBodies(t *testing.T) {
	ts := attackTarget(t)
	scale := attackScale()
	conns, addrs := 200*scale, 4*scale
	var held, cycles, ended atomic.Int64
	var mu sync.Mutex
	longest := time.Duration(0)
	var wg sync.WaitGroup
	underAttack(t, ts, "slow bodies", func(ctx context.Context) string {
		// Each attacker keeps one slow body going: when the server drops
		// it, it opens the next.
		cycle := func(a *apitest.Attacker) {
			c, err := a.Dial(ts)
			if err != nil {
				// Refused: the attacker's back-off before it dials again.
				time.Sleep(100 * time.Millisecond)
				return
			}
			defer c.Close()
			cycles.Add(1)
			t0 := time.Now()
			if _, err := io.WriteString(c, "POST /api/join HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n{"); err != nil {
				return
			}
			held.Add(1)
			defer held.Add(-1)
			gone := make(chan struct{})
			go func() { // the server's answer or close ends the read
				io.Copy(io.Discard, c)
				d := time.Since(t0)
				mu.Lock()
				longest = max(longest, d)
				mu.Unlock()
				ended.Add(1)
				close(gone)
			}()
			tick := time.NewTicker(500 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-gone:
					return
				case <-tick.C:
					c.SetWriteDeadline(time.Now().Add(time.Second))
					if _, err := c.Write([]byte(" ")); err != nil {
						return
					}
				}
			}
		}
		for i := 0; i < conns; i++ {
			a := apitest.NewAttacker(10 + i%addrs)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for ctx.Err() == nil {
					cycle(a)
				}
			}()
		}
		// Let the connections in (at full scale the kernel's accept queue
		// holds thousands for a while) before probing: the server says
		// nothing when it has taken them, so this is a fixed ramp.
		time.Sleep(time.Duration(500*min(scale, 6)) * time.Millisecond)
		return fmt.Sprintf("%d slow-body connections kept going from %d addresses, %d held at the start of the probe", conns, addrs, held.Load())
	})
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	t.Logf("slow bodies: %d connections opened in all, %d ended by the server, the longest held %v from connect (read timeout 2 s)", cycles.Load(), ended.Load(), longest.Round(time.Millisecond))
	if ended.Load() == 0 {
		t.Error("the server ended no slow body")
	}
	if limit := 4 * time.Second * time.Duration(min(scale, 2)); longest > limit {
		t.Errorf("a slow body was held %v, want at most the read timeout (2 s) and slack (%v)", longest, limit)
	}
}

// TestAttackTableFlood: one address creates tables as fast as it can, and
// with options far larger than any game needs. Creation is rate-limited
// (429 with Retry-After) and large options get a 413 with the reason.
func TestAttackTableFlood(t *testing.T) {
	ts := startServer(t, "", hostileLimits)
	lim := api.DefaultLimits()
	attempts := 400 * attackScale()
	big := `{"game":"jumpship","options":{"quarantine_cards":["` + strings.Repeat("x", 240<<10) + `"]}}`
	// The first request of a fresh address with big options: 413 with the
	// reason, before any rate limit.
	fresh := apitest.NewAttacker(30).Client()
	res, err := fresh.Post(ts.URL+"/api/tables", "application/json", strings.NewReader(big))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 413 || !strings.Contains(string(body), "limit") {
		t.Fatalf("240 KB options = %d %s, want 413 with the limit", res.StatusCode, body)
	}
	before := ts.QueryInt("SELECT count(*) FROM game_tables")
	underAttack(t, ts, "table flood", func(ctx context.Context) string {
		c := apitest.NewAttacker(31).Client()
		var created, limited, other atomic.Int64
		var retryOnce sync.Once
		retry := ""
		var wg sync.WaitGroup
		sem := make(chan struct{}, 32)
		t0 := time.Now()
		for i := 0; i < attempts; i++ {
			wg.Add(1)
			sem <- struct{}{}
			go func(i int) {
				defer wg.Done()
				defer func() { <-sem }()
				payload := `{"game":"jumpship"}`
				if i%2 == 1 {
					payload = big
				}
				res, err := c.Post(ts.URL+"/api/tables", "application/json", strings.NewReader(payload))
				if err != nil {
					other.Add(1)
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				switch res.StatusCode {
				case 201:
					created.Add(1)
				case 429, 413:
					limited.Add(1)
					if res.StatusCode == 429 {
						ra := res.Header.Get("Retry-After")
						retryOnce.Do(func() { retry = ra })
					}
				default:
					other.Add(1)
				}
			}(i)
		}
		wg.Wait()
		// The burst, plus what the limit refills while the flood lasts.
		if got, want := created.Load(), int64(createBurst+1)+int64(time.Since(t0).Minutes()*lim.CreatesPerMinute+1); got > want {
			t.Errorf("%d tables created by one address in %v, want at most %d", got, time.Since(t0).Round(time.Second), want)
		}
		if retry == "" {
			t.Error("a refused creation had no Retry-After")
		}
		summary := fmt.Sprintf("%d creations (half with 240 KB options) in %v: %d created, %d refused", attempts, time.Since(t0).Round(time.Millisecond), created.Load(), limited.Load())
		keepGoing(t, ctx, func() {
			if res, err := c.Post(ts.URL+"/api/tables", "application/json", strings.NewReader(big)); err == nil {
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
		})
		return summary
	})
	after := ts.QueryInt("SELECT count(*) FROM game_tables")
	bytes := ts.QueryInt("SELECT coalesce(sum(length(options)), 0) FROM game_tables")
	if bytes > 64<<10 {
		t.Errorf("stored options hold %d bytes after the flood", bytes)
	}
	t.Logf("table flood: tables %d → %d (victim tables included), options stored %d bytes", before, after, bytes)
}

// TestAttackJoinCodeSearch: one address guesses join codes as fast as it
// can, on 32 connections. Lookups share the joins' limit and a miss costs
// LookupFailCost, so only a handful of guesses get an answer; the rest are
// 429, each held RefusalDelay, which slows the guessing itself.
func TestAttackJoinCodeSearch(t *testing.T) {
	ts := startServer(t, "", hostileLimits, func(c *api.Config) { c.Limits.CreatesPerMinute = 0 })
	for i := 0; i < 20; i++ {
		ts.NewTable("jumpship", nil, 0)
	}
	guesses := 400 * attackScale()
	underAttack(t, ts, "join code search", func(ctx context.Context) string {
		c := apitest.NewAttacker(40).Client()
		var answered, limited, hits atomic.Int64
		var wg sync.WaitGroup
		next := make(chan string)
		t0 := time.Now()
		for w := 0; w < 32; w++ { // 32 connections, under the cap of 64
			wg.Add(1)
			go func() {
				defer wg.Done()
				for code := range next {
					res, err := c.Get(ts.URL + "/api/join/" + code)
					if err != nil {
						continue
					}
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					switch res.StatusCode {
					case 200:
						hits.Add(1)
						answered.Add(1)
					case 404:
						answered.Add(1)
					case 429:
						limited.Add(1)
					}
				}
			}()
		}
		r := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < guesses; i++ {
			code := make([]byte, tablepkg.JoinCodeLen)
			for k := range code {
				code[k] = "23456789ABCDEFGHJKMNPQRSTWXYZ"[r.IntN(29)]
			}
			next <- string(code)
		}
		close(next)
		wg.Wait()
		el := time.Since(t0)
		// The burst, plus what the limit refills while the search lasts
		// (30 a minute, a miss costing LookupFailCost).
		if want := int64(joinBurst) + int64(el.Minutes()*30/float64(api.DefaultLimits().LookupFailCost)+1); answered.Load() > want {
			t.Errorf("%d of %d guesses were answered in %v, want at most %d", answered.Load(), guesses, el.Round(time.Second), want)
		}
		keepGoing(t, ctx, func() {
			if res, err := c.Get(ts.URL + "/api/join/ZZZZZZZZ"); err == nil {
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
		})
		return fmt.Sprintf("%d guesses in %v (%.0f/s): %d answered (%d hits), %d refused 429", guesses, el.Round(time.Millisecond), float64(guesses)/el.Seconds(), answered.Load(), hits.Load(), limited.Load())
	})
}

// TestAttackIdleConnections: several addresses open connections up to
// their cap and send nothing, until the server's cap. /healthz and moves
// still get through: a new connection takes an idle one's place.
func TestAttackIdleConnections(t *testing.T) {
	ts := startServer(t, "", hostileLimits)
	lim := api.DefaultLimits()
	addrs := 8 * attackScale()
	var mu sync.Mutex
	var conns []net.Conn
	t.Cleanup(func() {
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	underAttack(t, ts, "idle connections", func(ctx context.Context) string {
		var wg sync.WaitGroup
		var opened atomic.Int64
		for a := 0; a < addrs; a++ {
			at := apitest.NewAttacker(50 + a)
			for i := 0; i < lim.ConnsPerAddr+8; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					c, err := at.Dial(ts)
					if err != nil {
						return
					}
					opened.Add(1)
					mu.Lock()
					conns = append(conns, c)
					mu.Unlock()
				}()
			}
		}
		wg.Wait()
		// The server learns of an idle connection only from the kernel;
		// nothing it sends says it has accepted the last one: a short ramp.
		time.Sleep(200 * time.Millisecond)
		return fmt.Sprintf("%d idle connections opened from %d addresses", opened.Load(), addrs)
	})
}

// TestStreamsPerToken: a fifth stream of one seat's token closes the
// oldest with a "replaced" event.
func TestStreamsPerToken(t *testing.T) {
	ts := startServer(t, "", hostileLimits)
	tb := ts.NewTable("jumpship", nil, 5)
	first := ts.OpenStream(tb.ID, tb.Tokens[0], "")
	for i := 0; i < 4; i++ {
		ts.OpenStream(tb.ID, tb.Tokens[0], "")
	}
	first.WaitEvent(t, "replaced", 5*time.Second)
}
