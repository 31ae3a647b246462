package browser_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablewarden/referee/kit"
)

// TestBrowserCadetsCardNames reads the Experimental Equipment cards on the
// Captain's phone (390×844): in the starting pickers, and once the starting
// equipment is kept, in the hand (the Captain's station) and the log. A
// card the book prints no name for is "Card 16" with its Science points,
// never "Unnamed card 16" nor the data's placeholder name.
func TestBrowserCadetsCardNames(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "7"}, 3)
	ts.Start(tb)
	phone := newCtx()
	openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	waitTrue(t, phone, "starting picker", `!!document.querySelector('form[data-move="keep_starting"]')`)
	numbered := regexp.MustCompile(`\bCard \d+: (X|\d) Science points?`)
	check := func(where string) string {
		t.Helper()
		text := get(t, phone, "text", chromedp.Evaluate[string](`(() => {
			for (const d of document.querySelectorAll("details")) d.open = true;
			const names = Array.from(document.querySelectorAll("option, label")).map(e => e.textContent).join("\n");
			return document.body.innerText + "\n" + names;
		})()`))
		for _, bad := range []string{"Unnamed", "unnamed", "Experimental Equipment 0", "Experimental Equipment 1", "Experimental Equipment 2"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s: the Captain's phone reads %q", where, bad)
			}
		}
		return text
	}
	if text := check("starting pickers"); !numbered.MatchString(text) {
		t.Errorf("the starting pickers name no card as \"Card N: … Science points\":\n%s", text)
	}
	viewportShot(t, phone, "cadets-cards-picker-captain")
	// Keep the starting equipment and go on through the API.
	driveCaptain(t, ts, tb, "the first step", func(m kit.MoveSpec) bool { return m.Type == "next_step" })
	waitVersion(t, phone, ts.View(tb, "").Version)
	text := check("hand and log")
	if !regexp.MustCompile(`You hold (Card \d+|[A-Z][a-z]+)`).MatchString(text) || !strings.Contains(text, "Starting equipment: ") {
		t.Errorf("the hand or the log names no starting card:\n%s", text)
	}
}
