package browser_test

import (
	"strings"
	"tablewarden/api/apitest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserViewFields shows the pages a view carrying the fields the
// referees add (prompt, phase_label, primary,
// group and confirm moves, a board with places, connections, pieces,
// counters and slots, a continuation link in the log), through the page's
// test hook, since today's games do not send them yet: the phone says the
// prompt, shows the primary move large and the others collapsed by group,
// asks before a confirm move and sends nothing when cancelled, and links
// part 2; the board draws the places on one screen and never a face-down
// piece's label.
func TestBrowserViewFields(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	phone, board := newCtx(), newCtx()
	openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	openAs(t, ts, board, boardScreen, tb, "board", "", 0)
	before := ts.View(tb, "").Version
	get(t, phone, "fake view", chromedp.Evaluate[bool](`(() => {
		const v = JSON.parse(JSON.stringify(window.TW_TEST.current()));
		v.version += 1000;
		v.view.prompt = { code: "test_prompt", text: "Your turn: give one token to Bob", params: { name: "Bob" } };
		v.view.phase_label = "Giving tokens";
		v.view.turn = [0];
		v.view.moves = [
			{ type: "draw", label: "Draw two tokens", primary: true },
			{ type: "give", label: "Give a token", group: "Tokens", args: [{ name: "to", label: "To", kind: "seat", choices: [{ value: 1, label: "Bob" }, { value: 2, label: "Cid" }] }] },
			{ type: "declare", label: "Declare the end", group: "Tokens", confirm: "This ends the game for everyone.", ask: "ends_game" }];
		v.log = (v.log || []).concat([{ seq: 9999, events: [{ code: "kraken_subdued", text: "The Kraken is subdued: open /kraken/t4 for part 2." }] }]);
		window.TW_TEST.show(v);
		return true;
	})()`))
	if got := get(t, phone, "prompt", chromedp.Text(css("#prompt"))); got != "Your turn: give one token to Bob" {
		t.Fatalf("the phone's prompt reads %q", got)
	}
	if got := get(t, phone, "phase", chromedp.Text(css("#phase"))); got != "Giving tokens" {
		t.Fatalf("the phone's phase reads %q", got)
	}
	layout := get(t, phone, "layout", chromedp.Evaluate[[]string](`[
		document.querySelector('#primary form[data-move="draw"]') ? "primary" : "",
		(() => { const d = document.querySelector('details[data-group="Tokens"]'); return d && !d.open && d.querySelectorAll("form.move").length === 2 ? "group closed" : ""; })(),
		(() => { const b = document.querySelector('#primary form[data-move="draw"] button'); return b && b.getBoundingClientRect().height >= 52 ? "large" : "small"; })(),
		(() => { const a = document.getElementById("kraken-link"); return a ? a.getAttribute("href") : ""; })(),
		document.querySelector('form[data-move="give"] input[name="to"]:checked') ? "picked" : "empty"]`))
	if strings.Join(layout, ",") != "primary,group closed,large,/kraken/t4?table="+tb.ID+"&back=%2Ft%2F"+tb.ID+",empty" {
		t.Fatalf("phone layout = %v, want the primary move large, the group closed, part 2 linked, the target picker empty", layout)
	}
	screenshot(t, phone, "fields-phone")
	get(t, phone, "open group", chromedp.Evaluate[bool](`document.querySelector('details[data-group="Tokens"]').open = true`))
	do(t, phone, "confirm move", chromedp.Click(css(`form[data-move="declare"] button[type=submit]`)), chromedp.WaitVisible(css("#confirm")))
	if q := get(t, phone, "question", chromedp.Text(css("#confirm-text"))); q != "This ends the game for everyone." {
		t.Fatalf("the confirmation asks %q", q)
	}
	screenshot(t, phone, "fields-confirm")
	do(t, phone, "cancel", chromedp.Click(css("#confirm-no")), chromedp.WaitNotVisible(css("#confirm")))
	apitest.Stays(t, 300*time.Millisecond, "a cancelled confirm move stays unsent", func() bool { return ts.View(tb, "").Version == before })
	if shown := get(t, phone, "toast", chromedp.Evaluate[bool](`!document.getElementById("toast").hidden`)); shown {
		t.Fatal("a cancelled confirm move still showed a message")
	}

	get(t, board, "fake board", chromedp.Evaluate[bool](`(() => {
		const v = JSON.parse(JSON.stringify(window.TW_TEST.current()));
		v.version += 1000;
		v.view.board = { title: "The ship", nodes: [
			{ id: "bridge", label: "Bridge", x: 0, y: 0, tags: ["current"], note: "Ship Control", pieces: [{ kind: "character", label: "Captain", seat: 0 }, { kind: "back", label: "ALIEN QUEEN" }] },
			{ id: "hall", label: "Hallway", x: 0.5, y: 0.5, pieces: [{ kind: "enemy", label: "Patrol", count: 2 }] },
			{ id: "vault", label: "Vault", x: 1, y: 1, tags: ["locked"] }],
			edges: [{ from: "bridge", to: "hall" }, { from: "hall", to: "vault", label: "cost 1", tags: ["collapsed"] }],
			counters: [{ label: "Tokens in the bag", value: "42" }, { label: "Round", value: "3 of 6" }],
			slots: [{ label: "Alert", value: "Red alert" }] };
		window.TW_TEST.show(v);
		return true;
	})()`))
	got := get(t, board, "drawn", chromedp.Evaluate[[]int](`[document.querySelectorAll("#board-svg g.node").length, document.querySelectorAll("#board-svg g.edge").length, document.querySelectorAll("#board-svg g.piece").length, document.querySelectorAll(".counter").length, document.querySelectorAll(".slot").length, document.documentElement.scrollHeight, innerHeight]`))
	if got[0] != 3 || got[1] != 2 || got[2] != 3 || got[3] != 2 || got[4] != 1 || got[5] > got[6] {
		t.Fatalf("the board draws %d places, %d connections, %d pieces, %d counters, %d slots in %d px of %d, want 3, 2, 3, 2, 1 on one screen", got[0], got[1], got[2], got[3], got[4], got[5], got[6])
	}
	if strings.Contains(domText(t, board), "ALIEN QUEEN") {
		t.Fatal("the board page holds a face-down piece's label")
	}
	screenshot(t, board, "fields-board")
}
