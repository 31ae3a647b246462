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
// player at roll call, and uses each picker of tokens not placed yet
// (Blips, Crew tokens, the holding cell) with one finger, one touch point
// at a time: before a tap the picker shows none of its choices; a tap on
// its button shows them; a tap on a choice picks it and hides them all
// again; the pick then reads "(private)" until the same finger holds
// "Hold to check", which shows the pick (and still none of what is left),
// and hides it on release; Place sends that choice. Another seat's phone
// never shows the pick. The holding cell itself is not on the page unless
// held.
func TestBrowserSecretPickersHeld(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	check := func(t *testing.T, tb *table, seat, other int, typ string) {
		t.Helper()
		v := ts.View(tb, tb.Tokens[seat])
		labels := secretArgs(v.View.Moves)[typ]
		if len(labels) == 0 {
			t.Fatalf("seat %d is not offered %s with a secret picker (moves %v)", seat, typ, v.View.Moves)
		}
		p, o := newCtx(), newCtx()
		openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[seat], seat)
		openAs(t, ts, o, phoneScreen, tb, "seat", tb.Tokens[other], other)
		waitVersion(t, p, v.Version)
		msgs := gameMessages(ts, v.Game)
		shows := func(text string, except string) string {
			for _, l := range labels {
				if x := expandTerms(msgs, "en", l); x != except && strings.Contains(text, x) {
					return x
				}
			}
			return ""
		}
		if x := shows(pickerText(t, p, typ), ""); x != "" {
			t.Fatalf("seat %d's %s picker shows %q before a tap:\n%s", seat, typ, x, pickerText(t, p, typ))
		}
		viewportShot(t, p, "picker-"+v.Game+"-"+typ+"-hidden")
		form := `form[data-move="` + typ + `"]`
		tapOne(t, p, form+" .secret-picker > button")
		waitTrue(t, p, "choices shown after one tap", `!document.querySelector('`+form+` .secret-choices').hidden`)
		first := expandTerms(msgs, "en", labels[0])
		if text := pickerText(t, p, typ); !strings.Contains(text, first) {
			t.Fatalf("after a tap the %s picker reads %q, want its choices (%q)", typ, text, first)
		}
		viewportShot(t, p, "picker-"+v.Game+"-"+typ+"-revealed")
		tapOne(t, p, form+" .secret-choices label.chip")
		waitTrue(t, p, "choices hidden after the pick", `document.querySelector('`+form+` .secret-choices').hidden && !document.querySelector('`+form+` .secret-pick').hidden`)
		if picked := get(t, p, "picked", chromedp.Evaluate[bool](`!!document.querySelector('`+form+` .secret-choices input:checked')`)); !picked {
			t.Fatalf("the tap on the first choice of %s picked nothing", typ)
		}
		if x := shows(pickerText(t, p, typ), ""); x != "" {
			t.Fatalf("after the pick the %s picker shows %q in plain view:\n%s", typ, x, pickerText(t, p, typ))
		}
		viewportShot(t, p, "picker-"+v.Game+"-"+typ+"-picked")
		// The same finger holds "Hold to check": the pick shows, and
		// nothing else of what is left.
		touch(t, p, form+" .check-pick", true)
		held := pickerText(t, p, typ)
		viewportShot(t, p, "picker-"+v.Game+"-"+typ+"-check")
		touch(t, p, form+" .check-pick", false)
		if !strings.Contains(held, first) {
			t.Fatalf("holding Hold to check, the %s picker reads %q, want the pick %q", typ, held, first)
		}
		if x := shows(held, first); x != "" && x != first {
			t.Fatalf("holding Hold to check, the %s picker also shows %q, which was not picked:\n%s", typ, x, held)
		}
		if after := pickerText(t, p, typ); strings.Contains(after, first) && shows(after, "") != "" {
			t.Fatalf("the %s pick %q still shows after the release:\n%s", typ, first, after)
		}
		before := ts.View(tb, "").Version
		fillPickers(t, p, typ) // the room or place, a plain picker
		tapOne(t, p, form+" button[type=submit]")
		if !apitest.Eventually(5*time.Second, func() bool { return ts.View(tb, "").Version != before }) {
			dump(t, p)
			t.Fatalf("%s with a one-handed pick was not sent", typ)
		}
		// The other phone holds none of the picker's secrets: what was
		// placed, face down.
		waitVersion(t, o, ts.View(tb, "").Version)
		secretsOfStayHome(t, ts, tb, seat, map[string]context.Context{tb.Tokens[other]: o})
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
			check(t, tb, want.seat, 1-want.seat, want.typ)
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
		check(t, tb, seat, (seat+1)%3, "assign")
	})
}
