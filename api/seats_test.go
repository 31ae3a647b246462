package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tablewarden/api"
	"tablewarden/api/apitest"
	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// The tests of this file are the eight reproductions, over the real
// server and a real SQLite file. They decode the fields the issue adds
// (unattended, handover) into local types, so that they build and fail on
// the code from before the seat model.

// Case 1: a lobby removal, then start, must leave every open stream with
// its own player's view; a later mid-game removal revokes the removed
// player's stream and no other.
func TestSeatsCase1LobbyRemovalThenStart(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 7)
	streams := make([]*stream, len(tb.Tokens))
	for i, tok := range tb.Tokens {
		streams[i] = ts.OpenStream(tb.ID, tok, "")
	}
	ts.Must(204, "DELETE", "/api/tables/"+tb.ID+"/seats/1", tb.Host, nil, nil)
	ts.Start(tb)
	version := ts.View(tb, "").Version
	for i, tok := range tb.Tokens {
		if i == 1 {
			continue
		}
		got := streams[i].WaitVersion(t, version, 3*time.Second)
		if got.Me.Name != playerName(i) {
			t.Fatalf("case 1: %s's open stream shows me=%q (seat %d) after the lobby removal and start", playerName(i), got.Me.Name, got.Me.Seat)
		}
		_, own := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tok, nil)
		if a, b := bioOf(t, []byte(mustJSON(got))), bioOf(t, own); a != b {
			t.Fatalf("case 1: %s's open stream shows bio_id %q, its own view %q", playerName(i), a, b)
		}
	}
	// Eve (joined 5th) is seat 3 once Bob's seat is gone.
	eve := 4
	var seat int
	for _, st := range ts.View(tb, "").Seats {
		if st.Name == playerName(eve) {
			seat = st.Seat
		}
	}
	ts.Must(204, "DELETE", fmt.Sprintf("/api/tables/%s/seats/%d", tb.ID, seat), tb.Host, nil, nil)
	streams[eve].WaitEvent(t, "revoked", 3*time.Second)
	// No other stream is revoked: a non-event, watched for 300 ms.
	apitest.Stays(t, 300*time.Millisecond, "no other stream revoked", func() bool {
		for i, s := range streams {
			if i != 1 && i != eve && s.HasEvent("revoked") {
				return false
			}
		}
		return true
	})
	for i, s := range streams {
		if i == 1 || i == eve {
			continue
		}
		if s.HasEvent("revoked") {
			t.Fatalf("case 1: removing %s revoked %s's stream", playerName(eve), playerName(i))
		}
		if st, body := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[i], nil); st != 200 {
			t.Fatalf("case 1: removing %s revoked %s's token: %d %s", playerName(eve), playerName(i), st, body)
		}
	}
	if st, _ := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[eve], nil); st != 401 {
		t.Fatalf("case 1: the removed device's token still gives a view (%d)", st)
	}
}

// drawThenGive starts Jumpship tables of n players until the first seat's
// draw leaves it something to give, and gives it. It returns the table and
// the seat that moved.
func drawThenGive(t *testing.T, ts *testServer, n int) (*table, int) {
	t.Helper()
	for try := 0; try < 40; try++ {
		tb := ts.NewTable("jumpship", nil, n)
		ts.Start(tb)
		seat := ts.View(tb, "").View.Turn[0]
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": "draw"}, nil)
		for _, m := range ts.View(tb, tb.Tokens[seat]).View.Moves {
			if m.Type == "give" {
				mv := kit.RandomMove(m, rand.New(rand.NewPCG(7, 8)))
				ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": mv.Type, "args": json.RawMessage(mv.Args)}, nil)
				return tb, seat
			}
		}
	}
	t.Fatal("40 tables in a row left nothing to give after the first draw")
	return nil, 0
}

