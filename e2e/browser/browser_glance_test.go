package browser_test

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// findMoveSpec returns the offered move of a type, or nil.
func findMoveSpec(ms []kit.MoveSpec, typ string) *kit.MoveSpec {
	for i := range ms {
		if ms[i].Type == typ {
			return &ms[i]
		}
	}
	return nil
}

// playFirst makes the move typ with the first offered choice of each
// argument (and the arguments given), from the token's device.
func playFirst(t *testing.T, ts *testServer, tb *table, token, typ string, args map[string]any) {
	t.Helper()
	m := findMoveSpec(ts.View(tb, token).View.Moves, typ)
	if m == nil {
		t.Fatalf("%s is not offered", typ)
	}
	all := map[string]any{}
	for _, a := range m.Args {
		if len(a.Choices) > 0 && !a.Optional {
			all[a.Name] = a.Choices[0].Value
		}
	}
	for k, v := range args {
		all[k] = v
	}
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", token, map[string]any{"type": typ, "args": all}, nil)
}

// activeSeat is the seat the view names as the one to act.
func activeSeat(t *testing.T, v tablepkg.ViewResponse) int {
	t.Helper()
	if len(v.View.Turn) != 1 {
		t.Fatalf("turn = %v, want one seat", v.View.Turn)
	}
	return v.View.Turn[0]
}

// seatCardText is the text of a seat's card on a page.
func seatCardText(t *testing.T, p context.Context, seat int) string {
	t.Helper()
	return get(t, p, "seat card", chromedp.Evaluate[string](`(() => { const e = document.querySelector('#seats li[data-seat="`+itoa(seat)+`"]'); return e ? e.textContent : ""; })()`))
}

var oneActions = regexp.MustCompile(`\b1 actions\b`)

