package browser_test

import (
	"strings"
	"tablewarden/api/apitest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserOfflineBar stops the server under an open phone: a persistent
// "No connection — retrying…" bar appears, a move tapped meanwhile says so
// in words (never "null"), and when the server is back the bar goes and the
// page is live again without a reload.
func TestBrowserOfflineBar(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	p := newCtx()
	openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	get(t, p, "mark", chromedp.Evaluate[int](`window.__noReload = 1`))
	if bar := get(t, p, "bar", chromedp.Evaluate[bool](`!document.getElementById("offline").hidden`)); bar {
		t.Fatal("the offline bar shows while the server is up")
	}
	restartSame(t, ts, func() {
		do(t, p, "offline bar", chromedp.WaitVisible(css("#offline")))
		text := get(t, p, "bar text", chromedp.Text(css("#offline")))
		if !strings.Contains(text, "No connection") {
			t.Fatalf("the offline bar reads %q", text)
		}
		// The bar stays while the server is down.
		apitest.Stays(t, 1500*time.Millisecond, "the offline bar while the server is down", func() bool {
			return get(t, p, "bar", chromedp.Evaluate[bool](`!document.getElementById("offline").hidden`))
		})
		screenshot(t, p, "phone-offline")
		if strings.Contains(pageText(t, p), "null") {
			t.Fatal("the offline page shows \"null\"")
		}
	})
	do(t, p, "bar gone", chromedp.WaitNotVisible(css("#offline")))
	// Live again: another seat's move reaches the page without a reload.
	before := ts.View(tb, "").Version
	r := newRand(3)
	for k := 0; k < 50 && ts.View(tb, "").Version == before; k++ {
		playRandom(t, ts, tb, r)
	}
	waitVersion(t, p, before+1)
	if get(t, p, "no reload", chromedp.Evaluate[int](`window.__noReload || 0`)) != 1 {
		t.Fatal("the page reloaded instead of reconnecting")
	}
}

// TestBrowserSeatsAndRematch covers the host screen's seat tools and the
// rematch against the contract: a revoked phone is told it is signed out
// and stops; a hand-over link claims the seat on a new phone; a rematch
// moves every phone to the new table.
func TestBrowserSeatsAndRematch(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	host, p0, p1 := newCtx(), newCtx(), newCtx()
	openAs(t, ts, host, phoneScreen, tb, "host", tb.Host, 0)
	openAs(t, ts, p0, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	openAs(t, ts, p1, phoneScreen, tb, "seat", tb.Tokens[1], 1)

	// Hand seat 1 to a new phone from the host screen.
	{
		do(t, host, "hand over", chromedp.Click(css(`[data-handover="1"]`)), chromedp.WaitVisible(css(".handover .code")))
		code := get(t, host, "code", chromedp.Text(css(".handover .code")))
		fresh := newCtx()
		do(t, fresh, "viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch, chromedp.EmulateMobile))
		do(t, fresh, "claim", chromedp.Navigate(ts.URL+"/h/"+code), chromedp.WaitVisible(css("#prompt")))
		if loc := get(t, fresh, "where", chromedp.Location()); !strings.HasSuffix(loc, "/t/"+tb.ID) {
			t.Fatalf("the hand-over link led to %s", loc)
		}
		do(t, p1, "old phone signed out", chromedp.WaitVisible(css("#signed-out")))
		if text := get(t, p1, "why", chromedp.Text(css("#signed-out"))); !strings.Contains(text, "handed to another phone") {
			t.Fatalf("the old phone reads %q", text)
		}
	}
	// Revoke seat 0's phone, with a confirmation.
	{
		do(t, host, "revoke", chromedp.Click(css(`[data-revoke="0"]`)), chromedp.WaitVisible(css("#confirm")), chromedp.Click(css("#confirm-yes")))
		do(t, p0, "signed out", chromedp.WaitVisible(css("#signed-out")))
	}
	// Rematch: play to the end, the host taps Rematch, phones follow.
	{
		// A table of its own, every seat with its phone.
		tb = ts.NewTable("jumpship", nil, 5)
		ts.Start(tb)
		r := newRand(9)
		for k := 0; k < 2000 && ts.View(tb, "").View.Outcome == nil; k++ {
			playRandom(t, ts, tb, r)
		}
		p2 := newCtx()
		openAs(t, ts, host, phoneScreen, tb, "host", tb.Host, 0)
		openAs(t, ts, p2, phoneScreen, tb, "seat", tb.Tokens[2], 2)
		waitVersion(t, host, ts.View(tb, "").Version)
		do(t, host, "rematch", chromedp.WaitVisible(css("#rematch")), chromedp.Click(css("#rematch")))
		waitURL(t, p2, "the phone on the rematch's table", 10*time.Second, func(loc string) bool {
			return !strings.HasSuffix(loc, "/t/"+tb.ID) && strings.Contains(loc, "/t/")
		})
	}
}