// Case 2: an undo after a mid-game removal replays with the seats as dealt.
func TestSeatsCase2UndoAfterRemovalKeepsTheDeal(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb, mover := drawThenGive(t, ts, 6)
	bios := map[int]string{}
	for i, tok := range tb.Tokens {
		_, raw := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tok, nil)
		bios[i] = bioOf(t, raw)
	}
	victim := 5
	if victim == mover {
		victim = 4
	}
	ts.Must(204, "DELETE", fmt.Sprintf("/api/tables/%s/seats/%d", tb.ID, victim), tb.Host, nil, nil)
	if st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/undo", tb.Host, nil); st != 200 {
		t.Fatalf("case 2: undo after a mid-game removal = %d %s, want 200", st, body)
	}
	if n := len(ts.View(tb, "").View.Seats); n != 6 {
		t.Fatalf("case 2: the board shows %d seats after the undo, want 6", n)
	}
	for i, tok := range tb.Tokens {
		if i == victim {
			continue
		}
		st, raw := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tok, nil)
		if st != 200 {
			t.Fatalf("case 2: %s lost its view after the undo: %d", playerName(i), st)
		}
		if got := bioOf(t, raw); got != bios[i] {
			t.Fatalf("case 2: the undo re-dealt %s's Bio ID: %q, was %q", playerName(i), got, bios[i])
		}
	}
	checkReplay(t, ts)
}

// unattendedView is the host view's list of seats without a device.
type unattendedView struct {
	Unattended []struct {
		Seat  int            `json:"seat"`
		Name  string         `json:"name"`
		Moves []kit.MoveSpec `json:"moves"`
	} `json:"unattended"`
}

// Case 3: removing the player whose turn it is must not freeze the game:
// the host may play that seat's moves until a new phone takes it.
func TestSeatsCase3RemovalDoesNotFreeze(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 6)
	ts.Start(tb)
	next := ts.View(tb, "").View.Turn[0]
	ts.Must(204, "DELETE", fmt.Sprintf("/api/tables/%s/seats/%d", tb.ID, next), tb.Host, nil, nil)
	var hv unattendedView
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/view", tb.Host, nil, &hv)
	var moves []kit.MoveSpec
	for _, u := range hv.Unattended {
		if u.Seat == next {
			moves = u.Moves
		}
	}
	if len(moves) == 0 {
		t.Fatalf("case 3: after removing seat %d (whose turn it is) the host is offered none of its moves: %+v", next, hv)
	}
	mv := kit.RandomMove(moves[0], rand.New(rand.NewPCG(1, 2)))
	if st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": mv.Type, "args": json.RawMessage(mv.Args), "as_seat": next}); st != 200 {
		t.Fatalf("case 3: the host playing seat %d's %s = %d %s", next, mv.Type, st, body)
	}
	_, log := ts.Call("GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil)
	if want := "played by the host for " + playerName(next); !strings.Contains(string(log), want) {
		t.Fatalf("case 3: the log does not say %q: %s", want, log)
	}
	// A seat still holding its device cannot be played by the host, even
	// with a move of the game that seat could make in its turn.
	other := (next + 1) % 6
	if got := ts.View(tb, tb.Tokens[other]).Me.Seat; got != other {
		t.Fatalf("case 3: seat %d's phone sees itself as seat %d", other, got)
	}
	st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": mv.Type, "args": json.RawMessage(mv.Args), "as_seat": other})
	if st != 409 || !strings.Contains(string(body), `"seat_attended"`) {
		t.Fatalf("case 3: the host playing an attended seat = %d %s, want 409 seat_attended", st, body)
	}
}

