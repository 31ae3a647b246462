package browser_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserJoinWithoutScanning checks the first minute for a table whose
// phones cannot scan: the host's screen (1280×800) shows the join code as
// two groups of four, offers the board page as a QR code of its own, and
// shows "Start the game" without scrolling with five players seated; the
// board in the lobby (1280×800) shows the join code large beside its QR
// code; the home page's code box, given the code as a person types it
// (lower case, with a space), opens the table's join page.
func TestBrowserJoinWithoutScanning(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	host, board, phone := newCtx(), newCtx(), newCtx()
	openAs(t, ts, host, boardScreen, tb, "host", tb.Host, -1)
	do(t, host, "lobby", chromedp.WaitVisible(css("#start")))
	shown := get(t, host, "join code", chromedp.Text(css("#join-code")))
	if !regexp.MustCompile(`^[A-Z0-9]{4} [A-Z0-9]{4}$`).MatchString(shown) || strings.ReplaceAll(shown, " ", "") != tb.Code {
		t.Errorf("the host shows the join code as %q, want %q as two groups of four", shown, tb.Code)
	}
	start := get(t, host, "start in view", chromedp.Evaluate[[]float64](`(() => { const r = document.getElementById("start").getBoundingClientRect(); return [r.top, r.bottom, innerHeight, scrollY]; })()`))
	if start[3] != 0 || start[1] > start[2] || start[0] < 0 {
		t.Errorf("with five players, Start is at %.0f–%.0f px of a %.0f px screen (scrolled %.0f)", start[0], start[1], start[2], start[3])
	}
	// The join QR and code are what the lobby is for: on the first screen,
	// beside the seats (a table created with no options shows no options
	// row above them).
	joinBox := get(t, host, "join qr in view", chromedp.Evaluate[[]float64](`(() => { const q = document.getElementById("qr").getBoundingClientRect(), c = document.getElementById("join-code").getBoundingClientRect(); return [q.top, q.bottom, c.bottom, innerHeight]; })()`))
	if joinBox[0] < 0 || joinBox[1] > joinBox[3] || joinBox[2] > joinBox[3] {
		t.Errorf("the host's join QR is at %.0f–%.0f px and its code ends at %.0f px of a %.0f px screen: want both on the first screen", joinBox[0], joinBox[1], joinBox[2], joinBox[3])
	}
	qr := get(t, host, "board qr", chromedp.Evaluate[string](`(() => { const i = document.getElementById("board-qr"); return i ? i.getAttribute("src") : ""; })()`))
	if !strings.Contains(qr, "for=board") {
		t.Fatalf("the host's screen offers no QR code of the board (src %q)", qr)
	}
	_, joinPNG := ts.Call("GET", "/api/tables/"+tb.ID+"/qr.png", "", nil)
	st, boardPNG := ts.Call("GET", "/api/tables/"+tb.ID+"/qr.png?for=board", "", nil)
	if st != 200 || len(boardPNG) < 100 || string(boardPNG) == string(joinPNG) {
		t.Fatalf("the board's QR code = %d, %d bytes (the join QR %d bytes): want its own PNG", st, len(boardPNG), len(joinPNG))
	}
	viewportShot(t, host, "join-host-1280")

	openAs(t, ts, board, boardScreen, tb, "board", "", 0)
	do(t, board, "board code", chromedp.WaitVisible(css("#join-code")))
	pair := get(t, board, "code beside qr", chromedp.Evaluate[[]float64](`(() => { const q = document.getElementById("qr").getBoundingClientRect(), c = document.getElementById("join-code"), r = c.getBoundingClientRect(); return [q.right, r.left, q.top, q.bottom, (r.top + r.bottom) / 2, parseFloat(getComputedStyle(c).fontSize), r.right, innerWidth]; })()`))
	if pair[1] < pair[0] || pair[4] < pair[2] || pair[4] > pair[3] || pair[5] < 64 || pair[6] > pair[7] {
		t.Errorf("the board's join code (left %.0f, middle %.0f, %.0f px, right %.0f) is not large beside the QR code (right %.0f, %.0f–%.0f) inside %.0f px", pair[1], pair[4], pair[5], pair[6], pair[0], pair[2], pair[3], pair[7])
	}
	if got := strings.ReplaceAll(get(t, board, "board code text", chromedp.Text(css("#join-code"))), " ", ""); got != tb.Code {
		t.Errorf("the board shows the code %q, want %q", got, tb.Code)
	}
	viewportShot(t, board, "join-board-1280")

	do(t, phone, "viewport", chromedp.EmulateViewport(phoneScreen.Width, phoneScreen.Height, chromedp.EmulateTouch, chromedp.EmulateMobile))
	do(t, phone, "home", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("#code-box")))
	typed := strings.ToLower(tb.Code[:4] + " " + tb.Code[4:])
	do(t, phone, "type code", chromedp.SendKeys(css("#code-box"), typed), chromedp.Click(css("#code-go")))
	do(t, phone, "join page", chromedp.WaitVisible(css("#name")))
	if loc := get(t, phone, "location", chromedp.Location()); !strings.HasSuffix(loc, "/j/"+tb.Code) {
		t.Errorf("the code box led to %q, want the join page of %q", loc, tb.Code)
	}
	viewportShot(t, phone, "join-by-code-phone")
}
