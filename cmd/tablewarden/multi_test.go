package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sort"
	"sync"
	"testing"
	"time"

	"tablewarden/db"
	"tablewarden/db/pgtest"
	"tablewarden/db/postgres"
	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	"tablewarden/table"
)

// Two instances on one PostgreSQL database, in process: each a
// whole Main (HTTP server, service, listener) over its own pool.

// startInstance runs a Main on dsn on a random loopback port.
func startInstance(t *testing.T, dsn string) *Main {
	t.Helper()
	m := &Main{Config: Config{Addr: "127.0.0.1:0", DB: dsn, PublicURL: "http://127.0.0.1", LogLevel: "error"}}
	if err := m.Run(context.Background()); err != nil {
		t.Fatalf("instance on %s: %v", dsn, err)
	}
	t.Cleanup(func() { m.closeOnce() })
	return m
}

// closeOnce closes an instance the first time it is called.
func (m *Main) closeOnce() error {
	if m.server == nil && m.store == nil {
		return nil
	}
	err := m.Close()
	m.server, m.store = nil, nil
	return err
}

func baseURL(m *Main) string { return "http://" + m.listener.Addr().String() }

// endpoint is an instance the tests talk to over HTTP: a Main in this
// process or a serverProc (the binary, which a test can SIGKILL).
type endpoint interface{ base() string }

func (m *Main) base() string       { return baseURL(m) }
func (p *serverProc) base() string { return p.url() }

// seatedTable creates a game on a, seats players through alternating
// instances and starts it; it returns the table id, the host token and the
// seat tokens.
func seatedTable(t *testing.T, game string, opts map[string]any, players int, insts ...endpoint) (string, string, []string) {
	t.Helper()
	var cr table.CreateTableResult
	st, body := httpDo(t, "POST", insts[0].base()+"/api/tables", "", map[string]any{"game": game, "options": opts})
	if st != 201 || json.Unmarshal(body, &cr) != nil {
		t.Fatalf("create = %d %s", st, body)
	}
	var tokens []string
	for i := range players {
		var jr table.JoinResult
		st, body := httpDo(t, "POST", insts[i%len(insts)].base()+"/api/join", "", map[string]any{"code": cr.JoinCode, "name": fmt.Sprintf("P%d", i+1)})
		if st != 201 || json.Unmarshal(body, &jr) != nil {
			t.Fatalf("join on instance %d = %d %s", i%len(insts), st, body)
		}
		tokens = append(tokens, jr.Token)
	}
	if st, body := httpDo(t, "POST", insts[len(insts)-1].base()+"/api/tables/"+cr.TableID+"/start", cr.HostToken, nil); st != 200 {
		t.Fatalf("start = %d %s", st, body)
	}
	return cr.TableID, cr.HostToken, tokens
}

func getView(t *testing.T, m endpoint, tableID, token string) table.ViewResponse {
	t.Helper()
	var v table.ViewResponse
	st, body := httpDo(t, "GET", m.base()+"/api/tables/"+tableID+"/view", token, nil)
	if st != 200 || json.Unmarshal(body, &v) != nil {
		t.Fatalf("view = %d %s", st, body)
	}
	return v
}

