package boards_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	tablepkg "tablewarden/table"
)

// tvScreen is a television in the middle of the table.
var tvScreen = device{Name: "tv", Width: 1920, Height: 1080}

// drawingSeen is what the board page's drawing shows: how many places,
// the smallest rendered text size in pixels, and every fault found (two
// places or labels covering each other, a label wider than its place, a
// place outside the drawing, a main element cut by the screen's edge).
type drawingSeen struct {
	Places  int      `json:"places"`
	MinFont float64  `json:"min_font"`
	Faults  []string `json:"faults"`
	// Box is the drawing's size on screen and its viewBox's size.
	Box []float64 `json:"box"`
}

// drawingFaults measures the board page's drawing in the browser: the
// boxes of the places (each place's rectangle), of their labels, notes and
// pieces, and of the connection labels, in screen pixels.
const drawingFaults = `(() => {
	const out = { places: 0, min_font: 1000, faults: [] };
	const cut = (r) => r.bottom > innerHeight + 1 || r.right > innerWidth + 1 || r.top < -1 || r.left < -1;
	for (const e of document.querySelectorAll("#seats > li, .counter, .slot, [data-track], #outcome, .timer-box.huge, #board-svg")) {
		const r = e.getBoundingClientRect();
		if (r.height === 0 || cut(r)) out.faults.push("cut by the screen: " + (e.id || e.dataset.key || e.dataset.track || e.className) + " at " + Math.round(r.top) + "-" + Math.round(r.bottom));
	}
	// A slot's value that is a sentence (class "prose") is not a name or
	// a count; it is set smaller.
	for (const e of document.querySelectorAll(".counter-value:not(.prose), .slot-value:not(.prose)")) {
		const f = parseFloat(getComputedStyle(e).fontSize);
		out.min_font = Math.min(out.min_font, f);
	}
	const svg = document.getElementById("board-svg");
	if (!svg) return out;
	const sr = svg.getBoundingClientRect();
	const scale = Math.min(sr.width / svg.viewBox.baseVal.width, sr.height / svg.viewBox.baseVal.height);
	out.box = [sr.width, sr.height, svg.viewBox.baseVal.width, svg.viewBox.baseVal.height].map(Math.round);
	for (const t of svg.querySelectorAll("text")) {
		out.min_font = Math.min(out.min_font, parseFloat(getComputedStyle(t).fontSize) * scale);
	}
	const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
	const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
	const places = Array.from(svg.querySelectorAll("g[data-node]")).map(g => ({ id: g.dataset.node, r: g.querySelector(":scope > rect").getBoundingClientRect(), g }));
	out.places = places.length;
	for (const p of places) {
		if (!inside(p.r, sr)) out.faults.push("place " + p.id + " is outside the drawing");
		for (const t of p.g.querySelectorAll(":scope > text, :scope > g.piece")) {
			if (!inside(t.getBoundingClientRect(), p.r)) out.faults.push("in place " + p.id + ", " + JSON.stringify(t.textContent) + " is wider than its place or outside it");
		}
	}
	// A map drawn as a grid: a square's cell lies inside its tile (that
	// is expected, and only that); the row and column headers stand
	// clear of every place.
	const within = (a, b) => a.g.dataset.in && a.g.dataset.in === b.id && b.g.dataset.grid === "tile" && inside(a.r, b.r);
	for (let i = 0; i < places.length; i++) for (let j = i + 1; j < places.length; j++) {
		if (within(places[i], places[j]) || within(places[j], places[i])) continue;
		if (meet(places[i].r, places[j].r)) out.faults.push("places " + places[i].id + " and " + places[j].id + " cover each other");
	}
	for (const h of svg.querySelectorAll(".grid-head")) {
		const r = h.getBoundingClientRect();
		if (!inside(r, sr)) out.faults.push("the header " + h.textContent + " is outside the drawing");
		for (const p of places) if (meet(r, p.r)) out.faults.push("the header " + h.textContent + " covers place " + p.id);
	}
	const labels = Array.from(svg.querySelectorAll(".edge-label")).map(t => ({ text: t.textContent, r: t.getBoundingClientRect() }));
	for (const l of labels) {
		if (!inside(l.r, sr)) out.faults.push("the connection label " + l.text + " is outside the drawing");
		for (const p of places) if (meet(l.r, p.r)) out.faults.push("the connection label " + l.text + " covers place " + p.id);
	}
	for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) {
		if (meet(labels[i].r, labels[j].r)) out.faults.push("the connection labels " + labels[i].text + " and " + labels[j].text + " cover each other");
	}
	return out;
})()`

// drawingReadable checks the board page's drawing on one screen: no two
// places or labels cover each other, no label is wider than its place, no
// place leaves the drawing, nothing the board must show is cut by the
// screen's edge, and every name and count is at least 24 px on screen (the
// message says which layouts the page tried and gave up, and in what box).
// A map drawn as a grid may hold its squares' cells inside their tiles, but
// no two cells may cover each other and no header may cover a place.
func drawingReadable(t *testing.T, p context.Context, name string) drawingSeen {
	t.Helper()
	piecesExplained(t, p, name)
	got := get(t, p, "drawing", chromedp.Evaluate[drawingSeen](drawingFaults))
	if len(got.Faults) > 0 {
		t.Errorf("%s: %d faults, the first: %s", name, len(got.Faults), strings.Join(got.Faults[:min(len(got.Faults), 6)], "; "))
	}
	if got.MinFont < 23.5 {
		tries := get(t, p, "tries", chromedp.Evaluate[string](`(document.getElementById("board-svg") || {getAttribute: () => ""}).getAttribute("data-tries") || ""`))
		t.Errorf("%s: the smallest name or count on the board is %.1f px, want at least 24 (drawing and viewBox %v; failed tries: %s)", name, got.MinFont, got.Box, tries)
	}
	return got
}

