package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"tablewarden/api"
	"tablewarden/db"
	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

func TestOpenAPIMatchesRoutes(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	var doc struct {
		Paths map[string]map[string]any `json:"paths"`
	}
	ts.Must(200, "GET", "/api/openapi.json", "", nil, &doc)
	documented := map[string]bool{}
	param := regexp.MustCompile(`\{([a-z_]+)\}`)
	for p, ops := range doc.Paths {
		for m := range ops {
			documented[strings.ToUpper(m)+" "+param.ReplaceAllString(p, ":$1")] = true
		}
	}
	served := map[string]bool{}
	for _, r := range ts.Srv.Routes() {
		method, path, _ := strings.Cut(r, " ")
		if !(strings.HasPrefix(path, "/api/") || path == "/healthz" || path == "/metrics") {
			continue
		}
		if benchBuildRoutes[r] {
			continue // the load tool's, in no document (benchroutes_test.go)
		}
		served[method+" "+path] = true
		if !documented[r] {
			t.Errorf("route %s is not in openapi.json", r)
		}
	}
	for d := range documented {
		if !served[d] {
			t.Errorf("openapi.json documents %s, which the server does not serve", d)
		}
	}
}

func TestGamesCatalog(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	var games []kit.Info
	ts.Must(200, "GET", "/api/games", "", nil, &games)
	if got, want := len(games), len(catalog.All())+len(catalog.Bench()); got != want {
		t.Fatalf("games = %d, want %d", got, want)
	}
	for _, g := range games {
		if g.ID == "" || len(g.Moves) == 0 || g.MinPlayers < 1 || g.MaxPlayers < g.MinPlayers {
			t.Errorf("game %+v lacks id, moves or player counts", g.ID)
		}
	}
}

func TestTableLifecycle(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)

	t.Run("JoinCode", func(t *testing.T) {
		if !regexp.MustCompile(`^[2-9A-HJKMNP-TW-Z]{8}$`).MatchString(tb.Code) {
			t.Fatalf("join code %q has ambiguous or wrong characters", tb.Code)
		}
		var lk map[string]any
		ts.Must(200, "GET", "/api/join/"+strings.ToLower(tb.Code), "", nil, &lk)
		if lk["table_id"] != tb.ID {
			t.Fatalf("lookup = %v, want table %s", lk["table_id"], tb.ID)
		}
	})
	t.Run("QR", func(t *testing.T) {
		st, body := ts.Call("GET", "/api/tables/"+tb.ID+"/qr.png", "", nil)
		if st != 200 {
			t.Fatalf("qr status %d", st)
		}
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("qr is not a PNG: %v", err)
		}
		if img.Bounds().Dx() < 256 {
			t.Fatalf("qr is %d px wide, want a large code", img.Bounds().Dx())
		}
	})
	t.Run("ErrStartBySeat", func(t *testing.T) {
		st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/start", tb.Tokens[0], nil)
		if st != 403 {
			t.Fatalf("seat start = %d, want 403", st)
		}
	})
	t.Run("ErrMoveInLobby", func(t *testing.T) {
		st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[0], map[string]any{"type": "draw"})
		if st != 409 {
			t.Fatalf("lobby move = %d, want 409", st)
		}
	})
	ts.Start(tb)
	t.Run("ErrJoinAfterStart", func(t *testing.T) {
		st, _ := ts.Call("POST", "/api/join", "", map[string]any{"code": tb.Code, "name": "Late"})
		if st != 409 {
			t.Fatalf("late join = %d, want 409", st)
		}
	})
	t.Run("ErrStartTwice", func(t *testing.T) {
		st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/start", tb.Host, nil)
		if st != 409 {
			t.Fatalf("second start = %d, want 409", st)
		}
	})
	t.Run("ViewsDiffer", func(t *testing.T) {
		a, b := ts.View(tb, tb.Tokens[0]), ts.View(tb, tb.Tokens[1])
		if a.Me.Seat != 0 || b.Me.Seat != 1 || a.Me.Role != "seat" {
			t.Fatalf("me = %+v / %+v", a.Me, b.Me)
		}
		pa, _ := json.Marshal(a.View.Private)
		pb, _ := json.Marshal(b.View.Private)
		if a.View.Private == nil || bytes.Equal(pa, pb) && strings.Contains(string(pa), `"seat"`) {
			t.Fatalf("private views: %s / %s", pa, pb)
		}
		board := ts.View(tb, "")
		if board.View.Private != nil || len(board.View.Moves) != 0 {
			t.Fatalf("board view has private data or moves: %+v", board.View)
		}
	})
}

