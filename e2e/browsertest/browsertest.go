// Package browsertest is the Chromium harness the browser suites share
// (e2e/browser, e2e/games): one headless Chromium per test binary, a fresh
// browser context per phone, pages opened as a seat, the host or the
// board, and waits that poll inside the page.
package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/debugger"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
	"tablewarden/e2e/missing"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// Device is a screen a test looks through.
type Device struct {
	Name          string
	Width, Height int64
	Touch         bool
}

// The screens of the suites: a phone (touch), and the board or host page
// on a laptop.
var (
	PhoneScreen = Device{Name: "phone", Width: 390, Height: 844, Touch: true}
	BoardScreen = Device{Name: "board", Width: 1280, Height: 800}
)

// Game is a game of the tours with a table size, its options and the
// moves that push a random game towards its end.
type Game struct {
	ID      string
	Players int
	Options map[string]any
	Advance []string
}

// TourGames are the five games the suites play.
var TourGames = []Game{
	{"jumpship", 5, nil, nil},
	{"nostromo", 2, nil, []string{"place_blip", "place_crew_token", "done_placing", "pass_mission_orders", "choose_posture", "end_effect"}},
	{"captainisdead", 3, nil, nil},
	{"lockup", 3, nil, []string{"assign", "pass", "resolve_legend", "finish_raid", "stop_advancing", "advance", "keep_loot"}},
	{"spacecadets", 3, nil, nil},
}

// Stop ends the test binary's Chromium (TestMain calls it after m.Run).
func Stop() {
	for _, in := range []*instance{&shared, &full} {
		if in.stop != nil {
			in.stop()
		}
	}
}

// PageText is the text the page shows (innerText).
func PageText(t *testing.T, p context.Context) string {
	t.Helper()
	return Get(t, p, "page text", chromedp.Evaluate[string](`document.body.innerText`))
}

// WaitTrue polls a JavaScript condition in the page until it holds, for up
// to ten seconds.
func WaitTrue(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	if !PollJS(ctx, cond, 10*time.Second) {
		Dump(t, ctx)
		t.Fatalf("%s: %s never held", what, cond)
	}
}

// RestartSame stops the server and, after pause, serves the same database
// on the same address again (the phones keep their pages open).
func RestartSame(t *testing.T, ts *apitest.Server, during func()) {
	t.Helper()
	ts.Restart(during)
}

// NewRand is a random source seeded from one number.
func NewRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed+1)) }

// The page tests drive Debian's Chromium in one of its two headless
// builds:
//   - chromium-headless-shell, the engine alone (Blink, V8, the network
//     stack and the renderer of the full browser, without its windows and
//     their UI). Most page tests run on it when it is installed: the full
//     browser made each browser context (each phone) a window with its
//     own browser-side UI, and cost the browser package 168 s of CPU where
//     the shell cost 92 (boards 74 and 52), on the same tests.
//   - chromium, the full browser in headless mode. Tests of what only the
//     browser around the page gives (the screen wake lock) ask for it with
//     FullBrowser, and TW_CHROMIUM=/usr/bin/chromium runs every page test
//     on it (.ci/run's end-to-end step does).
const (
	shellPath = "/usr/bin/chromium-headless-shell"
	fullPath  = "/usr/bin/chromium"
)

// Chromium returns the path of the browser the page tests drive:
// $TW_CHROMIUM, else the headless shell, else the full browser; without
// any it skips the test loudly.
func Chromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("TW_CHROMIUM"), shellPath, fullPath, "/usr/bin/chromium-browser"} {
		if p == "" {
			continue
		}
		if _, err := exec.LookPath(p); err == nil {
			return p
		}
	}
	missing.Skip(t, "BROWSER TESTS SKIPPED: no Chromium on this machine (apt-get install chromium-headless-shell chromium; .ci/run does)")
	return ""
}

