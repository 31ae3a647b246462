package boards_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserBoardHouseRule: a Space Cadets table that set the house rule
// timer_pauses shows it on the board page (1280×800) and the phone
// (390×844); a table by the book shows none.
func TestBrowserBoardHouseRule(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	for _, c := range []struct {
		opts map[string]any
		want bool
	}{
		{map[string]any{"mission": "7", "timer_pauses": true}, true},
		{map[string]any{"mission": "7"}, false},
	} {
		tb := ts.NewTable("spacecadets", c.opts, 3)
		ts.Start(tb)
		board, phone := newCtx(), newCtx()
		openAs(t, ts, board, boardScreen, tb, "board", "", 0)
		openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[1], 1)
		// A phone folds the board's counters under "More about the table";
		// the player opens it to read them.
		get(t, phone, "open the counters", chromedp.Evaluate[bool](`(() => { const d = document.querySelector('details[data-key="counters"]'); if (d) d.open = true; return !!d; })()`))
		bt, pt := pageText(t, board), pageText(t, phone)
		for name, text := range map[string]string{"board": bt, "phone": pt} {
			if !strings.Contains(text, "Down the Rabbit Hole") {
				t.Fatalf("the %s page has not drawn the table:\n%s", name, text)
			}
			if got := strings.Contains(text, "Timers can be paused"); got != c.want {
				t.Fatalf("%s with options %v shows the house rule: %v, want %v\n%s", name, c.opts, got, c.want, text)
			}
		}
		if c.want {
			screenshot(t, board, "house-rule-board")
			screenshot(t, phone, "house-rule-phone")
		}
	}
}
