package boards_test

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// seatsSeen is what a page shows of the seats' colours: each seat card's
// chip (colour, initial) and each drawn piece of a seat (its seat, fill
// and text).
type seatsSeen struct {
	Chips  []struct{ Seat, Colour, Initial string } `json:"chips"`
	Pieces []struct{ Seat, Fill, Text string }      `json:"pieces"`
}

const seatsJS = `(() => ({
	chips: Array.from(document.querySelectorAll("#seats li[data-seat]")).map(li => { const c = li.querySelector(".seat-chip"); return { Seat: li.dataset.seat, Colour: c ? getComputedStyle(c).backgroundColor : "", Initial: c ? c.textContent : "" }; }),
	pieces: Array.from(document.querySelectorAll("#board-svg .piece[data-seat]")).map(g => { const s = g.querySelector("circle, rect, path"), x = g.querySelector("text:not(.piece-count)"); return { Seat: g.dataset.seat, Fill: s ? getComputedStyle(s).fill : "", Text: x ? x.textContent : "" }; })
}))()`

// colourCheck fails unless every seat card has a colour of its own with
// the seat's initial, and every piece of a seat is drawn in that colour
// and shows that initial.
func colourCheck(t *testing.T, p context.Context, where string) int {
	t.Helper()
	s := get(t, p, "seat colours", chromedp.Evaluate[seatsSeen](seatsJS))
	colour, initial, used := map[string]string{}, map[string]string{}, map[string]string{}
	for _, c := range s.Chips {
		if c.Colour == "" || c.Colour == "rgba(0, 0, 0, 0)" || c.Initial == "" {
			t.Fatalf("%s: seat %s's card shows no colour and initial (%+v)", where, c.Seat, c)
		}
		if o, ok := used[c.Colour]; ok {
			t.Fatalf("%s: seats %s and %s share the colour %s", where, o, c.Seat, c.Colour)
		}
		used[c.Colour], colour[c.Seat], initial[c.Seat] = c.Seat, c.Colour, c.Initial
	}
	for _, pc := range s.Pieces {
		if pc.Fill != colour[pc.Seat] || (pc.Text != "" && !strings.HasPrefix(pc.Text, initial[pc.Seat])) {
			t.Fatalf("%s: a piece of seat %s is drawn %s with %q, its seat card %s with %q", where, pc.Seat, pc.Fill, pc.Text, colour[pc.Seat], initial[pc.Seat])
		}
	}
	return len(s.Pieces)
}

// promptLargest fails unless the board's prompt is the largest text on
// the board (the timer's digits and the join code aside).
func promptLargest(t *testing.T, p context.Context, where string) {
	t.Helper()
	got := get(t, p, "font sizes", chromedp.Evaluate[[]string](`(() => {
		const prompt = document.getElementById("prompt");
		const size = parseFloat(getComputedStyle(prompt).fontSize);
		let max = 0, what = "";
		const all = document.querySelectorAll("main *");
		for (const e of all) {
			if (e === prompt || prompt.contains(e) || e.closest(".timer-box, #time-up, .code")) continue;
			if (!Array.from(e.childNodes).some(n => n.nodeType === 3 && n.nodeValue.trim())) continue;
			const r = e.getBoundingClientRect();
			if (!r.width || !r.height || r.bottom < 0 || r.top > innerHeight) continue;
			const f = parseFloat(getComputedStyle(e).fontSize);
			if (f > max) { max = f; what = e.tagName + " " + (e.textContent || "").trim().slice(0, 30); }
		}
		return [String(size), String(max), what];
	})()`))
	ps, _ := strconv.ParseFloat(got[0], 64)
	ms, _ := strconv.ParseFloat(got[1], 64)
	if ps < ms {
		t.Fatalf("%s: the prompt is %.1f px, smaller than %q at %.1f px", where, ps, got[2], ms)
	}
}

// sideHeadline is "The <side> win(s)." in English.
var sideHeadline = regexp.MustCompile(`The (\S+) (wins?)\.`)

// TestBrowserBoardReadsAtAGlance plays each game to its end with a board
// (1280×800) and a phone (390×844) open. In the middle and at the end:
// every seat card shows its own colour and initial, on the board and the
// phone, and every piece of a seat is drawn in that colour with that
// initial; the prompt is the largest text on the board; no piece reads
// "Th". At the end, nothing under way stays on the board ("Being
// resolved", "Alien attack") nor on the phone (the attack banner), and a
// side's headline agrees in number
// ("The Aliens win.", "The Alien wins.").
func TestBrowserBoardReadsAtAGlance(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	for gi, g := range tourGames {
		t.Run(g.ID, func(t *testing.T) {
			tb := ts.NewTable(g.ID, g.Options, g.Players)
			ts.Start(tb)
			r := rand.New(rand.NewPCG(uint64(gi)+81, 9))
			playPreferring(t, ts, tb, r, 14, g.Advance)
			board, phone := newCtx(), newCtx()
			openAs(t, ts, board, boardScreen, tb, "board", "", 0)
			openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[0], 0)
			look := func(stage string) {
				v := ts.View(tb, "")
				waitVersion(t, board, v.Version)
				waitVersion(t, phone, v.Version)
				n := colourCheck(t, board, g.ID+" "+stage+" board")
				colourCheck(t, phone, g.ID+" "+stage+" phone")
				promptLargest(t, board, g.ID+" "+stage)
				if th := get(t, board, "Th pieces", chromedp.Evaluate[int](`Array.from(document.querySelectorAll("#board-svg .piece text")).filter(x => x.textContent === "Th").length`)); th > 0 {
					t.Fatalf("%s %s: %d pieces read \"Th\"", g.ID, stage, th)
				}
				viewportShot(t, board, "glance-"+g.ID+"-"+stage+"-board")
				viewportShot(t, phone, "glance-"+g.ID+"-"+stage+"-phone")
				t.Logf("%s %s: %d seat pieces on the board", g.ID, stage, n)
			}
			look("mid")
			playToEnd(t, ts, tb, r, g, 40, board, phone)
			look("end")
			svg := get(t, board, "drawing text", chromedp.Evaluate[string](`(() => { const s = document.getElementById("board-svg"); return s ? s.textContent : ""; })()`))
			for _, stale := range []string{"Being resolved", "Alien attack"} {
				if strings.Contains(svg, stale) {
					t.Errorf("%s: the ended board still says %q", g.ID, stale)
				}
			}
			if n := get(t, phone, "attack banner", chromedp.Evaluate[int](`document.querySelectorAll("#attack").length`)); n != 0 {
				t.Errorf("%s: the ended phone still shows the attack banner", g.ID)
			}
			text := pageText(t, board) + "\n" + pageText(t, phone)
			for _, m := range sideHeadline.FindAllStringSubmatch(text, -1) {
				plural := strings.HasSuffix(m[1], "s")
				if plural != (m[2] == "win") {
					t.Errorf("%s: the headline %q does not agree in number", g.ID, m[0])
				}
			}
		})
	}
}
