package browser_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablewarden/referee/kit"
)

// TestBrowserCreateForm opens the home page at 1280×800 and chooses each
// game in turn: Create stays on the first screen, with every option of
// the game shown on it, and an assumed option says "Assumed:" once (the
// game's own help or the page's sentence, never both), in English and, for
// Lockup, in pt-BR. The form's table language starts as the page's, and
// the table it creates speaks it.
func TestBrowserCreateForm(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	var games []kit.Info
	ts.Must(200, "GET", "/api/games", "", nil, &games)
	home := newCtx()
	do(t, home, "viewport", chromedp.EmulateViewport(boardScreen.Width, boardScreen.Height))
	do(t, home, "origin", chromedp.Navigate(ts.URL+"/static/style.css"))
	get(t, home, "test mode", chromedp.Evaluate[bool](`localStorage.setItem("tw:test", "1") || localStorage.setItem("tw:lang", "en") || true`))
	do(t, home, "home", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("#create-btn")))
	choose := func(id string) {
		t.Helper()
		get(t, home, "choose "+id, chromedp.Evaluate[bool](`(() => { const s = document.getElementById("game"); s.value = "`+id+`"; s.dispatchEvent(new Event("change", { bubbles: true })); return true; })()`))
		waitTrue(t, home, id+"'s form", `document.querySelector("#options[data-key='options:`+id+`']") !== null`)
	}
	for _, g := range games {
		choose(g.ID)
		viewportShot(t, home, "create-"+g.ID+"-1280")
		out := get(t, home, "create in view", chromedp.Evaluate[string](`(() => {
			const b = document.getElementById("create-btn").getBoundingClientRect();
			if (scrollY !== 0 || b.top < 0 || b.bottom > innerHeight) return "Create is at " + Math.round(b.top) + "–" + Math.round(b.bottom) + " px of " + innerHeight + " (scrolled " + scrollY + ")";
			for (const o of document.querySelectorAll("#options .option")) {
				const r = o.getBoundingClientRect();
				if (r.bottom > b.top + 1) return "the option " + o.id + " ends at " + Math.round(r.bottom) + " px, below Create's top " + Math.round(b.top);
			}
			return "";
		})()`))
		if out != "" {
			t.Errorf("%s at 1280×800: %s", g.ID, out)
		}
		for _, o := range g.Options {
			if o.Source != kit.SourceAssumed || o.Kind == kit.OptJSON || o.Kind == kit.OptSeat {
				continue
			}
			if n := get(t, home, "assumed notes", chromedp.Evaluate[int](`document.getElementById("option-`+o.Name+`").textContent.split("Assumed:").length - 1`)); n != 1 {
				t.Errorf("%s: the assumed option %s says \"Assumed:\" %d times, want once", g.ID, o.Name, n)
			}
		}
	}
	// pt-BR: Lockup's assumed difficulty says "Suposto:" once, and the
	// table the form creates speaks pt-BR.
	get(t, home, "pt-BR", chromedp.Evaluate[bool](`localStorage.setItem("tw:lang", "pt-BR") || true`))
	do(t, home, "reload", chromedp.Reload(), chromedp.WaitVisible(css("#create-btn")))
	choose("lockup")
	if n := get(t, home, "suposto", chromedp.Evaluate[int](`document.getElementById("option-difficulty").textContent.split("Suposto:").length - 1`)); n != 1 {
		t.Errorf("lockup (pt-BR): the assumed difficulty says \"Suposto:\" %d times, want once", n)
	}
	if got := get(t, home, "table lang", chromedp.Evaluate[string](`document.getElementById("table-lang").value`)); got != "pt-BR" {
		t.Fatalf("the form's table language starts as %q on a pt-BR page, want pt-BR", got)
	}
	do(t, home, "create", chromedp.Click(css("#create-btn")))
	id := waitURL(t, home, "host page", 10*time.Second, func(u string) bool { return strings.Contains(u, "/h/") })
	id = id[strings.LastIndex(id, "/")+1:]
	var v struct {
		Lang string `json:"lang"`
	}
	ts.Must(200, "GET", "/api/tables/"+id+"/view?as=board", "", nil, &v)
	if v.Lang != "pt-BR" {
		t.Fatalf("the table created from the pt-BR page speaks %q, want pt-BR", v.Lang)
	}
}

