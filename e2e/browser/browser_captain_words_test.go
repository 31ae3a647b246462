package browser_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserCaptainWording plays The Captain Is Dead with five players
// through the API to a turn, injures the first character, and reads the
// board (1280×800) and the active player's phone (390×844, touch): no
// system is called "System 5"…"System 9" anywhere; the board's legend
// names every player once (not "Ann (Engineer), injured (Ann)"), and
// every legend item is inside the heading (nothing cut off at 1280 px); the seat list says the injured character
// is injured (not "alive"); "Take an action printed on a card" offers the
// cards as choices, with no free-text box.
func TestBrowserCaptainWording(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("captainisdead", nil, 5)
	ts.Start(tb)
	driveToCaptainTurn(t, ts, tb)
	// The first character that can be injured (the Sympathizer and the
	// Hologram cannot).
	hurt := -1
	for s := range tb.Tokens {
		if st, _ := ts.CallNoFail("POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "injure", "args": map[string]any{"seat": s}}); st == 200 {
			hurt = s
			break
		}
	}
	if hurt < 0 {
		t.Fatal("no character could be injured")
	}
	v := ts.View(tb, "")
	a := activeSeat(t, v)
	board, phone := newCtx(), newCtx()
	openAs(t, ts, board, boardScreen, tb, "board", "", 0)
	openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[a], a)
	waitVersion(t, board, v.Version)
	waitVersion(t, phone, v.Version)
	viewportShot(t, board, "captain-words-board")
	for name, p := range map[string]context.Context{"board": board, "phone": phone} {
		text := domText(t, p)
		for n := 5; n <= 9; n++ {
			if s := "System " + itoa(n); strings.Contains(text, s) {
				t.Fatalf("the %s calls a system %q", name, s)
			}
		}
	}
	// The legend: each player once (the seat list says the character).
	legend := get(t, board, "legend", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#board-legend .legend-item"), e => e.textContent)`))
	all := strings.Join(legend, " | ")
	for _, seat := range v.View.Seats {
		if n := strings.Count(all, seat.Name); n != 1 {
			t.Fatalf("the legend names %s %d times, want once: %s", seat.Name, n, all)
		}
	}
	if strings.Contains(all, "injured") {
		t.Fatalf("the legend holds a state, not a name: %s", all)
	}
	cut := get(t, board, "legend cut", chromedp.Evaluate[[]string](`(() => {
		const h = document.getElementById("board-heading").getBoundingClientRect();
		return Array.from(document.querySelectorAll("#board-legend .legend-item")).filter(e => { const r = e.getBoundingClientRect(); return r.right > h.right + 0.5 || r.bottom > h.bottom + 0.5; }).map(e => e.textContent);
	})()`))
	if len(cut) > 0 {
		t.Fatalf("the legend at %d px cuts off %q (whole legend: %s)", boardScreen.Width, cut, all)
	}
	boardFits(t, board, v)
	// The seat list agrees with the drawing: the injured character is
	// injured.
	if card := seatCardText(t, board, hurt); !strings.Contains(card, "injured") || strings.Contains(card, "alive") {
		t.Fatalf("the board's seat card of the injured %s reads %q, want injured", v.View.Seats[hurt].Name, card)
	}
	// The card action offers the cards.
	get(t, phone, "open group", chromedp.Evaluate[bool](`(() => { const f = document.querySelector('form[data-move="card_action"]'); const d = f && f.closest("details"); if (d) d.open = true; return !!f; })()`))
	form := get(t, phone, "card action", chromedp.Evaluate[[]string](`(() => {
		const f = document.querySelector('form[data-move="card_action"]');
		if (!f) return ["missing"];
		return [String(f.querySelectorAll("input[type=text], textarea").length), f.innerText];
	})()`))
	if form[0] != "0" || !strings.Contains(form[1], "Skill card") {
		t.Fatalf("Take an action printed on a card has %s free-text boxes and reads %q, want the cards as choices", form[0], form[1])
	}
	viewportShot(t, phone, "captain-words-phone-card-action")
	t.Logf("legend: %s", all)
}
