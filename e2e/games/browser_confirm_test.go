package games_test

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"tablewarden/api/apitest"
	"tablewarden/referee/kit"

	"github.com/chromedp/chromedp"
)

// confirmMoves are, for each game, real moves its referee offers with a
// reason to ask first (MoveSpec.Ask: they end the game or end a turn with
// actions left), in the order the test prefers them. Nostromo and Lockup
// have none that random play reaches (Lockup's score pad asks itself).
var confirmMoves = map[string][]string{
	"jumpship":      {"kill_nobody", "kill", "place_repair"},
	"captainisdead": {"end_turn"},
	"spacecadets":   {"declare_loss"},
}

// TestBrowserConfirmEveryGame plays each game by random moves until one of
// its confirm moves (confirmMoves) is offered, then taps it on that
// screen's page (390×844, touch; the host's page for a host move): the
// page asks first with the referee's sentence; "Cancel" sends nothing (the
// table's version is unchanged); tapping again and answering "OK" sends
// the move (the version moves on; nothing else plays meanwhile).
func TestBrowserConfirmEveryGame(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	for gi, g := range tourGames {
		if confirmMoves[g.ID] == nil {
			continue
		}
		t.Run(g.ID, func(t *testing.T) {
			var tb *table
			tok, spec, seat := "", kit.MoveSpec{}, 0
			// A game may end before it offers one of them (Jumpship's kill
			// comes only with a full Kill track): then another table.
			for try := 0; try < 12 && tok == ""; try++ {
				tb = ts.NewTable(g.ID, g.Options, g.Players)
				ts.Start(tb)
				r := rand.New(rand.NewPCG(uint64(gi)+21, 14+uint64(try)))
				for i := 0; i < 400 && tok == ""; i++ {
					for s, k := range append([]string{tb.Host}, tb.Tokens...) {
						v := ts.View(tb, k)
						if v.View == nil || v.View.Outcome != nil {
							continue
						}
						for _, m := range v.View.Moves {
							if m.Ask != "" && slices.Contains(confirmMoves[g.ID], m.Type) && (tok == "" || slices.Index(confirmMoves[g.ID], m.Type) < slices.Index(confirmMoves[g.ID], spec.Type)) {
								tok, spec, seat = k, m, s-1
							}
						}
					}
					adv := g.Advance
					if g.ID == "captainisdead" {
						adv = []string{"choose_role", "finish_alert"} // to a turn
					}
					if tok == "" && playPreferring(t, ts, tb, r, 1, adv) == 0 {
						break
					}
				}
			}
			if tok == "" {
				t.Fatalf("%s never offered any of %v", g.ID, confirmMoves[g.ID])
			}
			p := newCtx()
			if seat < 0 {
				openAs(t, ts, p, phoneScreen, tb, "host", tb.Host, 0)
			} else {
				openAs(t, ts, p, phoneScreen, tb, "seat", tok, seat)
			}
			before := ts.View(tb, "").Version
			waitVersion(t, p, before)
			tapTo := func(answer string) string {
				t.Helper()
				get(t, p, "open group", chromedp.Evaluate[bool](`(() => { const f = document.querySelector('form[data-move="`+spec.Type+`"]'); const d = f && f.closest("details"); if (d) d.open = true; return !!f; })()`))
				pressMove(t, p, spec.Type)
				asked := waitConfirm(t, p, spec.Type)
				do(t, p, "answer "+answer, chromedp.Click(css(answer)))
				return asked
			}
			asked := tapTo("#confirm-no")
			if asked == "" {
				t.Fatalf("%s: tapping %s asked an empty question", g.ID, spec.Type)
			}
			do(t, p, "dialog closed", chromedp.WaitNotVisible(css("#confirm")))
			apitest.Stays(t, 300*time.Millisecond, g.ID+": Cancel on "+spec.Type+"'s question sends nothing", func() bool { return ts.View(tb, "").Version == before })
			if again := tapTo("#confirm-yes"); again != asked {
				t.Fatalf("%s: the second tap asked %q, the first %q", g.ID, again, asked)
			}
			if !apitest.Eventually(5*time.Second, func() bool { return ts.View(tb, "").Version != before }) {
				dump(t, p)
				t.Fatalf("%s: OK on %s's question sent nothing", g.ID, spec.Type)
			}
			screenshot(t, p, "confirm-"+g.ID+"-after-ok")
			t.Logf("%s: %s asked %q; Cancel sent nothing, OK sent it", g.ID, spec.Type, asked)
		})
	}
}
