package games_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
	"tablewarden/e2e/browsertest"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// wordsSeen is what a page in test mode could not translate.
type wordsSeen struct {
	Missing  []string `json:"missing"`
	Unfilled []string `json:"unfilled"`
}

// TestBrowserPortugueseLockup opens the home page on a Lockup table's
// options, then rehearses a whole Lockup game at a pt-BR table with every
// phone, the host and the board open (the lobby, every phase, final
// scoring, the end), for three players and solo. The phones and the host
// chose pt-BR in their menus; the board's browser chose nothing (English)
// and speaks pt-BR because the table does. The moves go through the API
// (random offered moves, mostly those that advance the game) except seat
// 0's score pad, which its phone fills in; the pages are judged at every
// phase and every tenth move. At final scoring the board's prompt names
// the players it waits for as Portuguese writes a list, with the verb in
// the plural ("Aguardando Ann, Bob e Cat enviarem a pontuação"). It fails on any page string or game catalog key that
// has no pt-BR text, on any unfilled {placeholder}, and on any English
// word of the game's values (lockupEnglish) in a page's text. Seat 0
// enters its final scores on the score pad. The pages wait for each phase
// and every tenth move; the words a page looks up collect over every view
// it renders.
func TestBrowserPortugueseLockup(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	var games []kit.Info
	ts.Must(200, "GET", "/api/games", "", nil, &games)
	var terms map[string]map[string]string
	for _, g := range games {
		if g.ID == "lockup" {
			terms = g.Messages
		}
	}
	for _, n := range []int{3, 1} {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			tb := ts.NewTableIn("lockup", "pt-BR", nil, n)
			phone, host, board := newCtx(), newCtx(), newCtx()
			pages := map[string]context.Context{"phone": phone, "host": host, "board": board}
			seatOf := map[string]int{"phone": 0}
			for i := 1; i < n; i++ {
				name := fmt.Sprintf("phone%d", i)
				pages[name], seatOf[name] = newCtx(), i
			}
			for name, p := range pages {
				dev := phoneScreen
				kind, tok := "seat", ""
				switch name {
				case "host":
					kind, tok = "host", tb.Host
				case "board":
					dev, kind, tok = boardScreen, "board", ""
				default:
					tok = tb.Tokens[seatOf[name]]
				}
				openAs(t, ts, p, dev, tb, kind, tok, seatOf[name])
				if name == "board" {
					// The board's browser chose no language: it follows the table's.
					waitTrue(t, p, "the board speaks the table's language", `document.documentElement.lang === "pt-BR" && document.getElementById("lang").value === "pt-BR"`)
					continue
				}
				get(t, p, "portuguese", chromedp.Evaluate[bool](`localStorage.setItem("tw:lang", "pt-BR") || true`))
				do(t, p, "reload", chromedp.Reload(), chromedp.WaitVisible(css("#log")))
			}
			seen := map[string]bool{}
			unfilled := map[string]bool{}
			english := map[string]string{}
			collectPage := func(name string, p context.Context) {
				w := get(t, p, "words", chromedp.Evaluate[wordsSeen](`window.TW_TEST`))
				// Other games may stay English-only (the home page shows one
				// first).
				ours := func(k string) bool { return strings.HasPrefix(k, "ui:") || strings.HasPrefix(k, "lockup:") }
				for _, k := range w.Missing {
					seen[k] = ours(k)
				}
				for _, k := range w.Unfilled {
					unfilled[k] = ours(k)
				}
				for _, e := range englishOn(t, p) {
					if _, ok := english[e[0]]; !ok {
						english[e[0]] = name + ": …" + e[1] + "…"
					}
				}
			}
			secretsChecked := 0
			// every is false between phases: the other seats' phones (phone1,
			// phone2) are judged at each phase and at the end only, to keep
			// the rehearsal cheap.
			collect := func(version int64, every bool) {
				for name, p := range pages {
					if !every && strings.HasPrefix(name, "phone") && name != "phone" {
						continue
					}
					waitVersion(t, p, version)
					collectPage(name, p)
					if name != "board" {
						// Portuguese words are longer: nothing may stick out
						// of the phone's 390 px (a mobile page that overflows
						// widens its layout viewport, so innerWidth is no
						// measure).
						noSideways(t, p, name+" (pt-BR)")
						if out := get(t, p, "wider than the phone", chromedp.Evaluate[string](`(() => { const e = Array.from(document.querySelectorAll("body *")).find(e => e.getBoundingClientRect().right > `+itoa(int(phoneScreen.Width))+` + 1); return e ? e.outerHTML.slice(0, 160) + " ends at " + Math.round(e.getBoundingClientRect().right) : ""; })()`)); out != "" {
							t.Fatalf("%s (pt-BR): an element sticks out of the %d px phone: %s", name, phoneScreen.Width, out)
						}
					}
				}
				secretsChecked += termSecretsStayHome(t, ts, tb, map[string]context.Context{"": board, tb.Host: host}, terms)
			}
			if n == 3 {
				// The home page, creating a Lockup table: its options and their help.
				home := newCtx()
				do(t, home, "viewport", chromedp.EmulateViewport(phoneScreen.Width, phoneScreen.Height, chromedp.EmulateTouch, chromedp.EmulateMobile))
				do(t, home, "origin", chromedp.Navigate(ts.URL+"/static/style.css"))
				get(t, home, "test mode", chromedp.Evaluate[bool](`localStorage.setItem("tw:test", "1") || localStorage.setItem("tw:lang", "pt-BR") || true`))
				do(t, home, "home", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("#game")))
				get(t, home, "choose Lockup", chromedp.Evaluate[bool](`(() => { const s = document.getElementById("game"); s.value = "lockup"; s.dispatchEvent(new Event("change", { bubbles: true })); return true; })()`))
				do(t, home, "Lockup's options", chromedp.WaitVisible(css("#option-difficulty")))
				collectPage("home page", home)
				viewportShot(t, home, "lockup-create-pt")
			}
			collect(ts.View(tb, "").Version, true)
			// The board shows the join code and QR large until the game starts.
			qr := get(t, board, "lobby qr", chromedp.Evaluate[[]float64](`(() => { const q = document.getElementById("qr"), c = document.getElementById("join-code"); return [q ? q.getBoundingClientRect().height : 0, c ? parseFloat(getComputedStyle(c).fontSize) : 0]; })()`))
			if qr[0] < 300 {
				t.Fatalf("the board's lobby shows a %.0f px QR, want it large", qr[0])
			}
			// The board opened from the host's link shows the join code large
			// beside the QR: the link carries the code (no token).
			link := get(t, host, "board link", chromedp.Evaluate[string](`document.getElementById("board-link").href`))
			if strings.Contains(link, tb.Host) || !strings.Contains(link, tb.Code) {
				t.Fatalf("the host's board link %q should carry the join code %q and no token", link, tb.Code)
			}
			do(t, board, "board from the host's link", chromedp.Navigate(ts.URL+"/static/style.css"), chromedp.Navigate(link), chromedp.WaitVisible(css("#join-code")))
			qr = get(t, board, "lobby code", chromedp.Evaluate[[]float64](`(() => { const q = document.getElementById("qr"), c = document.getElementById("join-code"); return [q ? q.getBoundingClientRect().height : 0, c ? parseFloat(getComputedStyle(c).fontSize) : 0]; })()`))
			if code := strings.ReplaceAll(get(t, board, "code", chromedp.Text(css("#join-code"))), " ", ""); code != tb.Code || qr[1] < 48 || qr[0] < 300 {
				t.Fatalf("the board's lobby shows the code %q at %.0f px beside a %.0f px QR, want %q large", code, qr[1], qr[0], tb.Code)
			}
			viewportShot(t, board, fmt.Sprintf("lockup%d-lobby-board-pt", n))
			ts.Start(tb)
			r := rand.New(rand.NewPCG(5, 5))
			advance := []string{"assign", "pass", "resolve_legend", "finish_raid", "stop_advancing", "advance", "keep_loot"}
			prompted := false
			padDone := false
			lastPhase := ""
			shot := map[string]bool{}
			for i := 0; i < 600; i++ {
				v := ts.View(tb, "")
				// The pages render every view they get (bursts coalesce); waiting
				// on each phase and every tenth move keeps the test quick.
				if v.View.Phase != lastPhase || i%10 == 0 || v.View.Outcome != nil {
					collect(v.Version, v.View.Phase != lastPhase || v.View.Outcome != nil)
					if v.View.Phase == "final_scoring" && v.View.Phase != lastPhase && n > 1 {
						// Every player still has scores to send: a list of n, and the
						// verb agrees with it.
						want := regexp.MustCompile(`^Aguardando [^,]+(, [^,]+)* e [^,]+ enviarem a pontuação\.$`)
						if got := get(t, board, "final scoring prompt", chromedp.Text(css("#prompt"))); !want.MatchString(got) {
							t.Errorf("the board's final scoring prompt reads %q, want a Portuguese list and a plural verb", got)
						}
					}
					if v.View.Phase != lastPhase && !shot[v.View.Phase] {
						shot[v.View.Phase] = true
						for name, p := range pages {
							viewportShot(t, p, fmt.Sprintf("lockup%d-%s-%s-pt", n, v.View.Phase, name))
						}
					}
					lastPhase = v.View.Phase
				}
				if v.View.Outcome != nil {
					break
				}
				own := ts.View(tb, tb.Tokens[0])
				prompted = prompted || own.View.Prompt != nil
				if hasMove(own.View.Moves, "submit_final_score") && !padDone {
					scorePad(t, ts, tb, phone)
					padDone = true
					continue
				}
				if !playOne(t, ts, tb, r, advance, padDone) {
					finishLockupScoring(t, ts, tb)
				}
			}
			final := ts.View(tb, "")
			if final.View.Outcome == nil {
				t.Fatalf("the game did not end (phase %s)", final.View.Phase)
			}
			collect(final.Version, true)
			if !padDone {
				t.Fatal("seat 0 was never offered its final scores")
			}
			for name, p := range pages {
				screenshot(t, p, fmt.Sprintf("lockup%d-end-%s-pt", n, name))
			}
			var ui, game, ph []string
			for k, ours := range seen {
				if !ours {
					continue
				}
				if strings.HasPrefix(k, "ui:") {
					ui = append(ui, k)
				} else {
					game = append(game, k)
				}
			}
			for k, ours := range unfilled {
				if !ours {
					continue
				}
				if strings.HasPrefix(k, "ui:") {
					ph = append(ph, k)
				} else {
					game = append(game, "unfilled "+k)
				}
			}
			sort.Strings(ui)
			sort.Strings(game)
			sort.Strings(ph)
			if len(ui) > 0 || len(ph) > 0 {
				t.Fatalf("pt-BR pages: page strings without pt-BR text %v; unfilled placeholders %q", ui, ph)
			}
			t.Logf("seat 0's secrets checked against the host's and the board's pages: %d", secretsChecked)
			if secretsChecked == 0 {
				t.Fatal("seat 0 never had a secret to check")
			}
			if !prompted {
				t.Fatal("seat 0 was never prompted: the Lockup referee gives no prompts")
			}
			if len(game) > 0 {
				t.Fatalf("Lockup catalog keys the pt-BR pages looked up and did not find, and its unfilled texts (%d): %s", len(game), strings.Join(game, "; "))
			}
			if len(english) > 0 {
				var found []string
				for w, where := range english {
					found = append(found, strconv.Quote(w)+" on the "+where)
				}
				sort.Strings(found)
				t.Fatalf("English words of the game's values on the pt-BR pages (%d): %s", len(found), strings.Join(found, "; "))
			}
		})
	}
}

