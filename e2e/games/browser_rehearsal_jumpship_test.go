package games_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserJumpshipRehearsal plays a whole five-player Jumpship game
// from the lobby to the end screen with every phone (390×844, touch), the
// host and the board (1280×800) open. The host starts the game on its
// page; every move after that goes through the API (random offered moves
// of the seats and the host), and the pages are judged whenever a new
// kind of step comes up (a prompt code not seen before: its phone and the
// board are captured) and every fifteenth move: each page keeps up with
// the table, its headline is a sentence with no placeholder, "null" or
// "undefined". At the end
// every page shows the result (two winners read "Ann and Eve"), and the
// board no longer shows an empty countdown track for a part it calls
// resolved.
func TestBrowserJumpshipRehearsal(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	pages := map[string]context.Context{"host": newCtx(), "board": newCtx()}
	openAs(t, ts, pages["host"], boardScreen, tb, "host", tb.Host, 0)
	openAs(t, ts, pages["board"], boardScreen, tb, "board", "", 0)
	phone := func(i int) string { return fmt.Sprintf("phone%d", i) }
	for i, tok := range tb.Tokens {
		pages[phone(i)] = newCtx()
		openAs(t, ts, pages[phone(i)], phoneScreen, tb, "seat", tok, i)
	}
	for name, p := range pages {
		waitTrue(t, p, name+" lobby", `document.querySelectorAll("#seats li, #seats .seat").length >= 5 || document.body.innerText.includes("Ann")`)
		viewportShot(t, p, "jumpship-lobby-"+name)
	}
	do(t, pages["host"], "start", chromedp.WaitEnabled(css("#start")), chromedp.Click(css("#start")), chromedp.WaitNotPresent(css("#start")))

	judge := func(version int64) {
		t.Helper()
		for name, p := range pages {
			waitVersion(t, p, version)
			head := get(t, p, name+" headline", chromedp.Evaluate[string](`(document.getElementById("prompt") || {}).textContent || ""`))
			if strings.TrimSpace(head) == "" || strings.Contains(head, "null") || strings.Contains(head, "undefined") || strings.ContainsAny(head, "{}§") {
				t.Fatalf("the %s's headline reads %q at version %d", name, head, version)
			}
		}
	}
	r := rand.New(rand.NewPCG(36, 8))
	seen := map[string]bool{}
	moves := 0
	for ; moves < 600; moves++ {
		v := ts.View(tb, "")
		if v.View.Outcome != nil {
			break
		}
		fresh := ""
		for i, tok := range tb.Tokens {
			sv := ts.View(tb, tok)
			if p := sv.View.Prompt; p != nil && len(sv.View.Moves) > 0 && !seen[p.Code] {
				seen[p.Code] = true
				fresh = phone(i)
				judge(v.Version)
				viewportShot(t, pages[fresh], "jumpship-"+p.Code+"-"+fresh)
				viewportShot(t, pages["board"], "jumpship-"+p.Code+"-board")
				break
			}
		}
		if fresh == "" && moves%15 == 0 {
			judge(v.Version)
		}
		if !playRandom(t, ts, tb, r) {
			t.Fatalf("no move was offered at version %d, before the end", v.Version)
		}
	}
	end := ts.View(tb, "")
	if end.View.Outcome == nil {
		t.Fatalf("the game did not end in %d moves", moves)
	}
	t.Logf("%d moves; step kinds: %d", moves, len(seen))
	for name, p := range pages {
		waitVersion(t, p, end.Version)
		waitTrue(t, p, name+"'s result", `document.getElementById("outcome") !== null`)
		viewportShot(t, p, "jumpship-end-"+name)
	}
	if w := end.View.Outcome.Winners; len(w) >= 2 {
		// Two or more winners are an English list ("Ann and Eve").
		if got := get(t, pages["phone0"], "winners", chromedp.Text(css("#winners"))); !strings.Contains(got, " and ") {
			t.Errorf("phone0's result lists the winners as %q, want an English list with \"and\"", got)
		}
	}
	text := get(t, pages["board"], "end board", chromedp.Evaluate[string](`document.querySelector("main").innerText`))
	if end.View.Board != nil {
		for _, c := range end.View.Board.Counters {
			if c.Value != "Resolved" {
				continue
			}
			for _, tr := range end.View.Tracks {
				if tr.Label != c.Label {
					continue
				}
				step := tr.Steps[tr.Pos]
				if step == "Empty" || !strings.Contains(text, step) {
					t.Errorf("the end board says %s: Resolved, and its track reads %q (shown: %v)", c.Label, step, strings.Contains(text, step))
				}
			}
		}
	}
}
