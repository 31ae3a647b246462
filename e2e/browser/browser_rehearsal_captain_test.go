package browser_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
)

// rhScreens are the screens of a rehearsal: every phone, the host's page
// and the board, all open from the lobby to the end screen.
type rhScreens struct {
	ts          *testServer
	tb          *table
	game        string
	phones      []context.Context
	host, board context.Context
	shots       int
}

// rhLobby creates a table by the API, opens the host's page and the board
// (1280×800), and joins every player from a phone (390×844, touch) through
// the join page, as a group does; then the host taps Start.
func rhLobby(t *testing.T, ts *testServer, newCtx func() context.Context, game string, options any, players int) *rhScreens {
	t.Helper()
	tb := createTableAPI(t, ts, game, options)
	r := &rhScreens{ts: ts, tb: tb, game: game, host: newCtx(), board: newCtx()}
	openAs(t, ts, r.host, boardScreen, tb, "host", tb.Host, 0)
	openAs(t, ts, r.board, boardScreen, tb, "board", "", 0)
	for i := 0; i < players; i++ {
		p := newCtx()
		do(t, p, "phone", chromedp.EmulateViewport(phoneScreen.Width, phoneScreen.Height, chromedp.EmulateTouch, chromedp.EmulateMobile))
		tb.Tokens = append(tb.Tokens, joinByBrowser(t, ts, p, tb, playerName(i)))
		r.phones = append(r.phones, p)
	}
	waitTrue(t, r.host, "every player in the lobby", `document.querySelectorAll("#seats li").length >= `+itoa(players))
	r.step(t, "lobby")
	do(t, r.host, "start", chromedp.WaitEnabled(css("#start")), chromedp.Click(css("#start")))
	apitest.WaitFor(t, 10*time.Second, "the game to start", func() bool { return ts.View(tb, "").View != nil })
	return r
}

// step waits until every screen shows the table's current version, and
// saves what a phone, the host and the board show for this kind of step
// (phone size and board size), when TW_SCREENSHOTS is set.
func (r *rhScreens) step(t *testing.T, kind string) {
	t.Helper()
	v := r.ts.View(r.tb, "")
	all := append([]context.Context{r.host, r.board}, r.phones...)
	if v.View != nil {
		for _, p := range all {
			waitVersion(t, p, v.Version)
		}
	}
	r.shots++
	name := "rehearsal-" + r.game + "-" + itoa(r.shots) + "-" + kind
	viewportShot(t, r.phones[0], name+"-phone")
	viewportShot(t, r.host, name+"-host")
	viewportShot(t, r.board, name+"-board")
	for i, p := range all {
		if txt := pageText(t, p); strings.Contains(txt, "null") || strings.Contains(txt, "undefined") {
			t.Fatalf("%s: screen %d shows null or undefined:\n%s", kind, i, txt)
		}
	}
}

// end checks the end screen on every phone, the host and the board.
func (r *rhScreens) end(t *testing.T) {
	t.Helper()
	if r.ts.View(r.tb, "").View.Outcome == nil {
		t.Fatal("the game did not end")
	}
	r.step(t, "end")
	for i, p := range append([]context.Context{r.host, r.board}, r.phones...) {
		waitTrue(t, p, "end screen "+itoa(i), `!!document.getElementById("outcome")`)
	}
	for i, p := range r.phones {
		res := get(t, p, "result", chromedp.Text(css("#result")))
		if !strings.Contains(res, "won") && !strings.Contains(res, "lost") {
			t.Fatalf("phone %d's end banner reads %q, want won or lost", i, res)
		}
	}
}