// Case 4: a device that keeps reopening its stream while the host removes
// it keeps no live stream.
func TestSeatsCase4NoStreamOutlivesRevocation(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	survivors := 0
	for try := 0; try < 10; try++ {
		tb := ts.NewTable("jumpship", nil, 5)
		ts.Start(tb)
		victim := 2
		var stop atomic.Bool
		var removed atomic.Bool
		var refusedAfter atomic.Int64 // refused reopenings once the seat is gone
		var mu sync.Mutex
		var open []chan struct{} // closed when the server ends the stream
		var wg sync.WaitGroup
		ctx, cancel := context.WithCancel(context.Background())
		for g := 0; g < 4; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for !stop.Load() {
					req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/tables/"+tb.ID+"/stream", nil)
					req.Header.Set("Authorization", "Bearer "+tb.Tokens[victim])
					res, err := ts.Client.Do(req)
					if err != nil {
						continue
					}
					if res.StatusCode != 200 {
						res.Body.Close()
						if removed.Load() {
							refusedAfter.Add(1)
						}
						continue
					}
					done := make(chan struct{})
					mu.Lock()
					open = append(open, done)
					mu.Unlock()
					go func() {
						var b [4096]byte
						for {
							if _, err := res.Body.Read(b[:]); err != nil {
								break
							}
						}
						res.Body.Close()
						close(done)
					}()
				}
			}()
		}
		// The device is streaming when the host removes its seat, and
		// keeps reopening until each of its four loops has been refused.
		apitest.WaitFor(t, 5*time.Second, "the device's first stream", func() bool { mu.Lock(); defer mu.Unlock(); return len(open) > 0 })
		ts.Must(204, "DELETE", fmt.Sprintf("/api/tables/%s/seats/%d", tb.ID, victim), tb.Host, nil, nil)
		removed.Store(true)
		apitest.WaitFor(t, 5*time.Second, "four refused reopenings", func() bool { return refusedAfter.Load() >= 4 })
		stop.Store(true)
		wg.Wait()
		aliveNow := func() int {
			mu.Lock()
			defer mu.Unlock()
			alive := 0
			for _, d := range open {
				select {
				case <-d:
				default:
					alive++
				}
			}
			return alive
		}
		// Every stream the server ended has been read to its end within
		// 1.5 s (the bound this case has always had).
		apitest.Eventually(1500*time.Millisecond, func() bool { return aliveNow() == 0 })
		alive := aliveNow()
		cancel()
		if alive > 0 {
			survivors++
			t.Logf("try %d: %d of %d streams survived the removal", try, alive, len(open))
		}
	}
	if survivors > 0 {
		t.Fatalf("case 4: a revoked device kept a live stream in %d of 10 tries", survivors)
	}
}

// Case 5: a seat cannot pre-empt the server's timer expiry with its key,
// before or after a restart, and a client key in the server's namespace is
// refused.
func TestSeatsCase5TimerKeyCannotBePreempted(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "7", "step3a_seconds": 2}, 3)
	ts.Start(tb)
	driveToTimer(t, ts, tb, "step3a")
	moves := "/api/tables/" + tb.ID + "/moves"
	ts.Must(200, "POST", moves, tb.Host, map[string]any{"type": "start_timer", "args": map[string]any{"name": "step3a"}}, nil)
	tm := timerOf(t, ts.View(tb, ""), "step3a")
	ts.Stop()
	ts = startServer(t, ts.Path)
	var sysStatus int
	var sysBody []byte
	for _, key := range []string{
		fmt.Sprintf("timer:%s:%d:%d", tm.Name, tm.Generation, tm.Deadline.UnixMilli()),
		fmt.Sprintf("sys:timer:%s:%d:%d", tm.Name, tm.Generation, tm.Deadline.UnixMilli()),
	} {
		st, body := ts.Call("POST", moves, tb.Tokens[0], map[string]any{"type": "roll", "args": map[string]any{"dice": 1}, "idempotency_key": key})
		if strings.HasPrefix(key, "sys:") {
			sysStatus, sysBody = st, body
		}
	}
	apitest.Eventually(time.Until(tm.Deadline)+5*time.Second, func() bool { return expiries(t, ts, tb) > 0 })
	if n := expiries(t, ts, tb); n != 1 {
		t.Fatalf("case 5: a seat's move with the expiry's key stopped the timer after a restart: expiries = %d, want 1", n)
	}
	if sysStatus != 400 {
		t.Fatalf("case 5: a client key in the server's namespace = %d %s, want 400", sysStatus, sysBody)
	}
}

