package browser_test

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// joinByBrowser joins a phone by the join URL and returns its seat token.
func joinByBrowser(t *testing.T, ts *testServer, p context.Context, tb *table, name string) string {
	t.Helper()
	do(t, p, "join "+name,
		chromedp.Navigate(ts.URL+"/j/"+tb.Code),
		chromedp.WaitVisible(css("#name")),
		chromedp.SendKeys(css("#name"), name),
		chromedp.Click(css("#join-btn")),
		chromedp.WaitVisible(css("#seats")),
	)
	return get(t, p, "token", chromedp.Evaluate[string](`JSON.parse(localStorage.getItem("tw:`+tb.ID+`")).token`))
}

// createTableAPI creates a table by the API and returns it without seats.
func createTableAPI(t *testing.T, ts *testServer, game string, options any) *table {
	t.Helper()
	var cr struct {
		TableID   string `json:"table_id"`
		JoinCode  string `json:"join_code"`
		HostToken string `json:"host_token"`
	}
	ts.Must(201, "POST", "/api/tables", "", map[string]any{"game": game, "options": options}, &cr)
	return &table{ID: cr.TableID, Code: cr.JoinCode, Host: cr.HostToken}
}

// TestBrowserTimersAgree starts a Space Cadets Step 3A timer and reads the
// countdown on two phones: the deadlines they display must agree within
// 250 ms (each phone corrects for its clock offset from server_time).
func TestBrowserTimersAgree(t *testing.T) {
	t.Parallel()
	newPhone := browser(t)
	ts := startServer(t, "")
	tb := createTableAPI(t, ts, "spacecadets", map[string]any{"mission": "7", "step3a_seconds": 20})
	phones := []context.Context{newPhone(), newPhone()}
	for i, p := range phones {
		tb.Tokens = append(tb.Tokens, joinByBrowser(t, ts, p, tb, playerName(i)))
	}
	var jr tablepkg.JoinResult
	ts.Must(201, "POST", "/api/join", "", map[string]any{"code": tb.Code, "name": "Cid"}, &jr)
	tb.Tokens = append(tb.Tokens, jr.Token)
	ts.Start(tb)
	driveToTimer(t, ts, tb, "step3a")
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "start_timer", "args": map[string]any{"name": "step3a"}}, nil)
	deadline := timerOf(t, ts.View(tb, ""), "step3a").Deadline
	var shown []float64
	for i, p := range phones {
		do(t, p, "timer shown", chromedp.WaitVisible(css(`[data-timer="step3a"][data-deadline]:not([data-deadline=""])`)))
		// The page's 100 ms tick has drawn the timer (data-at is when).
		pollJS(p, `Number((document.querySelector('[data-timer="step3a"]') || {dataset: {}}).dataset.at) > 0`, 2*time.Second)
		v := get(t, p, "read timer", chromedp.Evaluate[[]float64](`(() => { const b = document.querySelector('[data-timer="step3a"]'); return [Number(b.dataset.ms), Number(b.dataset.at)]; })()`))
		// The deadline this phone displays, on the shared machine clock.
		shown = append(shown, v[0]+v[1])
		t.Logf("phone %d shows %.1f s left; its deadline is %+.0f ms from the server's", i, v[0]/1000, v[0]+v[1]-float64(deadline.UnixMilli()))
	}
	if d := math.Abs(shown[0] - shown[1]); d > 250 {
		t.Fatalf("the two phones' countdowns differ by %.0f ms, want ≤ 250", d)
	}
	for i, s := range shown {
		if d := math.Abs(s - float64(deadline.UnixMilli())); d > 250 {
			t.Fatalf("phone %d is %.0f ms off the server's deadline", i, d)
		}
	}
	screenshot(t, phones[0], "spacecadets-timer")
}

// TestBrowserKrakenPages renders the continuation pages in Chromium.
func TestBrowserKrakenPages(t *testing.T) {
	t.Parallel()
	newPhone := browser(t)
	ts := startServer(t, "")
	p := newPhone()
	for _, id := range []string{"t1", "t4"} {
		do(t, p, "open "+id, chromedp.Navigate(ts.URL+"/kraken/"+id), chromedp.WaitVisible(css("h1")))
		text := pageText(t, p)
		if !strings.Contains(text, "tablewarden team") || len(text) < 400 {
			t.Fatalf("kraken page %s renders %d characters without the authorship label:\n%s", id, len(text), text)
		}
	}
	screenshot(t, p, "kraken-t4")
}

