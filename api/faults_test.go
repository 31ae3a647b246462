package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"tablewarden/api/apitest"
	"tablewarden/db/postgres"
	"tablewarden/db/sqlite"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// legalMove returns an offered move of the table and the token to post it
// with.
func legalMove(ts *testServer, t testing.TB, tb *table, r *rand.Rand) (string, kit.Move) {
	t.Helper()
	offers, _ := offers(ts, tb)
	if len(offers) == 0 {
		t.Fatal("no move offered")
	}
	o := offers[r.IntN(len(offers))]
	return o.token, kit.RandomMove(o.spec, r)
}

// storageFault checks the table while storage refuses writes: a move gets
// a clear 503 and changes nothing; reads keep working; the stored log,
// snapshot and integrity stay whole. It returns the refused move.
func storageFault(t *testing.T, ts *testServer, tb *table, r *rand.Rand, key string) (string, kit.Move) {
	t.Helper()
	before := facts(ts, tb)
	tok, m := legalMove(ts, t, tb, r)
	for i := 0; i < 3; i++ {
		st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tok, map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "idempotency_key": key})
		if st != 503 || !strings.Contains(string(body), `"error":"unavailable"`) || !strings.Contains(string(body), "not recorded") {
			t.Fatalf("move while storage refuses writes = %d %s, want a clear 503", st, body)
		}
	}
	// Reads keep working, and nothing changed.
	sameFacts(t, "a refused write", before, facts(ts, tb))
	if st, body := ts.Call("GET", "/healthz", "", nil); st != 200 {
		t.Fatalf("healthz while storage refuses writes = %d %s", st, body)
	}
	var log []tablepkg.LogEntry
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil, &log)
	if err := ts.Store.IntegrityCheck(context.Background()); err != nil {
		t.Fatalf("integrity during the fault: %v", err)
	}
	return tok, m
}

// recovered checks that the service takes writes again by itself (no
// restart): the refused move, retried with its key, is applied once.
func recovered(t *testing.T, ts *testServer, tb *table, tok string, m kit.Move, key string) {
	t.Helper()
	var res tablepkg.MoveResult
	// The phone retries while the server answers 503.
	var st int
	var body []byte
	apitest.Eventually(10*time.Second, func() bool {
		st, body = ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tok, map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "idempotency_key": key})
		if st != 200 && st != 503 {
			t.Fatalf("after the fault, the move = %d %s, want 503 then 200", st, body)
		}
		return st == 200
	})
	if st != 200 {
		t.Fatalf("after the fault, the move = %d %s, want 200 within 10 s", st, body)
	}
	json.Unmarshal(body, &res)
	if res.Duplicate {
		t.Fatalf("the move refused with 503 was recorded after all: %+v", res)
	}
	moves, err := ts.Engine.Queries().ListMoves(context.Background(), tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, mv := range moves {
		if mv.IdempotencyKey.String == key {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("the retried move is in the log %d times, want once", n)
	}
	if err := ts.Store.IntegrityCheck(context.Background()); err != nil {
		t.Fatal(err)
	}
	checkReplay(t, ts)
}

// TestDiskFull runs the server on a small tmpfs, fills it, and checks that
// moves get a clear 503 while reads keep working, that nothing is half
// written, and that the service takes moves again by itself once space
// returns. It needs root (mount); without it, it says so and skips.
func TestDiskFull(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v: %s); run as root to test a full disk", err, out)
	}
	ts := startServer(t, filepath.Join(dir, "tw.db"))
	t.Cleanup(func() { ts.Stop(); exec.Command("umount", "-l", dir).Run() })
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	r := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 10; i++ {
		playRandom(t, ts, tb, r)
	}
	// Empty the WAL so that the next commit must grow a file, then fill
	// the disk.
	if _, err := ts.Store.ReadDB().ExecContext(context.Background(), "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		t.Logf("checkpoint: %v", err)
	}
	fill := filepath.Join(dir, "filler")
	f, err := os.Create(fill)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64<<10)
	for {
		if _, err := f.Write(buf); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("fill: %v", err)
			}
			break
		}
	}
	for _, n := range []int{4096, 512, 1} { // the last crumbs
		for {
			if _, err := f.Write(buf[:n]); err != nil {
				break
			}
		}
	}
	f.Close()
	tok, m := storageFault(t, ts, tb, r, "full-1")
	os.Remove(fill)
	recovered(t, ts, tb, tok, m, "full-1")
	playRandom(t, ts, tb, r)
}

