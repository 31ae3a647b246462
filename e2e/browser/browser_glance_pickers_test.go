package browser_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
	"tablewarden/referee/kit"
)

// secretArgs are the secret pickers (kit.ArgSpec.Secret) of a view's
// moves, with their choices' labels.
func secretArgs(ms []kit.MoveSpec) map[string][]string {
	out := map[string][]string{}
	for _, m := range ms {
		for _, a := range m.Args {
			if a.Secret {
				for _, c := range a.Choices {
					out[m.Type] = append(out[m.Type], c.Label)
				}
			}
		}
	}
	return out
}

// pickerText is the visible text of a move's form.
func pickerText(t *testing.T, p context.Context, typ string) string {
	t.Helper()
	return get(t, p, "form text", chromedp.Evaluate[string](`(() => { const f = document.querySelector('form[data-move="`+typ+`"]'); return f ? f.innerText : "\x00"; })()`))
}

// TestBrowserSecretPickersHeld opens the phones (390×844, touch) of a
// Nostromo Alien and Crew player during the hiding phase, and of a Lockup
// player at roll call: the pickers of tokens not placed yet (Blips, Crew
// tokens, the holding cell) show none of their choices until held; held,
// they show them, and a choice tapped with another finger while the
// button is held is the one the move sends; the holding cell itself is
// not on the page unless held.
func TestBrowserSecretPickersHeld(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	check := func(t *testing.T, tb *table, seat int, typ string) {
		t.Helper()
		v := ts.View(tb, tb.Tokens[seat])
		labels := secretArgs(v.View.Moves)[typ]
		if len(labels) == 0 {
			t.Fatalf("seat %d is not offered %s with a secret picker (moves %v)", seat, typ, v.View.Moves)
		}
		p := newCtx()
		openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[seat], seat)
		waitVersion(t, p, v.Version)
		msgs := gameMessages(ts, v.Game)
		text := pickerText(t, p, typ)
		for _, l := range labels {
			if x := expandTerms(msgs, "en", l); strings.Contains(text, x) {
				t.Fatalf("seat %d's %s picker shows %q without a hold:\n%s", seat, typ, x, text)
			}
		}
		viewportShot(t, p, "picker-"+v.Game+"-"+typ+"-hidden")
		// Hold the picker's button with one finger, tap the first choice
		// with another, read, let go; then send.
		held := get(t, p, "hold and pick", chromedp.Evaluate[string](`(() => {
			const f = document.querySelector('form[data-move="`+typ+`"]');
			const b = f.querySelector(".secret-picker [data-hold]");
			b.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true, pointerId: 1}));
			const text = f.innerText;
			const chip = f.querySelector(".secret-picker input[type=radio]");
			chip.click();
			document.dispatchEvent(new PointerEvent("pointerup", {bubbles: true, pointerId: 2}));
			const still = !f.querySelector(".secret-choices").hidden;
			b.dispatchEvent(new PointerEvent("pointerup", {bubbles: true, pointerId: 1}));
			return text + "\x00" + still + "\x00" + f.querySelector(".secret-choices").hidden;
		})()`))
		parts := strings.Split(held, "\x00")
		if !strings.Contains(parts[0], expandTerms(msgs, "en", labels[0])) || parts[1] != "true" || parts[2] != "true" {
			t.Fatalf("held, the %s picker reads %q (open after another finger's tap: %s, hidden after release: %s)", typ, parts[0], parts[1], parts[2])
		}
		if after := pickerText(t, p, typ); strings.Contains(after, expandTerms(msgs, "en", labels[0])) {
			t.Fatalf("the %s picker still shows %q after the release", typ, labels[0])
		}
		fillPickers(t, p, typ)
		before := ts.View(tb, "").Version
		do(t, p, "send "+typ, chromedp.Click(css(`form[data-move="`+typ+`"] button[type=submit]`)))
		if !apitest.Eventually(5*time.Second, func() bool { return ts.View(tb, "").Version != before }) {
			dump(t, p)
			t.Fatalf("%s with a held pick was not sent", typ)
		}
		if strings.Contains(pageText(t, p), "Holding cell") && v.Game == "lockup" {
			if cell := get(t, p, "cell", chromedp.Evaluate[string](`(() => { const h = document.getElementById("hand"); return h ? h.innerText : ""; })()`)); strings.Contains(cell, "Holding") {
				t.Fatalf("the holding cell is on the page without a hold: %q", cell)
			}
		}
	}
	t.Run("nostromo", func(t *testing.T) {
		tb := ts.NewTable("nostromo", nil, 2)
		ts.Start(tb)
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "designate_alien", "args": map[string]any{"seat": 1}}, nil)
		r := rand.New(rand.NewPCG(8, 8))
		for _, want := range []struct {
			seat int
			typ  string
		}{{1, "place_blip"}, {0, "place_crew_token"}} {
			for i := 0; i < 60 && len(secretArgs(ts.View(tb, tb.Tokens[want.seat]).View.Moves)[want.typ]) == 0; i++ {
				playPreferring(t, ts, tb, r, 1, []string{"pass_mission_orders", "choose_extra_set", "end_effect", "place_blip", "done_placing"})
			}
			check(t, tb, want.seat, want.typ)
		}
	})
	t.Run("lockup", func(t *testing.T) {
		tb := ts.NewTable("lockup", nil, 3)
		ts.Start(tb)
		seat := -1
		for s := range tb.Tokens {
			if len(secretArgs(ts.View(tb, tb.Tokens[s]).View.Moves)["assign"]) > 0 {
				seat = s
			}
		}
		if seat < 0 {
			t.Fatal("no Lockup seat is offered assign at the start")
		}
		check(t, tb, seat, "assign")
	})
}
