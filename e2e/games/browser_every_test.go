package games_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserOfflineAndRematchEveryGame covers, for each of the five
// games, the two checks (the offline bar and the rematch) that other browser tests make for
// Jumpship only. Two seat phones and the host (390×844, touch) are open on
// a game in progress: when the server stops, every page shows the
// "No connection — retrying…" bar and no "null"; when it is back, the bar
// goes and a move reaches the pages without a reload. The game is then
// played to its end (the pages, in English, show no unexpanded term); the
// host taps Rematch, and both phones move by
// themselves to the same new table, which they draw.
func TestBrowserOfflineAndRematchEveryGame(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	for gi, g := range tourGames {
		t.Run(g.ID, func(t *testing.T) {
			tb := ts.NewTable(g.ID, g.Options, g.Players)
			ts.Start(tb)
			r := rand.New(rand.NewPCG(uint64(gi)+40, 11))
			playPreferring(t, ts, tb, r, 6, g.Advance)
			p0, p1, host := newCtx(), newCtx(), newCtx()
			pages := map[string]context.Context{"phone 0": p0, "phone 1": p1, "host": host}
			openAs(t, ts, p0, phoneScreen, tb, "seat", tb.Tokens[0], 0)
			openAs(t, ts, p1, phoneScreen, tb, "seat", tb.Tokens[1], 1)
			openAs(t, ts, host, phoneScreen, tb, "host", tb.Host, 0)
			for name, p := range pages {
				get(t, p, "mark "+name, chromedp.Evaluate[int](`window.__noReload = 1`))
				if get(t, p, "bar "+name, chromedp.Evaluate[bool](`!document.getElementById("offline").hidden`)) {
					t.Fatalf("%s: the offline bar shows while the server is up", name)
				}
			}
			restartSame(t, ts, func() {
				for name, p := range pages {
					do(t, p, "offline bar "+name, chromedp.WaitVisible(css("#offline")))
					if text := get(t, p, "bar text", chromedp.Text(css("#offline"))); !strings.Contains(text, "No connection") {
						t.Fatalf("%s: the offline bar reads %q", name, text)
					}
					if strings.Contains(pageText(t, p), "null") {
						t.Fatalf("%s: the offline page shows \"null\"", name)
					}
				}
				viewportShot(t, p0, "offline-"+g.ID+"-phone")
			})
			for name, p := range pages {
				do(t, p, "bar gone "+name, chromedp.WaitNotVisible(css("#offline")))
			}
			before := ts.View(tb, "").Version
			for k := 0; k < 20 && ts.View(tb, "").Version == before; k++ {
				playPreferring(t, ts, tb, r, 1, g.Advance)
			}
			if ts.View(tb, "").Version == before {
				t.Fatalf("no move could be played after the restart")
			}
			for name, p := range pages {
				waitVersion(t, p, before+1)
				if get(t, p, "no reload", chromedp.Evaluate[int](`window.__noReload || 0`)) != 1 {
					t.Fatalf("%s reloaded instead of reconnecting", name)
				}
			}
			// To the end with the pages put away, then the rematch.
			end := playToEnd(t, ts, tb, r, g, 60, p0, p1, host)
			for name, p := range pages {
				waitVersion(t, p, end.Version)
				// The English pages spell out the game's terms too.
				if text := domText(t, p); strings.Contains(text, "§") {
					i := strings.Index(text, "§")
					t.Fatalf("%s shows a term it did not expand: …%s…", name, text[max(0, i-40):min(len(text), i+60)])
				}
				w := get(t, p, "words", chromedp.Evaluate[wordsSeen](`window.TW_TEST`))
				for _, k := range w.Missing {
					if strings.Contains(k, ":term.") {
						t.Fatalf("%s: the term %s has no text", name, k)
					}
				}
			}
			do(t, host, "rematch", chromedp.WaitVisible(css("#rematch")), chromedp.Click(css("#rematch")))
			var moved []string
			for i, p := range []context.Context{p0, p1} {
				loc := waitURL(t, p, fmt.Sprintf("phone %d on the rematch's table", i), 10*time.Second, func(loc string) bool {
					return strings.Contains(loc, "/t/") && !strings.HasSuffix(loc, "/t/"+tb.ID)
				})
				moved = append(moved, loc)
				do(t, p, "new table drawn", chromedp.WaitVisible(css("#prompt")))
			}
			if moved[0] != moved[1] {
				t.Fatalf("the phones went to two tables: %v", moved)
			}
			viewportShot(t, p1, "rematch-"+g.ID+"-phone")
			t.Logf("%s: offline bar shown and gone on 3 pages; rematch: both phones on %s", g.ID, moved[0])
		})
	}
}