// TestReadOnlyDatabaseFile makes the database and its WAL immutable while
// the server runs (chattr +i, which refuses writes even on open files) and
// checks the same: a clear 503 for moves, reads working, nothing half
// written, and moves again once the files are writable.
func TestReadOnlyDatabaseFile(t *testing.T) {
	t.Parallel()
	sqliteOnly(t, "makes the SQLite file immutable")
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	r := rand.New(rand.NewPCG(2, 2))
	for i := 0; i < 10; i++ {
		playRandom(t, ts, tb, r)
	}
	files := []string{ts.Path, ts.Path + "-wal"}
	if out, err := exec.Command("chattr", append([]string{"+i"}, files...)...).CombinedOutput(); err != nil {
		t.Skipf("cannot make the database immutable here (chattr +i: %v: %s); run as root on ext4", err, out)
	}
	defer exec.Command("chattr", append([]string{"-i"}, files...)...).Run()
	tok, m := storageFault(t, ts, tb, r, "ro-1")
	if out, err := exec.Command("chattr", append([]string{"-i"}, files...)...).CombinedOutput(); err != nil {
		t.Fatalf("chattr -i: %v %s", err, out)
	}
	recovered(t, ts, tb, tok, m, "ro-1")
}

// TestRetryAfterClientTimeout stalls the store's committer so that a
// phone's POST times out on the phone's side while the server still
// still holds it; the phone's retry with the same idempotency key, while
// the first is still in flight and again afterwards, gets one and the same
// result, and the move is in the log exactly once.
func TestRetryAfterClientTimeout(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	r := rand.New(rand.NewPCG(3, 3))
	tok, m := legalMove(ts, t, tb, r)
	release := make(chan struct{})
	stalled := make(chan struct{})
	if ps := ts.Engine.Postgres; ps != nil {
		// PostgreSQL: hold the table's row lock, which every move takes.
		go ps.WriteTable(context.Background(), tb.ID, func(*postgres.Queries, int64) error { close(stalled); <-release; return nil })
	} else {
		go ts.Store.Write(context.Background(), func(q *sqlite.Queries) error { close(stalled); <-release; return nil })
	}
	<-stalled
	body, _ := json.Marshal(map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "idempotency_key": "phone-1"})
	post := func(timeout time.Duration) (int, tablepkg.MoveResult, error) {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/tables/"+tb.ID+"/moves", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := ts.Client.Do(req)
		if err != nil {
			return 0, tablepkg.MoveResult{}, err
		}
		defer res.Body.Close()
		var mr tablepkg.MoveResult
		json.NewDecoder(res.Body).Decode(&mr)
		return res.StatusCode, mr, nil
	}
	if _, _, err := post(300 * time.Millisecond); err == nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("first POST = %v, want a client-side timeout while the commit is stalled", err)
	}
	// A retry while the first is still waiting for its commit.
	type answer struct {
		st  int
		res tablepkg.MoveResult
		err error
	}
	inflight := make(chan answer, 1)
	go func() { st, res, err := post(10 * time.Second); inflight <- answer{st, res, err} }()
	// Nothing tells that the retry has reached the server and waits on the
	// stalled commit (the commit is held, so no event can come): give it
	// 200 ms on loopback before releasing.
	time.Sleep(200 * time.Millisecond)
	close(release)
	a := <-inflight
	if a.err != nil || a.st != 200 {
		t.Fatalf("retry during the stalled commit = %d %+v %v, want 200", a.st, a.res, a.err)
	}
	// Either the timed-out POST committed (the retry is its duplicate) or
	// the server dropped it with the phone's cancelled request (the retry
	// applied it): exactly once either way, and every answer the same.
	t.Logf("the timed-out POST was committed by the server: %v (retry answered %+v)", a.res.Duplicate, a.res)
	st, later, err := post(5 * time.Second)
	if err != nil || st != 200 || !later.Duplicate || later.Seq != a.res.Seq || later.Version != a.res.Version {
		t.Fatalf("retry after the commit = %d %+v %v, want the first result %+v", st, later, err, a.res)
	}
	moves, _ := ts.Engine.Queries().ListMoves(context.Background(), tb.ID)
	n := 0
	for _, mv := range moves {
		if mv.IdempotencyKey.String == "phone-1" {
			n++
			if mv.Seq != a.res.Seq {
				t.Fatalf("stored seq %d, answered %d", mv.Seq, a.res.Seq)
			}
		}
	}
	if n != 1 {
		t.Fatalf("the timed-out move is in the log %d times, want once", n)
	}
	checkReplay(t, ts)
}

// settledGoroutines waits for the goroutine count to fall to at most want
// and returns the last count.
func settledGoroutines(want int, within time.Duration) int {
	n := 0
	apitest.Eventually(within, func() bool {
		runtime.GC()
		n = runtime.NumGoroutine()
		return n <= want
	})
	return n
}