// TestBrowserLobbyOptions: a Space Cadets table created for Mission 8 on
// Hard shows its mission and difficulty in the lobby on the host's screen,
// the board and a phone, before Start; the host's screen shows the board's
// QR code (not folded away), and says "Start needs 1 more player." (one,
// not "player(s)") until a second player joins.
func TestBrowserLobbyOptions(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	var games []kit.Info
	ts.Must(200, "GET", "/api/games", "", nil, &games)
	var mission8, hard string
	for _, g := range games {
		for _, o := range g.Options {
			for _, c := range o.Choices {
				if g.ID == "spacecadets" && o.Name == "mission" && c.Value == "8" {
					mission8 = c.Label
				}
				if g.ID == "spacecadets" && o.Name == "difficulty" && c.Value == "hard" {
					hard = c.Label
				}
			}
		}
	}
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "8", "difficulty": "hard"}, 1)
	host, board, phone := newCtx(), newCtx(), newCtx()
	openAs(t, ts, host, boardScreen, tb, "host", tb.Host, 0)
	openAs(t, ts, board, boardScreen, tb, "board", "", 0)
	openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	for name, p := range map[string]context.Context{"host": host, "board": board, "phone": phone} {
		waitTrue(t, p, name+"'s options", `document.getElementById("table-options") !== null`)
		rows := get(t, p, "options", chromedp.Evaluate[map[string]string](`Object.fromEntries(Array.from(document.querySelectorAll("#table-options [data-option]"), r => [r.dataset.option, r.querySelector("dd").textContent]))`))
		if rows["mission"] != mission8 || rows["difficulty"] != hard {
			t.Errorf("the %s's lobby shows the options %v, want mission %q and difficulty %q", name, rows, mission8, hard)
		}
		if name != "phone" {
			if in := get(t, p, "in view", chromedp.Evaluate[bool](`(() => { const r = document.getElementById("table-options").getBoundingClientRect(); return r.height > 0 && r.bottom <= innerHeight; })()`)); !in {
				t.Errorf("the %s's options are not on its first screen", name)
			}
		}
		viewportShot(t, p, "lobby-options-"+name)
	}
	qr := get(t, host, "board qr", chromedp.Evaluate[[]float64](`(() => { const i = document.getElementById("board-qr"); if (!i) return [0, 0]; const r = i.getBoundingClientRect(); return [r.width, r.height]; })()`))
	if qr[0] < 100 || qr[1] < 100 {
		t.Errorf("the host's board QR code is drawn %.0f×%.0f px, want it shown (not folded away)", qr[0], qr[1])
	}
	if got, want := get(t, host, "start why", chromedp.Text(css("#start-why"))), "Start needs 1 more player."; got != want {
		t.Errorf("the host's lobby says %q, want %q", got, want)
	}
}

// TestBrowserWordsAgree reads the pages' words through the real catalogs
// (GET /api/games and web/static/i18n.js) in English and pt-BR: a list of
// players is written as the language writes a list, the verb agrees with
// it ("P0, P1 e P2 venceram", "Bruno e Carla enviarem"), an article agrees
// with the minion's gender ("uma Dríade", "um Anão"), and a count picks
// the singular ("1 more player").
func TestBrowserWordsAgree(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	p := newCtx()
	do(t, p, "origin", chromedp.Navigate(ts.URL+"/static/style.css"))
	get(t, p, "test mode", chromedp.Evaluate[bool](`localStorage.setItem("tw:test", "1") || true`))
	do(t, p, "home", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("#create-btn")))
	waitTrue(t, p, "words", `!!window.TW_WORDS`)
	get(t, p, "load the catalogs", chromedp.Evaluate[bool](`TW_WORDS.load().then(() => { window.twLoaded = true; }) && true`))
	waitTrue(t, p, "catalogs", `window.twLoaded === true`)
	cases := []struct{ lang, expr, want string }{
		{"pt-BR", `gt("lockup", ["prompt.game_over"], "x", {winners: '["P0","P1","P2"]', count: "3"})`, "O jogo terminou: P0, P1 e P2 venceram."},
		{"pt-BR", `gt("lockup", ["prompt.game_over"], "x", {winners: '["P0"]', count: "1"})`, "O jogo terminou: P0 venceu."},
		{"pt-BR", `gt("lockup", ["prompt.wait_scores"], "x", {names: '["Bruno","Carla"]', count: "2"})`, "Aguardando Bruno e Carla enviarem a pontuação."},
		{"pt-BR", `gt("lockup", ["prompt.wait_scores"], "x", {names: '["Bruno"]', count: "1"})`, "Aguardando Bruno enviar a pontuação."},
		{"pt-BR", `gt("lockup", ["recruited"], "x", {seat: "P0", minion: "§category.dryad"})`, "P0 recruta uma Dríade."},
		{"pt-BR", `gt("lockup", ["recruited"], "x", {seat: "P0", minion: "§category.dwarf"})`, "P0 recruta um Anão."},
		{"pt-BR", `gt("lockup", ["minion_kept"], "x", {seat: "P0", minion: "§category.dryad", discarded: "§category.golem"})`, "P0 fica com uma Dríade e descarta Golem."},
		{"pt-BR", `t("start_needs", {n: 1})`, "Para começar, falta 1 jogador."},
		{"pt-BR", `t("start_needs", {n: 2})`, "Para começar, faltam 2 jogadores."},
		{"pt-BR", `t("waiting_for", {names: '["Bruno","Carla"]'})`, "Aguardando Bruno e Carla"},
		{"en", `t("start_needs", {n: 1})`, "Start needs 1 more player."},
		{"en", `t("start_needs", {n: 3})`, "Start needs 3 more players."},
		{"en", `t("waiting_for", {names: '["Bruno","Carla","Dani"]'})`, "Waiting for Bruno, Carla, and Dani"},
		{"en", `t("won_by", {names: '["P0","P1"]'})`, "Won by P0 and P1"},
	}
	for _, c := range cases {
		got := get(t, p, c.expr, chromedp.Evaluate[string](`(() => { TW_WORDS.lang("`+c.lang+`"); const { t, gt } = TW_WORDS; return `+c.expr+`; })()`))
		if got != c.want {
			t.Errorf("%s %s = %q, want %q", c.lang, c.expr, got, c.want)
		}
	}
}