func TestTableFull(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 10)
	st, body := ts.Call("POST", "/api/join", "", map[string]any{"code": tb.Code, "name": "Extra"})
	if st != 409 || !strings.Contains(string(body), "full") {
		t.Fatalf("11th join = %d %s, want 409 full", st, body)
	}
}

func TestMoveErrors(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	v := ts.View(tb, tb.Tokens[0])
	turn := v.View.Turn[0]
	other := (turn + 1) % 5
	path := "/api/tables/" + tb.ID + "/moves"

	t.Run("ErrIllegalMove", func(t *testing.T) {
		before := ts.View(tb, "")
		st, body := ts.Call("POST", path, tb.Tokens[other], map[string]any{"type": "draw"})
		if st != 422 {
			t.Fatalf("out-of-turn draw = %d %s, want 422", st, body)
		}
		var e struct{ Code, Message, Rule, RequestID string }
		json.Unmarshal(body, &e)
		var raw map[string]any
		json.Unmarshal(body, &raw)
		if e.Code == "" || e.Message == "" || !strings.Contains(e.Rule, "Jumpship") || raw["request_id"] == "" {
			t.Fatalf("422 body = %s, want code, message, rule and request_id", body)
		}
		after := ts.View(tb, "")
		if after.Version != before.Version {
			t.Fatalf("version moved from %d to %d on an illegal move", before.Version, after.Version)
		}
	})
	t.Run("ErrUnknownMoveType", func(t *testing.T) {
		st, body := ts.Call("POST", path, tb.Tokens[turn], map[string]any{"type": "teleport"})
		if st != 422 {
			t.Fatalf("unknown move = %d %s, want 422", st, body)
		}
	})
	t.Run("ErrStaleVersion", func(t *testing.T) {
		st, body := ts.Call("POST", path, tb.Tokens[turn], map[string]any{"type": "draw", "expected_version": v.Version - 1})
		if st != 409 {
			t.Fatalf("stale = %d %s, want 409", st, body)
		}
		var e struct{ Version int64 }
		json.Unmarshal(body, &e)
		if e.Version != v.Version {
			t.Fatalf("409 version = %d, want %d", e.Version, v.Version)
		}
	})
	t.Run("Idempotent", func(t *testing.T) {
		req := map[string]any{"type": "draw", "expected_version": v.Version, "idempotency_key": "k-1"}
		var first, second tablepkg.MoveResult
		ts.Must(200, "POST", path, tb.Tokens[turn], req, &first)
		ts.Must(200, "POST", path, tb.Tokens[turn], req, &second)
		if !second.Duplicate || second.Seq != first.Seq || second.Version != first.Version {
			t.Fatalf("retry = %+v, want the first result %+v marked duplicate", second, first)
		}
		var log []tablepkg.LogEntry
		ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil, &log)
		if got, want := len(log), 1+setupEntries(log); got != want {
			t.Fatalf("log entries = %d, want %d (the retry applied twice?)", got, want)
		}
	})
	t.Run("ErrIdempotencyKeyOtherSeat", func(t *testing.T) {
		st, _ := ts.Call("POST", path, tb.Tokens[other], map[string]any{"type": "draw", "idempotency_key": "k-1"})
		if st != 409 {
			t.Fatalf("key reuse by another seat = %d, want 409", st)
		}
	})
	t.Run("ErrBoardCannotMove", func(t *testing.T) {
		st, _ := ts.Call("POST", path, "", map[string]any{"type": "draw"})
		if st != 401 {
			t.Fatalf("anonymous move = %d, want 401", st)
		}
	})
	t.Run("ErrTimerExpiredFromPhone", func(t *testing.T) {
		st, _ := ts.Call("POST", path, tb.Tokens[turn], map[string]any{"type": kit.TimerExpiredMove, "args": map[string]any{"name": "x", "generation": 1}})
		if st != 422 {
			t.Fatalf("phone-sent timer expiry = %d, want 422", st)
		}
	})
}