func heapAlloc() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestSSEChurn opens and drops 10,000 SSE streams (1,000 with -short):
// every stream a phone abandons must be cleaned up, so the goroutine count
// and the heap return to where they were and the hub holds no stream.
func TestSSEChurn(t *testing.T) {
	cycles := 10000
	if testing.Short() {
		cycles = 1000
	}
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	client := &http.Client{Transport: tr}
	cycle := func(i int) error {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		tok := tb.Tokens[i%len(tb.Tokens)]
		req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/tables/"+tb.ID+"/stream", nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := client.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		br := bufio.NewReader(res.Body)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return err
			}
			if strings.HasPrefix(line, "data: ") {
				return nil // got the first view; now vanish
			}
		}
	}
	for i := 0; i < 50; i++ { // warm up pools
		if err := cycle(i); err != nil {
			t.Fatal(err)
		}
	}
	tr.CloseIdleConnections()
	g0 := settledGoroutines(0, 500*time.Millisecond)
	h0 := heapAlloc()
	start := time.Now()
	var wg sync.WaitGroup
	var failed atomic.Int64
	var next atomic.Int64
	r := rand.New(rand.NewPCG(4, 4))
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1))
				if i > cycles {
					return
				}
				if err := cycle(i); err != nil {
					failed.Add(1)
				}
			}
		}()
	}
	// Moves keep coming while phones churn.
	done := make(chan struct{})
	go func() {
		defer close(done)
		for k := 0; k < 20; k++ {
			v := ts.View(tb, "")
			if v.View.Outcome != nil {
				return
			}
			playRandom(t, ts, tb, r)
		}
	}()
	wg.Wait()
	<-done
	elapsed := time.Since(start)
	tr.CloseIdleConnections()
	g1 := settledGoroutines(g0+2, 10*time.Second)
	h1 := heapAlloc()
	var health struct {
		SSEOpen int `json:"sse_open"`
	}
	ts.Must(200, "GET", "/healthz", "", nil, &health)
	t.Logf("%d SSE connect/drop cycles in %v: goroutines %d before, %d after; heap %.1f MB before, %.1f MB after; hub streams open after: %d; failed cycles %d",
		cycles, elapsed.Round(time.Millisecond), g0, g1, float64(h0)/1e6, float64(h1)/1e6, health.SSEOpen, failed.Load())
	if failed.Load() > 0 {
		t.Fatalf("%d cycles failed", failed.Load())
	}
	if g1 > g0+2 {
		buf := make([]byte, 1<<20)
		n := runtime.Stack(buf, true)
		t.Fatalf("goroutines %d → %d after %d abandoned streams: a leak\n%s", g0, g1, cycles, buf[:min(n, 6000)])
	}
	if health.SSEOpen != 0 {
		t.Fatalf("hub still holds %d streams", health.SSEOpen)
	}
	if h1 > h0+16<<20 {
		t.Fatalf("heap grew from %d to %d bytes over %d cycles", h0, h1, cycles)
	}
}

// TestSlowClientDoesNotStall opens a stream that never reads (its socket
// buffers fill up) next to the table's other phones, plays moves, and
// measures how long the other phones take to see each new version: a stuck
// phone must not hold the table or the others.
func TestSlowClientDoesNotStall(t *testing.T) {
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 8)
	ts.Start(tb)
	// The stuck phone: sends its request and never reads a byte.
	d := net.Dialer{Control: func(network, address string, c syscall.RawConn) error {
		c.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 2048) })
		return nil
	}}
	stuck, err := d.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer stuck.Close()
	fmt.Fprintf(stuck, "GET /api/tables/%s/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n", tb.ID, tb.Tokens[0])
	others := make([]*stream, 0, 7)
	for _, tok := range tb.Tokens[1:] {
		others = append(others, ts.OpenStream(tb.ID, tok, ""))
	}
	r := rand.New(rand.NewPCG(5, 5))
	var lat []time.Duration
	var moveLat []time.Duration
	for k := 0; k < 120; k++ {
		v := ts.View(tb, "")
		if v.View.Outcome != nil {
			break
		}
		t0 := time.Now()
		playRandom(t, ts, tb, r)
		moveLat = append(moveLat, time.Since(t0))
		want := ts.View(tb, "").Version
		for _, s := range others {
			s.WaitVersion(t, want, 2*time.Second)
		}
		lat = append(lat, time.Since(t0))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	sort.Slice(moveLat, func(i, j int) bool { return moveLat[i] < moveLat[j] })
	p := func(xs []time.Duration, q float64) time.Duration {
		return xs[int(q*float64(len(xs)-1))].Round(10 * time.Microsecond)
	}
	t.Logf("with one phone stuck, %d moves: other 7 phones saw each move after p50 %v, p99 %v, max %v (move request incl. views p50 %v, max %v)",
		len(lat), p(lat, 0.5), p(lat, 0.99), lat[len(lat)-1], p(moveLat, 0.5), moveLat[len(moveLat)-1])
	if lat[len(lat)-1] > time.Second {
		t.Fatalf("a stuck phone stalled the others: worst update latency %v", lat[len(lat)-1])
	}
}
