package api_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// device is a screen the tour looks through.
type device struct {
	name          string
	width, height int64
	touch         bool
}

var (
	phoneScreen = device{"phone", 390, 844, true}
	boardScreen = device{"board", 1280, 800, false}
)

// openAs opens a table page in ctx as a device, after storing the
// credential the page reads from local storage (key "tw:<id>" for a seat,
// "tw:host:<id>" for the host); token "" opens the board.
func openAs(t *testing.T, ts *testServer, ctx context.Context, d device, tb *table, kind string, token string, seat int) {
	t.Helper()
	opts := []chromedp.EmulateViewportOption{}
	if d.touch {
		opts = append(opts, chromedp.EmulateTouch, chromedp.EmulateMobile)
	}
	do(t, ctx, "viewport", chromedp.EmulateViewport(d.width, d.height, opts...))
	do(t, ctx, "origin", chromedp.Navigate(ts.URL+"/static/style.css"))
	switch kind {
	case "seat":
		get(t, ctx, "store token", chromedp.Evaluate[bool](`localStorage.setItem("tw:`+tb.ID+`", JSON.stringify({token: "`+token+`", seat: `+itoa(seat)+`})) || true`))
		do(t, ctx, "open phone", chromedp.Navigate(ts.URL+"/t/"+tb.ID))
	case "host":
		get(t, ctx, "store token", chromedp.Evaluate[bool](`localStorage.setItem("tw:host:`+tb.ID+`", JSON.stringify({token: "`+token+`"})) || true`))
		do(t, ctx, "open host", chromedp.Navigate(ts.URL+"/h/"+tb.ID))
	default:
		do(t, ctx, "open board", chromedp.Navigate(ts.URL+"/b/"+tb.ID))
	}
	do(t, ctx, "page drawn", chromedp.WaitVisible(css("#log")))
}

func itoa(n int) string { return strconv.Itoa(n) }

// saveShot writes a PNG under $TW_SCREENSHOTS (or the test's temp dir).
func saveShot(t *testing.T, name string, buf []byte) {
	t.Helper()
	dir := os.Getenv("TW_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// viewportShot saves a PNG of what the screen shows (not the whole page).
func viewportShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	buf := get(t, ctx, "screenshot "+name, chromedp.CaptureScreenshot())
	saveShot(t, name, buf)
}

// tourGames are the five games with a table size and the moves that push
// a random game towards its end.
var tourGames = []struct {
	id      string
	players int
	options map[string]any
	advance []string
}{
	{"jumpship", 5, nil, nil},
	{"nostromo", 2, nil, []string{"place_blip", "place_crew_token", "done_placing", "pass_mission_orders", "choose_posture", "end_effect"}},
	{"captainisdead", 3, nil, nil},
	{"lockup", 3, nil, []string{"assign", "pass", "resolve_legend", "finish_raid", "stop_advancing", "advance", "keep_loot", "finish_scoring"}},
	{"spacecadets", 3, nil, nil},
}

// TestBrowserTour opens every game's phone, host and board pages in the
// middle of a game and at its end, at phone and board sizes, and saves
// screenshots of each (TW_SCREENSHOTS) with the page's height.
func TestBrowserTour(t *testing.T) {
	newCtx := browser(t)
	ts := startServer(t, "")
	phone, host, board := newCtx(), newCtx(), newCtx()
	for gi, g := range tourGames {
		tb := ts.newTable(g.id, g.options, g.players)
		ts.start(tb)
		r := rand.New(rand.NewPCG(uint64(gi)+7, 3))
		playPreferring(t, ts, tb, r, 12, g.advance)
		shots := func(stage string) {
			openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[0], 0)
			viewportShot(t, phone, g.id+"-"+stage+"-phone")
			openAs(t, ts, host, phoneScreen, tb, "host", tb.Host, 0)
			viewportShot(t, host, g.id+"-"+stage+"-host")
			openAs(t, ts, board, boardScreen, tb, "board", "", 0)
			viewportShot(t, board, g.id+"-"+stage+"-board")
			ph := get(t, phone, "height", chromedp.Evaluate[int](`document.documentElement.scrollHeight`))
			bh := get(t, board, "height", chromedp.Evaluate[int](`document.documentElement.scrollHeight`))
			t.Logf("%s %s: phone page %d px high, board page %d px high", g.id, stage, ph, bh)
		}
		shots("mid")
		for i := 0; i < 40 && ts.view(tb, "").View.Outcome == nil; i++ {
			playPreferring(t, ts, tb, r, 25, g.advance)
			if g.id == "lockup" {
				finishLockupScoring(t, ts, tb)
			}
			if g.id == "spacecadets" && i > 2 {
				declareLoss(t, ts, tb)
			}
		}
		if ts.view(tb, "").View.Outcome == nil {
			t.Logf("%s did not end by random play", g.id)
			continue
		}
		shots("end")
	}
}

// declareLoss makes the host's table declaration that the Space Cadets
// mission failed, when it is offered.
func declareLoss(t *testing.T, ts *testServer, tb *table) {
	for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
		v := ts.view(tb, tok)
		if v.View != nil && hasMove(v.View.Moves, "declare_loss") {
			ts.must(200, "POST", "/api/tables/"+tb.ID+"/moves", tok, map[string]any{"type": "declare_loss"}, nil)
			return
		}
	}
}
