package browser_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	tablepkg "tablewarden/table"
)

// handKey is the page's test of a private view's part that a phone shows
// openly, as a hand to play from (web/static/app.js splitPrivate).
var handKey = regexp.MustCompile(`(^|_)(hand|workbench|in_hand)(_|$)`)

// ownSecrets lists a seat's secrets that its phone must keep out of its
// page text unless they are held: the strings of its private view's
// hidden part (not its hand) and the texts of its own private log events,
// each left out when the board's view or log holds it too.
func ownSecrets(t *testing.T, ts *testServer, tb *table, seat int) []string {
	t.Helper()
	var boardLog []tablepkg.LogEntry
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil, &boardLog)
	pub := mustJSON(ts.View(tb, "")) + mustJSON(boardLog)
	own := ts.View(tb, tb.Tokens[seat])
	var out []string
	var priv map[string]any
	json.Unmarshal([]byte(mustJSON(own.View.Private)), &priv)
	open := ""
	for k, v := range priv {
		if handKey.MatchString(k) {
			open += mustJSON(v)
			delete(priv, k)
		}
	}
	own.View.Private = priv
	// Space Cadets hides nothing between players: its private view is each
	// station's own panel, shown openly (stations.js).
	if own.Game != "spacecadets" {
		out = append(out, secretLeaves(own, pub+open)...)
	}
	var log []tablepkg.LogEntry
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log", tb.Tokens[seat], nil, &log)
	for _, e := range log {
		for _, ev := range e.Events {
			if len(ev.To) > 0 && !strings.Contains(pub, ev.Text) {
				out = append(out, ev.Text)
			}
		}
	}
	return out
}

// logLines counts the rows of a page's log once it shows the whole log.
func logLines(t *testing.T, p context.Context, entries int) int {
	t.Helper()
	pollJS(p, fmt.Sprintf(`new Set(Array.from(document.querySelectorAll("#log > div")).map(r => r.textContent.split(" ")[0])).size >= %d`, min(entries, 60)), 5*time.Second)
	return get(t, p, "log rows", chromedp.Evaluate[int](`document.querySelectorAll("#log > div").length`))
}

// TestBrowserPrivateLogHeld plays each game a while, then opens every
// seat's phone (390×844, touch) and reads its whole page text (innerText,
// log included): it holds none of that seat's own secrets (its private
// view's hidden part, its private log lines) until the secrets are held,
// and then shows its private log lines. Every seat's log, and the
// board's, has as many lines.
func TestBrowserPrivateLogHeld(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	for gi, g := range tourGames {
		t.Run(g.ID, func(t *testing.T) {
			tb := ts.NewTable(g.ID, g.Options, g.Players)
			ts.Start(tb)
			r := rand.New(rand.NewPCG(uint64(gi)+41, 5))
			playPreferring(t, ts, tb, r, 30, g.Advance)
			var boardLog []tablepkg.LogEntry
			ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil, &boardLog)
			b := newCtx()
			openAs(t, ts, b, boardScreen, tb, "board", "", 0)
			waitVersion(t, b, ts.View(tb, "").Version)
			lines := logLines(t, b, len(boardLog))
			heldSeen := 0
			for seat := range tb.Tokens {
				p := newCtx()
				openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[seat], seat)
				waitVersion(t, p, ts.View(tb, "").Version)
				if n := logLines(t, p, len(boardLog)); n != lines {
					t.Errorf("seat %d's log has %d lines, the board's %d: the log's length tells who was told what", seat, n, lines)
				}
				text := pageText(t, p)
				secrets := ownSecrets(t, ts, tb, seat)
				for _, s := range secrets {
					if strings.Contains(text, s) {
						t.Errorf("seat %d's page shows its secret %q without a hold", seat, s)
					}
				}
				// Held (on the log's private line, or the secrets button),
				// the seat's private log lines show.
				held := get(t, p, "hold", chromedp.Evaluate[string](`(() => {
					const b = document.querySelector(".private-line[data-hold]") || document.getElementById("secret-hold");
					if (!b) return "";
					b.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));
					const text = document.body.innerText;
					b.dispatchEvent(new PointerEvent("pointerup", {bubbles: true}));
					return text;
				})()`))
				for _, s := range secrets {
					if strings.HasSuffix(s, ".") && strings.Contains(held, s) {
						heldSeen++
					}
				}
				if after := pageText(t, p); strings.Contains(after, "\x00") {
					t.Fatal("unreachable")
				} else {
					for _, s := range secrets {
						if strings.Contains(after, s) {
							t.Errorf("seat %d's secret %q stays on the page after the hold", seat, s)
						}
					}
				}
				if seat == 0 {
					viewportShot(t, p, "private-"+g.ID+"-seat0")
				}
			}
			t.Logf("%s: %d log lines on every screen; %d private texts shown while held", g.ID, lines, heldSeen)
			if g.ID == "jumpship" && heldSeen == 0 {
				t.Errorf("no Jumpship seat showed its private log lines while held")
			}
		})
	}
}
