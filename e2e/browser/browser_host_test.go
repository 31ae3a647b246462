package browser_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserHostJoinControls drives the host's lobby controls over who may
// still join: a new join code replaces the old one on the host's
// screen and the old code stops working; the lock refuses new players and
// the screen says so; unlocking lets them in again.
func TestBrowserHostJoinControls(t *testing.T) {
	t.Parallel()
	newPhone := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 2)
	host := newPhone()
	openAs(t, ts, host, boardScreen, tb, "host", tb.Host, -1)
	do(t, host, "lobby drawn", chromedp.WaitVisible(css("#new-code")))
	oldCode := strings.ReplaceAll(get(t, host, "join code", chromedp.Text(css("#join-code"))), " ", "")
	if oldCode != tb.Code {
		t.Fatalf("host shows join code %q, want %q", oldCode, tb.Code)
	}

	do(t, host, "new code", chromedp.Click(css("#new-code")))
	waitTrue(t, host, "code changes", `document.getElementById("join-code").textContent.replace(/ /g, "") !== `+jsString(oldCode))
	newCode := strings.ReplaceAll(get(t, host, "new join code", chromedp.Text(css("#join-code"))), " ", "")
	if st, _ := ts.Call("POST", "/api/join", "", map[string]any{"code": oldCode, "name": "Old"}); st < 400 {
		t.Fatalf("join with the old code after rotation = %d, want a refusal", st)
	}

	// The host scrolls the lock up from under the new code's note (the
	// toast sits over the screen's bottom edge for a few seconds).
	get(t, host, "scroll to the lock", chromedp.Evaluate[bool](`(() => { document.getElementById("lock").scrollIntoView({block: "center"}); return true; })()`))
	do(t, host, "lock", chromedp.Click(css("#lock")))
	waitTrue(t, host, "locked shown", `document.getElementById("lock").getAttribute("aria-pressed") === "true"`)
	if st, body := ts.Call("POST", "/api/join", "", map[string]any{"code": newCode, "name": "Late"}); st != 409 || !strings.Contains(string(body), "locked") {
		t.Fatalf("join while locked = %d %s, want 409 locked", st, body)
	}
	note := get(t, host, "lock note", chromedp.Text(css("#lock-state")))
	if !strings.Contains(note, "Locked") {
		t.Fatalf("lock note = %q, want it to say the table is locked", note)
	}

	do(t, host, "unlock", chromedp.Click(css("#lock")))
	waitTrue(t, host, "unlocked shown", `document.getElementById("lock").getAttribute("aria-pressed") === "false"`)
	ts.Must(201, "POST", "/api/join", "", map[string]any{"code": newCode, "name": "Late"}, nil)
	viewportShot(t, host, "host-join-controls")
}
