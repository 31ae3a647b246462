package browser_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"tablewarden/e2e/browsertest"
	"tablewarden/e2e/testrun"

	"github.com/chromedp/chromedp"

	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// TestMain stops the shared Chromium after the tests.
func TestMain(m *testing.M) {
	testrun.LessGC()
	code := m.Run()
	browsertest.Stop()
	os.Exit(code)
}

// The screenshots are for people: TW_SCREENSHOTS=/some/dir keeps them
// there for a look. No test reads them, so without it none is taken (a
// full-page PNG costs Chromium a paint and an encode, and the suite takes
// more than a hundred).

// TestBrowserJumpshipFlow drives the real pages: the host creates a table
// on the home page and sees the QR code and join code; two phones join by
// the join URL and see their own private views; the host starts; a phone
// makes a move and the other phone updates without a reload; a refused
// move shows the referee's reason and rule.
func TestBrowserJumpshipFlow(t *testing.T) {
	t.Parallel()
	newPhone := browser(t)
	ts := startServer(t, "")
	host := newPhone()
	do(t, host, "open home", chromedp.Navigate(ts.URL+"/"))
	do(t, host, "home ready", chromedp.WaitVisible(css("#create-btn")))
	do(t, host, "pick game", chromedp.SetValue(css("#game"), "jumpship"))
	do(t, host, "create", chromedp.Click(css("#create-btn")))
	do(t, host, "host page", chromedp.WaitVisible(css("#join-code")))
	joinCode := strings.ReplaceAll(get(t, host, "join code", chromedp.Text(css("#join-code"))), " ", "")
	qrWidth := get(t, host, "qr loaded", chromedp.Poll[int](`document.querySelector("#qr").naturalWidth || null`, chromedp.WithPollingTimeout(5*time.Second)))
	if len(joinCode) != tablepkg.JoinCodeLen || qrWidth < 256 {
		t.Fatalf("host page: join code %q, QR %d px", joinCode, qrWidth)
	}
	hostURL := get(t, host, "host url", chromedp.Location())
	tableID := hostURL[strings.LastIndex(hostURL, "/")+1:]
	joinURL := ts.URL + "/j/" + joinCode
	screenshot(t, host, "host-lobby")

	phones := []context.Context{newPhone(), newPhone()}
	for i, p := range phones {
		do(t, p, "join",
			chromedp.Navigate(joinURL),
			chromedp.WaitVisible(css("#name")),
			chromedp.SendKeys(css("#name"), playerName(i)),
			chromedp.Click(css("#join-btn")),
			chromedp.WaitVisible(css("#seats")),
		)
	}
	tb := &table{ID: tableID, Code: joinCode}
	for i, p := range phones {
		tok := get(t, p, "read token", chromedp.Evaluate[string](`JSON.parse(localStorage.getItem("tw:`+tableID+`")).token`))
		tb.Tokens = append(tb.Tokens, tok)
		if v := ts.View(tb, tok); v.Me.Seat != i {
			t.Fatalf("phone %d holds seat %d", i, v.Me.Seat)
		}
	}
	for i := 2; i < 5; i++ {
		var jr tablepkg.JoinResult
		ts.Must(201, "POST", "/api/join", "", map[string]any{"code": joinCode, "name": playerName(i)}, &jr)
		tb.Tokens = append(tb.Tokens, jr.Token)
	}
	// The host's seat list fills by SSE; Start becomes enabled.
	do(t, host, "start",
		chromedp.WaitEnabled(css("#start")),
		chromedp.Click(css("#start")),
		chromedp.WaitNotPresent(css("#start")),
	)
	// Each phone shows its own private view, as the API gives it.
	for i, p := range phones {
		shown := heldSecrets(t, p)
		own := ts.View(tb, tb.Tokens[i])
		var priv struct {
			BioID string `json:"bio_id"`
		}
		json.Unmarshal([]byte(mustJSON(own.View.Private)), &priv)
		if priv.BioID == "" || !strings.Contains(shown, priv.BioID) {
			t.Fatalf("phone %d private panel %q does not show its Bio ID %q", i, shown, priv.BioID)
		}
	}
	screenshot(t, phones[0], "phone0-private")
	// Mark the pages so that a reload would be noticed.
	for _, p := range phones {
		get(t, p, "mark", chromedp.Evaluate[int](`window.__noReload = 1`))
	}
	// Play (by API for the other seats) until it is a browser phone's turn,
	// then that phone draws by tapping its button.
	r := rand.New(rand.NewPCG(11, 12))
	mover := playUntilPhoneMay(t, ts, tb, r, 2, "draw")
	other := 1 - mover
	before := ts.View(tb, "").Version
	waitVersion(t, phones[mover], before)
	// A draw neither ends the game nor a turn early: the phone sends it at
	// once, without a question.
	if q := tapMove(t, phones[mover], "draw"); q != "" {
		t.Fatalf("the draw asked %q before it was sent", q)
	}
	waitVersion(t, phones[other], before+1)
	if marker := get(t, phones[other], "no reload", chromedp.Evaluate[int](`window.__noReload || 0`)); marker != 1 {
		t.Fatal("the other phone reloaded instead of updating live")
	}
	screenshot(t, phones[other], "phone-other-updated")

	// A refused move shows the referee's reason and rule: when a phone has
	// a token to give, tamper with its form so that it sends no recipient.
	giver := playUntilPhoneMay(t, ts, tb, r, 2, "give")
	waitVersion(t, phones[giver], ts.View(tb, "").Version)
	// The phone offers only seats at the table; make it offer seat 99.
	fillPickers(t, phones[giver], "give")
	get(t, phones[giver], "tamper", chromedp.Evaluate[bool](`(() => { const s = document.querySelector('form[data-move="give"] [name="to"]:checked') || document.querySelector('form[data-move="give"] select[name="to"]'); if (s.tagName === "SELECT") s.options[s.selectedIndex].value = "=99"; else s.value = "=99"; return true; })()`))
	do(t, phones[giver], "refused move",
		chromedp.Click(css(`form[data-move="give"] button[type=submit]`)),
		chromedp.WaitVisible(css("#toast")),
	)
	// The toast may still show the "Sent: …" note of this phone's last
	// move; the refusal replaces it when the server answers.
	waitFor(t, phones[giver], "the refusal's toast", `(document.getElementById("toast").innerText || "").includes("Refused")`, 5*time.Second)
	toast := get(t, phones[giver], "toast", chromedp.Text(css("#toast")))
	if !strings.Contains(toast, "Refused") || !strings.Contains(toast, "Jumpship ›") {
		t.Fatalf("refusal toast = %q, want the reason and the rule", toast)
	}
	screenshot(t, phones[giver], "phone-refused")
}

