package browser_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserNostromoHandCompact shows a Crew player's phone (390×844,
// touch) with an 11-card hand (the seat's real view, its hand filled up
// with cards of the same shape) and checks: each card shows its name and
// kind and not its text until tapped; a tap shows that card's text; the
// whole page is at most two screens high.
func TestBrowserNostromoHandCompact(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("nostromo", nil, 2)
	ts.Start(tb)
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "designate_alien", "args": map[string]any{"seat": 1}}, nil)
	r := rand.New(rand.NewPCG(4, 4))
	var raw map[string]any
	for i := 0; i < 60; i++ {
		v := ts.View(tb, tb.Tokens[0])
		json.Unmarshal([]byte(mustJSON(v)), &raw)
		if h, _ := raw["view"].(map[string]any)["private"].(map[string]any)["hand"].([]any); len(h) > 0 {
			break
		}
		raw = nil
		playPreferring(t, ts, tb, r, 1, tourGames[1].Advance)
	}
	if raw == nil {
		t.Fatal("the Crew player never held a Mission card")
	}
	priv := raw["view"].(map[string]any)["private"].(map[string]any)
	hand := priv["hand"].([]any)
	first := hand[0].(map[string]any)
	for len(hand) < 11 {
		c := map[string]any{}
		for k, x := range first {
			c[k] = x
		}
		c["card"] = 100 + len(hand)
		c["label"] = fmt.Sprintf("Mission card %d (%v)", 100+len(hand), first["kind"])
		hand = append(hand, c)
	}
	priv["hand"] = hand
	raw["version"] = raw["version"].(float64) + 1000
	p := newCtx()
	openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	get(t, p, "show", chromedp.Evaluate[bool](`(TW_TEST.show(`+mustJSON(raw)+`), true)`))
	waitTrue(t, p, "hand drawn", `document.querySelectorAll("#hand .hand-card").length === 11`)
	text := first["text"].(string)
	seen := get(t, p, "hand", chromedp.Evaluate[[]string](`(() => { const h = document.getElementById("hand"); return [h.innerText, String(document.documentElement.scrollHeight)]; })()`))
	if strings.Contains(seen[0], text) {
		t.Fatalf("the hand shows the card's text %q before a tap", text)
	}
	if name := strings.TrimSuffix(fmt.Sprint(first["label"]), " ("+fmt.Sprint(first["kind"])+")"); !strings.Contains(seen[0], name) || !strings.Contains(seen[0], fmt.Sprint(first["kind"])) {
		t.Fatalf("the hand does not name its card %q of kind %v: %q", name, first["kind"], seen[0])
	}
	var h float64
	fmt.Sscan(seen[1], &h)
	if h > 2*844 {
		parts := get(t, p, "parts", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("main > *")).map(e => (e.id || e.className || e.tagName) + " " + Math.round(e.getBoundingClientRect().height))`))
		t.Logf("page parts: %v", parts)
		screenshot(t, p, "hand-nostromo-11-full")
		t.Fatalf("with 11 cards the page is %.0f px high, want at most two screens (1688)", h)
	}
	viewportShot(t, p, "hand-nostromo-11")
	do(t, p, "tap a card", chromedp.Click(css("#hand .hand-card summary")))
	waitTrue(t, p, "text shown", `document.getElementById("hand").innerText.includes(`+jsString(text)+`)`)
	viewportShot(t, p, "hand-nostromo-11-tapped")
	t.Logf("11-card hand: page %.0f px high", h)
}
