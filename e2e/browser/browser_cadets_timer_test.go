package browser_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
)

// TestBrowserCadetsAfterTimedStep lets a real Space Cadets Step 3A timer
// (3 seconds) run out with the three phones (390×844) and the board
// (1280×800) open. Two seconds after the server's expiry, every phone's
// and the board's headline names what comes next (Step 3B), none tells
// the table to get ready for the step just played or to start its timer
// again, no screen draws a timer any more (no red 0.0: the Captain's
// phone drew two, its status bar's and its stations') nor TIME! over the
// prompt, and the board shows its map again.
func TestBrowserCadetsAfterTimedStep(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "10", "step3a_seconds": 3}, 3)
	ts.Start(tb)
	driveToTimer(t, ts, tb, "step3a")
	screens := map[string]context.Context{}
	for i := range tb.Tokens {
		p := newCtx()
		openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[i], i)
		screens[apitest.PlayerName(i)] = p
	}
	board := newCtx()
	openAs(t, ts, board, boardScreen, tb, "board", "", 0)
	screens["board"] = board
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "start_timer", "args": map[string]any{"name": "step3a"}}, nil)
	// The server's expiry is a move of its own: wait for it in the view.
	var expiredAt time.Time
	apitest.WaitFor(t, 10*time.Second, "the server's Step 3A expiry", func() bool {
		v := ts.View(tb, "")
		if timerOf(t, v, "step3a").Expired {
			expiredAt = time.Now()
			return true
		}
		return false
	})
	v := ts.View(tb, "")
	for _, p := range screens {
		waitVersion(t, p, v.Version)
	}
	// Time itself is the subject: the issue reads the screens 2 s after
	// the timer ran out, once TIME! has had its moment.
	time.Sleep(time.Until(expiredAt.Add(2 * time.Second)))
	type seen struct {
		Prompt string `json:"prompt"`
		Timers int    `json:"timers"`
		Map    bool   `json:"map"`
		TimeUp bool   `json:"time_up"`
	}
	for name, p := range screens {
		s := get(t, p, "headline", chromedp.Evaluate[seen](`(() => {
			const pr = document.getElementById("prompt");
			const d = document.querySelector(".board-draw svg");
			return { prompt: pr ? pr.textContent : "", timers: document.querySelectorAll(".timer-box").length,
				map: !!d && d.getBoundingClientRect().height > 200, time_up: !document.getElementById("time-up").hidden };
		})()`))
		low := strings.ToLower(s.Prompt)
		if !strings.Contains(s.Prompt, "Step 3B") || strings.Contains(low, "get ready") || strings.Contains(low, "starts the") || strings.Contains(low, "start the") {
			t.Errorf("%s's headline 2 s after the timer ran out reads %q, want it to name the next step (Step 3B) and not the timer's start", name, s.Prompt)
		}
		if s.TimeUp {
			t.Errorf("%s still covers its screen with TIME! 2 s after the timer ran out, over the next step's prompt", name)
		}
		if s.Timers != 0 {
			t.Errorf("%s draws %d timers 2 s after the timer ran out, want none", name, s.Timers)
		}
		if name == "board" && !s.Map {
			t.Errorf("the board does not show the map 2 s after the timer ran out")
		}
		if name == "board" {
			viewportShot(t, p, "cadets-after-timer-board")
		} else if name == apitest.PlayerName(0) {
			viewportShot(t, p, "cadets-after-timer-captain")
		}
	}
}
