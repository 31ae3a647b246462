package browser_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserNostromoPanels shows a Nostromo crew phone two views of its
// own table: in a mission-order window the pair "I have no mission orders
// this turn" / "I may play mission orders again" is one switch, off while
// skip is offered and on while resume is, and the public attack shows as a
// banner at the top.
func TestBrowserNostromoPanels(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("nostromo", nil, 2)
	ts.Start(tb)
	phone := newCtx()
	openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	show := func(moves, attack string) []string {
		return get(t, phone, "fake view", chromedp.Evaluate[[]string](`(() => {
			const v = JSON.parse(JSON.stringify(window.TW_TEST.current()));
			v.version += 1000;
			v.view.turn = [0];
			v.view.moves = `+moves+`;
			v.view.public = Object.assign({}, v.view.public, { attack: `+attack+` });
			window.TW_TEST.show(v);
			const sw = document.querySelectorAll('#switches [role=switch]');
			const b = sw[0];
			const a = document.getElementById("attack");
			return [String(sw.length), b ? b.getAttribute("aria-checked") : "", b ? b.closest("form").dataset.move : "", b ? b.textContent : "",
				String(document.querySelectorAll('form[data-move="skip_orders_this_turn"], form[data-move="resume_mission_orders"]').length),
				a ? a.textContent : ""];
		})()`))
	}
	window := `[{ type: "pass_mission_orders", label: "No mission order to play", primary: true },
		{ type: "skip_orders_this_turn", label: "I have no mission orders this turn", group: "Mission orders" }]`
	got := show(window, `{ room: "Mess", caught: ["Ripley"], text: "The Alien attacks the Mess: Ripley is caught." }`)
	if want := []string{"1", "false", "skip_orders_this_turn", "I have no mission orders this turn", "1", "The Alien attacks the Mess: Ripley is caught."}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("in a window the phone shows %q, want %q (one switch, off, and the attack banner)", got, want)
	}
	screenshot(t, phone, "nostromo-switch-off-attack")
	got = show(`[{ type: "resume_mission_orders", label: "I may play mission orders again", group: "Mission orders" }]`, `null`)
	if want := []string{"1", "true", "resume_mission_orders", "I have no mission orders this turn", "1", ""}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("after saying so the phone shows %q, want %q (the switch on, labelled as before; no attack banner)", got, want)
	}
	screenshot(t, phone, "nostromo-switch-on")
}

// TestBrowserCaptainHandLimit shows a Captain Is Dead phone its hand over
// the limit: the hand panel reads the cards held against the hand size and
// how many to discard; at the limit it asks nothing.
func TestBrowserCaptainHandLimit(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("captainisdead", nil, 2)
	ts.Start(tb)
	phone := newCtx()
	openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	show := func(hand string) []string {
		return get(t, phone, "fake view", chromedp.Evaluate[[]string](`(() => {
			const v = JSON.parse(JSON.stringify(window.TW_TEST.current()));
			v.version += 1000;
			v.view.private = Object.assign({}, v.view.private, { hand: `+hand+` });
			window.TW_TEST.show(v);
			const m = document.getElementById("hand-meter");
			return [m ? m.textContent : "", m && m.classList.contains("over") ? "over" : "within"];
		})()`))
	}
	got := show(`{ skill_cards: 7, held: 7, hand_size: 5, discard: 2 }`)
	if want := []string{"7 cards in hand, limit 5 Over the limit: discard 2.", "over"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("over the limit the hand reads %q, want %q", got, want)
	}
	screenshot(t, phone, "captain-hand-over")
	got = show(`{ skill_cards: 5, held: 5, hand_size: 5 }`)
	if want := []string{"5 cards in hand, limit 5", "within"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("at the limit the hand reads %q, want %q", got, want)
	}
}