// TestBrowserRehearsalCaptain plays The Captain Is Dead from the lobby to
// the end screen with three phones, the host and the board open. The
// pages play: the lobby (joins and Start), a role chosen on a phone, the
// first alert card resolved on the host's page (it asks first), an alert
// card the game data does not list applied with the host's tools (in
// view; Alert applied asks, naming what was applied), a move on the
// active phone. The API plays the rest: the other roles, the alerts up to
// the unlisted one, and, to end it, Ship Control raised by card effects to
// WIN!.
func TestBrowserRehearsalCaptain(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	r := rhLobby(t, ts, newCtx, "captainisdead", nil, 3)
	tb := r.tb
	// Roles: the first phone on its page, the others by the API.
	r.step(t, "choose-role")
	tapMove(t, r.phones[0], "choose_role")
	apitest.WaitFor(t, 5*time.Second, "a role chosen on the phone", func() bool { return !hasMove(ts.View(tb, tb.Tokens[0]).View.Moves, "choose_role") })
	for s := 1; s < len(tb.Tokens); s++ {
		playFirst(t, ts, tb, tb.Tokens[s], "choose_role", nil)
	}
	// The first setup alert, a card the data lists: resolved on the
	// host's page, after its question.
	r.step(t, "known-alert")
	if !hasMove(ts.View(tb, tb.Host).View.Moves, "resolve_alert") {
		t.Fatal("the first alert offers no card to resolve")
	}
	if q := tapMove(t, r.host, "resolve_alert"); q == "" {
		t.Fatal("Resolve the alert card drawn went without a question")
	}
	apitest.WaitFor(t, 5*time.Second, "the alert resolved", func() bool { return ts.View(tb, "").View.Public != nil && ts.View(tb, "").Version > 0 })
	// By the API: to the first card the data does not list.
	driveToUnknownAlert(t, ts, tb)
	r.step(t, "unknown-alert")
	before := ts.View(tb, "").Version
	if q := tapMove(t, r.host, "add_alien"); q != "" {
		t.Fatalf("a card-effect tool asked %q", q)
	}
	apitest.WaitFor(t, 5*time.Second, "the tool applied", func() bool { return ts.View(tb, "").Version != before })
	r.step(t, "tool-applied")
	before = ts.View(tb, "").Version
	q := tapMove(t, r.host, "finish_alert")
	if !strings.Contains(q, "Applied for this alert card") {
		t.Fatalf("Alert applied asked %q, want it to name what was applied", q)
	}
	apitest.WaitFor(t, 5*time.Second, "Alert applied sent", func() bool { return ts.View(tb, "").Version != before })
	r.step(t, "alert-applied")
	// By the API: to a turn; then the active player moves on the phone.
	driveToCaptainTurn(t, ts, tb)
	a := activeSeat(t, ts.View(tb, ""))
	r.step(t, "turn")
	before = ts.View(tb, "").Version
	tapMove(t, r.phones[a], "move")
	apitest.WaitFor(t, 5*time.Second, "the move sent", func() bool { return ts.View(tb, "").Version != before })
	r.step(t, "moved")
	secretsStayHome(t, ts, tb, map[string]context.Context{"": r.board, tb.Tokens[1]: r.phones[1]})
	// By the API: the table applies Ship Control raises (card effects)
	// until WIN!.
	for i := 0; i < 12 && ts.View(tb, "").View.Outcome == nil; i++ {
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "raise_track", "args": map[string]any{"track": "Ship Control"}}, nil)
	}
	r.end(t)
}

// TestBrowserRehearsalNostromo plays Alien: USCSS Nostromo from the lobby
// to the end screen with two phones (the Alien and a crew player), the
// host and the board open. The pages play: the lobby, the host recording
// the Alien player, and the whole Hiding phase with one finger on each
// phone (placeOneHanded: a tap shows the picker's choices, a tap picks,
// a tap sends; "Hold to check" shows the pick) while the other phone
// never shows the face-down tokens. The API plays the rest to the end.
func TestBrowserRehearsalNostromo(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	r := rhLobby(t, ts, newCtx, "nostromo", nil, 2)
	tb := r.tb
	r.step(t, "designate")
	before := ts.View(tb, "").Version
	tapMove(t, r.host, "designate_alien")
	apitest.WaitFor(t, 5*time.Second, "the Alien player recorded", func() bool { return ts.View(tb, "").Version != before })
	// Hiding: every placement on the phones, one-handed; the pages are
	// photographed once per kind of placement.
	shot := map[string]bool{}
	for k := 0; k < 60 && ts.View(tb, "").View.Phase == "hiding"; k++ {
		seat := ts.View(tb, "").View.Turn[0]
		sv := ts.View(tb, tb.Tokens[seat])
		p := r.phones[seat]
		waitVersion(t, p, sv.Version)
		pick := ""
		for _, typ := range []string{"choose_extra_set", "place_blip", "place_crew_token", "done_placing", "pass_mission_orders"} {
			if pick == "" && hasMove(sv.View.Moves, typ) {
				pick = typ
			}
		}
		if pick == "" {
			t.Fatalf("seat %d has no hiding move: %v", seat, moveTypes(sv.View.Moves))
		}
		first := !shot[pick]
		if first {
			shot[pick] = true
			r.step(t, "hiding-"+pick)
		}
		if pick == "place_blip" || pick == "place_crew_token" {
			placeOneHanded(t, p, pick)
		} else {
			tapMove(t, p, pick)
		}
		apitest.WaitFor(t, 5*time.Second, pick+" sent", func() bool { return ts.View(tb, "").Version != sv.Version })
		if first {
			waitVersion(t, r.phones[1-seat], sv.Version+1)
			secretsOfStayHome(t, ts, tb, seat, map[string]context.Context{tb.Tokens[1-seat]: r.phones[1-seat], "": r.board})
		}
	}
	if !shot["place_blip"] || !shot["place_crew_token"] {
		t.Fatalf("the hiding phase placed %v", shot)
	}
	r.step(t, "after-hiding")
	for seat := range tb.Tokens {
		secretsOfStayHome(t, ts, tb, seat, map[string]context.Context{tb.Tokens[1-seat]: r.phones[1-seat], "": r.board})
	}
	// By the API: the game to its end, with the phones, the host and the
	// board put away until it is over.
	pages := append([]context.Context{r.host, r.board}, r.phones...)
	putAway(t, pages...)
	rr := rand.New(rand.NewPCG(36, 4))
	for i := 0; i < 60 && ts.View(tb, "").View.Outcome == nil; i++ {
		playPreferring(t, ts, tb, rr, 25, []string{"pass_mission_orders", "choose_posture", "end_effect", "place_blip", "place_crew_token", "done_placing"})
	}
	takeOut(t, ts.View(tb, "").Version, pages...)
	r.end(t)
}
