package games_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
	"tablewarden/referee/kit"
)

// TestBrowserEveryGame plays each game at a table of phones (390×844,
// touch), a host phone and a board (1280×800), in the middle of the game
// and at its end, and checks what every screen must show: the
// prompt is inside the first viewport of every phone; no phone scrolls
// sideways; the board fits one screen with its seats, tracks and drawn
// board; no screen holds another seat's secret; focus, an open disclosure,
// a picked choice and the scroll position survive another player's move;
// every phone shows the end as won or lost. Screenshots go to
// TW_SCREENSHOTS.
func TestBrowserEveryGame(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	phone0, phone1, host, board := newCtx(), newCtx(), newCtx(), newCtx()
	confirmSeen := 0
	for gi, g := range tourGames {
		t.Run(g.ID, func(t *testing.T) {
			tb := ts.NewTable(g.ID, g.Options, g.Players)
			ts.Start(tb)
			r := rand.New(rand.NewPCG(uint64(gi)+7, 3))
			playPreferring(t, ts, tb, r, 12, g.Advance)
			openAs(t, ts, phone0, phoneScreen, tb, "seat", tb.Tokens[0], 0)
			openAs(t, ts, phone1, phoneScreen, tb, "seat", tb.Tokens[1], 1)
			openAs(t, ts, host, phoneScreen, tb, "host", tb.Host, 0)
			openAs(t, ts, board, boardScreen, tb, "board", "", 0)
			check := func(stage string) {
				v := ts.View(tb, "")
				for name, p := range map[string]context.Context{"phone 0": phone0, "phone 1": phone1, "host": host} {
					waitVersion(t, p, v.Version)
					promptInView(t, p, name)
					noSideways(t, p, name)
					bigTargets(t, p, name)
				}
				own := ts.View(tb, tb.Tokens[0])
				mine := own.View.Outcome == nil && len(own.View.Moves) > 0 && slices.Contains(own.View.Turn, 0)
				if title := get(t, phone0, "title", chromedp.Title()); mine != strings.HasPrefix(title, "Your turn") || !strings.Contains(title, v.GameName) {
					t.Fatalf("phone 0's title is %q (its turn: %v), want the game's name and \"Your turn\" exactly on its turn", title, mine)
				}
				waitVersion(t, board, v.Version)
				boardFits(t, board, v)
				secretsStayHome(t, ts, tb, map[string]context.Context{"": board, tb.Tokens[1]: phone1})
				viewportShot(t, phone0, g.ID+"-"+stage+"-phone")
				viewportShot(t, host, g.ID+"-"+stage+"-host")
				viewportShot(t, board, g.ID+"-"+stage+"-board")
			}
			check("mid")
			keepsPlace(t, ts, tb, phone0, r)
			if g.ID == "jumpship" {
				undoAsks(t, ts, tb, host)
			}
			confirmSeen += confirmAsks(t, ts, tb, map[string]context.Context{tb.Host: host, tb.Tokens[0]: phone0, tb.Tokens[1]: phone1})
			// The API plays on to the end with the pages put away; they
			// catch up when taken out, and are judged at the end.
			playToEnd(t, ts, tb, r, g, 40, phone0, phone1, host, board)
			check("end")
			for i, p := range []context.Context{phone0, phone1} {
				res := get(t, p, "result", chromedp.Text(css("#result")))
				if !strings.Contains(res, "won") && !strings.Contains(res, "lost") {
					t.Fatalf("phone %d's end banner reads %q, want won or lost", i, res)
				}
			}
			if n := get(t, host, "undo gone", chromedp.Evaluate[int](`document.querySelectorAll("#undo").length`)); n != 0 {
				t.Fatal("the host's Undo is still on screen after the end")
			}
		})
	}
	if confirmSeen == 0 {
		t.Log("no move that asks first (MoveSpec.Ask) was on the tour's screens; TestBrowserConfirmEveryGame checks such moves")
	}
}

// promptInView checks that a phone's prompt has words and lies inside the
// first screen.
func promptInView(t *testing.T, p context.Context, name string) {
	t.Helper()
	got := get(t, p, "prompt box", chromedp.Evaluate[[]float64](`(() => { const e = document.getElementById("prompt"); if (!e || !e.textContent.trim()) return [-1, 0]; const r = e.getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; })()`))
	if got[0] < 0 || got[1] > got[2] {
		t.Fatalf("%s: the prompt is at %v px of a %v px screen (or empty), want inside the first screen", name, got[:2], got[len(got)-1])
	}
}