// placeOneHanded places a face-down token on a phone with one finger, one
// touch point at a time: a tap shows the picker's choices, a tap on the
// first picks it (they hide again), the room is chosen, a tap on the
// button sends it.
func placeOneHanded(t *testing.T, p context.Context, typ string) {
	t.Helper()
	form := `form[data-move="` + typ + `"]`
	tapOne(t, p, form+" .secret-picker > button")
	waitTrue(t, p, typ+" choices shown after one tap", `!document.querySelector('`+form+` .secret-choices').hidden`)
	tapOne(t, p, form+" .secret-choices label.chip")
	waitTrue(t, p, typ+" choices hidden after the pick", `document.querySelector('`+form+` .secret-choices').hidden && !!document.querySelector('`+form+` .secret-choices input:checked')`)
	fillPickers(t, p, typ)
	tapOne(t, p, form+" button[type=submit]")
}

// TestBrowserNostromoHiding plays the Hiding phase of a 2-player game from
// two browser phones, each token placed with one finger (placeOneHanded):
// the Alien places Blips, the crew places Crew tokens;
// neither phone ever shows the other's face-down tokens, and once Hiding
// ends the Blips are revealed on both phones.
func TestBrowserNostromoHiding(t *testing.T) {
	t.Parallel()
	newPhone := browser(t)
	ts := startServer(t, "")
	tb := createTableAPI(t, ts, "nostromo", nil)
	phones := []context.Context{newPhone(), newPhone()}
	for i, p := range phones {
		tb.Tokens = append(tb.Tokens, joinByBrowser(t, ts, p, tb, playerName(i)))
	}
	ts.Start(tb)
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "designate_alien", "args": map[string]any{"seat": 1}}, nil)
	crewPlaced, checked := 0, [2]int{}
	var secretsSeen [2][]string
	for k := 0; k < 80; k++ {
		board := ts.View(tb, "")
		if board.View.Phase != "hiding" {
			break
		}
		seat := board.View.Turn[0]
		sv := ts.View(tb, tb.Tokens[seat])
		waitVersion(t, phones[seat], sv.Version)
		pick := ""
		for _, pref := range []string{"place_blip", "place_crew_token", "done_placing", "pass_mission_orders"} {
			if hasMove(sv.View.Moves, pref) && pick == "" {
				if pref == "place_crew_token" && crewPlaced >= 2 && hasMove(sv.View.Moves, "done_placing") {
					continue
				}
				pick = pref
			}
		}
		if pick == "" {
			t.Fatalf("seat %d has no hiding move: %v", seat, moveTypes(sv.View.Moves))
		}
		if pick == "place_blip" || pick == "place_crew_token" {
			placeOneHanded(t, phones[seat], pick)
		} else {
			tapMove(t, phones[seat], pick)
		}
		if pick == "place_crew_token" {
			crewPlaced++
		}
		// Both phones must have the placement before their secrets are
		// compared with the API's: the tapping phone's own update can come
		// after the other's.
		waitVersion(t, phones[1-seat], sv.Version+1)
		waitVersion(t, phones[seat], sv.Version+1)
		// Each side's placed tokens, from its own private view.
		for s := 0; s < 2; s++ {
			secretsSeen[s] = placedSecrets(t, ts.View(tb, tb.Tokens[s]))
		}
		for s := 0; s < 2; s++ {
			other := domText(t, phones[1-s])
			for _, secret := range secretsSeen[s] {
				if strings.Contains(other, secret) {
					t.Fatalf("phone %d shows seat %d's face-down token %q", 1-s, s, secret)
				}
			}
			own := heldSecrets(t, phones[s])
			for _, secret := range secretsSeen[s] {
				if !strings.Contains(own, secret) {
					t.Fatalf("phone %d does not show its own token %q", s, secret)
				}
				checked[s]++
			}
		}
	}
	if crewPlaced == 0 || checked[0] == 0 || checked[1] == 0 {
		t.Fatalf("hiding placed %d crew tokens; secrets checked per side: %v", crewPlaced, checked)
	}
	t.Logf("%d crew tokens placed; face-down tokens checked against the other phone: crew %d, Alien %d", crewPlaced, checked[0], checked[1])
	board := ts.View(tb, "")
	if board.View.Phase == "hiding" {
		t.Fatal("hiding did not end")
	}
	// Posture (Aggressive, by the API: it asks for no card effects), then
	// Appearance: every Blip flips face up. Phones pass the mission-order
	// windows on the way.
	for k := 0; k < 30 && !revealed(board, "jonesy"); k++ {
		if len(board.View.Turn) == 0 {
			t.Fatalf("nobody to move in phase %s", board.View.Phase)
		}
		seat := board.View.Turn[0]
		sv := ts.View(tb, tb.Tokens[seat])
		switch {
		case hasMove(sv.View.Moves, "choose_posture"):
			ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": "choose_posture", "args": map[string]any{"posture": "aggressive"}}, nil)
		case hasMove(sv.View.Moves, "pass_mission_orders"):
			waitVersion(t, phones[seat], sv.Version)
			tapMove(t, phones[seat], "pass_mission_orders")
			waitVersion(t, phones[seat], sv.Version+1)
		case hasMove(sv.View.Moves, "end_effect"):
			// A Weyland Protocol came off the Mission deck; the table
			// applies its (unprinted) effect, here none.
			ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": "end_effect"}, nil)
		default:
			t.Fatalf("seat %d offered %v before the Blips flip; public %s; log %s", seat, moveTypes(sv.View.Moves), mustJSON(board.View.Public), mustJSON(board.Log))
		}
		board = ts.View(tb, "")
	}
	for _, name := range []string{"jonesy", "alien"} {
		if !revealed(board, name) {
			t.Fatalf("the public view does not reveal the %s Blip: %s", name, mustJSON(board.View.Public))
		}
	}
	for i, p := range phones {
		waitVersion(t, p, board.Version)
		if !strings.Contains(pageText(t, p), "Jonesy") || !strings.Contains(pageText(t, p), "Alien") {
			t.Fatalf("phone %d does not show the revealed Blips", i)
		}
	}
	screenshot(t, phones[0], "nostromo-after-hiding")
	// Play on by the API until the crew phone may say "I have no mission
	// orders this turn" in a mission-order window; it is one switch.
	r := rand.New(rand.NewPCG(3, 4))
	for k := 0; ; k++ {
		v := ts.View(tb, "")
		if v.View.Outcome != nil {
			// Random play can end a 2-player game before any window.
			t.Logf("the game ended after %d moves before the crew phone was offered skip_orders_this_turn: switch not checked (%s)", k, mustJSON(v.View.Outcome))
			return
		}
		if k == 300 {
			t.Fatalf("the crew phone was never offered skip_orders_this_turn in %d moves", k)
		}
		if hasMove(ts.View(tb, tb.Tokens[0]).View.Moves, "skip_orders_this_turn") {
			break
		}
		seat := v.View.Turn[0]
		var offered []kit.MoveSpec
		for _, m := range ts.View(tb, tb.Tokens[seat]).View.Moves {
			if m.Type != "skip_orders_this_turn" && m.Type != "resume_mission_orders" {
				offered = append(offered, m)
			}
		}
		m := kit.RandomMove(offered[r.IntN(len(offered))], r)
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}, nil)
	}
	waitVersion(t, phones[0], ts.View(tb, "").Version)
	noOrdersSwitch(t, ts, tb, phones[0], tb.Tokens[0])
}