// legalMove finds a move that some seat may make now: random moves from
// the seats' offered moves (kit.RandomMove), each checked by applying it to
// the stored state with the referee (Apply is pure, so nothing is made).
// It returns the move, the seat's token and the table's version.
func legalMove(t *testing.T, m *Main, q db.Querier, tableID string, tokens []string, r *rand.Rand) (table.MoveRequest, string, int64, bool) {
	t.Helper()
	ctx := context.Background()
	row, err := q.GetTable(ctx, tableID)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := catalog.Get(row.Game)
	// The stored state is written every few moves (table/snapshots.go):
	// the current one is the whole log replayed.
	seats, err := q.ListSeats(ctx, tableID)
	if err != nil {
		t.Fatal(err)
	}
	log, err := q.ListMoves(ctx, tableID)
	if err != nil {
		t.Fatal(err)
	}
	st, err := table.Replay(g, row, seats, log)
	if err != nil {
		t.Fatal(err)
	}
	for try := 0; try < 200; try++ {
		tok := tokens[r.IntN(len(tokens))]
		v := getView(t, m, tableID, tok)
		if v.View == nil || len(v.View.Moves) == 0 || v.Version != row.Version {
			continue
		}
		spec := v.View.Moves[r.IntN(len(v.View.Moves))]
		if spec.Host {
			continue
		}
		mv := kit.RandomMove(spec, r)
		if _, err := g.Apply(st, kit.SeatActor(v.Me.Seat), mv, kit.NewCtx(uint64(row.Seed), len(log)+1, time.Now())); err != nil {
			continue
		}
		return table.MoveRequest{Type: mv.Type, Args: mv.Args}, tok, v.Version, true
	}
	return table.MoveRequest{}, "", 0, false
}

// pgLog reads a table's log from the database and checks it has seqs
// 1..n, growing versions and no key twice.
func pgLog(t *testing.T, q db.Querier, tableID string) []db.Move {
	t.Helper()
	moves, err := q.ListMoves(context.Background(), tableID)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	var last int64
	for i, m := range moves {
		if m.Seq != int64(i+1) {
			t.Fatalf("table %s: entry %d has seq %d: gap or duplicate", tableID, i, m.Seq)
		}
		if i > 0 && m.Version <= last {
			t.Fatalf("table %s: version %d after %d", tableID, m.Version, last)
		}
		last = m.Version
		if m.IdempotencyKey.Valid {
			if keys[m.IdempotencyKey.String] {
				t.Fatalf("table %s: key %s twice", tableID, m.IdempotencyKey.String)
			}
			keys[m.IdempotencyKey.String] = true
		}
	}
	return moves
}

// TestTwoInstancesRaceOneVersion: 8 phones, half on each instance, post a
// legal move at the same version: exactly one gets 200, the seven others
// 409, and the log gains one entry, without gap or duplicate. Ten rounds.
func TestTwoInstancesRaceOneVersion(t *testing.T) {
	t.Parallel() // its own database and instances
	dsn := pgtest.URL(t)
	a, b := startInstance(t, dsn), startInstance(t, dsn)
	check, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer check.Close()
	id, _, tokens := seatedTable(t, "jumpship", nil, 5, a, b)
	insts := []*Main{a, b}
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 10 {
		req, tok, v, ok := legalMove(t, insts[round%2], check.Queries(), id, tokens, r)
		if !ok {
			t.Fatalf("round %d: no move offered", round)
		}
		before := len(pgLog(t, check.Queries(), id))
		codes := make([]int, 8)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := req
				r.ExpectedVersion = &v
				r.IdempotencyKey = fmt.Sprintf("race-%d-phone-%d", round, i)
				<-start
				codes[i], _ = httpDo(t, "POST", baseURL(insts[i%2])+"/api/tables/"+id+"/moves", tok, r)
			}()
		}
		close(start)
		wg.Wait()
		n200, n409 := 0, 0
		for _, c := range codes {
			switch c {
			case 200:
				n200++
			case 409:
				n409++
			}
		}
		if n200 != 1 || n409 != 7 {
			t.Fatalf("round %d (%s at version %d): codes %v, want one 200 and seven 409", round, req.Type, v, codes)
		}
		if got, want := len(pgLog(t, check.Queries(), id)), before+1; got != want {
			t.Fatalf("round %d: log has %d entries, want %d", round, got, want)
		}
	}
}

// sseVersions opens a stream on m for token and sends the version of every
// view it receives, with the time it arrived.
type sseEvent struct {
	version int64
	at      time.Time
}

