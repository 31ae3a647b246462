package browser_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"tablewarden/api/apitest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// streamHook records, in every document of a browser context, what the
// page's SSE stream delivers: each "view" event's data in window.__views
// and each "revoked" event's data in window.__revoked. A stream opened with
// ?patches=1 (the page's) sends "patch" events after its first view: each
// is merged into that stream's view with the page's own applyPatch
// (web/static/app.js) and the merged view recorded. It depends on the page
// only in that the page reads /api/tables/{id}/stream with EventSource,
// which the API contract says it does.
const streamHook = `(() => {
  const ES = window.EventSource;
  window.__views = []; window.__revoked = [];
  window.EventSource = function (url, opts) {
    const es = new ES(url, opts);
    let cur = null;
    es.addEventListener("view", (ev) => { cur = JSON.parse(ev.data); window.__views.push(ev.data); });
    es.addEventListener("patch", (ev) => { cur = applyPatch(cur, JSON.parse(ev.data)); window.__views.push(JSON.stringify(cur)); });
    es.addEventListener("revoked", (ev) => window.__revoked.push(ev.data));
    return es;
  };
  window.EventSource.prototype = ES.prototype;
  window.EventSource.CONNECTING = 0; window.EventSource.OPEN = 1; window.EventSource.CLOSED = 2;
})();`

// seatPhone opens the seat page of a table in a new browser context that
// holds a seat token, as a phone that joined does.
func seatPhone(t *testing.T, newPhone func() context.Context, ts *testServer, tableID, token string, seat int) context.Context {
	t.Helper()
	p := newPhone()
	do(t, p, "hook the stream", onEveryDocument(streamHook))
	do(t, p, "origin", chromedp.Navigate(ts.URL+"/"))
	key, _ := json.Marshal("tw:" + tableID)
	val, _ := json.Marshal(fmt.Sprintf(`{"token":%q,"seat":%d}`, token, seat))
	get(t, p, "store the token", chromedp.Evaluate[bool](fmt.Sprintf(`localStorage.setItem(%s, %s), true`, key, val)))
	do(t, p, "seat page", chromedp.Navigate(ts.URL+"/t/"+tableID))
	return p
}

// lastStreamView waits until the page's stream has delivered a view that
// ok accepts, and returns it.
func lastStreamView(t *testing.T, p context.Context, what string, ok func(raw string) bool) string {
	t.Helper()
	var views []string
	found := apitest.Eventually(10*time.Second, func() bool {
		// The page may be navigating (a hand-over link leads on to the
		// seat's page): a failed read is tried again.
		c, cancel := context.WithTimeout(p, time.Second)
		defer cancel()
		v, err := chromedp.Run(c, chromedp.Evaluate[[]string](`window.__views || []`))
		if err != nil {
			return false
		}
		views = v
		return len(views) > 0 && ok(views[len(views)-1])
	})
	n := len(views)
	if !found {
		last := ""
		if n > 0 {
			last = views[n-1]
		}
		dump(t, p)
		t.Fatalf("%s: the page's stream delivered %d views, none as wanted; the last: %.400s", what, n, last)
	}
	return views[n-1]
}

// Case 1 in Chromium: phones with their seat pages open in the lobby; the
// host removes seat 1 and starts; every phone's stream then carries its
// own player's view, private Bio ID included.
func TestBrowserSeatsLobbyRemovalThenStart(t *testing.T) {
	t.Parallel()
	newPhone := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 7)
	phones := map[int]context.Context{}
	for _, i := range []int{0, 2, 3, 6} {
		phones[i] = seatPhone(t, newPhone, ts, tb.ID, tb.Tokens[i], i)
		lastStreamView(t, phones[i], playerName(i)+"'s lobby", func(raw string) bool { return strings.Contains(raw, `"status":"lobby"`) })
	}
	ts.Must(204, "DELETE", "/api/tables/"+tb.ID+"/seats/1", tb.Host, nil, nil)
	ts.Start(tb)
	for i, p := range phones {
		raw := lastStreamView(t, p, playerName(i)+"'s game", func(raw string) bool { return strings.Contains(raw, `"status":"playing"`) })
		var v struct {
			Me struct {
				Name string `json:"name"`
			} `json:"me"`
		}
		json.Unmarshal([]byte(raw), &v)
		_, own := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[i], nil)
		if v.Me.Name != playerName(i) || bioOf(t, []byte(raw)) != bioOf(t, own) {
			t.Fatalf("%s's phone shows %q with bio_id %q; its own view is bio_id %q", playerName(i), v.Me.Name, bioOf(t, []byte(raw)), bioOf(t, own))
		}
	}
}

// A seat handed to a new browser context by its QR link: the old context
// is signed out, the new one shows the same private view.
func TestBrowserSeatsHandover(t *testing.T) {
	t.Parallel()
	newPhone := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	seat := 2
	old := seatPhone(t, newPhone, ts, tb.ID, tb.Tokens[seat], seat)
	before := lastStreamView(t, old, "the old phone", func(raw string) bool { return bioOf(t, []byte(raw)) != "" })
	var h handover
	ts.Must(200, "POST", fmt.Sprintf("/api/tables/%s/seats/%d/handover", tb.ID, seat), tb.Host, nil, &h)
	fresh := newPhone()
	do(t, fresh, "hook the stream", onEveryDocument(streamHook))
	do(t, fresh, "open the QR link", chromedp.Navigate(h.URL))
	after := lastStreamView(t, fresh, "the new phone", func(raw string) bool {
		return strings.Contains(raw, fmt.Sprintf(`"seat":%d`, seat)) && bioOf(t, []byte(raw)) != ""
	})
	if a, b := bioOf(t, []byte(before)), bioOf(t, []byte(after)); a != b {
		t.Fatalf("the new phone shows bio_id %q, the old one showed %q", b, a)
	}
	var revoked []string
	var text string
	if !apitest.Eventually(10*time.Second, func() bool {
		revoked = get(t, old, "revoked events", chromedp.Evaluate[[]string](`window.__revoked || []`))
		text = get(t, old, "page text", chromedp.Evaluate[string](`document.body.innerText`))
		return len(revoked) > 0 && strings.Contains(revoked[0], "handed_over") && strings.Contains(strings.ToLower(text), "signed out")
	}) {
		t.Fatalf("the old phone was not shown it was signed out: events %v, page %q", revoked, text)
	}
	if st, _ := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[seat], nil); st != 401 {
		t.Fatalf("the old phone's token still works: %d", st)
	}
}