// lockupEnglish are words of the values the Lockup referee sends (tokens,
// spaces, locations, loot, guard cards, minions, score notes, the board's
// labels) as they read in English, and the mark of a term the page did
// not expand: none may show on a pt-BR page. They are whole words, so
// that "Lanterna" is not "Lantern".
var lockupEnglish = []string{
	"crew token", "strength", "explorer", "face-down", "Stairs", "Ossuary", "Flooded Hall", "Crawlway", "Crossroads",
	"Bone Bridge", "Deep Vault", "ENTRANCE", "TOMB", "ESCAPED", "CELL BLOCK", "YARD", "KITCHEN", "INFIRMARY", "WORKSHOP",
	"GUARD ROOM", "SHOWERS", "LIBRARY", "Coin", "Lockpick", "Idol", "Scroll", "Potion", "guard card", "guard", "the",
	"Legend", "legend", "Round", "round", "Phase", "Minion", "Dwarf", "Dwarves", "Ratman", "Ratmen", "Dryad", "Fungoid",
	"Shapeshifter", "Stars", "stars", "loot", "Loot", "points", "barrels", "of which", "track", "location", "Location",
	"tunnel", "single", "double", "iron", "cloth", "herbs", "yes", "Yes", "upgraded", "empty", "remove", "Reward",
	"Valuables", "Gold", "Gems", "Art", "Kulbak: the", "lantern", "space", "spaces", "blue", "yellow", "green", "red",
	"The Bone Choir", "Shade", "Widow", "Rat King", "Warden", "Keeper", "Weeping",
}