// keepsPlace prepares a phone as a player in the middle of choosing (an
// open disclosure, a focused control, a picked choice, the page scrolled)
// and lets another seat or the host move: all of it must survive.
func keepsPlace(t *testing.T, ts *testServer, tb *table, p context.Context, r *rand.Rand) {
	t.Helper()
	// Move on (by the API) until someone other than seat 0 may move.
	others := func() bool {
		for _, tok := range append([]string{tb.Host}, tb.Tokens[1:]...) {
			if v := ts.View(tb, tok); v.View != nil && v.View.Outcome == nil && len(v.View.Moves) > 0 {
				return true
			}
		}
		return false
	}
	for k := 0; k < 40 && !others(); k++ {
		playRandom(t, ts, tb, r)
	}
	waitVersion(t, p, ts.View(tb, "").Version)
	prep := get(t, p, "prepare", chromedp.Evaluate[string](`(() => {
		const d = document.querySelector('details.group:not([open])');
		if (d) { d.open = true; d.__mark = "d"; window.__markedDetails = d; }
		const radio = document.querySelector('form.move fieldset.choices input[type=radio]:not(:checked)');
		if (radio) { radio.checked = true; radio.__mark = "r"; }
		const f = document.querySelector('form.move select, form.move input, #secret-hold, details.group summary');
		if (f) { f.focus(); f.__mark = "f"; }
		window.scrollTo(0, 120);
		const anchor = f || d || document.getElementById("table");
		anchor.__anchor = 1;
		return [d ? "details" : "", radio ? "radio" : "", f ? f.tagName : "", Math.round(anchor.getBoundingClientRect().top)].join(",");
	})()`))
	before := ts.View(tb, "").Version
	ownMoves := mustJSON(ts.View(tb, tb.Tokens[0]).View.Moves)
	moved := false
	for _, tok := range append([]string{tb.Host}, tb.Tokens[1:]...) {
		v := ts.View(tb, tok)
		if v.View == nil || v.View.Outcome != nil || len(v.View.Moves) == 0 {
			continue
		}
		m := kit.RandomMove(v.View.Moves[r.IntN(len(v.View.Moves))], r)
		if st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tok, map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}); st == 200 {
			moved = true
			break
		}
	}
	if !moved {
		t.Logf("nobody but seat 0 could move: the keep-your-place check did not run (prepared %s)", prep)
		return
	}
	waitVersion(t, p, before+1)
	got := get(t, p, "after", chromedp.Evaluate[string](`(() => {
		const out = [];
		// The marked node itself: one that left the page is "gone", not
		// missing.
		const d = window.__markedDetails;
		out.push(!d ? "" : !d.isConnected ? "details-gone" : d.open ? "details" : "details-closed");
		const r = Array.from(document.querySelectorAll("input[type=radio]")).find(x => x.__mark === "r");
		out.push(r ? (r.checked ? "radio" : "radio-unchecked") : "");
		out.push(document.activeElement && document.activeElement.__mark === "f" ? document.activeElement.tagName : "lost:" + (document.activeElement && document.activeElement.tagName));
		// Where the marked control stands on screen (what the player looks
		// at stays put; scrollY may change if something grew above it).
		const anchor = Array.from(document.querySelectorAll("main *")).find(x => x.__anchor === 1);
		out.push(anchor && anchor.isConnected ? Math.round(anchor.getBoundingClientRect().top) : "gone");
		return out.join(",");
	})()`))
	// A picked choice may go when the move it belonged to is no longer
	// offered; everything else must be as it was.
	pw, gw := strings.Split(prep, ","), strings.Split(got, ",")
	movesChanged := mustJSON(ts.View(tb, tb.Tokens[0]).View.Moves) != ownMoves
	if gw[3] == "gone" && movesChanged {
		t.Logf("the other player's move changed seat 0's own moves and the marked control left with them: only the disclosure was checked (before %s, after %s)", prep, got)
		gw[2], gw[3] = pw[2], pw[3]
	}
	// A disclosure that is a group of seat 0's moves goes with the group
	// when the other player's move takes those moves away (seen in CI with
	// Space Cadets); closed while it stands, it is a fault.
	if gw[0] == "details-gone" && movesChanged {
		t.Logf("the other player's move took away the group of moves the open disclosure held (before %s, after %s)", prep, got)
		gw[0] = pw[0]
	}
	if pw[0] != "" && gw[0] != "details" {
		t.Fatalf("the open disclosure closed or went on another player's move (before %s, after %s)", prep, got)
	}
	if pw[2] != "" && gw[2] != pw[2] && ts.View(tb, tb.Tokens[0]).Version == before+1 {
		if !strings.HasPrefix(gw[2], "lost:") || !focusGoneWithMove(gw) {
			t.Fatalf("focus moved on another player's move (before %s, after %s)", prep, got)
		}
	}
	if pw[1] == "radio" && gw[1] == "radio-unchecked" {
		t.Fatalf("a picked choice was cleared by another player's move (before %s, after %s)", prep, got)
	}
	if pw[3] != gw[3] {
		t.Fatalf("what the player looked at moved on screen on another player's move (before %s, after %s)", prep, got)
	}
	t.Logf("kept across another player's move: %s", got)
}

