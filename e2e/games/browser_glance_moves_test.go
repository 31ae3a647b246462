package games_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// namedMoves are the moves of a view that its prompt names: every word of
// the move's type begins a word of the prompt ("place_repair" in "give
// your Target token and place your Repair token", "play_mission_order" in
// "Mission orders? Play one or pass").
func namedMoves(v tablepkg.ViewResponse) []string {
	// A prompt that waits for another seat asks this one for nothing.
	if v.View == nil || v.View.Prompt == nil || strings.Contains(v.View.Prompt.Code, "wait") {
		return nil
	}
	words := strings.FieldsFunc(strings.ToLower(v.View.Prompt.Text), func(r rune) bool { return !unicode.IsLetter(r) })
	begins := func(w string) bool {
		return slices.ContainsFunc(words, func(p string) bool { return strings.HasPrefix(p, w) })
	}
	var out []string
	for _, m := range v.View.Moves {
		all := true
		for _, w := range strings.Split(m.Type, "_") {
			all = all && begins(w)
		}
		if all && !slices.Contains(out, m.Type) {
			out = append(out, m.Type)
		}
	}
	return out
}

// collapsedMoves lists the moves a page shows inside a closed group.
func collapsedMoves(t *testing.T, p context.Context) []string {
	t.Helper()
	return get(t, p, "collapsed moves", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("details:not([open]) form[data-move]")).map(f => f.dataset.move)`))
}

// TestBrowserPromptedMoveInView plays each game at a table of phones
// (390×844, touch): after every move, on every seat's phone, no move that
// the prompt names is inside a collapsed group. In The Captain Is
// Dead, while actions are left the actions are the primary moves and
// ending the turn is not, and it asks first.
func TestBrowserPromptedMoveInView(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	for gi, g := range tourGames {
		t.Run(g.ID, func(t *testing.T) {
			tb := ts.NewTable(g.ID, g.Options, g.Players)
			ts.Start(tb)
			r := rand.New(rand.NewPCG(uint64(gi)+61, 7))
			if g.ID == "captainisdead" {
				driveToCaptainTurn(t, ts, tb)
			}
			phones := make([]context.Context, len(tb.Tokens))
			for s := range tb.Tokens {
				phones[s] = newCtx()
				openAs(t, ts, phones[s], phoneScreen, tb, "seat", tb.Tokens[s], s)
			}
			checked, shot := 0, false
			for step := 0; step < 40; step++ {
				for s, p := range phones {
					v := ts.View(tb, tb.Tokens[s])
					if v.View == nil || v.View.Outcome != nil {
						continue
					}
					named := namedMoves(v)
					captainTurn := g.ID == "captainisdead" && v.View.Prompt.Code == "prompt_your_turn"
					if len(named) == 0 && !captainTurn {
						continue
					}
					// rerender sets the version and draws the page in one
					// task: once the version shows, so does its page.
					waitVersion(t, p, v.Version)
					collapsed := collapsedMoves(t, p)
					first := func(m string) string { return strings.Split(m, "_")[0] }
					for _, c := range collapsed {
						// "Advance your lantern" names Lockup's advance; the card
						// effect advance_lantern, shown collapsed beside it, is
						// another move of the same verb.
						shownAlike := slices.ContainsFunc(named, func(m string) bool { return m != c && first(m) == first(c) && !slices.Contains(collapsed, m) })
						if slices.Contains(named, c) && !shownAlike {
							viewportShot(t, p, "prompted-"+g.ID+"-collapsed")
							t.Fatalf("seat %d's prompt %q names %s, which its phone shows in a collapsed group", s, v.View.Prompt.Text, c)
						}
					}
					checked++
					if captainTurn {
						big := get(t, p, "primary moves", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#primary form[data-move]")).map(f => f.dataset.move)`))
						if slices.Contains(big, "end_turn") || !slices.Contains(big, "move") {
							t.Fatalf("with actions left (%q) the primary moves are %v: want the actions, not end_turn", v.View.Prompt.Text, big)
						}
						if !shot {
							viewportShot(t, p, "prompted-captainisdead-actions")
							shot = true
						}
						var end kit.MoveSpec
						for _, m := range v.View.Moves {
							if m.Type == "end_turn" {
								end = m
							}
						}
						if end.Ask != kit.AskEndsTurnEarly {
							t.Fatalf("end_turn with actions left = %+v, want it to ask first", end)
						}
					}
				}
				adv := g.Advance
				if g.ID == "captainisdead" {
					adv = []string{"choose_role", "finish_alert", "move"} // to turns
				}
				if playPreferring(t, ts, tb, r, 1, adv) == 0 {
					break
				}
			}
			if g.ID == "captainisdead" && !shot {
				t.Fatal("no Captain Is Dead turn with actions left was reached")
			}
			t.Logf("%s: %d phone states with a named move checked", g.ID, checked)
		})
	}
}

