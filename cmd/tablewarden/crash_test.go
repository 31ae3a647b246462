package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tablewarden/cmd/tablewarden-load/loadgen"
	"tablewarden/db"
	"tablewarden/db/sqlite"
	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	"tablewarden/table"
)

// The crash loop builds the real binary, runs it on a temporary database
// under load from the load tool (loadgen), kills it with SIGKILL at random
// moments and restarts it. After every restart it checks, in one read
// transaction over the database file:
//
//   - every move the load tool got a 2xx for is stored with its table,
//     seq and idempotency key (and every repeated answer for a key agrees);
//   - no move is applied twice: each table's log is seq 1..n without gap
//     or repeat, versions only grow, and no key appears twice;
//   - PRAGMA integrity_check is ok;
//   - replaying every table's log (table.Replay) reproduces its stored
//     snapshot byte for byte, and the snapshot is of the last log entry.
//
// TestTimerSurvivesKill checks the timers: a running Space Cadets timer
// keeps its deadline across a SIGKILL and its expiry is logged once, after
// the deadline.
//
// Kills: 10 by default; TW_CRASH_KILLS=50 (or -crash-kills 50) for CI's
// long run; -short: 3.

var crashKills = flag.Int("crash-kills", 0, "SIGKILLs in TestCrashLoop (default 10, or TW_CRASH_KILLS)")

func killCount() int {
	if *crashKills > 0 {
		return *crashKills
	}
	if n, err := strconv.Atoi(os.Getenv("TW_CRASH_KILLS")); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return 3
	}
	return 10
}

// buildBinary builds ./cmd/tablewarden, once for all the tests of the
// run, into a temporary folder (wait_test.go).
func buildBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "tablewarden-bin-")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "tablewarden")
		// The go command on PATH; GOTOOLCHAIN in the environment picks the
		// same toolchain as the test's.
		gobin, err := exec.LookPath("go")
		if err != nil {
			binErr = fmt.Errorf("go command: %w", err)
			return
		}
		if out, err := exec.Command(gobin, "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// serverProc is the binary running on a fixed address and database.
type serverProc struct {
	t    *testing.T
	bin  string
	addr string
	db   string
	cmd  *exec.Cmd
	logs *bytes.Buffer
	mu   sync.Mutex
	// exited is closed when cmd has exited and its output is copied.
	exited chan struct{}
}

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func (p *serverProc) url() string { return "http://" + p.addr }

func (p *serverProc) start() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.logs = &bytes.Buffer{}
	deadline := time.Now().Add(10 * time.Second)
	for {
		cmd := exec.Command(p.bin, "-addr", p.addr, "-db", p.db, "-public-url", p.url(), "-joins-per-minute", "0", "-log-level", "warn")
		// The server prints this line once its database is open, its
		// timers resumed and its listener bound (Main.Run).
		up := newLineWatch("tablewarden is listening on ")
		cmd.Stdout, cmd.Stderr = up, p.logs
		if err := cmd.Start(); err != nil {
			p.t.Fatalf("start: %v", err)
		}
		exited := make(chan struct{})
		go func() {
			cmd.Wait()
			close(exited)
		}()
		select {
		case <-up.seen:
			if waitHealthy(p.url(), 5*time.Second) {
				p.cmd, p.exited = cmd, exited
				return
			}
		case <-exited: // it could not start (its address still taken, say): again
		case <-time.After(5 * time.Second):
		}
		cmd.Process.Kill()
		<-exited
		if time.Now().After(deadline) {
			p.t.Fatalf("the server did not come up: %s", p.logs)
		}
	}
}

func (p *serverProc) kill() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd == nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.exited
	p.cmd = nil
}

// waitHealthy reports whether url's /healthz answers 200 within the given
// time.
func waitHealthy(url string, within time.Duration) bool {
	return eventually(within, func() bool {
		res, err := http.Get(url + "/healthz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == 200
	})
}

// ackLog keeps every acknowledgement the load tool got.
type ackLog struct {
	mu   sync.Mutex
	acks []loadgen.Ack
	// fresh signals each new ack, so that a kill can land right after
	// one (where an ack sent before its commit would be caught).
	fresh chan struct{}
}

func (a *ackLog) add(x loadgen.Ack) {
	a.mu.Lock()
	a.acks = append(a.acks, x)
	a.mu.Unlock()
	select {
	case a.fresh <- struct{}{}:
	default:
	}
}
func (a *ackLog) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.acks)
}