func openStream(t *testing.T, ctx context.Context, m *Main, tableID, token string) <-chan sseEvent {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", baseURL(m)+"/api/tables/"+tableID+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("stream: %v %v", res, err)
	}
	out := make(chan sseEvent, 256)
	go func() {
		defer res.Body.Close()
		br := bufio.NewReaderSize(res.Body, 1<<20)
		for {
			line, err := br.ReadBytes('\n')
			if err != nil {
				close(out)
				return
			}
			data, ok := bytes.CutPrefix(line, []byte("data: "))
			if !ok {
				continue
			}
			var v struct {
				Version int64 `json:"version"`
			}
			if json.Unmarshal(data, &v) == nil {
				out <- sseEvent{v.Version, time.Now()}
			}
		}
	}()
	return out
}

// TestCrossInstanceFanout: phones stream from instance A while the moves
// are made on instance B; every phone on A sees every version B commits.
// It reports the fan-out latency (B's answer to A's push) p50 and p99.
func TestCrossInstanceFanout(t *testing.T) {
	t.Parallel() // its own database and instances
	dsn := pgtest.URL(t)
	judgesTime(t) // the latency it reports
	a, b := startInstance(t, dsn), startInstance(t, dsn)
	id, _, tokens := seatedTable(t, "jumpship", nil, 5, a, b)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	check, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer check.Close()
	r := rand.New(rand.NewPCG(3, 4))
	var streams []<-chan sseEvent
	for _, tok := range tokens {
		s := openStream(t, ctx, a, id, tok)
		<-s // the first view
		streams = append(streams, s)
	}
	var lat []time.Duration
	const moves = 40
	for i := 0; i < moves; i++ {
		req, tok, v, ok := legalMove(t, b, check.Queries(), id, tokens, r)
		if !ok {
			break
		}
		req.ExpectedVersion = &v
		st, body := httpDo(t, "POST", baseURL(b)+"/api/tables/"+id+"/moves", tok, req)
		answered := time.Now()
		if st != 200 {
			t.Fatalf("move on B = %d %s", st, body)
		}
		var res table.MoveResult
		json.Unmarshal(body, &res)
		for p, s := range streams {
			for {
				select {
				case ev, ok := <-s:
					if !ok {
						t.Fatalf("phone %d's stream on A closed", p)
					}
					if ev.version < res.Version {
						continue
					}
					lat = append(lat, max(0, ev.at.Sub(answered)))
				case <-time.After(5 * time.Second):
					t.Fatalf("phone %d on A never saw version %d made on B", p, res.Version)
				}
				break
			}
		}
	}
	if len(lat) < 10*len(streams) {
		t.Fatalf("only %d deliveries measured", len(lat))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p := func(q float64) time.Duration { return lat[int(q*float64(len(lat)-1))] }
	t.Logf("cross-instance fan-out, %d deliveries to %d phones on A of moves made on B: p50 %v, p99 %v, max %v",
		len(lat), len(streams), p(0.50).Round(time.Microsecond), p(0.99).Round(time.Microsecond), lat[len(lat)-1].Round(time.Microsecond))
}

// TestTimerFiresAfterItsInstanceStops: a Space Cadets Step 3A timer is
// started through instance A, and A goes away before its deadline; B fires
// it once, on time.
func TestTimerFiresAfterItsInstanceStops(t *testing.T) {
	t.Parallel() // its own database and instances
	dsn := pgtest.URL(t)
	judgesTime(t) // the expiry within a second of its deadline
	a, b := startInstance(t, dsn), startInstance(t, dsn)
	id, host, tokens := seatedTable(t, "spacecadets", map[string]any{"step3a_seconds": 2}, 3, a, b)
	deadline := startStep3A(t, a, id, host, tokens)
	if err := a.closeOnce(); err != nil {
		t.Fatal(err)
	}
	check, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer check.Close()
	var expiries []db.Move
	waitFor(t, time.Until(deadline)+5*time.Second, "the timer's expiry in the log", func() bool {
		expiries = expiries[:0]
		for _, m := range pgLog(t, check.Queries(), id) {
			if m.Type == kit.TimerExpiredMove {
				expiries = append(expiries, m)
			}
		}
		return len(expiries) > 0
	})
	if len(expiries) != 1 {
		t.Fatalf("%d expiries logged, want 1", len(expiries))
	}
	at, _ := time.Parse(time.RFC3339Nano, expiries[0].At)
	if late := at.Sub(deadline); late < 0 || late > time.Second {
		t.Fatalf("expired %v after the deadline, want within 1s", late)
	}
	// B's claim rounds after this one must not fire it again: a witness
	// timer, armed through B, expired by B, shows they ran.
	witnessExpiry(t, b, check.Queries())
	// B counts a claim once its transaction has committed.
	claimed := b.server.Service().Counters().TimersClaimed.Load
	waitFor(t, 5*time.Second, "B to count its claim of the witness", func() bool { return claimed() >= 2 })
	if got, want := claimed(), int64(2); got != want {
		t.Fatalf("B claimed %d expiries (the timer and the witness), want %d", got, want)
	}
	n := 0
	for _, m := range pgLog(t, check.Queries(), id) {
		if m.Type == kit.TimerExpiredMove {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d expiries logged a second later, want 1", n)
	}
	t.Logf("timer armed on A expired once on B, %v after its deadline", at.Sub(deadline).Round(time.Millisecond))
}

// witnessExpiry arms a witness, a Space Cadets Step 3A timer of one second
// on a new table through m, and waits until an instance has logged its
// expiry. A claim round expires the due running timers most overdue first
// (db.PGStore.ExpireDue), so by then every claim round that could expire a
// timer due before the witness has run.
func witnessExpiry(t *testing.T, m endpoint, q db.Querier) {
	t.Helper()
	id, host, tokens := seatedTable(t, "spacecadets", map[string]any{"step3a_seconds": 1}, 3, m)
	deadline := startStep3A(t, m, id, host, tokens)
	waitFor(t, time.Until(deadline)+10*time.Second, "the witness timer's expiry", func() bool {
		for _, mv := range pgLog(t, q, id) {
			if mv.Type == kit.TimerExpiredMove {
				return true
			}
		}
		return false
	})
}

// startStep3A plays the Captain's steps (as TestTimerSurvivesKill does)
// until the host may start the Step 3A timer, starts it and returns its
// deadline.
func startStep3A(t *testing.T, m endpoint, id, host string, tokens []string) time.Time {
	t.Helper()
	url := m.base() + "/api/tables/" + id
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; ; i++ {
		if i > 300 {
			t.Fatal("never offered start_timer step3a")
		}
		offered := false
		for _, mv := range getView(t, m, id, host).View.Moves {
			if mv.Type == "start_timer" {
				for _, c := range mv.Args[0].Choices {
					offered = offered || c.Value == "step3a"
				}
			}
		}
		if offered {
			break
		}
		var pick []kit.MoveSpec
		moves := getView(t, m, id, tokens[0]).View.Moves
		for _, pref := range []string{"finish_starting", "next_step", "keep_starting", "unkeep_starting"} {
			for _, mv := range moves {
				if mv.Type == pref {
					pick = append(pick, mv)
				}
			}
			if len(pick) > 0 {
				break
			}
		}
		if len(pick) == 0 {
			t.Fatal("stuck before the step3a timer")
		}
		mv := kit.RandomMove(pick[r.IntN(len(pick))], r)
		if st, body := httpDo(t, "POST", url+"/moves", tokens[0], map[string]any{"type": mv.Type, "args": json.RawMessage(mv.Args)}); st != 200 {
			t.Fatalf("%s = %d %s", mv.Type, st, body)
		}
	}
	if st, body := httpDo(t, "POST", url+"/moves", host, map[string]any{"type": "start_timer", "args": map[string]any{"name": "step3a"}}); st != 200 {
		t.Fatalf("start_timer = %d %s", st, body)
	}
	for _, tm := range getView(t, m, id, host).View.Timers {
		if tm.Name == "step3a" && tm.Running {
			return tm.Deadline
		}
	}
	t.Fatal("no running step3a timer after start_timer")
	return time.Time{}
}
