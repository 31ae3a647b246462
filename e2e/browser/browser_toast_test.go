package browser_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
)

// TestBrowserSentNoteHasNoNull taps a move on a seat's phone (390×844,
// touch), in English and then in pt-BR: the note that says what was sent
// names the move and nothing else. A seat's screen offers no Undo, and the
// note used to print the missing button as "null" ("Sent: Draw two tokens
// null"); neither the note nor the page may hold "null".
func TestBrowserSentNoteHasNoNull(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	seat := ts.View(tb, "").View.Turn[0]
	p := newCtx()
	openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[seat], seat)
	prev := ""
	for _, lang := range []string{"en", "pt-BR"} {
		v := ts.View(tb, tb.Tokens[seat])
		if len(v.View.Moves) == 0 {
			// The draw may have handed the turn to another seat (a token
			// drawn that another player answers): tap on that seat's phone.
			for s := range tb.Tokens {
				if sv := ts.View(tb, tb.Tokens[s]); len(sv.View.Moves) > 0 {
					seat, v, p, prev = s, sv, newCtx(), ""
					openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[seat], seat)
					break
				}
			}
		}
		if len(v.View.Moves) == 0 {
			t.Fatalf("%s: no seat has a move to tap", lang)
		}
		// The turn's primary move: the draw, then giving a token.
		typ := ""
		for _, m := range v.View.Moves {
			if m.Primary && typ == "" {
				typ = m.Type
			}
		}
		waitVersion(t, p, v.Version)
		get(t, p, "language "+lang, chromedp.Evaluate[bool](`(() => { const l = document.getElementById("lang"); l.value = "`+lang+`"; l.dispatchEvent(new Event("change")); return true; })()`))
		get(t, p, "open group", chromedp.Evaluate[bool](`(() => { const f = document.querySelector('form[data-move="`+typ+`"]'); const d = f && f.closest("details"); if (d) d.open = true; return !!f; })()`))
		tapMove(t, p, typ)
		apitest.WaitFor(t, 5*time.Second, lang+": tapping "+typ+" to send it", func() bool { return ts.View(tb, "").Version != v.Version })
		waitTrue(t, p, lang+" sent note", `(() => { const b = document.getElementById("toast"); return !b.hidden && b.classList.contains("sent") && b.textContent !== `+mustJSON(prev)+`; })()`)
		note := get(t, p, "note", chromedp.Evaluate[string](`document.getElementById("toast").textContent`))
		page := get(t, p, "page text", chromedp.Evaluate[string](`document.body.innerText`))
		viewportShot(t, p, "sent-note-"+lang)
		if strings.Contains(note, "null") || strings.Contains(page, "null") {
			t.Fatalf("%s: after %s the note reads %q (page holds null: %v)", lang, typ, note, strings.Contains(page, "null"))
		}
		if note == "" {
			t.Fatalf("%s: the note after %s is empty", lang, typ)
		}
		prev = note
		t.Logf("%s: after %s the note reads %q", lang, typ, note)
	}
}
