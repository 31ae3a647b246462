package browser_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// wakeLockSpy wraps navigator.wakeLock.request so that the test can count
// the page's requests and release a lock as the browser does when the
// page is hidden.
const wakeLockSpy = `(() => {
  const wl = navigator.wakeLock;
  if (!wl) return;
  const request = wl.request.bind(wl);
  window.__locks = [];
  wl.request = async (type) => { const l = await request(type); window.__locks.push(l); return l; };
})();`

// noWakeLock makes the page's browser one without the Screen Wake Lock
// API, as a phone on plain HTTP over a LAN is (not a secure context).
const noWakeLock = `Object.defineProperty(Navigator.prototype, "wakeLock", { get: () => undefined, configurable: true });`

// TestBrowserWakeLock: while a game is playing, the seat page holds the
// screen's wake lock, and takes it again when the page becomes visible
// after the browser let it go; where the API is missing, the menu says how
// to keep the screen on (English and Portuguese).
func TestBrowserWakeLock(t *testing.T) {
	t.Parallel()
	newPhone := fullBrowser(t) // the headless shell has no screen wake lock
	ts := startServer(t, "")
	tb := ts.NewTable("lockup", nil, 4)
	ts.Start(tb)
	t.Run("OKHeldAndRetaken", func(t *testing.T) {
		p := newPhone()
		do(t, p, "spy", onEveryDocument(wakeLockSpy))
		openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[0], 0)
		waitFor(t, p, "wake lock held", `document.body.dataset.wakeLock === "held" && window.__locks.length === 1`, 5e9)
		// The browser releases the lock when the page is hidden; back on
		// screen, the page takes it again.
		get(t, p, "release", chromedp.Evaluate[bool](`(window.__locks[0].release(), true)`))
		waitFor(t, p, "released", `document.body.dataset.wakeLock === "released"`, 5e9)
		get(t, p, "visible again", chromedp.Evaluate[bool](`(document.dispatchEvent(new Event("visibilitychange")), true)`))
		waitFor(t, p, "taken again", `document.body.dataset.wakeLock === "held" && window.__locks.length === 2`, 5e9)
		if get(t, p, "note hidden", chromedp.Evaluate[bool](`document.getElementById("wake-note").hidden`)) == false {
			t.Fatal("the menu shows how to keep the screen on while the page holds the wake lock")
		}
	})
	for _, lang := range []struct{ code, want string }{{"en", "screen timeout"}, {"pt-BR", "bloqueio da tela"}} {
		t.Run("OKNoteWithoutWakeLock/"+lang.code, func(t *testing.T) {
			p := newPhone()
			do(t, p, "no wake lock", onEveryDocument(noWakeLock+fmt.Sprintf(`localStorage.setItem("tw:lang", %q);`, lang.code)))
			openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[1], 1)
			waitFor(t, p, "unavailable", `document.body.dataset.wakeLock === "unavailable"`, 5e9)
			do(t, p, "open the menu", chromedp.Click(css("#menu summary")), chromedp.WaitVisible(css("#wake-note")))
			text := get(t, p, "note", chromedp.Text(css("#wake-note")))
			if !strings.Contains(text, lang.want) {
				t.Fatalf("the menu's note is %q, want it to say %q", text, lang.want)
			}
			screenshot(t, p, "wake-note-"+lang.code+"-390x844")
		})
	}
}
