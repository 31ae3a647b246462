package browser_test

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// lockupPadOptions is a one-round Lockup table whose Dwarf and Ratman
// scoring tables are both 0, 4, 6, 7, so that the score pad's total shows
// the Golems counted one as each type (worth more than both as either).
var lockupPadOptions = json.RawMessage(`{"game_data":{"rounds":{"value":1},"scoring":{"value":{"dwarf_table":[0,4,6,7],"ratman_table":[0,4,6,7]}}}}`)

// TestBrowserLockupOnePad plays a Lockup table to final scoring by the API
// and enters seat 0's final score on its phone (390×844, touch): the phone
// shows one score pad and no other way to score; its running total
// follows every tap, as the referee will score it (Golems only with a
// Dwarf or a Ratman, one as each type when that is worth more); only the
// submission asks for confirmation; and the score the referee records is
// the total the pad showed; another player's move meanwhile keeps what was
// entered. Screenshots: the pad being filled, its confirmation and the end
// on the phone; the host and the board at 1280×800.
func TestBrowserLockupOnePad(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("lockup", lockupPadOptions, 2)
	ts.Start(tb)
	r := rand.New(rand.NewPCG(24, 27))
	advance := []string{"assign", "pass", "resolve_legend", "finish_raid", "stop_advancing", "advance", "keep_loot"}
	for i := 0; i < 400 && ts.View(tb, "").View.Phase != "final_scoring"; i++ {
		playPreferring(t, ts, tb, r, 1, advance)
	}
	if got := ts.View(tb, "").View.Phase; got != "final_scoring" {
		t.Fatalf("phase %s after random play, want final_scoring", got)
	}
	phone, host, board := newCtx(), newCtx(), newCtx()
	openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	waitVersion(t, phone, ts.View(tb, tb.Tokens[0]).Version)
	do(t, phone, "score pad", chromedp.WaitVisible(css("#score-pad")))

	// One pad: no second pad, no score move drawn as a form of its own.
	pads := get(t, phone, "pads", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll(".score-pad, form.move")).map(f => f.id || f.dataset.move)`))
	if len(pads) != 1 || pads[0] != "score-pad" {
		t.Fatalf("the phone shows %q in final scoring, want the one score pad", pads)
	}
	noSideways(t, phone, "score pad")

	row := func(name string) string { return `#score-pad .stepper[data-arg="` + name + `"]` }
	value := func(name string) int {
		return get(t, phone, name, chromedp.Evaluate[int](`parseInt(document.querySelector('`+row(name)+` input').value, 10)`))
	}
	tap := func(name, sign string, n int) {
		t.Helper()
		for i := 0; i < n; i++ {
			do(t, phone, name+" "+sign, chromedp.Click(css(row(name)+` button[aria-label$="`+sign+`"]`)))
		}
	}
	total := func() int {
		t.Helper()
		s := get(t, phone, "total", chromedp.Text(css("#pad-total")))
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("the running total reads %q", s)
		}
		return n
	}
	// The minion rows start at what the app saw recruited; bring them to
	// nothing, so that the taps below have known worths.
	for _, m := range []string{"dwarves", "ratmen", "golems", "dryads", "fungoids"} {
		tap(m, "−", value(m))
		if value(m) != 0 {
			t.Fatalf("%s stays at %d after − taps, want 0", m, value(m))
		}
	}
	t0 := total()
	for _, step := range []struct {
		name, sign string
		n, add     int
		why        string
	}{
		{"golems", "+", 2, 0, "two Golems without a Dwarf or a Ratman count nothing"},
		{"dwarves", "+", 1, 4 + 3, "a Dwarf (4), and the two Golems as Dwarves (7 - 4)"},
		{"ratmen", "+", 1, 4 + 1, "a Ratman (4), and the Golems one as each type (2 + 2 instead of 3)"},
		{"stars", "+", 2, 2, "two stars on the track"},
	} {
		before := total()
		tap(step.name, step.sign, step.n)
		// The total stays in sight beside the row just tapped.
		if in := get(t, phone, "total in sight", chromedp.Evaluate[bool](`(() => { const r = document.getElementById("pad-total").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()`)); !in {
			t.Fatalf("after tapping %s the running total is out of sight", step.name)
		}
		if got := total(); got != before+step.add {
			t.Fatalf("after %d × %s %s the running total is %d, want %d: %s", step.n, step.sign, step.name, got, before+step.add, step.why)
		}
	}
	shown := total()
	if shown != t0+14 {
		t.Fatalf("running total %d, want %d", shown, t0+14)
	}
	if open := get(t, phone, "dialog", chromedp.Evaluate[bool](`document.getElementById("confirm").open`)); open {
		t.Fatal("entering counts asked for a confirmation")
	}
	viewportShot(t, phone, "lockup-pad-filled-phone")
	screenshot(t, phone, "lockup-pad-filled-phone-full")
	openAs(t, ts, host, boardScreen, tb, "host", tb.Host, 0)
	viewportShot(t, host, "lockup-pad-host")
	openAs(t, ts, board, boardScreen, tb, "board", "", 0)
	viewportShot(t, board, "lockup-pad-board")

	// The other player sends their pad meanwhile: this phone's rows and
	// total stay as entered.
	other := ts.View(tb, tb.Tokens[1])
	for _, m := range other.View.Moves {
		if m.Type == "submit_final_score" {
			pad := map[string]any{}
			for _, a := range m.Args {
				pad[a.Name] = *a.Min
			}
			ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[1], map[string]any{"type": m.Type, "args": pad}, nil)
		}
	}
	waitVersion(t, phone, other.Version+1)
	if got := total(); got != shown || value("golems") != 2 || value("stars") < 2 {
		t.Fatalf("after the other player's move the pad reads total %d, golems %d; want %d and 2 as entered", got, value("golems"), shown)
	}

	before := ts.View(tb, tb.Tokens[0]).Version
	do(t, phone, "send", chromedp.Click(css("#score-pad button.submit")), chromedp.WaitVisible(css("#confirm")))
	question := get(t, phone, "question", chromedp.Text(css("#confirm-text")))
	viewportShot(t, phone, "lockup-pad-confirm-phone")
	do(t, phone, "yes", chromedp.Click(css("#confirm-yes")))
	waitVersion(t, phone, before+1)
	own := ts.View(tb, tb.Tokens[0])
	if got := own.Version - before; got != 1 {
		t.Fatalf("the pad sent %d moves, want one", got)
	}
	var priv struct {
		Scoring struct {
			Finished  bool `json:"finished"`
			Breakdown struct {
				Total      int `json:"total"`
				Categories []struct {
					Category string `json:"category"`
					Points   int    `json:"points"`
				} `json:"categories"`
			} `json:"breakdown"`
		} `json:"scoring"`
	}
	raw, _ := json.Marshal(own.View.Private)
	if err := json.Unmarshal(raw, &priv); err != nil {
		t.Fatal(err)
	}
	if !priv.Scoring.Finished || priv.Scoring.Breakdown.Total != shown {
		t.Fatalf("the referee scored %d (finished %v), the pad showed %d (and asked %q)", priv.Scoring.Breakdown.Total, priv.Scoring.Finished, shown, question)
	}
	for _, c := range priv.Scoring.Breakdown.Categories {
		if c.Category == "golems" && c.Points != 4 {
			t.Fatalf("the Golems scored %d, want 4 (one as each type)", c.Points)
		}
	}
	if !strings.Contains(question, strconv.Itoa(shown)) {
		t.Fatalf("the confirmation %q does not name the total %d", question, shown)
	}
	if n := get(t, phone, "pads after", chromedp.Evaluate[int](`document.querySelectorAll(".score-pad").length`)); n != 0 {
		t.Fatalf("%d score pads after sending, want none", n)
	}
	if own.View.Outcome == nil {
		t.Fatal("both pads are in and the game has not ended")
	}
	viewportShot(t, phone, "lockup-pad-end-phone")
	waitVersion(t, board, own.Version)
	viewportShot(t, board, "lockup-pad-end-board")
}
