package browser_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserTimeUpClearsItself runs a Space Cadets Step 3A timer of 5
// seconds with the Captain's phone (390×844, touch) and the board
// (1280×800) open: at zero both show TIME!, which takes no tap (the
// element under the Captain's "Mission failed" button is the button);
// within 3.5 s it is gone from both without a tap; once the Captain has
// declared the mission failed, neither screen draws a timer.
func TestBrowserTimeUpClearsItself(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "7", "step3a_seconds": 5}, 3)
	ts.Start(tb)
	driveToTimer(t, ts, tb, "step3a")
	captain, board := newCtx(), newCtx()
	openAs(t, ts, captain, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	openAs(t, ts, board, boardScreen, tb, "board", "", 0)
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "start_timer", "args": map[string]any{"name": "step3a"}}, nil)
	shown := `!document.getElementById("time-up").hidden`
	// The Captain's "Mission failed" is under the overlay, and takes the
	// tap. The page itself tries the tap the moment TIME! shows (TIME!
	// lasts 1.5 s, less than a busy machine may take between two steps of
	// a test).
	res := get(t, captain, "hit test", chromedp.Evaluate[[]string](`new Promise(done => {
		const tap = () => {
			if (document.getElementById("time-up").hidden) { setTimeout(tap, 10); return; }
			const f = document.querySelector('form[data-move="declare_loss"]');
			const seen = String(Date.now());
			if (!f) { done(["no declare_loss", seen]); return; }
			const d = f.closest("details"); if (d) d.open = true;
			const b = f.querySelector("button[type=submit]");
			b.scrollIntoView({block: "center"});
			const r = b.getBoundingClientRect();
			const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			done([document.getElementById("time-up").hidden ? "cleared too early" : (e === b || b.contains(e) ? "button" : (e ? e.id || e.className || e.tagName : "nothing")), seen]);
		};
		tap();
	})`, chromedp.EvalAwaitPromise))
	hit := res[0]
	// When the Captain's phone showed TIME! (the page and the test share
	// the machine's clock).
	ms, _ := strconv.ParseInt(res[1], 10, 64)
	at := time.UnixMilli(ms)
	waitTrue(t, board, "TIME! on the board", shown)
	viewportShot(t, captain, "timeup-captain")
	viewportShot(t, board, "timeup-board")
	if hit != "button" {
		t.Fatalf("with TIME! on screen, a tap on Mission failed reaches %q, want the button", hit)
	}
	for _, p := range []context.Context{captain, board} {
		if !pollJS(p, `!(`+shown+`)`, time.Until(at.Add(3500*time.Millisecond))) {
			t.Fatalf("TIME! is still on screen %.1f s after it came, without a tap", time.Since(at).Seconds())
		}
	}
	declareLoss(t, ts, tb)
	v := ts.View(tb, "")
	for _, c := range []struct {
		name string
		p    func() int
	}{
		{"captain", func() int {
			waitVersion(t, captain, v.Version)
			return get(t, captain, "timers", chromedp.Evaluate[int](`document.querySelectorAll(".timer-box").length`))
		}},
		{"board", func() int {
			waitVersion(t, board, v.Version)
			return get(t, board, "timers", chromedp.Evaluate[int](`document.querySelectorAll(".timer-box").length`))
		}},
	} {
		if n := c.p(); n != 0 {
			t.Fatalf("the %s's screen draws %d timers after the end", c.name, n)
		}
	}
	viewportShot(t, board, "timeup-end-board")
}