// fullChromium returns the path of the full browser: $TW_CHROMIUM when it
// is not the headless shell, else Debian's chromium; without it it skips
// the test loudly.
func fullChromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("TW_CHROMIUM"), fullPath, "/usr/bin/chromium-browser"} {
		if p == "" || strings.Contains(filepath.Base(p), "headless-shell") {
			continue
		}
		if _, err := exec.LookPath(p); err == nil {
			return p
		}
	}
	missing.Skip(t, "FULL BROWSER TESTS SKIPPED: no full Chromium on this machine (apt-get install chromium; .ci/run does)")
	return ""
}

// Browser returns a function that opens an isolated browser context (own
// cookies and local storage: one phone) in the test binary's one headless
// Chromium (Chromium's choice), started by the first test that needs it
// and stopped by TestMain.
func Browser(t *testing.T) func() context.Context {
	t.Helper()
	return shared.contexts(t, Chromium(t))
}

// FullBrowser is Browser in the full Chromium, for a test of what the
// browser around the page gives (the shell has no screen wake lock). It
// is the same browser as Browser's when that one is full.
func FullBrowser(t *testing.T) func() context.Context {
	t.Helper()
	path := fullChromium(t)
	if Chromium(t) == path {
		return shared.contexts(t, path)
	}
	return full.contexts(t, path)
}

// instance is one running Chromium of the test binary.
type instance struct {
	once sync.Once
	root context.Context
	stop func()
	err  error
}

// shared is the test binary's Chromium for Browser; full, when that one is
// the headless shell, the full browser for FullBrowser.
var shared, full instance

func (in *instance) contexts(t *testing.T, path string) func() context.Context {
	t.Helper()
	in.once.Do(func() {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.NoSandbox,
			chromedp.Flag("headless", true),
			chromedp.Flag("disable-gpu", true),
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			// Less work per frame for a software-drawn headless page.
			chromedp.Flag("in-process-gpu", true),
			chromedp.Flag("num-raster-threads", "1"),
			chromedp.Flag("disable-smooth-scrolling", true),
			chromedp.Flag("disable-threaded-animation", true),
			chromedp.Flag("disable-threaded-scrolling", true),
			// In the full browser every new browser context (one per
			// phone) opens a window, and Chromium 156 preloads two
			// omnibox-popup WebUI pages in each, a renderer apiece. No
			// test opens them; they were about a quarter of Chromium's
			// CPU in e2e/games. The first two names are chromedp's
			// default list, which this flag replaces.
			chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup"),
			chromedp.WindowSize(412, 915),
		)
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		root, cancelRoot := chromedp.NewContext(alloc)
		in.root, in.stop = root, func() { cancelRoot(); cancelAlloc() }
		in.err = chromedp.Do(root)
	})
	if in.err != nil {
		t.Fatalf("start chromium (%s): %v", path, in.err)
	}
	return func() context.Context {
		ctx, cancel := chromedp.NewContext(in.root, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		if err := chromedp.Do(ctx); err != nil {
			t.Fatalf("new browser context: %v", err)
		}
		return ctx
	}
}

// Do runs browser steps with a time limit.
func Do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(c, steps...); err != nil {
		Dump(t, ctx)
		t.Fatalf("%s: %v", what, err)
	}
}