// Case 6: one key names one move.
func TestSeatsCase6KeyNamesOneMove(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	seat := ts.View(tb, "").View.Turn[0]
	moves := "/api/tables/" + tb.ID + "/moves"
	var first tablepkg.MoveResult
	ts.Must(200, "POST", moves, tb.Tokens[seat], map[string]any{"type": "draw", "idempotency_key": "k1"}, &first)
	var again tablepkg.MoveResult
	ts.Must(200, "POST", moves, tb.Tokens[seat], map[string]any{"type": "draw", "idempotency_key": "k1"}, &again)
	if !again.Duplicate || again.Seq != first.Seq {
		t.Fatalf("case 6: the same key and move = %+v, want the first result %+v as a duplicate", again, first)
	}
	before := ts.View(tb, "").Version
	for _, body := range []map[string]any{
		{"type": "give", "args": map[string]any{"to": 0}, "idempotency_key": "k1"},
		{"type": "draw", "args": map[string]any{"x": 1}, "idempotency_key": "k1"},
	} {
		st, out := ts.Call("POST", moves, tb.Tokens[seat], body)
		if st != 409 || !strings.Contains(string(out), `"key_reused"`) {
			t.Fatalf("case 6: the same key with another move %v = %d %s, want 409 key_reused", body, st, out)
		}
	}
	if after := ts.View(tb, "").Version; after != before {
		t.Fatalf("case 6: a reused key changed the table (version %d → %d)", before, after)
	}
}

// Case 7: undo never lets a table roll again for another result.
func TestSeatsCase7UndoNeverRerolls(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "7"}, 3)
	ts.Start(tb)
	// Dice are rolled once the game is under way (Space Cadets offers no
	// roll during setup).
	driveCaptain(t, ts, tb, "a roll", func(m kit.MoveSpec) bool { return m.Type == "roll" })
	moves := "/api/tables/" + tb.ID + "/moves"
	for _, roll := range []map[string]any{
		{"type": "roll", "args": map[string]any{"dice": 6}},
		{"type": "roll_half"},
		{"type": "roll_placement"},
	} {
		ts.Must(200, "POST", moves, tb.Host, roll, nil)
		first := lastEventText(t, ts, tb)
		st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/undo", tb.Host, nil)
		if st == 422 && strings.Contains(string(body), "undo_random") {
			continue
		}
		if st != 200 {
			t.Fatalf("case 7: undo of %s = %d %s", roll["type"], st, body)
		}
		ts.Must(200, "POST", moves, tb.Host, roll, nil)
		if again := lastEventText(t, ts, tb); again != first {
			t.Fatalf("case 7: %s undone and rolled again: %q, then %q", roll["type"], first, again)
		}
	}
}

func lastEventText(t *testing.T, ts *testServer, tb *table) string {
	t.Helper()
	var log []tablepkg.LogEntry
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil, &log)
	e := log[len(log)-1]
	var texts []string
	for _, ev := range e.Events {
		texts = append(texts, ev.Text)
	}
	return strings.Join(texts, " | ")
}

// Case 8: a lost phone gets its seat back through the host's hand-over.
func TestSeatsCase8LostPhoneGetsItsSeatBack(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	lost := 2
	old := ts.OpenStream(tb.ID, tb.Tokens[lost], "")
	_, before := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[lost], nil)
	var h handover
	if st, body := ts.Call("POST", fmt.Sprintf("/api/tables/%s/seats/%d/handover", tb.ID, lost), tb.Host, nil); st != 200 {
		t.Fatalf("case 8: hand-over of seat %d = %d %s, want 200", lost, st, body)
	} else if err := json.Unmarshal(body, &h); err != nil || h.Code == "" || !strings.HasSuffix(h.URL, "/h/"+h.Code) || !strings.HasPrefix(h.QR, "data:image/png;base64,") || h.Name != playerName(lost) {
		t.Fatalf("case 8: hand-over answer %s", body)
	}
	var claim struct {
		TableID string `json:"table_id"`
		Seat    int    `json:"seat"`
		Token   string `json:"token"`
	}
	ts.Must(200, "POST", "/api/handover/"+h.Code, "", nil, &claim)
	if claim.TableID != tb.ID || claim.Seat != lost || claim.Token == "" {
		t.Fatalf("case 8: claim = %+v", claim)
	}
	old.WaitEvent(t, "revoked", 3*time.Second)
	if st, _ := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[lost], nil); st != 401 {
		t.Fatalf("case 8: the old phone's token still works (%d)", st)
	}
	_, after := ts.Call("GET", "/api/tables/"+tb.ID+"/view", claim.Token, nil)
	if a, b := bioOf(t, before), bioOf(t, after); a == "" || a != b {
		t.Fatalf("case 8: the new phone shows bio_id %q, the lost one %q", b, a)
	}
	if st, body := ts.Call("POST", "/api/handover/"+h.Code, "", nil); st != 410 || !strings.Contains(string(body), `"gone"`) {
		t.Fatalf("case 8: a used hand-over code = %d %s, want 410 gone", st, body)
	}
}

