package boards_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablewarden/referee/kit"
)

// TestBrowserCadetsKrakenBoard opens the board (1280×800) of a Mission 10
// table where the Sensors player has subdued Tentacle B: each tentacle
// token shows its letter A–D, the subdued one is drawn differently from
// the active ones (another fill) and says "Subdued" in words (its title,
// which screen readers read), and the ship's token shows its facing as an
// arrow while its title says it in words.
func TestBrowserCadetsKrakenBoard(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "10"}, 3)
	ts.Start(tb)
	driveCaptain(t, ts, tb, "the first step", func(m kit.MoveSpec) bool { return m.Type == "next_step" })
	// The Sensors player is the second seat by default.
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[1], map[string]any{"type": "subdue_tentacle", "args": map[string]any{"tentacle": "t2"}}, nil)
	board := newCtx()
	openAs(t, ts, board, boardScreen, tb, "board", "", 0)
	waitVersion(t, board, ts.View(tb, "").Version)
	type tok struct {
		Text  string `json:"text"`
		Title string `json:"title"`
		Fill  string `json:"fill"`
		Class string `json:"class"`
	}
	toks := get(t, board, "pieces", chromedp.Evaluate[[]tok](`Array.from(document.querySelectorAll(".board-draw svg g.piece")).map(g => {
		const shape = g.querySelector("path, rect, circle");
		return { text: (g.querySelector("text") || {}).textContent || "", title: (g.querySelector("title") || {}).textContent || "",
			fill: shape ? getComputedStyle(shape).fill : "", class: g.getAttribute("class") };
	})`))
	var letters []string
	activeFill, subduedFill := "", ""
	for _, p := range toks {
		if !strings.HasPrefix(p.Title, "Tentacle ") {
			continue
		}
		letters = append(letters, p.Text)
		if want := strings.TrimPrefix(p.Title, "Tentacle ")[:1]; p.Text != want {
			t.Errorf("the token %q shows %q, want its letter %q", p.Title, p.Text, want)
		}
		if strings.Contains(p.Title, "Subdued") {
			subduedFill = p.Fill
			if p.Text != "B" {
				t.Errorf("the subdued token is %q (%q), want Tentacle B", p.Text, p.Title)
			}
		} else {
			activeFill = p.Fill
		}
	}
	slices.Sort(letters)
	if strings.Join(letters, "") != "ABCD" {
		t.Errorf("the tentacle tokens show %v, want A, B, C and D", letters)
	}
	if subduedFill == "" || activeFill == "" || subduedFill == activeFill {
		t.Errorf("a subdued tentacle is filled %q, an active one %q: want them to look different", subduedFill, activeFill)
	}
	ship := slices.IndexFunc(toks, func(p tok) bool { return strings.HasPrefix(p.Title, "The ship, facing ") })
	if ship < 0 {
		t.Fatalf("no ship token on the board: %+v", toks)
	}
	arrows := map[string]string{"north": "↑", "east": "→", "south": "↓", "west": "←"}
	facing := strings.TrimPrefix(toks[ship].Title, "The ship, facing ")
	if want := arrows[facing]; want == "" || toks[ship].Text != want {
		t.Errorf("the ship's token (%q) shows %q, want the arrow %q", toks[ship].Title, toks[ship].Text, want)
	}
	viewportShot(t, board, "cadets-kraken-board")
}