// noOrdersSwitch turns a crew phone's "I have no mission orders this turn"
// switch on and off again: one switch, not two buttons, whose state
// follows the seat's private view.
func noOrdersSwitch(t *testing.T, ts *testServer, tb *table, p context.Context, tok string) {
	t.Helper()
	state := func() string {
		return get(t, p, "switch", chromedp.Evaluate[string](`(() => { const b = document.querySelector('#switches [role=switch]'); return b ? b.getAttribute("aria-checked") + " " + b.closest("form").dataset.move : "none"; })()`))
	}
	private := func() bool {
		var pv struct {
			NoOrders bool `json:"no_mission_orders_this_turn"`
		}
		json.Unmarshal([]byte(mustJSON(ts.View(tb, tok).View.Private)), &pv)
		return pv.NoOrders
	}
	if got, want := state(), "false skip_orders_this_turn"; got != want {
		t.Fatalf("the no-orders switch reads %q, want %q", got, want)
	}
	if n := get(t, p, "buttons", chromedp.Evaluate[int](`document.querySelectorAll('form[data-move="skip_orders_this_turn"], form[data-move="resume_mission_orders"]').length`)); n != 1 {
		t.Fatalf("the page shows %d forms for the no-orders pair, want one switch", n)
	}
	v := ts.View(tb, tok).Version
	tapMove(t, p, "skip_orders_this_turn")
	waitVersion(t, p, v+1)
	if got, want := state(), "true resume_mission_orders"; got != want || !private() {
		t.Fatalf("after the tap the switch reads %q (private on: %v), want %q", got, private(), want)
	}
	screenshot(t, p, "nostromo-no-orders-switch")
	v = ts.View(tb, tok).Version
	tapMove(t, p, "resume_mission_orders")
	waitVersion(t, p, v+1)
	// The referee passed the open window for the player; the switch shows
	// off again in the next window, or not at all outside windows.
	if got := state(); (got != "false skip_orders_this_turn" && got != "none") || private() {
		t.Fatalf("after the second tap the switch reads %q (private on: %v), want it off", got, private())
	}
}