// A rematch is a new table of the same game, options and seats, started at
// once; every view of the old table names it, and each phone claims its
// own seat there with its old token.
func TestRematch(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "7"}, 3)
	ts.Start(tb)
	rematch := "/api/tables/" + tb.ID + "/rematch"
	if st, body := ts.Call("POST", rematch, tb.Host, nil); st != 409 {
		t.Fatalf("rematch of a running game = %d %s, want 409", st, body)
	}
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "declare_loss", "args": map[string]any{"reason": "mission abandoned"}}, nil)
	old := ts.OpenStream(tb.ID, tb.Tokens[1], "")
	if st, _ := ts.Call("POST", rematch, tb.Tokens[0], nil); st != 403 {
		t.Fatalf("a seat starting the rematch = %d, want 403", st)
	}
	var res struct {
		TableID, JoinCode, HostToken string
	}
	body := ts.Must(200, "POST", rematch, tb.Host, nil, nil)
	var raw map[string]string
	json.Unmarshal(body, &raw)
	res.TableID, res.JoinCode, res.HostToken = raw["table_id"], raw["join_code"], raw["host_token"]
	if res.TableID == "" || res.TableID == tb.ID || res.HostToken == "" {
		t.Fatalf("rematch answer %s", body)
	}
	if st, _ := ts.Call("POST", rematch, tb.Host, nil); st != 409 {
		t.Fatalf("a second rematch = %d, want 409", st)
	}
	var ov struct {
		Version int64 `json:"version"`
		Rematch struct {
			TableID string `json:"table_id"`
		} `json:"rematch"`
	}
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/view?as=board", "", nil, &ov)
	if ov.Rematch.TableID != res.TableID {
		t.Fatalf("the old table's view names rematch %q, want %q", ov.Rematch.TableID, res.TableID)
	}
	if got := old.WaitVersion(t, ov.Version, 3*time.Second); !strings.Contains(old.AllRaw()[len(old.AllRaw())-1], res.TableID) {
		t.Fatalf("the old table's stream does not name the rematch (version %d)", got.Version)
	}
	nb := &table{ID: res.TableID, Host: res.HostToken}
	nv := ts.View(nb, res.HostToken)
	if nv.Status != "playing" || len(nv.Seats) != 3 || nv.Seats[1].Name != playerName(1) || nv.Game != "spacecadets" {
		t.Fatalf("the rematch table is %+v", nv)
	}
	for i, tok := range tb.Tokens {
		var c struct {
			TableID string `json:"table_id"`
			Seat    int    `json:"seat"`
			Token   string `json:"token"`
		}
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/rematch/claim", tok, nil, &c)
		if c.TableID != res.TableID || c.Seat != i {
			t.Fatalf("claim by seat %d = %+v", i, c)
		}
		if v := ts.View(nb, c.Token); v.Me.Seat != i || v.Me.Name != playerName(i) {
			t.Fatalf("seat %d's claimed token views as %+v", i, v.Me)
		}
	}
	if st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/rematch/claim", tb.Host, nil); st != 403 {
		t.Fatalf("the host claiming a seat = %d, want 403", st)
	}
	checkReplay(t, ts)
}