// TestBrowserCaptainAlertChoices plays The Captain Is Dead on two phones
// (390×844, touch) and a board (1280×800): a player who has chosen a role
// is not shown as dead; at an alert the phone of the player to act offers
// the alert cards of the game data as its big move, and no move on the
// page asks for free text; tapping Patrol puts its two Patrol aliens
// aboard, with no card effect entered by hand; on a turn the board's
// "actions" fact and the phone's prompt give the same actions left, and
// "1 actions" is never written.
func TestBrowserCaptainAlertChoices(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("captainisdead", nil, 2)
	ts.Start(tb)
	playFirst(t, ts, tb, tb.Tokens[0], "choose_role", nil)
	phone0 := newCtx()
	openAs(t, ts, phone0, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	waitVersion(t, phone0, ts.View(tb, "").Version)
	if card := seatCardText(t, phone0, 0); strings.Contains(card, "dead") || !strings.Contains(card, "role chosen") {
		t.Fatalf("Ann's own seat card reads %q right after choosing a role, want \"role chosen\" and not dead", card)
	}
	viewportShot(t, phone0, "glance-captain-role-chosen-phone")
	playFirst(t, ts, tb, tb.Tokens[1], "choose_role", nil)

	// The first setup alert: the phone of the player to act.
	a := activeSeat(t, ts.View(tb, ""))
	phone, board := newCtx(), newCtx()
	openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[a], a)
	openAs(t, ts, board, boardScreen, tb, "board", "", 0)
	v := ts.View(tb, "")
	waitVersion(t, phone, v.Version)
	waitVersion(t, board, v.Version)
	big := get(t, phone, "resolve form", chromedp.Evaluate[[]string](`(() => {
		const f = document.querySelector('form[data-move="resolve_alert"]');
		if (!f) return ["", ""];
		return [f.classList.contains("big") && !f.closest("details") ? "big" : "small", f.textContent];
	})()`))
	if big[0] != "big" {
		t.Fatalf("the alert card choice on the phone is %q, want the big move outside any collapsed group", big[0])
	}
	for _, card := range []string{"Bridge Investigation", "Patrol"} {
		if !strings.Contains(big[1], card) {
			t.Errorf("the alert choice reads %q, want the card %s", big[1], card)
		}
	}
	if n := get(t, phone, "text boxes", chromedp.Evaluate[int](`document.querySelectorAll('form[data-move] input[type=text], form[data-move] textarea').length`)); n != 0 {
		t.Errorf("the phone at an alert has %d free-text boxes in its moves, want none", n)
	}
	if txt := domText(t, phone); strings.Contains(txt, "Record a card effect") || strings.Contains(txt, "Source (card or effect)") {
		t.Error("the phone still shows the Record a card effect groups or the Source box")
	}
	viewportShot(t, phone, "glance-captain-alert-phone")
	viewportShot(t, board, "glance-captain-alert-board")
	do(t, phone, "pick Patrol", chromedp.Click(css(`form[data-move="resolve_alert"] label[data-key$=":Patrol"] input`)))
	do(t, phone, "tap resolve", chromedp.Click(css(`form[data-move="resolve_alert"] button[type=submit]`)))
	if q := get(t, phone, "asked", chromedp.Evaluate[string](`document.getElementById("confirm").open ? document.getElementById("confirm-text").textContent : ""`)); q != "" {
		do(t, phone, "confirm", chromedp.Click(css("#confirm-yes")), chromedp.WaitNotVisible(css("#confirm")))
	}
	var pub struct {
		AliensAboard int `json:"aliens_aboard"`
	}
	apitest.Eventually(5*time.Second, func() bool {
		v = ts.View(tb, "")
		raw, _ := json.Marshal(v.View.Public)
		_ = json.Unmarshal(raw, &pub)
		return pub.AliensAboard > 0
	})
	if pub.AliensAboard != 2 {
		t.Fatalf("aliens aboard after tapping Patrol = %d, want its 2 Patrol aliens", pub.AliensAboard)
	}
	waitVersion(t, board, v.Version)
	viewportShot(t, board, "glance-captain-after-patrol-board")

	// The other setup alerts, then a turn with one action left.
	for i := 0; i < 10 && ts.View(tb, "").View.Phase == "alert"; i++ {
		playFirst(t, ts, tb, tb.Host, "finish_alert", nil)
	}
	v = ts.View(tb, "")
	if v.View.Phase != "turn" {
		t.Fatalf("phase %s after the setup alerts, want turn", v.View.Phase)
	}
	a = activeSeat(t, v)
	for findMoveSpec(ts.View(tb, tb.Tokens[a]).View.Moves, "move") != nil {
		if left := ts.View(tb, tb.Tokens[a]).View.Seats[a].Facts["actions_left"]; left == 1.0 {
			break
		}
		playFirst(t, ts, tb, tb.Tokens[a], "move", nil)
	}
	openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[a], a)
	v = ts.View(tb, "")
	waitVersion(t, phone, v.Version)
	waitVersion(t, board, v.Version)
	prompt := get(t, phone, "prompt", chromedp.Text(css("#prompt")))
	fact := ts.View(tb, "").View.Seats[a].Facts["actions_label"]
	boardCard := seatCardText(t, board, a)
	if !strings.Contains(prompt, "1 action left") || fact != "1 of 4 left" || !strings.Contains(boardCard, "1 of 4 left") {
		t.Fatalf("phone prompt %q, board seat card %q (fact %q): want both to say 1 action left", prompt, boardCard, fact)
	}
	for name, p := range map[string]context.Context{"phone": phone, "board": board} {
		if m := oneActions.FindString(domText(t, p)); m != "" {
			t.Errorf("the %s reads %q", name, m)
		}
	}
	viewportShot(t, phone, "glance-captain-turn-phone")
	viewportShot(t, board, "glance-captain-turn-board")
}

// setSelect picks a value in a page's select and fires its change event.
func setSelect(t *testing.T, p context.Context, sel, value string) {
	t.Helper()
	ok := get(t, p, "select "+sel, chromedp.Evaluate[bool](`(() => {
		const s = document.querySelector(`+jsString(sel)+`);
		if (!s || !Array.from(s.options).some(o => o.value === `+jsString(value)+`)) return false;
		s.value = `+jsString(value)+`;
		s.dispatchEvent(new Event("change", { bubbles: true }));
		return true;
	})()`))
	if !ok {
		t.Fatalf("%s has no option %q", sel, value)
	}
}

