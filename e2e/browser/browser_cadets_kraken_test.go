package browser_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserCadetsKrakenPart2 subdues the Kraken through the API and
// follows part 2 from the Captain's phone (390×844, touch): the prompt says
// "Open part 2" in words, never a URL path; the button opens part 2 in the
// same tab (no new tab leaving the seat behind), and part 2's page leads
// back to the seat page. Once the mission is abandoned, "Open part 2" is
// gone from the Captain's and the Sensors player's phones, and the result
// gives the loss reason as a sentence ("Mission abandoned.").
func TestBrowserCadetsKrakenPart2(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := krakenTable(t, ts)
	captain, sensors := newCtx(), newCtx()
	openAs(t, ts, captain, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	openAs(t, ts, sensors, phoneScreen, tb, "seat", tb.Tokens[2], 2) // krakenTable's Sensors player
	for name, p := range map[string]context.Context{"Captain": captain, "Sensors": sensors} {
		waitTrue(t, p, name+"'s Open part 2", `!!document.getElementById("kraken-link")`)
		prompt := get(t, p, "prompt", chromedp.Text(css("#prompt")))
		if strings.Contains(prompt, "/kraken/") || !strings.Contains(prompt, "Open part 2") {
			t.Errorf("the %s's prompt reads %q: want Open part 2 in words, no URL path", name, prompt)
		}
	}
	viewportShot(t, captain, "cadets-kraken-handoff-captain")
	if target := get(t, captain, "link target", chromedp.Evaluate[string](`document.getElementById("kraken-link").getAttribute("target") || ""`)); target != "" {
		t.Fatalf("Open part 2 opens in target %q, want this tab", target)
	}
	do(t, captain, "open part 2", chromedp.Click(css("#kraken-link")))
	waitURL(t, captain, "part 2 in the same tab", 10*time.Second, func(u string) bool { return strings.Contains(u, "/kraken/arm-1") })
	do(t, captain, "part 2 drawn", chromedp.WaitVisible(css("#back-to-table")))
	viewportShot(t, captain, "cadets-kraken-part2-captain")
	do(t, captain, "back to the seat", chromedp.Click(css("#back-to-table")))
	waitURL(t, captain, "the seat page again", 10*time.Second, func(u string) bool { return strings.HasSuffix(u, "/t/"+tb.ID) })
	do(t, captain, "seat page drawn", chromedp.WaitVisible(css("#kraken-link")))

	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "declare_loss", "args": map[string]any{"reason": "mission abandoned"}}, nil)
	v := ts.View(tb, "")
	for name, p := range map[string]context.Context{"Captain": captain, "Sensors": sensors} {
		waitVersion(t, p, v.Version)
		waitTrue(t, p, name+"'s result drawn", `!!document.querySelector("section.outcome")`)
		if n := get(t, p, "links", chromedp.Evaluate[int](`document.querySelectorAll("#kraken-link").length`)); n != 0 {
			t.Errorf("the %s's phone still offers Open part 2 after the game ended", name)
		}
		text := get(t, p, "result", chromedp.Text(css("section.outcome")))
		if !strings.Contains(text, "Mission abandoned.") || strings.Contains(text, "mission abandoned.") {
			t.Errorf("the %s's result reads %q: want the reason as a sentence, \"Mission abandoned.\"", name, text)
		}
	}
	viewportShot(t, captain, "cadets-kraken-ended-captain")
}