// Dump logs the page's location and text, for a failing step.
func Dump(t *testing.T, ctx context.Context) {
	c, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	loc, _ := chromedp.Run(c, chromedp.Location())
	txt, _ := chromedp.Run(c, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
	t.Logf("page %s:\n%s", loc, txt)
}

// Get runs one browser action that returns a value, with a time limit.
func Get[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// Screenshot saves a PNG of the whole page under $TW_SCREENSHOTS.
func Screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if os.Getenv("TW_SCREENSHOTS") == "" {
		return
	}
	SaveShot(t, name, Get(t, ctx, "screenshot "+name, chromedp.FullScreenshot(100)))
}

// ScreenshotOf saves a PNG of one element (e.g. "section.outcome") under
// $TW_SCREENSHOTS.
func ScreenshotOf(t *testing.T, ctx context.Context, sel, name string) {
	t.Helper()
	if os.Getenv("TW_SCREENSHOTS") == "" {
		return
	}
	SaveShot(t, name, Get(t, ctx, "screenshot "+name, chromedp.Screenshot(chromedp.CSS(sel))))
}

// BodyVersion is the table version the page shows.
func BodyVersion(t *testing.T, ctx context.Context) int64 {
	t.Helper()
	v := Get(t, ctx, "read version", chromedp.Evaluate[string](`document.body.dataset.version || "0"`))
	n, _ := strconv.ParseInt(v, 10, 64)
	return n
}

// WaitVersion waits until the page shows the table at version want or
// later, with no view that arrived still waiting to be drawn (a page in
// test mode says so: TW_TEST.drawn). It waits up to 15 s (it was 5): a page
// shares 2 busy cores with a dozen other renderers while both browser
// packages run, and a passing test waits only as long as its page takes.
func WaitVersion(t *testing.T, ctx context.Context, want int64) {
	t.Helper()
	drawn := `(!window.TW_TEST || !window.TW_TEST.drawn || window.TW_TEST.drawn())`
	if !PollJS(ctx, fmt.Sprintf(`Number(document.body.dataset.version || "0") >= %d && %s`, want, drawn), 15*time.Second) {
		t.Fatalf("page did not reach version %d (at %d) without a reload", want, BodyVersion(t, ctx))
	}
}

// PollJS waits until the page's expression is truthy, evaluated inside the
// page every 20 ms, and reports whether it was within the time given. A
// navigation ends a page's poll: the new document is polled in turn.
func PollJS(ctx context.Context, expr string, within time.Duration) bool {
	// A poll whose time is (nearly) up still looks once.
	within = max(within, 50*time.Millisecond)
	c, cancel := context.WithTimeout(ctx, within)
	defer cancel()
	for {
		_, err := chromedp.Run(c, chromedp.Poll[bool](`!!(`+expr+`)`, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(0)))
		if err == nil {
			return true
		}
		if c.Err() != nil {
			return false
		}
		// The document went away under the poll (a reload, a rematch's
		// new table): wait for the next one's body and poll again.
		chromedp.Do(c, chromedp.WaitReady(chromedp.CSS("body")))
	}
}

// WaitURL waits until the page's address satisfies ok (the page may be
// navigating meanwhile) and returns it.
func WaitURL(t *testing.T, ctx context.Context, what string, within time.Duration, ok func(string) bool) string {
	t.Helper()
	var loc string
	apitest.WaitFor(t, within, what, func() bool {
		c, cancel := context.WithTimeout(ctx, time.Second)
		defer cancel()
		l, err := chromedp.Run(c, chromedp.Location())
		if err == nil {
			loc = l
		}
		return err == nil && ok(l)
	})
	return loc
}

// OpenAs opens a table page in ctx as a device, after storing the
// credential the page reads from local storage (key "tw:<id>" for a seat,
// "tw:host:<id>" for the host); token "" opens the board.
func OpenAs(t *testing.T, ts *apitest.Server, ctx context.Context, d Device, tb *apitest.Table, kind string, token string, seat int) {
	t.Helper()
	opts := []chromedp.EmulateViewportOption{}
	if d.Touch {
		opts = append(opts, chromedp.EmulateTouch, chromedp.EmulateMobile)
	}
	Do(t, ctx, "viewport", chromedp.EmulateViewport(d.Width, d.Height, opts...))
	Do(t, ctx, "origin", chromedp.Navigate(ts.URL+"/static/style.css"))
	Get(t, ctx, "test mode", chromedp.Evaluate[bool](`localStorage.setItem("tw:test", "1") || true`))
	switch kind {
	case "seat":
		Get(t, ctx, "store token", chromedp.Evaluate[bool](`localStorage.setItem("tw:`+tb.ID+`", JSON.stringify({token: "`+token+`", seat: `+Itoa(seat)+`})) || true`))
		Do(t, ctx, "open phone", chromedp.Navigate(ts.URL+"/t/"+tb.ID))
	case "host":
		Get(t, ctx, "store token", chromedp.Evaluate[bool](`localStorage.setItem("tw:host:`+tb.ID+`", JSON.stringify({token: "`+token+`"})) || true`))
		Do(t, ctx, "open host", chromedp.Navigate(ts.URL+"/h/"+tb.ID))
	default:
		Do(t, ctx, "open board", chromedp.Navigate(ts.URL+"/b/"+tb.ID))
	}
	Do(t, ctx, "page drawn", chromedp.WaitVisible(chromedp.CSS("#log")))
}

// PutAway freezes pages while the test plays on through the API and
// judges none of them, as a phone whose player put it away: a frozen page
// runs no script and draws nothing (a page that drew hundreds of moves
// nobody looked at cost the machine more than the rest of its test).
// TakeOut wakes them.
func PutAway(t *testing.T, pages ...context.Context) {
	t.Helper()
	for _, p := range pages {
		Get(t, p, "mark the document", chromedp.Evaluate[bool](`(window.__putAway = 1) === 1`))
	}
	lifecycle(t, "put the page away", true, pages)
}

// TakeOut wakes pages PutAway froze, as phones taken out of a pocket, and
// waits until each shows the table at version (or later), caught up from
// its stream or by reconnecting, never by reloading: each must still be
// the document PutAway marked.
func TakeOut(t *testing.T, version int64, pages ...context.Context) {
	t.Helper()
	lifecycle(t, "take the page out", false, pages)
	for i, p := range pages {
		WaitVersion(t, p, version)
		if !Get(t, p, "same document", chromedp.Evaluate[bool](`window.__putAway === 1`)) {
			t.Fatalf("page %d reloaded after it was put away, instead of catching up", i)
		}
	}
}

// lifecycle pauses (frozen) or resumes a page's main thread through the
// script debugger: a paused page runs no script, handles no event and
// draws nothing, and what its stream sends waits for it. (The page
// lifecycle's own "frozen" state would do, but a page it froze stays
// hidden, with no animation frames, once active again.)
func lifecycle(t *testing.T, what string, frozen bool, pages []context.Context) {
	t.Helper()
	for _, p := range pages {
		Do(t, p, what, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			if !frozen {
				// Without the debugger, a paused page (or one that was to
				// pause at its next script) runs on.
				_, err := cdp.Call(ctx, tg, debugger.Disable, cdp.Empty{})
				return chromedp.Void{}, err
			}
			if _, err := cdp.Call(ctx, tg, debugger.Enable, debugger.EnableParams{}); err != nil {
				return chromedp.Void{}, err
			}
			_, err := cdp.Call(ctx, tg, debugger.Pause, cdp.Empty{})
			return chromedp.Void{}, err
		})
	}
}