// await returns once n more acks than now have arrived; with atOne, the
// instant one arrives (the kill that follows lands right after an ack),
// otherwise when a poll sees them (a moment unrelated to any one answer).
func (a *ackLog) await(t *testing.T, n int, atOne bool) {
	t.Helper()
	want := a.count() + n
	what := fmt.Sprintf("%d more acknowledged moves (at %d)", n, want-n)
	if !atOne {
		waitFor(t, 30*time.Second, what, func() bool { return a.count() >= want })
		return
	}
	select { // an older signal
	case <-a.fresh:
	default:
	}
	timeout := time.After(30 * time.Second)
	for a.count() < want {
		select {
		case <-a.fresh:
		case <-timeout:
			t.Fatalf("waited 30s for %s: %d arrived", what, a.count()-want+n)
		}
	}
}

func (a *ackLog) snapshot() []loadgen.Ack {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]loadgen.Ack(nil), a.acks...)
}

// checkDatabase checks the stored tables against the acks received so
// far. It returns the number of stored moves.
func checkDatabase(t *testing.T, path string, acks []loadgen.Ack) int {
	t.Helper()
	ctx := context.Background()
	conn, err := sql.Open("sqlite", sqlite.DSN(path, true))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var ok string
	if err := conn.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("integrity_check = %q, %v", ok, err)
	}
	tx, err := conn.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	// One consistent snapshot of the file: every ack taken before this
	// point was answered after its commit, so it must be visible here.
	return checkTables(t, sqlite.Port(sqlite.New(tx)), acks)
}