// englishOn returns the English value words (lockupEnglish) in a page's
// text, hidden parts (the secrets, a closed group) and the texts of
// attributes included, each with the words around it; a "§" left over is
// a term the page did not translate.
func englishOn(t *testing.T, p context.Context) [][2]string {
	t.Helper()
	words, _ := json.Marshal(lockupEnglish)
	return get(t, p, "english words", chromedp.Evaluate[[][2]string](`((words) => {
		const texts = [document.title];
		const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let n = w.nextNode(); n; n = w.nextNode()) {
			const up = n.parentNode && n.parentNode.nodeName;
			if (up !== "SCRIPT" && up !== "STYLE" && !(n.parentNode.closest && n.parentNode.closest("#lang, #game"))) texts.push(n.nodeValue);
		}
		for (const e of document.querySelectorAll("[title],[aria-label],[placeholder],[alt]"))
			for (const a of ["title", "aria-label", "placeholder", "alt"]) if (e.getAttribute(a)) texts.push(e.getAttribute(a));
		const all = texts.join(" | ").replace(/\s+/g, " ");
		const out = [];
		const near = (i, n) => all.slice(Math.max(0, i - 40), i + n + 40);
		for (const x of words) {
			const m = new RegExp("(^|[^\\p{L}\\p{N}_-])" + x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "(?![\\p{L}\\p{N}_-])", "u").exec(all);
			if (m) out.push([x, near(m.index, m[0].length)]);
		}
		const i = all.indexOf("§");
		if (i >= 0) out.push(["§", near(i, 1)]);
		return out;
	})(`+string(words)+`)`))
}