// JSString quotes s as a JavaScript string literal.
func JSString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// OnEveryDocument runs js in every document the page opens from now on,
// before the page's own scripts.
func OnEveryDocument(js string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: js})
		return chromedp.Void{}, err
	}
}

// KrakenTable is a started Mission 10 table with its own tentacle cards
// (ids other than t1–t4, one with a space, built-in ids under the table's
// names) where three are subdued: "arm-1" is the last active one. The
// Sensors player is the third seat.
func KrakenTable(t *testing.T, ts *apitest.Server) *apitest.Table {
	t.Helper()
	var opts map[string]any
	if err := json.Unmarshal([]byte(`{"mission":"10","sensors_seat":2,"game_data":{"tentacles":[
	 {"id":"arm-1","name":"Grasping Arm","station":"Weapons","subdue":"As printed.","range":2,"attack_dice":2,"source":"table-entered"},
	 {"id":"t2","name":"Our Crusher","station":"Tractor Beams","subdue":"As printed.","range":3,"attack_dice":1,"source":"table-entered"},
	 {"id":"big one","name":"The Big One","station":"Sensors","subdue":"As printed.","range":2,"attack_dice":2,"source":"table-entered"},
	 {"id":"t4","name":"Long Tom","station":"Shields","subdue":"As printed.","range":1,"attack_dice":3,"source":"table-entered"}]}}`), &opts); err != nil {
		t.Fatal(err)
	}
	tb := ts.NewTable("spacecadets", opts, 4)
	ts.Start(tb)
	apitest.DriveCaptain(t, ts, tb, "the first step", func(m kit.MoveSpec) bool { return m.Type == "next_step" })
	moves := "/api/tables/" + tb.ID + "/moves"
	for _, id := range []string{"t2", "big one", "t4"} {
		ts.Must(200, "POST", moves, tb.Tokens[2], map[string]any{"type": "subdue_tentacle", "args": map[string]any{"tentacle": id}}, nil)
	}
	return tb
}