func TestConcurrentMovesOneTable(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 6)
	ts.Start(tb)
	r := rand.New(rand.NewPCG(1, 2))
	accepted := 0
	for round := 0; round < 15; round++ {
		v := ts.View(tb, tb.Tokens[0])
		if v.View.Outcome != nil {
			break
		}
		seat := v.View.Turn[0]
		sv := ts.View(tb, tb.Tokens[seat])
		spec := sv.View.Moves[r.IntN(len(sv.View.Moves))]
		m := kit.RandomMove(spec, r)
		// Eight phones race the same move at the same version: exactly one
		// may win, the rest get 409 with the new version.
		var wg sync.WaitGroup
		codes := make([]int, 8)
		for i := range codes {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				codes[i], _ = ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat],
					map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": sv.Version, "idempotency_key": fmt.Sprintf("r%d-%d", round, i)})
			}(i)
		}
		wg.Wait()
		ok := 0
		for _, c := range codes {
			switch c {
			case 200:
				ok++
			case 409:
			default:
				t.Fatalf("round %d: status %d, want 200 or 409 (%v)", round, c, codes)
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: %d moves accepted at one version, want exactly 1 (%v)", round, ok, codes)
		}
		accepted++
	}
	var log []tablepkg.LogEntry
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil, &log)
	if len(log) != accepted+setupEntries(log) {
		t.Fatalf("log has %d entries, want %d accepted moves", len(log), accepted)
	}
	for i, e := range log {
		if e.Seq != int64(i+1) {
			t.Fatalf("log seq %d at %d: a gap or duplicate", e.Seq, i)
		}
	}
	checkReplay(t, ts)
}

// setupEntries is 1 when the log opens with the game's setup entry (seq 1,
// by the server), which is no move.
func setupEntries(log []tablepkg.LogEntry) int {
	if len(log) > 0 && log[0].Seq == 1 && log[0].By == "server" {
		return 1
	}
	return 0
}

// checkReplay rebuilds every table's state from its log and compares it
// with the stored snapshot, byte for byte.
func checkReplay(t testing.TB, ts *testServer) {
	t.Helper()
	ctx := context.Background()
	q := ts.Engine.Source()
	ids, err := q.ListTableIDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		row, _ := q.GetTable(ctx, id)
		if row.Status == "lobby" {
			continue
		}
		seats, _ := q.ListSeats(ctx, id)
		moves, _ := q.ListMoves(ctx, id)
		snap, err := q.GetSnapshot(ctx, id)
		if err != nil {
			t.Fatalf("table %s snapshot: %v", id, err)
		}
		g, _ := catalog.Get(row.Game)
		if _, err := tablepkg.Replay(g, row, seats, moves); err != nil {
			t.Fatalf("table %s replay: %v", id, err)
		}
		// The state is stored every few moves (table/snapshots.go): the
		// snapshot is the state after its own entry.
		if snap.Seq > int64(len(moves)) {
			t.Fatalf("table %s: snapshot of seq %d, log has %d entries", id, snap.Seq, len(moves))
		}
		st, err := tablepkg.Replay(g, row, seats, moves[:snap.Seq])
		if err != nil {
			t.Fatalf("table %s replay to the snapshot: %v", id, err)
		}
		got, _ := json.Marshal(st)
		if string(got) != snap.State {
			t.Fatalf("table %s: replay of %d log entries differs from the stored state", id, snap.Seq)
		}
	}
}

