package browser_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablewarden/referee/kit"
)

// otherValue is a value of an option that is not its default: the other
// truth value, the next number inside the bounds, another choice. ok is
// false for an option that the form cannot set (json, free text).
func otherValue(o kit.OptionSpec) (any, bool) {
	switch o.Kind {
	case kit.OptBool:
		b, _ := o.Default.(bool)
		return !b, true
	case kit.OptInt:
		d := 0
		if f, ok := o.Default.(float64); ok {
			d = int(f)
		}
		if o.Max == nil || d+1 <= *o.Max {
			return d + 1, true
		}
		return d - 1, true
	case kit.OptEnum:
		for _, c := range o.Choices {
			if fmt.Sprint(c.Value) != fmt.Sprint(o.Default) {
				return c.Value, true
			}
		}
	}
	return nil, false
}

// TestBrowserCreateFormSendsEveryGamesOptions creates a table of every game
// on the home page (the Game select changed to it first), with every
// option the form shows set to a value other than its default, and reads
// the table's stored options back: each must hold the value set on the
// page.
func TestBrowserCreateFormSendsEveryGamesOptions(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	var games []kit.Info
	ts.Must(200, "GET", "/api/games", "", nil, &games)
	p := newCtx()
	for gi := range games {
		// The last game first: every game is reached by changing the select.
		g := games[len(games)-1-gi]
		t.Run(g.ID, func(t *testing.T) {
			do(t, p, "home", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("#create-btn")))
			// Change the select away and back, as a host who looks around.
			get(t, p, "pick game", chromedp.Evaluate[bool](`(() => { const s = document.getElementById("game"); s.value = `+jsString(games[gi%len(games)].ID)+`; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`))
			waitTrue(t, p, "form of "+games[gi%len(games)].ID, `document.getElementById("game").value === `+jsString(games[gi%len(games)].ID))
			get(t, p, "pick game", chromedp.Evaluate[bool](`(() => { const s = document.getElementById("game"); s.value = `+jsString(g.ID)+`; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`))
			waitTrue(t, p, "form of "+g.ID, `document.getElementById("game").value === `+jsString(g.ID))
			want := map[string]any{}
			for _, o := range g.Options {
				val, ok := otherValue(o)
				if !ok {
					continue
				}
				sel := `document.querySelector('[name="opt-` + o.Name + `"]')`
				var js string
				switch o.Kind {
				case kit.OptBool:
					js = sel + `.checked = ` + fmt.Sprint(val)
				case kit.OptInt:
					js = sel + `.value = "` + fmt.Sprint(val) + `"`
				case kit.OptEnum:
					idx := 0
					for i, c := range o.Choices {
						if fmt.Sprint(c.Value) == fmt.Sprint(val) {
							idx = i
						}
					}
					js = sel + `.selectedIndex = ` + fmt.Sprint(idx)
				}
				waitTrue(t, p, "option "+o.Name+" shown", `!!`+sel)
				get(t, p, "set "+o.Name, chromedp.Evaluate[any](`(() => { `+js+`; return true; })()`))
				want[o.Name] = val
			}
			do(t, p, "create", chromedp.Click(css("#create-btn")))
			waitTrue(t, p, "host page", `location.pathname.startsWith("/h/")`)
			loc := get(t, p, "location", chromedp.Location())
			id := loc[strings.LastIndex(loc, "/")+1:]
			raw := ts.QueryText(`SELECT options FROM game_tables WHERE id = ?`, id)
			var got map[string]any
			if err := json.Unmarshal([]byte(raw), &got); err != nil {
				t.Fatalf("stored options %q: %v", raw, err)
			}
			for k, w := range want {
				if fmt.Sprint(got[k]) != fmt.Sprint(w) {
					t.Errorf("%s: option %s stored as %v, the page set %v (stored %s)", g.ID, k, got[k], w, raw)
				}
			}
			if len(want) == 0 {
				t.Logf("%s has no option the form can set", g.ID)
			}
		})
	}
}