// playUntilPhoneMay plays random legal moves by the API for the seat whose
// turn it is until one of the first phones seats is offered the move typ,
// and returns that seat. It skips the test if the game ends first.
func playUntilPhoneMay(t *testing.T, ts *testServer, tb *table, r *rand.Rand, phones int, typ string) int {
	t.Helper()
	for k := 0; k < 300; k++ {
		v := ts.View(tb, "")
		if v.View.Outcome != nil {
			t.Skipf("the game ended before a browser phone was offered %s", typ)
		}
		seat := v.View.Turn[0]
		sv := ts.View(tb, tb.Tokens[seat])
		if seat < phones && hasMove(sv.View.Moves, typ) {
			return seat
		}
		m := kit.RandomMove(sv.View.Moves[r.IntN(len(sv.View.Moves))], r)
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}, nil)
	}
	t.Fatalf("no browser phone was offered %s in 300 moves", typ)
	return -1
}

// TestBrowserLogKeepsHistory checks the phone's log against the API's:
// a view carries only the newest log entries, so a page that watched the
// game keeps the entries it saw, and a page opened late fetches the whole
// log to fill the gap. Both must show every entry the board may see.
func TestBrowserLogKeepsHistory(t *testing.T) {
	t.Parallel()
	newPhone := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	early := newPhone()
	do(t, early, "board page", chromedp.Navigate(ts.URL+"/b/"+tb.ID), chromedp.WaitVisible(css("#log")))
	r := rand.New(rand.NewPCG(21, 22))
	for k := 0; k < 25 && playRandom(t, ts, tb, r); k++ {
	}
	version := ts.View(tb, "").Version
	late := newPhone()
	do(t, late, "board page", chromedp.Navigate(ts.URL+"/b/"+tb.ID), chromedp.WaitVisible(css("#log")))
	var log []tablepkg.LogEntry
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil, &log)
	var want []string
	for i := len(log) - 1; i >= 0; i-- {
		for range log[i].Events {
			want = append(want, fmt.Sprintf("#%d", log[i].Seq))
		}
	}
	if len(log) <= 10 {
		t.Fatalf("only %d log entries; the test needs more than a view carries", len(log))
	}
	for name, p := range map[string]context.Context{"watching": early, "opened late": late} {
		waitVersion(t, p, version)
		var got []string
		rows := `Array.from(document.querySelectorAll("#log > div")).map(d => d.textContent.split(" ")[0]).join(",")`
		pollJS(p, rows+` === `+jsString(strings.Join(want, ",")), 5*time.Second)
		got = get(t, p, "log rows", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#log > div")).map(d => d.textContent.split(" ")[0])`))
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("the %s page's log rows are %v, want the board's whole log %v", name, got, want)
		}
	}
}
