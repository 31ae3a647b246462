package browser_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// interceptJS makes the page answer some API calls itself (test only):
// POST …/rematch/claim with the given claim, POST …/moves with {} after
// recording the body in window.__posted.
func interceptJS(claim string) string {
	return `(() => {
		const real = window.fetch;
		window.__posted = [];
		window.fetch = (url, opts) => {
			if (String(url).endsWith("/rematch/claim")) return Promise.resolve(new Response(JSON.stringify(` + claim + `), { status: 200 }));
			if (String(url).endsWith("/moves") && opts && opts.method === "POST") { window.__posted.push(JSON.parse(opts.body)); return Promise.resolve(new Response("{}", { status: 200 })); }
			return real(url, opts);
		};
		return true;
	})()`
}

// TestBrowserContractClient checks the pages' side of the contract's new
// endpoints with the server's answers played by the page itself (the
// server side is built separately): a phone that sees "rematch" in its
// view claims its seat at the new table and moves there with the new
// token; the host plays an unattended seat's move with as_seat.
func TestBrowserContractClient(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	next := ts.NewTable("jumpship", nil, 5)
	ts.Start(next)
	phone, host := newCtx(), newCtx()

	openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	get(t, phone, "intercept", chromedp.Evaluate[bool](interceptJS(`{ table_id: "`+next.ID+`", seat: 0, token: "`+next.Tokens[0]+`" }`)))
	get(t, phone, "rematch view", chromedp.Evaluate[bool](`(() => {
		const v = JSON.parse(JSON.stringify(window.TW_TEST.current()));
		v.version += 1; v.rematch = { table_id: "`+next.ID+`" };
		window.TW_TEST.show(v);
		return true;
	})()`))
	// The page may be navigating: a failed read is tried again.
	waitURL(t, phone, "the phone on the rematch's table", 5*time.Second, func(loc string) bool { return strings.HasSuffix(loc, "/t/"+next.ID) })
	do(t, phone, "new table", chromedp.WaitVisible(css("#prompt")))
	if tok := get(t, phone, "token", chromedp.Evaluate[string](`JSON.parse(localStorage.getItem("tw:`+next.ID+`")).token`)); tok != next.Tokens[0] {
		t.Fatal("the phone did not keep its new seat token")
	}
	if v := ts.View(next, next.Tokens[0]); bodyVersion(t, phone) != v.Version {
		t.Fatalf("the phone shows version %d of the new table, want %d", bodyVersion(t, phone), v.Version)
	}

	openAs(t, ts, host, phoneScreen, tb, "host", tb.Host, 0)
	get(t, host, "intercept", chromedp.Evaluate[bool](interceptJS(`{}`)))
	get(t, host, "unattended view", chromedp.Evaluate[bool](`(() => {
		const v = JSON.parse(JSON.stringify(window.TW_TEST.current()));
		v.version += 1;
		v.unattended = [{ seat: 1, name: "Bob", moves: [{ type: "draw", label: "Draw two tokens", primary: true }] }];
		window.TW_TEST.show(v);
		return true;
	})()`))
	heading := get(t, host, "play for", chromedp.Text(css("#primary-1 h2")))
	if !strings.Contains(strings.ToLower(heading), "play for bob") {
		t.Fatalf("the host's unattended panel is headed %q", heading)
	}
	do(t, host, "play for Bob", chromedp.Click(css(`#primary-1 form[data-move="draw"] button[type=submit]`)))
	posted := get(t, host, "posted", chromedp.Evaluate[[]map[string]any](`window.__posted`))
	if len(posted) != 1 || posted[0]["as_seat"] != float64(1) || posted[0]["type"] != "draw" {
		t.Fatalf("the host posted %v, want one draw with as_seat 1", posted)
	}
	screenshot(t, host, "host-play-for")
}