// storedState returns table id's current state and its last log entry's
// seq, replayed from the whole log (the source of truth; the stored state
// is only written every few moves).
func storedState(t testing.TB, q db.Querier, g kit.Game, id string) (kit.State, int64) {
	t.Helper()
	ctx := context.Background()
	row, err := q.GetTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	seats, err := q.ListSeats(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := q.ListMoves(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	st, err := tablepkg.Replay(g, row, seats, moves)
	if err != nil {
		t.Fatalf("table %s replay: %v", id, err)
	}
	return st, int64(len(moves))
}

func TestRestartKeepsEverything(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 7)
	lobby := ts.NewTable("jumpship", nil, 2)
	ts.Start(tb)
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 12; i++ {
		playRandom(t, ts, tb, r)
	}
	before := map[int]tablepkg.ViewResponse{}
	for i, tok := range tb.Tokens {
		before[i] = ts.View(tb, tok)
	}
	hostBefore := ts.View(tb, tb.Host)
	var logBefore []tablepkg.LogEntry
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log", tb.Tokens[0], nil, &logBefore)
	ts.Stop()

	ts2 := startServer(t, ts.Path)
	for i, tok := range tb.Tokens {
		after := ts2.View(tb, tok)
		after.ServerTime, before[i] = time.Time{}, zeroTime(before[i])
		a, _ := json.Marshal(after)
		b, _ := json.Marshal(before[i])
		if string(a) != string(b) {
			t.Fatalf("seat %d view changed across a restart:\nbefore %s\nafter  %s", i, b, a)
		}
	}
	hostAfter := ts2.View(tb, tb.Host)
	if hostAfter.Version != hostBefore.Version || hostAfter.JoinCode != hostBefore.JoinCode {
		t.Fatalf("host view changed across restart")
	}
	var logAfter []tablepkg.LogEntry
	ts2.Must(200, "GET", "/api/tables/"+tb.ID+"/log", tb.Tokens[0], nil, &logAfter)
	if a, b := mustJSON(logAfter), mustJSON(logBefore); a != b {
		t.Fatalf("log changed across restart")
	}
	lv := ts2.View(lobby, lobby.Tokens[1])
	if lv.Status != "lobby" || len(lv.Seats) != 2 || lv.Me.Seat != 1 {
		t.Fatalf("lobby table after restart = %+v", lv)
	}
	// The game goes on after the restart.
	if !playRandom(t, ts2, tb, r) {
		t.Fatalf("no move possible after restart")
	}
	checkReplay(t, ts2)
}

func zeroTime(v tablepkg.ViewResponse) tablepkg.ViewResponse { v.ServerTime = time.Time{}; return v }

func TestSSEPushesEachSeatItsOwnView(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	streams := make([]*stream, 5)
	for i, tok := range tb.Tokens {
		streams[i] = ts.OpenStream(tb.ID, tok, "")
	}
	board := ts.OpenStream(tb.ID, "", "board")
	hostS := ts.OpenStream(tb.ID, tb.Host, "")
	v0 := ts.View(tb, "")
	for i := range streams {
		first := streams[i].WaitVersion(t, v0.Version, 2*time.Second)
		if first.Me.Seat != i {
			t.Fatalf("stream %d first view is seat %d", i, first.Me.Seat)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for k := 0; k < 6; k++ {
		playRandom(t, ts, tb, r)
	}
	want := ts.View(tb, "").Version
	for i, s := range streams {
		got := s.WaitVersion(t, want, time.Second)
		direct := ts.View(tb, tb.Tokens[i])
		if mustJSON(zeroTime(got)) != mustJSON(zeroTime(direct)) {
			t.Fatalf("seat %d: streamed view differs from its GET view", i)
		}
	}
	bv := board.WaitVersion(t, want, time.Second)
	if bv.Me.Role != "board" || bv.View.Private != nil {
		t.Fatalf("board stream view = %+v", bv.Me)
	}
	hv := hostS.WaitVersion(t, want, time.Second)
	if hv.Me.Role != "host" || hv.View.Private != nil {
		t.Fatalf("host stream view me=%+v private=%v", hv.Me, hv.View.Private)
	}
}

func TestUndo(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	undo := "/api/tables/" + tb.ID + "/undo"
	t.Run("ErrNothingToUndo", func(t *testing.T) {
		st, body := ts.Call("POST", undo, tb.Host, nil)
		if st != 422 || !strings.Contains(string(body), "nothing_to_undo") {
			t.Fatalf("undo at start = %d %s", st, body)
		}
	})
	t.Run("ErrSeatCannotUndo", func(t *testing.T) {
		st, _ := ts.Call("POST", undo, tb.Tokens[0], nil)
		if st != 403 {
			t.Fatalf("seat undo = %d, want 403", st)
		}
	})
	v := ts.View(tb, "")
	seat := v.View.Turn[0]
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": "draw"}, nil)
	t.Run("ErrUndoReveals", func(t *testing.T) {
		st, body := ts.Call("POST", undo, tb.Host, nil)
		if st != 422 || !strings.Contains(string(body), "undo_reveals") {
			t.Fatalf("undo of a bag draw = %d %s, want 422 undo_reveals", st, body)
		}
	})
	// Find a move that reveals nothing (a give) and undo it. Whether a draw
	// leaves something to give depends on the table's random seed, so new
	// tables are dealt until one does.
	findGive := func() *kit.MoveSpec {
		sv := ts.View(tb, tb.Tokens[seat])
		for i := range sv.View.Moves {
			if sv.View.Moves[i].Type == "give" {
				return &sv.View.Moves[i]
			}
		}
		return nil
	}
	give := findGive()
	for try := 0; give == nil && try < 40; try++ {
		tb = ts.NewTable("jumpship", nil, 5)
		ts.Start(tb)
		undo = "/api/tables/" + tb.ID + "/undo"
		seat = ts.View(tb, "").View.Turn[0]
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": "draw"}, nil)
		give = findGive()
	}
	if give == nil {
		t.Fatal("41 tables in a row left nothing to give after the first draw")
	}
	before := ts.View(tb, tb.Tokens[seat])
	m := kit.RandomMove(*give, rand.New(rand.NewPCG(7, 8)))
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}, nil)
	ts.Must(200, "POST", undo, tb.Host, nil, nil)
	after := ts.View(tb, tb.Tokens[seat])
	if mustJSON(before.View) != mustJSON(after.View) {
		t.Fatalf("undo did not restore the view:\nbefore %s\nafter  %s", mustJSON(before.View), mustJSON(after.View))
	}
	var log []tablepkg.LogEntry
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil, &log)
	last := log[len(log)-1]
	if last.By != "host" || !log[len(log)-2].Undone {
		t.Fatalf("log does not record the undo as the host's entry: %+v", log[len(log)-2:])
	}
	checkReplay(t, ts)
}