// revealed reports whether the public view shows a Blip face up: as a
// flipped Blip ("#2 Jonesy") or, once applied, as the room's marker
// ("jonesy": true).
func revealed(v tablepkg.ViewResponse, blip string) bool {
	pub := strings.ToLower(mustJSON(v.View.Public))
	return regexp.MustCompile(`#\d+ ` + blip + `"|"` + blip + `":true`).MatchString(pub)
}

// placedSecrets lists the lines of a seat's private view that name a token
// placed on the board (not "in front of" or "to place").
func placedSecrets(t *testing.T, v tablepkg.ViewResponse) []string {
	t.Helper()
	type token struct {
		Number int    `json:"number"`
		Label  string `json:"label"`
	}
	var p struct {
		CrewTokens []token `json:"crew_tokens"`
		Blips      []token `json:"blips"`
	}
	if err := json.Unmarshal([]byte(mustJSON(v.View.Private)), &p); err != nil {
		t.Fatalf("private view: %v", err)
	}
	var out []string
	// The tokens on the board (a number); those in front of a player or
	// still to place are no secret of a placement.
	for _, s := range append(p.CrewTokens, p.Blips...) {
		if s.Number > 0 {
			if s.Label == "" {
				t.Fatalf("a placed token has no label: %+v", s)
			}
			out = append(out, s.Label)
		}
	}
	return out
}

// TestBrowserLockupScoring plays a 3-player Lockup game to its end by the
// API, then shows the final scoring chart on the board page and on a phone
// in Portuguese, and saves screenshots to be checked by eye.
func TestBrowserLockupScoring(t *testing.T) {
	t.Parallel()
	newPhone := browser(t)
	ts := startServer(t, "")
	tb := createTableAPI(t, ts, "lockup", nil)
	p := newPhone()
	tb.Tokens = append(tb.Tokens, joinByBrowser(t, ts, p, tb, "Ana"))
	for _, n := range []string{"Bia", "Caio"} {
		var jr tablepkg.JoinResult
		ts.Must(201, "POST", "/api/join", "", map[string]any{"code": tb.Code, "name": n}, &jr)
		tb.Tokens = append(tb.Tokens, jr.Token)
	}
	ts.Start(tb)
	r := rand.New(rand.NewPCG(5, 5))
	advance := []string{"assign", "pass", "resolve_legend", "finish_raid", "stop_advancing", "advance", "keep_loot", "submit_final_score"}
	played := 0
	// The phone is judged once the game has ended: it waits in a pocket.
	putAway(t, p)
	for i := 0; i < 30 && ts.View(tb, "").View.Outcome == nil; i++ {
		played += playPreferring(t, ts, tb, r, 100, advance)
	}
	finishLockupScoring(t, ts, tb)
	final := ts.View(tb, "")
	if final.View.Outcome == nil || len(final.View.Outcome.Scores) != 3 {
		t.Fatalf("the game did not end with three score lines after %d moves (phase %s)", played, final.View.Phase)
	}
	t.Logf("the game ended after %d moves", played)
	takeOut(t, final.Version, p)
	board := newPhone()
	do(t, board, "board", chromedp.Navigate(ts.URL+"/b/"+tb.ID), chromedp.WaitVisible(css("#chart")))
	bars := get(t, board, "bars", chromedp.Evaluate[int](`document.querySelectorAll("#chart .bar").length`))
	if bars != 3 {
		t.Fatalf("chart has %d bars, want 3", bars)
	}
	screenshotOf(t, board, "section.outcome", "lockup-chart-board")
	do(t, p, "portuguese",
		chromedp.Navigate(ts.URL+"/t/"+tb.ID),
		chromedp.WaitVisible(css("#chart")),
		chromedp.SetValue(css("#lang"), "pt-BR"),
	)
	get(t, p, "switch language", chromedp.Evaluate[bool](`document.getElementById("lang").dispatchEvent(new Event("change")) || true`))
	if text := pageText(t, p); !strings.Contains(text, "Fim de jogo") || !strings.Contains(text, "Gráfico de pontos") {
		t.Fatalf("the phone in pt-BR does not read Portuguese:\n%s", text)
	}
	screenshotOf(t, p, "section.outcome", "lockup-chart-phone-pt")
}
