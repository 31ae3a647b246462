package api_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/chromedp/chromedp"
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
	newCtx := browser(t)
	ts := startServer(t, "")
	small, big := newCtx(), newCtx()
	for mi, mission := range []string{"8", "9", "10", "H1", "H2", "H3", "H4"} {
		t.Run(mission, func(t *testing.T) {
			tb := ts.newTable("spacecadets", map[string]any{"mission": mission}, 3)
			ts.start(tb)
			r := rand.New(rand.NewPCG(uint64(mi)+31, 9))
			openAs(t, ts, small, boardScreen, tb, "board", "", 0)
			openAs(t, ts, big, tvScreen, tb, "board", "", 0)
			check := func(stage string) {
				v := ts.view(tb, "")
				for _, s := range []struct {
					ctx context.Context
					dev device
				}{{small, boardScreen}, {big, tvScreen}} {
					waitVersion(t, s.ctx, v.Version)
					get(t, s.ctx, "settle", chromedp.Evaluate[bool](`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => r(true), 50))))`, chromedp.EvalAwaitPromise))
					name := "spacecadets-m" + mission + "-" + stage + "-" + itoa(int(s.dev.width))
					boardFits(t, s.ctx, v)
					seen := drawingReadable(t, s.ctx, name)
					if v.View.Board != nil && len(v.View.Board.Nodes) != seen.Places {
						t.Errorf("%s: the drawing has %d places, the view %d", name, seen.Places, len(v.View.Board.Nodes))
					}
					viewportShot(t, s.ctx, name)
				}
			}
			check("start")
			playPreferring(t, ts, tb, r, 30, nil)
			check("mid")
		})
	}
}