func TestCredentials(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	other := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)

	t.Run("ErrSeatTokenOtherTable", func(t *testing.T) {
		st, _ := ts.Call("GET", "/api/tables/"+other.ID+"/view", tb.Tokens[0], nil)
		if st != 401 {
			t.Fatalf("seat token at another table = %d, want 401", st)
		}
	})
	t.Run("ErrBadToken", func(t *testing.T) {
		st, _ := ts.Call("GET", "/api/tables/"+tb.ID+"/view", "not-a-token", nil)
		if st != 401 {
			t.Fatalf("bad token = %d, want 401", st)
		}
	})
	t.Run("HostSeesNoSeatSecrets", func(t *testing.T) {
		hv := ts.View(tb, tb.Host)
		if hv.View.Private != nil || strings.Contains(mustJSON(hv), "bio_id") {
			t.Fatalf("host view holds a seat's secret: %s", mustJSON(hv.View))
		}
	})
	t.Run("TokensStoredHashed", func(t *testing.T) {
		if onPG() {
			for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
				n := ts.QueryInt(`SELECT count(*) FROM (SELECT t::text AS r FROM game_tables t UNION ALL SELECT s::text FROM seats s
					UNION ALL SELECT m::text FROM moves m UNION ALL SELECT p::text FROM snapshots p) x WHERE position(? in r) > 0`, tok)
				if n != 0 {
					t.Fatalf("token %s found in plain text in %d rows", tok, n)
				}
			}
			return
		}
		ts.Store.ReadDB().ExecContext(context.Background(), "PRAGMA wal_checkpoint")
		raw, err := os.ReadFile(ts.Path)
		if err != nil {
			t.Fatal(err)
		}
		wal, _ := os.ReadFile(ts.Path + "-wal")
		for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
			if bytes.Contains(raw, []byte(tok)) || bytes.Contains(wal, []byte(tok)) {
				t.Fatalf("token %s found in plain text in the database", tok)
			}
		}
	})
	t.Run("ErrCookieCSRF", func(t *testing.T) {
		req, _ := http.NewRequest("POST", ts.URL+"/api/tables/"+tb.ID+"/moves", strings.NewReader(`{"type":"draw"}`))
		req.Header.Set("Content-Type", "application/json")
		req.AddCookie(&http.Cookie{Name: "tw_s", Path: "/api/tables/" + tb.ID, Value: tb.Tokens[0]})
		res, err := ts.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 403 {
			t.Fatalf("cookie POST without X-Requested-With = %d, want 403", res.StatusCode)
		}
	})
	t.Run("CookieGET", func(t *testing.T) {
		req, _ := http.NewRequest("GET", ts.URL+"/api/tables/"+tb.ID+"/view", nil)
		req.AddCookie(&http.Cookie{Name: "tw_s", Path: "/api/tables/" + tb.ID, Value: tb.Tokens[2]})
		res, err := ts.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var v tablepkg.ViewResponse
		json.NewDecoder(res.Body).Decode(&v)
		res.Body.Close()
		if v.Me.Seat != 2 {
			t.Fatalf("cookie view seat = %d, want 2", v.Me.Seat)
		}
	})
	t.Run("RemoveSeatRevokes", func(t *testing.T) {
		s := ts.OpenStream(tb.ID, tb.Tokens[4], "")
		st, _ := ts.Call("DELETE", "/api/tables/"+tb.ID+"/seats/4", tb.Tokens[0], nil)
		if st != 403 {
			t.Fatalf("seat removing a seat = %d, want 403", st)
		}
		ts.Must(204, "DELETE", "/api/tables/"+tb.ID+"/seats/4", tb.Host, nil, nil)
		s.WaitEvent(t, "revoked", 2*time.Second)
		st, _ = ts.Call("GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[4], nil)
		if st != 401 {
			t.Fatalf("removed seat's view = %d, want 401", st)
		}
	})
	t.Run("SecurityHeaders", func(t *testing.T) {
		res, err := http.Get(ts.URL + "/")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline' 'unsafe-eval") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Fatalf("CSP = %q", csp)
		}
		if res.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Fatalf("Referrer-Policy = %q", res.Header.Get("Referrer-Policy"))
		}
		// The SSE stream writes its response head itself (stream.go): the
		// same headers, and a request id.
		req, _ := http.NewRequest("GET", ts.URL+"/api/tables/"+tb.ID+"/stream", nil)
		req.Header.Set("Authorization", "Bearer "+tb.Tokens[1])
		sres, err := ts.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		sres.Body.Close()
		for k, want := range map[string]string{
			"Content-Type":            "text/event-stream",
			"Cache-Control":           "no-store",
			"Content-Security-Policy": csp,
			"X-Content-Type-Options":  "nosniff",
			"X-Frame-Options":         "DENY",
			"Referrer-Policy":         "no-referrer",
		} {
			if got := sres.Header.Get(k); sres.StatusCode != 200 || got != want {
				t.Fatalf("stream %d: %s = %q, want %q", sres.StatusCode, k, got, want)
			}
		}
		if sres.Header.Get("X-Request-Id") == "" {
			t.Fatal("stream response has no X-Request-Id")
		}
	})
	t.Run("CookiesHttpOnlySameSite", func(t *testing.T) {
		req, _ := http.NewRequest("POST", ts.URL+"/api/join", strings.NewReader(`{"code":"`+other.Code+`","name":"Zed"}`))
		req.Header.Set("Content-Type", "application/json")
		res, err := ts.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		cks := res.Cookies()
		if len(cks) != 1 || !cks[0].HttpOnly || cks[0].SameSite != http.SameSiteStrictMode {
			t.Fatalf("join cookies = %+v, want one HttpOnly SameSite=Strict cookie", cks)
		}
	})
}