// checkTables checks the tables read through q against the acks.
func checkTables(t *testing.T, q db.Source, acks []loadgen.Ack) int {
	t.Helper()
	ctx := context.Background()
	ids, err := q.ListTableIDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	type stored struct {
		seq int64
		key string
	}
	byKey := map[string]stored{}
	total := 0
	for _, id := range ids {
		row, err := q.GetTable(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		moves, err := q.ListMoves(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		total += len(moves)
		var lastVersion int64
		for i, m := range moves {
			if m.Seq != int64(i+1) {
				t.Fatalf("table %s: log entry %d has seq %d: a gap or a move applied twice", id, i, m.Seq)
			}
			if m.Version <= lastVersion {
				t.Fatalf("table %s: version %d after %d at seq %d", id, m.Version, lastVersion, m.Seq)
			}
			lastVersion = m.Version
			if m.IdempotencyKey.Valid {
				k := id + "/" + m.IdempotencyKey.String
				if _, dup := byKey[k]; dup {
					t.Fatalf("table %s: idempotency key %s applied twice", id, m.IdempotencyKey.String)
				}
				byKey[k] = stored{m.Seq, m.IdempotencyKey.String}
			}
		}
		if row.Status == "lobby" {
			continue
		}
		snap, err := q.GetSnapshot(ctx, id)
		if err != nil {
			t.Fatalf("table %s: snapshot: %v", id, err)
		}
		// The snapshot is the state after its own entry, stored every few
		// moves (table/snapshots.go): the log up to it must replay to it,
		// and the whole log must replay.
		if snap.Seq > int64(len(moves)) {
			t.Fatalf("table %s: snapshot of seq %d, log has %d entries: half written", id, snap.Seq, len(moves))
		}
		seats, err := q.ListSeats(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := catalog.Get(row.Game)
		if _, err := table.Replay(g, row, seats, moves); err != nil {
			t.Fatalf("table %s: replay: %v", id, err)
		}
		st, err := table.Replay(g, row, seats, moves[:snap.Seq])
		if err != nil {
			t.Fatalf("table %s: replay to the snapshot: %v", id, err)
		}
		enc, _ := json.Marshal(st)
		if string(enc) != snap.State {
			t.Fatalf("table %s: replay of %d entries differs from the stored snapshot", id, snap.Seq)
		}
	}
	answered := map[string]int64{}
	for _, a := range acks {
		k := a.TableID + "/" + a.Key
		s, ok := byKey[k]
		if !ok || s.seq != a.Seq {
			t.Fatalf("acknowledged move lost: table %s seq %d key %s (%s) is not stored (found %+v, %v)", a.TableID, a.Seq, a.Key, a.Type, s, ok)
		}
		if prev, ok := answered[k]; ok && prev != a.Seq {
			t.Fatalf("key %s answered with seq %d and later %d", k, prev, a.Seq)
		}
		answered[k] = a.Seq
	}
	return total
}

// TestCrashLoop kills the server under load and checks that nothing
// acknowledged is lost and nothing is half written.
func TestCrashLoop(t *testing.T) {
	t.Parallel() // its own binary, port and file
	heavyLoad(t)
	kills := killCount()
	dir := t.TempDir()
	p := &serverProc{t: t, bin: buildBinary(t), addr: freeAddr(t), db: filepath.Join(dir, "tw.db")}
	p.start()
	defer p.kill()
	acks := &ackLog{fresh: make(chan struct{}, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, game := range []string{"jumpship", "captainisdead"} {
		wg.Add(1)
		go func(game string) {
			defer wg.Done()
			seats := 5
			if game != "jumpship" {
				seats = 3
			}
			_, err := loadgen.Run(ctx, loadgen.Config{BaseURL: p.url(), Game: game, Tables: 3, Seats: seats, Rate: 300,
				Duration: time.Hour, OnAck: acks.add})
			if err != nil {
				t.Errorf("loadgen %s: %v", game, err)
			}
		}(game)
	}
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 8))
	checked, stored := 0, 0
	start := time.Now()
	for k := 1; k <= kills; k++ {
		// Let a random number of moves through, then kill at a random
		// moment; every other kill lands the instant an ack has arrived.
		acks.await(t, 80+r.IntN(240), k%2 == 0)
		before := len(acks.snapshot())
		p.kill()
		p.start()
		got := acks.snapshot()
		stored = checkDatabase(t, p.db, got)
		checked = len(got)
		t.Logf("kill %d/%d: %d acks before the kill, %d checked, %d moves stored", k, kills, before, checked, stored)
	}
	cancel()
	wg.Wait()
	p.kill()
	p.start()
	got := acks.snapshot()
	stored = checkDatabase(t, p.db, got)
	if len(got) == 0 {
		t.Fatal("the load tool got no move acknowledged: the crash loop checked nothing")
	}
	t.Logf("crash loop: %d SIGKILLs survived in %v; %d acknowledged moves checked present, %d moves stored, every table replayed", kills, time.Since(start).Round(time.Second), len(got), stored)
}

// httpDo makes a JSON request to the binary.
func httpDo(t *testing.T, method, url, token string, body any) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

// TestTimerSurvivesKill starts a Space Cadets Step 3A timer through the
// host's start_timer move, kills the server with SIGKILL, restarts it and
// checks the timer's deadline is unchanged; after the deadline the expiry
// is logged exactly once (by the server, not before the deadline), also
// across another kill.
func TestTimerSurvivesKill(t *testing.T) {
	t.Parallel()  // its own binary, port and file
	judgesTime(t) // the restart must come before the 3 s deadline
	dir := t.TempDir()
	p := &serverProc{t: t, bin: buildBinary(t), addr: freeAddr(t), db: filepath.Join(dir, "tw.db")}
	p.start()
	defer p.kill()
	base := p.url()
	var cr table.CreateTableResult
	st, body := httpDo(t, "POST", base+"/api/tables", "", map[string]any{"game": "spacecadets", "options": map[string]any{"step3a_seconds": 3}})
	if st != 201 || json.Unmarshal(body, &cr) != nil {
		t.Fatalf("create = %d %s", st, body)
	}
	var tokens []string
	for _, name := range []string{"Ann", "Bob", "Cid"} {
		var jr table.JoinResult
		st, body := httpDo(t, "POST", base+"/api/join", "", map[string]any{"code": cr.JoinCode, "name": name})
		if st != 201 || json.Unmarshal(body, &jr) != nil {
			t.Fatalf("join = %d %s", st, body)
		}
		tokens = append(tokens, jr.Token)
	}
	tableURL := base + "/api/tables/" + cr.TableID
	if st, body := httpDo(t, "POST", tableURL+"/start", cr.HostToken, nil); st != 200 {
		t.Fatalf("start = %d %s", st, body)
	}
	view := func(tok string) table.ViewResponse {
		var v table.ViewResponse
		st, body := httpDo(t, "GET", tableURL+"/view", tok, nil)
		if st != 200 || json.Unmarshal(body, &v) != nil {
			t.Fatalf("view = %d %s", st, body)
		}
		return v
	}
	// Play the Captain's steps until the host may start the Step 3A timer.
	// The starting equipment is a small subset-sum (keep exactly the best
	// reachable Science points): cards are kept at random, and a kept card
	// is put back when nothing fits and the total is not the one asked.
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; ; i++ {
		if i > 300 {
			t.Fatal("never offered start_timer step3a")
		}
		offered := false
		for _, m := range view(cr.HostToken).View.Moves {
			if m.Type == "start_timer" {
				for _, c := range m.Args[0].Choices {
					offered = offered || c.Value == "step3a"
				}
			}
		}
		if offered {
			break
		}
		var pick []kit.MoveSpec
		moves := view(tokens[0]).View.Moves
		for _, pref := range []string{"finish_starting", "next_step", "keep_starting", "unkeep_starting"} {
			for _, m := range moves {
				if m.Type == pref {
					pick = append(pick, m)
				}
			}
			if len(pick) > 0 {
				break
			}
		}
		if len(pick) == 0 {
			t.Fatal("stuck before the step3a timer")
		}
		m := kit.RandomMove(pick[r.IntN(len(pick))], r)
		if st, body := httpDo(t, "POST", tableURL+"/moves", tokens[0], map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}); st != 200 {
			t.Fatalf("%s = %d %s", m.Type, st, body)
		}
	}
	if st, body := httpDo(t, "POST", tableURL+"/moves", cr.HostToken, map[string]any{"type": "start_timer", "args": map[string]any{"name": "step3a"}}); st != 200 {
		t.Fatalf("start_timer = %d %s", st, body)
	}
	timer := func() kit.Timer {
		for _, tm := range view(cr.HostToken).View.Timers {
			if tm.Name == "step3a" {
				return tm
			}
		}
		t.Fatal("no step3a timer in the view")
		return kit.Timer{}
	}
	before := timer()
	if !before.Running {
		t.Fatalf("timer not running: %+v", before)
	}
	p.kill()
	p.start()
	after := timer()
	if !after.Running || !after.Deadline.Equal(before.Deadline) || after.Generation != before.Generation {
		t.Fatalf("timer after SIGKILL = %+v, want the same running timer %+v", after, before)
	}
	remaining := time.Until(after.Deadline)
	t.Logf("timer deadline unchanged across SIGKILL; %v remaining after the restart", remaining.Round(time.Millisecond))
	expiries := func() []string {
		conn, err := sql.Open("sqlite", sqlite.DSN(p.db, true))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		rows, err := conn.Query("SELECT at, actor FROM moves WHERE table_id = ? AND type = ?", cr.TableID, kit.TimerExpiredMove)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var at, actor string
			rows.Scan(&at, &actor)
			out = append(out, at+" "+actor)
		}
		return out
	}
	// runningTimers lists the table's timers stored as running.
	runningTimers := func() []string {
		conn, err := sql.Open("sqlite", sqlite.DSN(p.db, true))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		rows, err := conn.Query("SELECT name FROM timers WHERE table_id = ? AND running = 1", cr.TableID)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var name string
			rows.Scan(&name)
			out = append(out, name)
		}
		return out
	}
	if n := len(expiries()); n != 0 {
		t.Fatalf("%d expiries logged before the deadline", n)
	}
	// The expiry is awaited (time is the subject here, but the binary has no
	// injected clock: the server's timer runs its 3 seconds).
	var got []string
	waitFor(t, time.Until(after.Deadline)+10*time.Second, "the timer's expiry in the log", func() bool {
		got = expiries()
		return len(got) > 0
	})
	if len(got) != 1 {
		t.Fatalf("expiries logged = %v, want exactly one", got)
	}
	at, _ := time.Parse(time.RFC3339Nano, strings.Fields(got[0])[0])
	if at.Before(before.Deadline) || !strings.Contains(got[0], `"system":true`) {
		t.Fatalf("expiry %s is before the deadline %v or not by the server", got[0], before.Deadline)
	}
	if late := at.Sub(before.Deadline); late > 1500*time.Millisecond {
		t.Fatalf("expiry %s is %v after the deadline %v, want within 1.5s", got[0], late, before.Deadline)
	}
	p.kill()
	p.start()
	// The restarted server resumed its stored running timers before it
	// listened (api.New): a timer stored as running would be armed again
	// and, past its deadline, fire at once. The expiry stopped it in the
	// same transaction, so none is armed, and the log keeps one expiry.
	if running := runningTimers(); len(running) != 0 {
		t.Fatalf("after the expiry and another SIGKILL, timers stored as running: %v", running)
	}
	if got := expiries(); len(got) != 1 {
		t.Fatalf("after another SIGKILL, expiries logged = %v, want still one", got)
	}
	checkDatabase(t, p.db, nil)
	t.Logf("expiry logged once at %v (deadline %v)", at.Format(time.RFC3339Nano), before.Deadline.Format(time.RFC3339Nano))
}