// playOne plays one random offered move, mostly of the advance types, from
// the host or a seat; seat 0's final scoring is left to its phone until
// padDone. It reports whether a move was played.
func playOne(t *testing.T, ts *testServer, tb *table, r *rand.Rand, advance []string, padDone bool) bool {
	t.Helper()
	type cand struct {
		tok  string
		spec kit.MoveSpec
	}
	var all, pref []cand
	for i, tok := range append([]string{tb.Host}, tb.Tokens...) {
		v := ts.View(tb, tok)
		for _, m := range v.View.Moves {
			if i == 1 && !padDone && m.Type == "submit_final_score" {
				continue
			}
			c := cand{tok, m}
			all = append(all, c)
			for _, a := range advance {
				if a == m.Type {
					pref = append(pref, c)
				}
			}
		}
	}
	if len(pref) > 0 && r.IntN(10) != 0 {
		all = pref
	}
	if len(all) == 0 {
		return false
	}
	c := all[r.IntN(len(all))]
	m := kit.RandomMove(c.spec, r)
	st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", c.tok, map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)})
	return st == 200
}

// scorePad enters seat 0's final scores on its phone's score pad: every
// category on one screen with − and + steppers and a running total; one
// button sends them all after a confirmation.
func scorePad(t *testing.T, ts *testServer, tb *table, p context.Context) {
	t.Helper()
	v := ts.View(tb, tb.Tokens[0])
	waitVersion(t, p, v.Version)
	do(t, p, "score pad", chromedp.WaitVisible(css("#score-pad")))
	var cats int
	for _, m := range v.View.Moves {
		if m.Type == "submit_final_score" {
			cats = len(m.Args)
		}
	}
	rows := get(t, p, "rows", chromedp.Evaluate[int](`document.querySelectorAll("#score-pad .stepper").length`))
	if rows != cats || cats == 0 {
		t.Fatalf("the score pad has %d rows, want one per count (%d)", rows, cats)
	}
	noSideways(t, p, "score pad")
	plus := `#score-pad .stepper:first-of-type button[aria-label$="+"]`
	minus := `#score-pad .stepper:first-of-type button[aria-label$="−"]`
	// Rows start at their lower bound (0, or more where the game state
	// sets one): + + − adds one, and − below the bound stays at it.
	start := get(t, p, "total", chromedp.Text(css("#pad-total")))
	first := get(t, p, "first row", chromedp.Evaluate[[]int](`(() => { const i = document.querySelector("#score-pad .stepper input"); return [parseInt(i.value, 10), parseInt(i.min || "0", 10), parseInt(i.max || "999", 10)]; })()`))
	if first[0] != max(first[1], 0) {
		t.Fatalf("the score pad's first row starts at %d, want its lower bound %d", first[0], max(first[1], 0))
	}
	t0, _ := strconv.Atoi(start)
	do(t, p, "steppers", chromedp.Click(css(plus)), chromedp.Click(css(plus)), chromedp.Click(css(minus)))
	if want := t0 + min(1, first[2]-first[0]); get(t, p, "total", chromedp.Text(css("#pad-total"))) != strconv.Itoa(want) {
		t.Fatalf("after +, +, − the running total is %q, want %d", get(t, p, "total", chromedp.Text(css("#pad-total"))), want)
	}
	screenshot(t, p, "lockup-score-pad-pt")
	// Back to the start (random play's counts would break the book's
	// sums); below the lower bound stays there.
	do(t, p, "back to the start", chromedp.Click(css(minus)), chromedp.Click(css(minus)))
	if got := get(t, p, "total", chromedp.Text(css("#pad-total"))); got != start {
		t.Fatalf("− below the lower bound gives a total of %q, want %s", got, start)
	}
	do(t, p, "send", chromedp.Click(css("#score-pad button.submit")), chromedp.WaitVisible(css("#confirm")), chromedp.Click(css("#confirm-yes")))
	// The whole pad is one move.
	// Nobody else moves meanwhile: the pad is one version.
	var now tablepkg.ViewResponse
	if !apitest.Eventually(10*time.Second, func() bool {
		now = ts.View(tb, tb.Tokens[0])
		return now.Version != v.Version && (now.Version-v.Version > 1 || !hasMove(now.View.Moves, "submit_final_score"))
	}) {
		dump(t, p)
		t.Fatalf("the score pad was not sent in 10 s")
	}
	if sent := now.Version - v.Version; sent != 1 {
		t.Fatalf("the score pad sent %d moves, want one", sent)
	}
}