// TestJoinRateLimit: per address only misses count (wrong codes), and a
// spoofed X-Forwarded-For gives no fresh allowance; joins with a valid code
// are limited by their table, however many come from one address.
func TestJoinRateLimit(t *testing.T) {
	t.Parallel()
	t.Run("OKValidCodesFromOneAddress", func(t *testing.T) {
		ts := startServer(t, "", func(c *api.Config) { c.JoinsPerMinute = 6; c.JoinBurst = 3; c.Limits.JoinsPerSeat = 2 })
		for k := 0; k < 3; k++ {
			tb := ts.NewTable("jumpship", nil, 0)
			for i := 0; i < 5; i++ { // 15 joins from 127.0.0.1, with a miss allowance of 3
				if st, body := ts.Call("POST", "/api/join", "", map[string]any{"code": tb.Code, "name": playerName(i)}); st != 201 {
					t.Fatalf("table %d, join %d = %d %s, want 201: a join with a valid code must not count against its address", k, i, st, body)
				}
			}
		}
	})
	t.Run("ErrMisses", func(t *testing.T) {
		ts := startServer(t, "", func(c *api.Config) { c.JoinsPerMinute = 6; c.JoinBurst = 3 })
		tb := ts.NewTable("jumpship", nil, 0)
		codes := []int{}
		for i := 0; i < 5; i++ {
			st, _ := ts.Call("POST", "/api/join", "", map[string]any{"code": "ZZZZZZZZ", "name": playerName(i)}, "X-Forwarded-For", fmt.Sprintf("10.0.0.%d", i))
			codes = append(codes, st)
		}
		st, _ := ts.Call("GET", "/api/join/"+tb.Code, "", nil)
		codes = append(codes, st)
		if got, want := fmt.Sprint(codes), "[404 404 404 429 429 200]"; got != want {
			t.Fatalf("statuses of 5 wrong codes, then a right one = %s, want %s (a right code is never refused for its address)", got, want)
		}
	})
	t.Run("ErrTable", func(t *testing.T) {
		// Lockup seats 5; one join per seat at once, then 5 a minute: a
		// client that knows the code cannot churn the table.
		ts := startServer(t, "", func(c *api.Config) { c.Limits.JoinsPerSeat = 1 })
		tb := ts.NewTable("lockup", nil, 5)
		ts.Must(204, "DELETE", "/api/tables/"+tb.ID+"/seats/0", tb.Host, nil, nil)
		st, body := ts.Call("POST", "/api/join", "", map[string]any{"code": tb.Code, "name": playerName(7)})
		if st != 429 || !strings.Contains(string(body), "rate_limited") {
			t.Fatalf("sixth join within a minute at a table of 5 seats = %d %s, want 429 rate_limited", st, body)
		}
		other := ts.NewTable("lockup", nil, 1) // another table is not touched
		_ = other
	})
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	moves := "/api/tables/" + tb.ID + "/moves"
	deep := strings.Repeat("[", 100) + strings.Repeat("]", 100)
	cases := []struct {
		name, method, path, ctype, body string
		want                            int
	}{
		{"ErrOversized", "POST", moves, "application/json", `{"type":"draw","args":{"x":"` + strings.Repeat("a", 300<<10) + `"}}`, 413},
		{"ErrDeepJSON", "POST", moves, "application/json", `{"type":"draw","args":{"x":` + deep + `}}`, 400},
		{"ErrWrongContentType", "POST", moves, "text/plain", `{"type":"draw"}`, 400},
		{"ErrUnknownField", "POST", moves, "application/json", `{"type":"draw","bogus":1}`, 400},
		{"ErrTrailing", "POST", moves, "application/json", `{"type":"draw"} {}`, 400},
		{"ErrNotJSON", "POST", moves, "application/json", `{"type":`, 400},
		{"ErrUnknownGame", "POST", "/api/tables", "application/json", `{"game":"chess"}`, 400},
		{"ErrBadOption", "POST", "/api/tables", "application/json", `{"game":"jumpship","options":{"nope":1}}`, 422},
		{"ErrEmptyName", "POST", "/api/join", "application/json", `{"code":"` + tb.Code + `","name":"  "}`, 400},
		{"ErrUnknownTable", "GET", "/api/tables/nope/view", "", ``, 404},
		{"ErrUnknownCode", "GET", "/api/join/ZZZZZZ", "", ``, 404},
		{"ErrSeatNumber", "DELETE", "/api/tables/" + tb.ID + "/seats/-1", "", ``, 400},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := ts.View(tb, "").Version
			req, _ := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
			if c.ctype != "" {
				req.Header.Set("Content-Type", c.ctype)
			}
			req.Header.Set("Authorization", "Bearer "+tb.Host)
			res, err := ts.Client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var e map[string]any
			json.NewDecoder(res.Body).Decode(&e)
			res.Body.Close()
			if res.StatusCode != c.want {
				t.Fatalf("status = %d (%v), want %d", res.StatusCode, e, c.want)
			}
			if e["message"] == nil || e["message"] == "" || e["request_id"] == nil {
				t.Fatalf("error body %v lacks a message or request id", e)
			}
			if after := ts.View(tb, "").Version; after != before {
				t.Fatalf("version changed %d → %d", before, after)
			}
		})
	}
}