// Itoa is strconv.Itoa, short for page expressions.
func Itoa(n int) string { return strconv.Itoa(n) }

// SaveShot writes a PNG under $TW_SCREENSHOTS.
func SaveShot(t *testing.T, name string, buf []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(os.Getenv("TW_SCREENSHOTS"), name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// ViewportShot saves a PNG of what the screen shows (not the whole page)
// under $TW_SCREENSHOTS.
func ViewportShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if os.Getenv("TW_SCREENSHOTS") == "" {
		return
	}
	SaveShot(t, name, Get(t, ctx, "screenshot "+name, chromedp.CaptureScreenshot()))
}

// NoSideways checks that a page does not scroll sideways.
func NoSideways(t *testing.T, p context.Context, name string) {
	t.Helper()
	// A mobile page that overflows widens its layout viewport, so
	// innerWidth grows with it: the measure is the phone's own width.
	w := int(PhoneScreen.Width)
	got := Get(t, p, "widths", chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, innerWidth]`))
	if got[0] > w || got[1] > w {
		t.Fatalf("%s: the page is %d px wide (layout viewport %d px) on a %d px phone", name, got[0], got[1], w)
	}
	// Nothing sticks out on the right either (where clipping would hide it).
	if out := Get(t, p, "wide elements", chromedp.Evaluate[string](`(() => { const e = Array.from(document.querySelectorAll("main *")).find(e => e.getBoundingClientRect().right > `+Itoa(w)+` + 1); return e ? e.outerHTML.slice(0, 160) : ""; })()`)); out != "" {
		t.Fatalf("%s: an element sticks out of the %d px phone: %s", name, w, out)
	}
}

// BoardFits checks the board page: no vertical scroll, the seats, every
// track, the drawn board (when the view has places and no timer runs) and
// every timer on screen, and the current players picked out.
func BoardFits(t *testing.T, p context.Context, v tablepkg.ViewResponse) {
	t.Helper()
	h := Get(t, p, "heights", chromedp.Evaluate[[]int](`[document.documentElement.scrollHeight, innerHeight, document.body.scrollHeight]`))
	if h[0] > h[1] || h[2] > h[1] {
		t.Fatalf("the board page is %d px high on a %d px screen", h[0], h[1])
	}
	want := []string{"#seats"}
	for _, tr := range v.View.Tracks {
		want = append(want, `[data-track="`+tr.Name+`"]`)
	}
	timed := false
	for _, tm := range v.View.Timers {
		if tm.Running || tm.Paused {
			want = append(want, `[data-timer="`+tm.Name+`"]`)
			timed = true
		}
	}
	// A running or paused timer takes the board's centre, and the drawing
	// yields until it has run out (Space Cadets' timed steps).
	if v.View.Board != nil && len(v.View.Board.Nodes) > 0 && !timed {
		want = append(want, "#board-svg")
	}
	if v.View.Outcome != nil {
		want = append(want, "#outcome")
	}
	for _, sel := range want {
		box := Get(t, p, "find "+sel, chromedp.Evaluate[[]float64](`(() => { const e = document.querySelector('`+sel+`'); if (!e) return [-1]; const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.height]; })()`))
		if box[0] < 0 || box[2] == 0 || box[0] > float64(h[1]) {
			t.Fatalf("the board page does not show %s on screen (box %v)", sel, box)
		}
	}
	if v.View.Outcome == nil && len(v.View.Turn) > 0 {
		n := Get(t, p, "current", chromedp.Evaluate[int](`document.querySelectorAll('#seats li[aria-current="true"]').length`))
		if n != len(v.View.Turn) {
			t.Fatalf("the board marks %d current players, want %d", n, len(v.View.Turn))
		}
	}
	if v.View.Outcome == nil {
		for _, step := range Get(t, p, "step sizes", chromedp.Evaluate[[]float64](`Array.from(document.querySelectorAll(".step")).map(e => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height))`)) {
			if step < 48 {
				t.Fatalf("a track step is %.0f px, want at least 48", step)
			}
		}
	}
}

// GameMessages is the message catalog of a game, as /api/games gives it.
func GameMessages(ts *apitest.Server, game string) map[string]map[string]string {
	var games []kit.Info
	ts.Must(200, "GET", "/api/games", "", nil, &games)
	for _, g := range games {
		if g.ID == game {
			return g.Messages
		}
	}
	return nil
}

// SecretLeaves lists the strings of a seat's private view that are not in
// pub (another screen's view, as JSON).
func SecretLeaves(own tablepkg.ViewResponse, pub string) []string {
	var leaves []string
	var walk func(any)
	walk = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		case string:
			if len(x) >= 4 && !strings.Contains(pub, x) {
				leaves = append(leaves, x)
			}
		}
	}
	var priv any
	json.Unmarshal([]byte(apitest.MustJSON(own.View.Private)), &priv)
	walk(priv)
	return leaves
}

// PlayToEnd plays g's game at tb to its end through the API (at most
// rounds of 25 moves that prefer g.Advance; Lockup's final scoring
// finished, Space Cadets' mission declared failed after three rounds)
// with pages put away, fails if it does not end, and takes the pages out
// caught up with the end, whose view it returns.
func PlayToEnd(t *testing.T, ts *apitest.Server, tb *apitest.Table, r *rand.Rand, g Game, rounds int, pages ...context.Context) tablepkg.ViewResponse {
	t.Helper()
	PutAway(t, pages...)
	for i := 0; i < rounds && ts.View(tb, "").View.Outcome == nil; i++ {
		apitest.PlayPreferring(t, ts, tb, r, 25, g.Advance)
		if g.ID == "lockup" {
			apitest.FinishLockupScoring(t, ts, tb)
		}
		if g.ID == "spacecadets" && i > 2 {
			DeclareLoss(t, ts, tb)
		}
	}
	end := ts.View(tb, "")
	if end.View.Outcome == nil {
		t.Fatalf("%s did not end by random play", g.ID)
	}
	TakeOut(t, end.Version, pages...)
	return end
}

// ScreenLog is the whole log a screen may read: a seat's or the host's
// with its token, the board's with none.
func ScreenLog(t *testing.T, ts *apitest.Server, tb *apitest.Table, tok string) []tablepkg.LogEntry {
	t.Helper()
	path := "/api/tables/" + tb.ID + "/log"
	if tok == "" {
		path += "?as=board"
	}
	var log []tablepkg.LogEntry
	ts.Must(200, "GET", path, tok, nil, &log)
	return log
}

// DeclareLoss makes the host's table declaration that the Space Cadets
// mission failed, when it is offered.
func DeclareLoss(t *testing.T, ts *apitest.Server, tb *apitest.Table) {
	for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
		v := ts.View(tb, tok)
		if v.View == nil {
			continue
		}
		for _, spec := range v.View.Moves {
			if spec.Type == "declare_loss" {
				m := kit.RandomMove(spec, NewRand(1))
				ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tok, map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}, nil)
				return
			}
		}
	}
}

// PressMove fills a move's empty pickers and taps its button, leaving any
// confirmation the page asks unanswered.
func PressMove(t *testing.T, p context.Context, typ string) {
	t.Helper()
	FillPickers(t, p, typ)
	Do(t, p, "tap "+typ, chromedp.Click(chromedp.CSS(`form[data-move="`+typ+`"] button[type=submit]`)))
}

// TapMove fills a move's empty pickers and taps its button; when the page
// asks before sending (a move with a confirmation, such as a draw from the
// bag), it answers yes, as the player would. It returns the question asked,
// or "" when the page sent the move at once.
func TapMove(t *testing.T, p context.Context, typ string) string {
	t.Helper()
	PressMove(t, p, typ)
	question := Get(t, p, "asked "+typ, chromedp.Evaluate[string](`document.getElementById("confirm").open ? document.getElementById("confirm-text").textContent : ""`))
	if question != "" {
		Do(t, p, "confirm "+typ, chromedp.Click(chromedp.CSS("#confirm-yes")), chromedp.WaitNotVisible(chromedp.CSS("#confirm")))
	}
	return question
}

// HeldSecrets presses the secrets button, reads what it shows, and lets
// go; it also checks that the secrets hide again on release.
func HeldSecrets(t *testing.T, p context.Context) string {
	t.Helper()
	Do(t, p, "secrets button", chromedp.WaitVisible(chromedp.CSS("#secret-hold")))
	got := Get(t, p, "hold secrets", chromedp.Evaluate[[]string](`(() => {
		const b = document.getElementById("secret-hold");
		const p = () => document.getElementById("private");
		const before = p().hidden ? "hidden" : "shown";
		b.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));
		const text = p().hidden ? "" : p().innerText;
		b.dispatchEvent(new PointerEvent("pointerup", {bubbles: true}));
		return [before, text, p().hidden ? "hidden" : "shown"];
	})()`))
	if got[0] != "hidden" || got[2] != "hidden" {
		t.Fatalf("secrets are %s before the press and %s after the release, want hidden both times", got[0], got[2])
	}
	return got[1]
}

// DOMText is every text of the page, hidden or not (textContent).
func DOMText(t *testing.T, p context.Context) string {
	t.Helper()
	return Get(t, p, "dom text", chromedp.Evaluate[string](`document.body.textContent`))
}

// ExpandTerms expands the terms of s as a page in lang does, from the
// game's catalog (falling back to English).
func ExpandTerms(msgs map[string]map[string]string, lang, s string) string {
	return TermPattern.ReplaceAllStringFunc(s, func(m string) string {
		sub := TermPattern.FindStringSubmatch(m)
		tmpl, ok := msgs[lang]["term."+sub[1]]
		if !ok {
			tmpl = msgs["en"]["term."+sub[1]]
		}
		for _, kv := range strings.Split(sub[2], ";") {
			if k, v, ok := strings.Cut(kv, "="); ok {
				tmpl = strings.ReplaceAll(tmpl, "{"+k+"}", v)
			}
		}
		return tmpl
	})
}

// FillPickers makes a choice in every picker of a move form that starts
// empty (the page never picks a victim or a target for the player): the
// first offered choice of each list.
func FillPickers(t *testing.T, p context.Context, typ string) {
	t.Helper()
	Get(t, p, "fill "+typ, chromedp.Evaluate[bool](`(() => {
		const f = document.querySelector('form[data-move="`+typ+`"]');
		if (!f) return false;
		for (const fs of f.querySelectorAll("fieldset.choices")) {
			if (!fs.querySelector("input:checked")) { const r = fs.querySelector("input[type=radio]"); if (r) r.checked = true; }
		}
		for (const s of f.querySelectorAll("select")) if (s.value === "" && s.options.length > 1) s.selectedIndex = 1;
		return true;
	})()`))
}

// TermPattern is a term of a game's texts (referee/lockup/terms.go).
var TermPattern = regexp.MustCompile(`§([A-Za-z0-9_.-]+)(?:\(([^()§]*)\))?`)

// FirstTab is the browser's first tab, in the browser's own profile rather
// than a private browser context (the only place Chromium installs an
// app). Browser must have started Chromium first.
func FirstTab() context.Context { return shared.root }

// WaitConfirm waits for the page's confirm dialog after a tap on typ and
// returns its question.
func WaitConfirm(t *testing.T, p context.Context, typ string) string {
	t.Helper()
	if !PollJS(p, `document.getElementById("confirm").open`, 5*time.Second) {
		Dump(t, p)
		t.Fatalf("tapping %s did not ask before sending", typ)
	}
	return Get(t, p, "asked "+typ, chromedp.Evaluate[string](`document.getElementById("confirm-text").textContent`))
}

// DriveToCaptainTurn plays The Captain Is Dead's setup (roles, setup
// alerts) until a seat's turn with all its actions left.
func DriveToCaptainTurn(t *testing.T, ts *apitest.Server, tb *apitest.Table) {
	t.Helper()
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 200; i++ {
		for _, tok := range tb.Tokens {
			if v := ts.View(tb, tok); v.View.Prompt != nil && v.View.Prompt.Code == "prompt_your_turn" {
				return
			}
		}
		apitest.PlayPreferring(t, ts, tb, r, 1, []string{"choose_role", "finish_alert"})
	}
	t.Fatal("no Captain Is Dead turn began")
}

// SecretsStayHome checks that no screen holds seat 0's secrets: the strings
// of its private view that the screen's own view does not hold. screens
// are keyed by their token ("" for the board).
func SecretsStayHome(t *testing.T, ts *apitest.Server, tb *apitest.Table, screens map[string]context.Context) {
	t.Helper()
	SecretsOfStayHome(t, ts, tb, 0, screens)
}

// SecretsOfStayHome checks that no screen holds the secrets of seat owner.
func SecretsOfStayHome(t *testing.T, ts *apitest.Server, tb *apitest.Table, owner int, screens map[string]context.Context) {
	t.Helper()
	own := ts.View(tb, tb.Tokens[owner])
	msgs := GameMessages(ts, own.Game)
	for tok, p := range screens {
		// What the screen may know: its view and its whole log.
		log := ScreenLog(t, ts, tb, tok)
		// The log keeps its terms (a view writes its words out): what it
		// says publicly is its terms in both languages too.
		pub := apitest.MustJSON(ts.View(tb, tok)) + apitest.MustJSON(log) + ExpandTerms(msgs, "en", apitest.MustJSON(log)) + ExpandTerms(msgs, "pt-BR", apitest.MustJSON(log))
		text := DOMText(t, p)
		for _, s := range SecretLeaves(own, pub) {
			// A page shows a term (Lockup's "§token(n=1;strength=0)") as
			// its English text: look for that too.
			if x := ExpandTerms(msgs, "en", s); strings.Contains(text, s) || (x != s && !BareTerm(s) && strings.Contains(text, x)) {
				t.Fatalf("the screen of token %q holds seat %d's secret %q", tok, owner, s)
			}
		}
	}
}

// BareTerm reports whether s is one term without parameters (a name such
// as "§loot.idol"): its text is a word that public texts hold too, so
// only the server's leak tests, which compare the views, check it.
func BareTerm(s string) bool {
	return TermPattern.FindString(s) == s && !strings.Contains(s, "(")
}