// A revoked device's stream is told why it closes; a hand-over code dies
// after ten minutes; a hand-over in the lobby keeps the seat.
func TestDeviceRevocationAndHandoverExpiry(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	ts := startServer(t, "", func(c *api.Config) { c.Now = clock })
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	s := ts.OpenStream(tb.ID, tb.Tokens[3], "")
	ts.Must(204, "DELETE", "/api/tables/"+tb.ID+"/seats/3/device", tb.Host, nil, nil)
	s.WaitEvent(t, "revoked", 3*time.Second)
	<-s.Done()
	if st, _ := ts.Call("GET", "/api/tables/"+tb.ID+"/stream", tb.Tokens[3], nil); st != 401 {
		t.Fatalf("a revoked token opens a stream: %d", st)
	}
	var v struct {
		Seats []struct {
			Name       string `json:"name"`
			Unattended bool   `json:"unattended"`
		} `json:"seats"`
	}
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/view?as=board", "", nil, &v)
	if len(v.Seats) != 5 || !v.Seats[3].Unattended {
		t.Fatalf("after revoking its device, seat 3 is %+v", v.Seats)
	}
	var h handover
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/seats/3/handover", tb.Host, nil, &h)
	if st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/seats/3/handover", tb.Tokens[0], nil); st != 403 {
		t.Fatalf("a seat asking for a hand-over code = %d, want 403", st)
	}
	mu.Lock()
	now = now.Add(10*time.Minute + time.Second)
	mu.Unlock()
	if st, body := ts.Call("POST", "/api/handover/"+h.Code, "", nil); st != 410 {
		t.Fatalf("an expired hand-over code = %d %s, want 410", st, body)
	}
	if st, _ := ts.Call("POST", "/api/handover/"+strings.Repeat("x", 22), "", nil); st != 410 {
		t.Fatalf("an unknown hand-over code = %d, want 410", st)
	}
	// The page of the hand-over link is served at /h/{code}.
	res, err := http.Get(ts.URL + "/h/" + h.Code)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("GET /h/{code} = %d", res.StatusCode)
	}
}

// A game's setup events are the table's first log entry, filtered per
// viewer like any other; a game that logs no setup starts with an empty
// log. The events are recomputed here from the stored initial state.
func TestSetupEventsAreTheFirstLogEntry(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	for _, g := range catalog.All() {
		info := g.Info()
		tb := ts.NewTable(info.ID, nil, matrixPlayers(info))
		ts.Start(tb)
		snap, err := ts.Engine.Queries().GetSnapshot(context.Background(), tb.ID)
		if err != nil {
			t.Fatal(err)
		}
		st, err := g.Decode([]byte(snap.State))
		if err != nil {
			t.Fatal(err)
		}
		want := kit.SetupEvents(g, st)
		for _, who := range []string{"", tb.Tokens[0]} {
			path := "/api/tables/" + tb.ID + "/log"
			viewer := kit.SeatViewer(0)
			if who == "" {
				path += "?as=board"
				viewer = kit.BoardViewer
			}
			var log []tablepkg.LogEntry
			ts.Must(200, "GET", path, who, nil, &log)
			if len(want) == 0 {
				if len(log) != 0 {
					t.Fatalf("%s logs no setup, but its log starts with %+v", info.ID, log)
				}
				continue
			}
			var visible []kit.Event
			hidden, shown := false, false
			for _, ev := range want {
				if ev.VisibleTo(viewer) {
					visible = append(visible, ev)
					shown = shown || ev.To != nil
				} else {
					hidden = true
				}
			}
			// Private events the viewer may not see leave one placeholder.
			if hidden && !shown {
				visible = append(visible, tablepkg.PrivatePlaceholder)
			}
			if len(log) == 0 || log[0].Seq != 1 || mustJSON(log[0].Events) != mustJSON(visible) {
				t.Fatalf("%s: the log's first entry is %+v, want the setup events %v", info.ID, log, visible)
			}
		}
		t.Logf("%s: %d setup events", info.ID, len(want))
	}
}