// TestJumpshipSevenPlayersOverHTTP plays a whole 7-player game through the
// API, every move chosen at random from the moving seat's own view, until
// the game ends; then checks the outcome on every screen and the replay.
func TestJumpshipSevenPlayersOverHTTP(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 7)
	ts.Start(tb)
	r := rand.New(rand.NewPCG(2026, 7))
	moves := 0
	for moves < 3000 && playRandom(t, ts, tb, r) {
		moves++
	}
	final := ts.View(tb, tb.Host)
	if final.View.Outcome == nil || final.Status != "ended" {
		t.Fatalf("no outcome after %d moves (status %s)", moves, final.Status)
	}
	o := final.View.Outcome
	if len(o.Winners) == 0 || o.Reason == "" || o.Side == "" {
		t.Fatalf("outcome = %+v", o)
	}
	for i := range tb.Tokens {
		v := ts.View(tb, tb.Tokens[i])
		if v.View.Outcome == nil || mustJSON(v.View.Outcome) != mustJSON(o) {
			t.Fatalf("seat %d outcome differs", i)
		}
	}
	st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[0], map[string]any{"type": "draw"})
	if st != 422 {
		t.Fatalf("move after the end = %d, want 422", st)
	}
	t.Logf("7-player game ended after %d moves: %s (%s)", moves, o.Side, o.Reason)
	checkReplay(t, ts)
}