// termSecretsStayHome checks that no other screen shows seat 0's secrets
// (the strings of its private view that the screen's own view and log do
// not hold) as a page shows them: with their terms expanded, in English
// and in pt-BR. screens are keyed by token ("" for the board).
func termSecretsStayHome(t *testing.T, ts *testServer, tb *table, screens map[string]context.Context, msgs map[string]map[string]string) int {
	t.Helper()
	n := 0
	own := ts.View(tb, tb.Tokens[0])
	if own.View == nil {
		return 0
	}
	for tok, p := range screens {
		log := browsertest.ScreenLog(t, ts, tb, tok)
		// The log keeps its terms (the view writes its words out): what
		// it says publicly is its terms in both languages too.
		pub := mustJSON(ts.View(tb, tok)) + mustJSON(log) + expandTerms(msgs, "en", mustJSON(log)) + expandTerms(msgs, "pt-BR", mustJSON(log))
		text := domText(t, p)
		for _, s := range secretLeaves(own, pub) {
			// A bare name ("§loot.idol": a loot token in the stack seat 0
			// looks at) reads as a word that public texts hold too ("O
			// Ídolo que Chora", a legend card): the server's leak tests
			// check those; here only what reads as a whole is looked for.
			if bareTerm(s) {
				continue
			}
			for _, lang := range []string{"en", "pt-BR"} {
				if x := expandTerms(msgs, lang, s); strings.Contains(text, x) {
					t.Fatalf("the screen of token %q shows seat 0's secret %q as %q", tok, s, x)
				}
			}
			n++
		}
	}
	return n
}
