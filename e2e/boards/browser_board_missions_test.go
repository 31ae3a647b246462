package boards_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/chromedp/chromedp"

	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// TestBrowserBoardMissions looks at the Space Cadets board page of every
// mission besides Mission 7 (which TestBrowserBoardLayout plays to its
// end), at its start and after a few moves, at 1280×800 and at
// 1920×1080: the page fits one screen, nothing is cut, no places or labels
// cover each other, and every name and count is at least 24 px (the maps
// are drawn as grids: Mission 8's 25 path squares and H4's 10×10 map
// included).
// Screenshots go to TW_SCREENSHOTS.
func TestBrowserBoardMissions(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	small, big := newCtx(), newCtx()
	for mi, mission := range []string{"8", "9", "10", "H1", "H2", "H3", "H4"} {
		t.Run(mission, func(t *testing.T) {
			tb := ts.NewTable("spacecadets", map[string]any{"mission": mission}, 3)
			ts.Start(tb)
			r := rand.New(rand.NewPCG(uint64(mi)+31, 9))
			screens := openBoards(t, ts, tb, small, big)
			check := func(stage string) {
				lookAtBoards(t, ts, tb, screens, "spacecadets-m"+mission+"-"+stage, func(p context.Context, name string, v tablepkg.ViewResponse) {
					// While a timed step's timer runs, the board gives its
					// centre to the huge timer and the map yields (how long
					// random play takes decides whether one runs now); the
					// map is judged at the start and whenever no timer runs.
					if tm := timerShown(v); tm != "" && stage != "start" {
						t.Logf("%s %s: the %s timer is shown, so the board shows it instead of the map", name, stage, tm)
						return
					}
					gridDrawn(t, p, name, v.View.Board)
				})
			}
			check("start")
			putAway(t, small, big)
			playPreferring(t, ts, tb, r, 30, nil)
			takeOut(t, ts.View(tb, "").Version, small, big)
			check("mid")
		})
	}
}

// gridDrawn checks that a board whose tiles give their rows and columns is
// drawn as a grid: one header per row and per column of the map, and every
// square the view lists as a cell inside its tile (drawingReadable checks
// that the cells and headers cover nothing and are at least 24 px).
func gridDrawn(t *testing.T, p context.Context, name string, b *kit.BoardView) {
	t.Helper()
	if b == nil {
		return
	}
	r0, r1, c0, c1, squares := 1<<30, 0, 1<<30, 0, 0
	for _, n := range b.Nodes {
		switch {
		case n.Rows > 0:
			r0, r1 = min(r0, n.Row), max(r1, n.Row+n.Rows-1)
			c0, c1 = min(c0, n.Col), max(c1, n.Col+n.Cols-1)
		case n.Row > 0:
			squares++
		}
	}
	if r1 == 0 {
		return
	}
	got := get(t, p, "grid", chromedp.Evaluate[[]int](`[document.querySelectorAll("#board-svg .grid-head").length,
		Array.from(document.querySelectorAll("#board-svg g[data-grid=square]")).filter(g => g.dataset.in && document.querySelector('#board-svg g[data-node="' + g.dataset.in + '"]')).length]`))
	if want := []int{r1 - r0 + 1 + c1 - c0 + 1, squares}; got[0] != want[0] || got[1] != want[1] {
		t.Errorf("%s: the grid has %d headers and %d cells in their tiles, want %d and %d", name, got[0], got[1], want[0], want[1])
	}
}
