package boards_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
)

// TestKrakenTableTentacles plays a Mission 10 table with its own tentacle
// cards on the real server: the continuation the table links to is found,
// with the table, for every tentacle it has, and names each as the table
// does; its own card says it has no continuation text and shows the
// built-in part 2.
func TestKrakenTableTentacles(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := krakenTable(t, ts)
	var board struct {
		View struct {
			Public struct {
				Kraken struct {
					Continuation string `json:"continuation"`
					LastActive   string `json:"last_active_tentacle"`
				} `json:"kraken"`
			} `json:"public"`
		} `json:"view"`
	}
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/view?as=board", "", nil, &board)
	k := board.View.Public.Kraken
	if k.Continuation != "/kraken/arm-1" || k.LastActive != "Grasping Arm" {
		t.Fatalf("continuation = %q for %q, want /kraken/arm-1 for Grasping Arm", k.Continuation, k.LastActive)
	}
	for _, c := range []struct {
		path, name, not string
		noText          bool
	}{
		{k.Continuation + "?table=" + tb.ID, "Grasping Arm", "Tentacle A", true},
		{"/kraken/big%20one?table=" + tb.ID, "The Big One", "Tentacle C", true},
		{"/kraken/t2?table=" + tb.ID, "Our Crusher", "Tentacle B", false},
	} {
		st, body := apitest.Get(t, ts.URL+c.path)
		page := string(body)
		if st != 200 || !strings.Contains(page, c.name) || strings.Contains(page, c.not) {
			t.Fatalf("GET %s = %d; names %q: %v, names the built-in %q: %v", c.path, st, c.name, strings.Contains(page, c.name), c.not, strings.Contains(page, c.not))
		}
		if got := strings.Contains(page, `id="no-text"`); got != c.noText {
			t.Fatalf("GET %s: the no-continuation-text note = %v, want %v", c.path, got, c.noText)
		}
	}
	if st, _ := apitest.Get(t, ts.URL+"/kraken/arm-1?table=nosuchtable"); st != 404 {
		t.Fatalf("a tentacle of no known table = %d, want 404", st)
	}
}

// TestBrowserKrakenTableTentacle follows the Captain's phone link to the
// table's own tentacle's continuation: the link carries the table, and the
// page names the table's tentacle, says it has no continuation text of its
// own and offers the start button (phone 390×844 and board 1280×800).
func TestBrowserKrakenTableTentacle(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := krakenTable(t, ts)
	phone := newCtx()
	openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	do(t, phone, "kraken link", chromedp.WaitVisible(css("#kraken-link")))
	href := get(t, phone, "href", chromedp.Evaluate[string](`document.getElementById("kraken-link").getAttribute("href")`))
	if want := "/kraken/arm-1?table=" + tb.ID + "&back=%2Ft%2F" + tb.ID; href != want {
		t.Fatalf("the phone links %q, want %q", href, want)
	}
	screenshot(t, phone, "kraken-table-phone-link")
	do(t, phone, "open the page", chromedp.Navigate(ts.URL+href), chromedp.WaitVisible(css("#no-text")))
	text := pageText(t, phone)
	for _, want := range []string{"Grasping Arm", "no continuation text", "built-in part 2", "Start part 2"} {
		if !strings.Contains(text, want) {
			t.Fatalf("the page lacks %q:\n%s", want, text)
		}
	}
	screenshot(t, phone, "kraken-table-phone")
	board := newCtx()
	do(t, board, "viewport", chromedp.EmulateViewport(boardScreen.Width, boardScreen.Height))
	do(t, board, "open on the board", chromedp.Navigate(ts.URL+href), chromedp.WaitVisible(css("#no-text")))
	screenshot(t, board, "kraken-table-board")
}