// focusGoneWithMove reports whether focus was lost only because the
// control it was on left the page (its move is no longer offered).
func focusGoneWithMove(after []string) bool { return after[2] == "lost:BODY" && after[1] == "" }

// confirmAsks taps, on its screen, every offered move that the page must
// ask about (MoveSpec.Ask): the page must ask first, and cancelling sends nothing. It
// returns how many such moves it checked.
func confirmAsks(t *testing.T, ts *testServer, tb *table, screens map[string]context.Context) int {
	t.Helper()
	n := 0
	for tok, p := range screens {
		v := ts.View(tb, tok)
		if v.View == nil {
			continue
		}
		for _, m := range v.View.Moves {
			if m.Ask == "" {
				continue
			}
			waitVersion(t, p, v.Version)
			get(t, p, "open group", chromedp.Evaluate[bool](`(() => { const f = document.querySelector('form[data-move="`+m.Type+`"]'); const d = f && f.closest("details"); if (d) d.open = true; return !!f; })()`))
			pressMove(t, p, m.Type)
			do(t, p, "confirm asked", chromedp.WaitVisible(css("#confirm")))
			text := get(t, p, "question", chromedp.Text(css("#confirm-text")))
			do(t, p, "cancel", chromedp.Click(css("#confirm-no")), chromedp.WaitNotVisible(css("#confirm")))
			apitest.Stays(t, 200*time.Millisecond, "cancelling "+m.Type+"'s confirmation plays nothing", func() bool { return ts.View(tb, "").Version == v.Version })
			if text == "" {
				t.Fatalf("%s asked with no question", m.Type)
			}
			n++
			break
		}
	}
	return n
}

// bigTargets checks that every control on screen is at least 44 px high
// (a checkbox or radio counts by the label around it).
func bigTargets(t *testing.T, p context.Context, name string) {
	t.Helper()
	small := get(t, p, "targets", chromedp.Evaluate[string](`(() => {
		const sel = "main button, main select, main input:not([type=radio]):not([type=checkbox]), main summary, main label.chip, main label.switch, header summary, header button";
		for (const e of document.querySelectorAll(sel)) {
			const r = e.getBoundingClientRect();
			if (r.width === 0 || r.height === 0) continue;
			if (r.height < 43.5 || r.width < 43.5) return e.outerHTML.slice(0, 120) + " is " + Math.round(r.width) + "×" + Math.round(r.height);
		}
		for (const e of document.querySelectorAll("main input[type=radio], main input[type=checkbox]")) {
			const l = e.closest("label");
			const r = (l || e).getBoundingClientRect();
			if (r.width === 0) continue;
			if (r.height < 43.5) return (l || e).outerHTML.slice(0, 120) + " is " + Math.round(r.height) + " px high";
		}
		return "";
	})()`))
	if small != "" {
		t.Fatalf("%s: a control is smaller than 44 px: %s", name, small)
	}
}

// undoAsks taps the host's Undo: it must ask first; cancelling changes
// nothing, confirming undoes the last move.
func undoAsks(t *testing.T, ts *testServer, tb *table, host context.Context) {
	t.Helper()
	before := ts.View(tb, "").Version
	waitVersion(t, host, before)
	do(t, host, "undo", chromedp.Click(css("#undo")), chromedp.WaitVisible(css("#confirm")), chromedp.Click(css("#confirm-no")), chromedp.WaitNotVisible(css("#confirm")))
	apitest.Stays(t, 200*time.Millisecond, "a cancelled Undo leaves the table as it was", func() bool { return ts.View(tb, "").Version == before })
	do(t, host, "undo", chromedp.Click(css("#undo")), chromedp.WaitVisible(css("#confirm")), chromedp.Click(css("#confirm-yes")))
	// The referee may refuse (a move that revealed something cannot be
	// undone): then the page says why, in words.
	toast := `document.getElementById("toast").hidden ? "" : document.getElementById("toast").innerText`
	var msg string
	if !apitest.Eventually(5*time.Second, func() bool {
		msg = get(t, host, "toast", chromedp.Evaluate[string](toast))
		return msg != "" || ts.View(tb, "").Version != before
	}) {
		t.Fatal("the confirmed Undo neither undid nor said why")
	}
	if ts.View(tb, "").Version == before {
		if strings.Contains(msg, "null") || !strings.Contains(msg, "Rule:") {
			t.Fatalf("the refused Undo says %q", msg)
		}
		t.Logf("the confirmed Undo was refused with: %q", msg)
		return
	}
	waitVersion(t, host, ts.View(tb, "").Version)
}