// TestJumpshipSecretsStayHome checks, through HTTP, that no seat's Bio ID
// reaches another seat, the host or the board in views, logs or streams
// while the game runs. A seat may know another's Bio ID only through the
// book's channels: Aliens and the Queen know each other, and a scan tells
// the scanner.
func TestJumpshipSecretsStayHome(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	r := rand.New(rand.NewPCG(9, 9))
	var tb *table
	var streams []*stream
	var board, host *stream
	// The end of a game reveals every Bio ID, so the check needs a game
	// still running after 60 moves; a table whose game ended sooner is
	// replaced by a new one.
	for try := 0; ; try++ {
		if try == 10 {
			t.Fatal("10 games in a row ended within 60 moves")
		}
		tb = ts.NewTable("jumpship", nil, 9)
		ts.Start(tb)
		streams = make([]*stream, len(tb.Tokens))
		for i, tok := range tb.Tokens {
			streams[i] = ts.OpenStream(tb.ID, tok, "")
		}
		board = ts.OpenStream(tb.ID, "", "board")
		host = ts.OpenStream(tb.ID, tb.Host, "")
		for k := 0; k < 60; k++ {
			v := ts.View(tb, "")
			if v.View.Outcome != nil {
				break
			}
			playRandom(t, ts, tb, r)
		}
		if ts.View(tb, "").View.Outcome == nil {
			break
		}
	}
	// The truth, from the seats' own views.
	bio := map[int]string{}
	for i, tok := range tb.Tokens {
		var p struct {
			Private struct {
				BioID string `json:"bio_id"`
			} `json:"private"`
		}
		json.Unmarshal([]byte(mustJSON(ts.View(tb, tok).View)), &p)
		bio[i] = p.Private.BioID
	}
	allowed := func(viewer int, payload string) {
		// Every "bio_id" in a seat's payload must be its own, an alien it
		// knows, or one it scanned: all listed under "private".
		var v struct {
			View struct {
				Private struct {
					BioID  string `json:"bio_id"`
					Aliens []struct {
						Seat int `json:"seat"`
					} `json:"aliens"`
					Scans []struct {
						Seat int `json:"seat"`
					} `json:"scans"`
				} `json:"private"`
			} `json:"view"`
		}
		json.Unmarshal([]byte(payload), &v)
		n := strings.Count(payload, `"bio_id"`)
		want := 1 + len(v.View.Private.Aliens) + len(v.View.Private.Scans)
		if n != want {
			t.Fatalf("seat %d payload holds %d bio_id fields, want %d (own + known aliens + scans): %s", viewer, n, want, payload)
		}
		if bio[viewer] == "Human" && len(v.View.Private.Aliens) > 0 {
			t.Fatalf("human seat %d knows aliens", viewer)
		}
	}
	for i, tok := range tb.Tokens {
		allowed(i, mustJSON(ts.View(tb, tok)))
		for _, raw := range streams[i].AllRaw() {
			allowed(i, raw)
		}
		var log []tablepkg.LogEntry
		ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log", tok, nil, &log)
		for _, e := range log {
			for _, ev := range e.Events {
				if ev.To != nil && !slices.Contains(ev.To, i) {
					t.Fatalf("seat %d log holds a private event for %v", i, ev.To)
				}
			}
		}
	}
	for name, s := range map[string]*stream{"board": board, "host": host} {
		for _, raw := range s.AllRaw() {
			if strings.Contains(raw, "bio_id") || strings.Contains(raw, `"private"`) {
				t.Fatalf("%s stream holds a secret: %s", name, raw)
			}
		}
	}
	var boardLog []tablepkg.LogEntry
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil, &boardLog)
	for _, e := range boardLog {
		for _, ev := range e.Events {
			if ev.To != nil {
				t.Fatalf("board log holds a private event %+v", ev)
			}
		}
	}
	_ = sort.Ints
}