// TestBrowserAsksOnlyWhenItMatters taps moves on real pages (390×844,
// touch): a Jumpship draw (it used to ask), a Nostromo and a Captain Is
// Dead host move go at once, with a short note of what was sent; the
// host's note offers Undo where the move can be undone (not after
// Nostromo's designation, which reveals the deal), and it takes the move
// back; ending a Captain Is Dead turn with actions left asks first.
func TestBrowserAsksOnlyWhenItMatters(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	noQuestion := func(p context.Context, typ string, before int64, tb *table) string {
		t.Helper()
		if q := tapMove(t, p, typ); q != "" {
			t.Fatalf("%s asked %q before it was sent", typ, q)
		}
		apitest.WaitFor(t, 5*time.Second, "tapping "+typ+" to send it", func() bool { return ts.View(tb, "").Version != before })
		waitTrue(t, p, "sent note", `!document.getElementById("toast").hidden && document.getElementById("toast").classList.contains("sent")`)
		return get(t, p, "note", chromedp.Text(css("#toast")))
	}
	t.Run("jumpship", func(t *testing.T) {
		tb := ts.NewTable("jumpship", nil, 5)
		ts.Start(tb)
		seat := ts.View(tb, "").View.Turn[0]
		p := newCtx()
		openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[seat], seat)
		before := ts.View(tb, "").Version
		waitVersion(t, p, before)
		if note := noQuestion(p, "draw", before, tb); !strings.Contains(note, "Draw two tokens") {
			t.Fatalf("the note after the draw reads %q", note)
		}
		viewportShot(t, p, "asks-jumpship-draw-sent")
	})
	t.Run("nostromo-host", func(t *testing.T) {
		tb := ts.NewTable("nostromo", nil, 2)
		ts.Start(tb)
		host := newCtx()
		openAs(t, ts, host, phoneScreen, tb, "host", tb.Host, 0)
		before := ts.View(tb, "").Version
		waitVersion(t, host, before)
		noQuestion(host, "designate_alien", before, tb)
		// Designating the Alien reveals the deal: it cannot be undone, so
		// the note offers no Undo.
		if n := get(t, host, "undo offered", chromedp.Evaluate[int](`document.querySelectorAll("#toast-undo").length`)); n != 0 {
			t.Fatal("the note offers Undo for a move that cannot be undone")
		}
		viewportShot(t, host, "asks-nostromo-host-sent")
	})
	t.Run("captainisdead-host-undo", func(t *testing.T) {
		tb := ts.NewTable("captainisdead", nil, 3)
		ts.Start(tb)
		driveToCaptainTurn(t, ts, tb)
		host := newCtx()
		openAs(t, ts, host, phoneScreen, tb, "host", tb.Host, 0)
		before := ts.View(tb, "").Version
		waitVersion(t, host, before)
		get(t, host, "open group", chromedp.Evaluate[bool](`(() => { const f = document.querySelector('form[data-move="add_alien"]'); const d = f && f.closest("details"); if (d) d.open = true; return !!f; })()`))
		noQuestion(host, "add_alien", before, tb)
		viewportShot(t, host, "asks-captain-host-undo")
		do(t, host, "undo from the note", chromedp.Click(css("#toast-undo")))
		if !apitest.Eventually(5*time.Second, func() bool {
			v := ts.View(tb, "")
			n := len(v.Log)
			return n > 0 && v.Log[n-1].Kind == "undo"
		}) {
			dump(t, host)
			t.Fatal("Undo in the note did not take the move back")
		}
	})
	t.Run("captainisdead", func(t *testing.T) {
		tb := ts.NewTable("captainisdead", nil, 3)
		ts.Start(tb)
		driveToCaptainTurn(t, ts, tb)
		seat := ts.View(tb, "").View.Turn[0]
		p := newCtx()
		openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[seat], seat)
		before := ts.View(tb, "").Version
		waitVersion(t, p, before)
		get(t, p, "open group", chromedp.Evaluate[bool](`(() => { const f = document.querySelector('form[data-move="end_turn"]'); const d = f && f.closest("details"); if (d) d.open = true; return !!f; })()`))
		pressMove(t, p, "end_turn")
		q := waitConfirm(t, p, "end_turn")
		if !strings.Contains(q, "action(s) left") {
			t.Fatalf("ending the turn with actions left asked %q, want the actions left", q)
		}
		viewportShot(t, p, "asks-captain-end-turn")
		do(t, p, "cancel", chromedp.Click(css("#confirm-no")))
		apitest.Stays(t, 200*time.Millisecond, "a cancelled end_turn stays unsent", func() bool { return ts.View(tb, "").Version == before })
	})
}