// TestBrowserSpaceCadetsStationsAndCards checks the Space Cadets pages:
// the create form asks for no station (nobody has joined yet); the host's
// lobby screen (1280×800) assigns the stations to the players who have
// joined, by name, and the start deals them so; the Science Officer's and
// the Captain's phones (390×844) show each starting card with its Science
// points and never the data's placeholder name.
func TestBrowserSpaceCadetsStationsAndCards(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")

	home := newCtx()
	do(t, home, "viewport", chromedp.EmulateViewport(phoneScreen.Width, phoneScreen.Height, chromedp.EmulateTouch, chromedp.EmulateMobile))
	do(t, home, "home", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("#game")))
	setSelect(t, home, "#game", "spacecadets")
	waitTrue(t, home, "Space Cadets options", `document.getElementById("option-mission")`)
	for _, o := range []string{"captain_seat", "science_seat", "sensors_seat"} {
		if n := get(t, home, "option "+o, chromedp.Evaluate[int](`document.querySelectorAll("#option-`+o+`").length`)); n != 0 {
			t.Errorf("the create form asks for %s before anyone has joined", o)
		}
	}
	if txt := domText(t, home); strings.Contains(txt, "joining order") || strings.Contains(txt, "Player 3") {
		t.Error("the create form still assigns stations by joining order")
	}
	viewportShot(t, home, "glance-spacecadets-create-phone")

	tb := ts.NewTable("spacecadets", map[string]any{"mission": "7"}, 3)
	host := newCtx()
	openAs(t, ts, host, boardScreen, tb, "host", tb.Host, -1)
	do(t, host, "stations drawn", chromedp.WaitVisible(css("#assign-stations")))
	names := get(t, host, "captain choices", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('#assign-stations select[data-option="captain_seat"] option')).map(o => o.textContent)`))
	if strings.Join(names, ",") != "Ann,Bob,Cid" {
		t.Fatalf("the Captain picker lists %v, want the players who joined", names)
	}
	setSelect(t, host, `#assign-stations select[data-option="captain_seat"]`, "2")
	setSelect(t, host, `#assign-stations select[data-option="science_seat"]`, "1")
	// A join re-renders the lobby: the picks stay.
	ts.Must(201, "POST", "/api/join", "", map[string]any{"code": tb.Code, "name": "Dee"}, nil)
	waitTrue(t, host, "Dee listed", `Array.from(document.querySelectorAll('#assign-stations select[data-option="captain_seat"] option')).some(o => o.textContent === "Dee")`)
	if got := get(t, host, "captain pick", chromedp.Evaluate[string](`document.querySelector('#assign-stations select[data-option="captain_seat"]').value`)); got != "2" {
		t.Fatalf("the Captain pick is %q after a join, want Cid's seat 2", got)
	}
	do(t, host, "scroll to stations", chromedp.ScrollIntoView(css("#assign-stations")))
	viewportShot(t, host, "glance-spacecadets-lobby-host")
	hostPhone := newCtx()
	openAs(t, ts, hostPhone, phoneScreen, tb, "host", tb.Host, -1)
	do(t, hostPhone, "stations on the host's phone", chromedp.WaitVisible(css("#assign-stations")), chromedp.ScrollIntoView(css("#assign-stations")))
	noSideways(t, hostPhone, "host phone")
	viewportShot(t, hostPhone, "glance-spacecadets-lobby-host-phone")
	do(t, host, "start", chromedp.Click(css("#start")))
	waitTrue(t, host, "started", `document.body.dataset.status === "playing"`)
	for seat, want := range map[int]string{2: "captain", 1: "science"} {
		if got := stationNames(t, ts.View(tb, tb.Tokens[seat])); !strings.Contains(strings.Join(got, ","), want) {
			t.Errorf("seat %d holds %v, want %s", seat, got, want)
		}
	}

	// The cards on the Science Officer's and the Captain's phones.
	for _, s := range []struct {
		seat int
		name string
	}{{1, "science"}, {2, "captain"}} {
		p := newCtx()
		openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[s.seat], s.seat)
		waitVersion(t, p, ts.View(tb, "").Version)
		labels := get(t, p, "keep choices", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('form[data-move="keep_starting"] label.chip span, form[data-move="keep_starting"] option')).map(e => e.textContent).filter(t => t && !/^Choose/.test(t))`))
		if len(labels) == 0 {
			t.Fatalf("the %s's phone offers no starting card to keep", s.name)
		}
		for _, l := range labels {
			if !strings.Contains(l, "Science point") || strings.Contains(l, "Experimental Equipment") {
				t.Errorf("the %s's phone offers the card %q: want its Science points and no placeholder name", s.name, l)
			}
		}
		if s.name == "science" {
			cards := get(t, p, "panel cards", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('#stations .equipment li')).map(e => e.textContent)`))
			if len(cards) != 5 {
				t.Fatalf("the Science panel shows %d cards, want the 5 drawn", len(cards))
			}
			for _, c := range cards {
				if !strings.Contains(c, "Science point") || strings.Contains(c, "Experimental Equipment") {
					t.Errorf("the Science panel shows %q: want its Science points and no placeholder name", c)
				}
			}
		}
		noSideways(t, p, s.name)
		viewportShot(t, p, "glance-spacecadets-start-"+s.name+"-phone")
	}
}