// TestBrowserBoardLayout plays each game to its start, middle and end and
// looks at its board page at 1280×800 and at 1920×1080: the page fits
// one screen with its seats, tracks, counters and drawing (nothing cut by
// the screen's edge), the drawing's places and labels do not cover each
// other, no label is wider than its place, and every name and count is
// at least 24 px. Screenshots go to TW_SCREENSHOTS.
func TestBrowserBoardLayout(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	small, big := newCtx(), newCtx()
	for gi, g := range tourGames {
		t.Run(g.ID, func(t *testing.T) {
			tb := ts.NewTable(g.ID, g.Options, g.Players)
			ts.Start(tb)
			r := rand.New(rand.NewPCG(uint64(gi)+11, 5))
			screens := openBoards(t, ts, tb, small, big)
			check := func(stage string) { lookAtBoards(t, ts, tb, screens, g.ID+"-"+stage, nil) }
			check("start")
			playPreferring(t, ts, tb, r, 12, g.Advance)
			check("mid")
			playToEnd(t, ts, tb, r, g, 40, small, big)
			check("end")
		})
	}
}

// unexplainedPieces lists the short forms drawn on face-up pieces ("Be",
// or "B" where a cell had room for one letter) that the drawing's heading
// does not explain: a piece's short form must begin one of the legend's
// entries, unless its name is its short form.
const unexplainedPieces = `(() => {
	const keys = Array.from(document.querySelectorAll("#board-legend .legend-item b")).map(b => b.textContent);
	const out = [];
	for (const g of document.querySelectorAll("#board-svg g.piece:not(.piece-back)")) {
		const text = g.querySelector(":scope > text:not(.piece-count)");
		if (!text) continue; // a bare shape: its cell's title names it
		const short = text.textContent, title = (g.querySelector(":scope > title") || {}).textContent || "";
		if (short === title.split(" · ")[0]) continue;
		if (!keys.some(k => k.startsWith(short))) out.push(short + " (" + title + ")");
	}
	return Array.from(new Set(out));
})()`

// piecesExplained fails when a face-up piece's short form on the board's
// drawing is not explained by the legend in the drawing's heading: a
// table a metre away cannot hover for a tooltip.
func piecesExplained(t *testing.T, p context.Context, name string) {
	t.Helper()
	if missing := get(t, p, "legend", chromedp.Evaluate[[]string](unexplainedPieces)); len(missing) > 0 {
		t.Errorf("%s: pieces the legend does not explain: %s", name, strings.Join(missing, ", "))
	}
}

// boardOpen is a board page open in a browser at one screen size.
type boardOpen struct {
	ctx context.Context
	dev device
}

// openBoards opens tb's board page at 1280×800 in small and at 1920×1080
// in big.
func openBoards(t *testing.T, ts *testServer, tb *table, small, big context.Context) []boardOpen {
	t.Helper()
	openAs(t, ts, small, boardScreen, tb, "board", "", 0)
	openAs(t, ts, big, tvScreen, tb, "board", "", 0)
	return []boardOpen{{small, boardScreen}, {big, tvScreen}}
}

// lookAtBoards waits until every screen shows tb's newest version and
// checks each: the page fits one screen (boardFits), its drawing is
// readable (drawingReadable) with a place for each of the view's, and
// whatever extra checks; then it keeps a screenshot named
// prefix-<screen width>.
func lookAtBoards(t *testing.T, ts *testServer, tb *table, screens []boardOpen, prefix string, extra func(p context.Context, name string, v tablepkg.ViewResponse)) {
	t.Helper()
	v := ts.View(tb, "")
	for _, s := range screens {
		waitVersion(t, s.ctx, v.Version)
		// The drawing is laid out again once its box is measured (and
		// again if the counters move under it): measured before that, it
		// is the last drawing's layout in the new box.
		waitTrue(t, s.ctx, "the drawing laid out for its box", `window.TW_BOARD.settled()`)
		name := prefix + "-" + itoa(int(s.dev.Width))
		boardFits(t, s.ctx, v)
		if tm := timerShown(v); tm != "" {
			// The board gives its centre to a running or paused timer and
			// the drawing yields (boardFits wants the timer on screen);
			// the drawing is judged whenever no timer is shown.
			t.Logf("%s: the %s timer is shown, so the drawing yields to it", name, tm)
		} else {
			seen := drawingReadable(t, s.ctx, name)
			if v.View.Board != nil && len(v.View.Board.Nodes) != seen.Places {
				t.Errorf("%s: the drawing has %d places, the view %d", name, seen.Places, len(v.View.Board.Nodes))
			}
		}
		if extra != nil {
			extra(s.ctx, name, v)
		}
		viewportShot(t, s.ctx, name)
	}
}

// timerShown names a timer the board shows in its centre (running or
// paused), or is "".
func timerShown(v tablepkg.ViewResponse) string {
	if v.View == nil || v.View.Outcome != nil {
		return ""
	}
	for _, tm := range v.View.Timers {
		if tm.Running || tm.Paused {
			return tm.Name
		}
	}
	return ""
}
