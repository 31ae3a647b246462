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

// driveToUnknownAlert plays a The Captain Is Dead table through the API
// (roles chosen, every alert the game data lists resolved with its card)
// until an alert card is out that the data does not list: the host is
// offered Alert applied and no card to resolve it with.
func driveToUnknownAlert(t *testing.T, ts *testServer, tb *table) {
	t.Helper()
	r := rand.New(rand.NewPCG(36, 3))
	for i := 0; i < 200; i++ {
		ms := ts.View(tb, tb.Host).View.Moves
		switch {
		case hasMove(ms, "finish_alert") && !hasMove(ms, "resolve_alert"):
			return
		case hasMove(ms, "resolve_alert"):
			playFirst(t, ts, tb, tb.Host, "resolve_alert", nil)
		default:
			// Roles, then a turn's moves until its alert.
			if playPreferring(t, ts, tb, r, 1, []string{"choose_role", "move", "end_turn"}) == 0 {
				t.Fatal("the game stopped before an unlisted alert card")
			}
		}
	}
	t.Fatal("no alert card the game data does not list came out in 200 moves")
}

// answerStepEnder taps typ on p, checks that the page asks first with a
// question containing want, that Cancel sends nothing, and that OK sends
// it. It returns the question.
func answerStepEnder(t *testing.T, ts *testServer, tb *table, p context.Context, typ, want string) string {
	t.Helper()
	before := ts.View(tb, "").Version
	waitVersion(t, p, before)
	pressMove(t, p, typ)
	asked := waitConfirm(t, p, typ)
	if !strings.Contains(asked, want) {
		t.Fatalf("tapping %s asked %q, want it to say %q", typ, asked, want)
	}
	viewportShot(t, p, "step-ender-"+typ+"-asks")
	do(t, p, "cancel", chromedp.Click(css("#confirm-no")), chromedp.WaitNotVisible(css("#confirm")))
	apitest.Stays(t, 300*time.Millisecond, "Cancel on "+typ+"'s question sends nothing", func() bool { return ts.View(tb, "").Version == before })
	pressMove(t, p, typ)
	if again := waitConfirm(t, p, typ); again != asked {
		t.Fatalf("the second tap on %s asked %q, the first %q", typ, again, asked)
	}
	do(t, p, "OK", chromedp.Click(css("#confirm-yes")), chromedp.WaitNotVisible(css("#confirm")))
	apitest.WaitFor(t, 5*time.Second, "OK on "+typ+"'s question to send it", func() bool { return ts.View(tb, "").Version != before })
	return asked
}

// TestBrowserUnknownAlertApplied plays The Captain Is Dead through the API
// to an alert card the game data does not list (from alert 3 on), then
// applies it on the host's page (1280×800): the card-effect tools are in
// view, as primary moves, with no collapsed group in the way; Alert
// applied comes after them; a tool goes at once; Alert applied asks first,
// naming what was applied (the alien just added, in its room), and Cancel
// sends nothing. No seat's phone is needed: the host's page is what is
// judged.
func TestBrowserUnknownAlertApplied(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("captainisdead", nil, 3)
	ts.Start(tb)
	driveToUnknownAlert(t, ts, tb)
	host := newCtx()
	openAs(t, ts, host, boardScreen, tb, "host", tb.Host, 0)
	waitVersion(t, host, ts.View(tb, "").Version)
	viewportShot(t, host, "unknown-alert-host")
	layout := get(t, host, "moves", chromedp.Evaluate[[]string](`(() => {
		const out = [];
		for (const f of document.querySelectorAll("form[data-move]")) {
			const d = f.closest("details");
			out.push(f.dataset.move + ":" + (f.closest("#primary") ? "primary" : d && !d.open ? "collapsed" : "other"));
		}
		return out;
	})()`))
	tools := 0
	for i, m := range layout {
		typ, where, _ := strings.Cut(m, ":")
		switch {
		case typ == "finish_alert" && (where != "primary" || i != len(layout)-1):
			t.Fatalf("Alert applied is %s at %d of %v, want it in view after the tools", where, i, layout)
		case typ == "add_alien" || typ == "raise_track" || typ == "sound_alarm" || typ == "injure":
			if where != "primary" {
				t.Fatalf("the card-effect tool %s is %s (%v), want it in view as a primary move", typ, where, layout)
			}
			tools++
		}
	}
	if tools < 3 {
		t.Fatalf("the host's page shows %v, want the card-effect tools", layout)
	}
	// A tool goes at once.
	before := ts.View(tb, "").Version
	if q := tapMove(t, host, "add_alien"); q != "" {
		t.Fatalf("add_alien asked %q before it was sent", q)
	}
	apitest.WaitFor(t, 5*time.Second, "add_alien sent", func() bool { return ts.View(tb, "").Version != before })
	v := ts.View(tb, tb.Host)
	applied := ""
	if fa := findMoveSpec(v.View.Moves, "finish_alert"); fa != nil {
		applied = fa.Confirm
	}
	last := v.Log[len(v.Log)-1]
	if len(last.Events) == 0 {
		t.Fatal("adding an alien logged nothing")
	}
	added := strings.TrimSuffix(last.Events[0].Text, ".")
	if !strings.Contains(applied, added) {
		t.Fatalf("Alert applied's question %q does not name what was applied (%q)", applied, added)
	}
	asked := answerStepEnder(t, ts, tb, host, "finish_alert", added)
	if ms := ts.View(tb, tb.Host).View.Moves; hasMove(ms, "finish_alert") && !hasMove(ms, "resolve_alert") && ts.View(tb, "").View.Phase == "alert" {
		// The aliens acted and the next alert is out: fine. The old one
		// must be gone from the question.
		if q := findMoveSpec(ms, "finish_alert").Confirm; strings.Contains(q, added) {
			t.Fatalf("the next alert's question %q still names the last one's %q", q, added)
		}
	}
	t.Logf("Alert applied asked %q", asked)
}

// TestBrowserStepEndersAsk taps, on the Captain's phone (390×844, touch),
// Space Cadets' "Start Mission 10, part 2", a step-ender that cannot be
// undone: the page asks first (the referee marks it ask: ends_step), and
// Cancel sends nothing. Every move that a referee marks so asks (the page
// reads the flag, not a list of its own).
func TestBrowserStepEndersAsk(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := krakenTable(t, ts)
	tok, seat, spec := "", -1, (*kit.MoveSpec)(nil)
	for s, k := range tb.Tokens {
		if m := findMoveSpec(ts.View(tb, k).View.Moves, "start_kraken_part2"); m != nil {
			tok, seat, spec = k, s, m
		}
	}
	if tok == "" {
		t.Fatal("no seat is offered start_kraken_part2")
	}
	p := newCtx()
	openAs(t, ts, p, phoneScreen, tb, "seat", tok, seat)
	get(t, p, "open group", chromedp.Evaluate[bool](`(() => { const f = document.querySelector('form[data-move="start_kraken_part2"]'); const d = f && f.closest("details"); if (d) d.open = true; return !!f; })()`))
	asked := answerStepEnder(t, ts, tb, p, "start_kraken_part2", "part 2")
	if spec.Ask != kit.AskEndsStep {
		t.Fatalf("start_kraken_part2 = %+v, want ask %s", spec, kit.AskEndsStep)
	}
	t.Logf("start_kraken_part2 asked %q", asked)
}
