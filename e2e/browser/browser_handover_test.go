package browser_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The host screen shows a hand-over code to read aloud (two groups of
// five) with its QR code, and takes both off the screen once a phone has
// used the code; the phone that opened the link holds the seat.
func TestBrowserHandoverCodeLeavesOnceUsed(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	host := newCtx()
	openAs(t, ts, host, boardScreen, tb, "host", tb.Host, 0)
	do(t, host, "hand over", chromedp.Click(css(`[data-handover="1"]`)), chromedp.WaitVisible(css(".handover .code")), chromedp.WaitVisible(css(".handover img.qr")))
	code := get(t, host, "code", chromedp.Text(css(".handover .code")))
	if !regexp.MustCompile(`^[2-9A-HJKMNP-TW-Z]{5}-[2-9A-HJKMNP-TW-Z]{5}$`).MatchString(strings.TrimSpace(code)) {
		t.Fatalf("the host screen shows the code %q, want two groups of five readable characters", code)
	}
	screenshot(t, host, "handover-host-open-1280")

	phone := newCtx()
	do(t, phone, "viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch, chromedp.EmulateMobile))
	do(t, phone, "claim", chromedp.Navigate(ts.URL+"/h/"+strings.TrimSpace(code)), chromedp.WaitVisible(css("#prompt")))
	if loc := get(t, phone, "where", chromedp.Location()); !strings.HasSuffix(loc, "/t/"+tb.ID) {
		t.Fatalf("the hand-over link led to %s", loc)
	}
	screenshot(t, phone, "handover-phone-claimed-390")

	if !pollJS(host, `!document.querySelector(".handover")`, 5*time.Second) {
		t.Fatal("the used code's QR code stays on the host screen")
	}
	screenshot(t, host, "handover-host-used-1280")

	// The host screen on a phone: the same, at 390×844.
	small := newCtx()
	openAs(t, ts, small, phoneScreen, tb, "host", tb.Host, 0)
	do(t, small, "hand over", chromedp.Click(css(`[data-handover="2"]`)), chromedp.WaitVisible(css(".handover .code")))
	do(t, small, "code in view", chromedp.ScrollIntoView(css(".handover")))
	viewportShot(t, small, "handover-host-open-390")
}
