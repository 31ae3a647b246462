package games_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
	"tablewarden/referee/kit"
)

// TestBrowserCadetsRehearsal plays Space Cadets' Mission 10, both parts,
// from the lobby to the end screen with every phone (three, 390×844,
// touch), the host (1280×800) and the board (1280×800) open. The host
// starts the game on its page; the moves between the checks go through the
// API (each stretch says so). At every step kind (the lobby, starting
// equipment, Steps 1–7 with the Science step, a running and a run-out
// timer, the Kraken's activation, the hand-off to part 2, part 2, the end)
// every phone's and the host's headline and the board's are the prompt
// their own view gives, and the board draws the map. With TW_SCREENSHOTS
// set it saves each step kind at phone and board sizes.
func TestBrowserCadetsRehearsal(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "10", "step3a_seconds": 4}, 3)
	moves := "/api/tables/" + tb.ID + "/moves"
	captain, sensors := tb.Tokens[0], tb.Tokens[1] // the defaults: Ann, Bob; Cid is the Science Officer
	host, board := newCtx(), newCtx()
	openAs(t, ts, host, boardScreen, tb, "host", tb.Host, -1)
	openAs(t, ts, board, boardScreen, tb, "board", "", 0)
	phones := make([]context.Context, len(tb.Tokens))
	for i := range phones {
		phones[i] = newCtx()
		openAs(t, ts, phones[i], phoneScreen, tb, "seat", tb.Tokens[i], i)
	}
	shots := func(kind string) {
		viewportShot(t, phones[0], "rehearsal-cadets-"+kind+"-captain")
		viewportShot(t, phones[2], "rehearsal-cadets-"+kind+"-officer")
		viewportShot(t, host, "rehearsal-cadets-"+kind+"-host")
		viewportShot(t, board, "rehearsal-cadets-"+kind+"-board")
	}

	// The lobby: the host assigns the stations by name; the board shows
	// the join code.
	do(t, host, "stations", chromedp.WaitVisible(css("#station-summary")))
	waitTrue(t, board, "the board's join code", `!!document.getElementById("join-code")`)
	shots("lobby")
	do(t, host, "start", chromedp.Click(css("#start")))
	waitTrue(t, host, "started", `document.body.dataset.status === "playing"`)

	// agree checks that every screen shows the view's prompt for it, at
	// the table's current version, and that the board draws the map.
	agree := func(kind string) {
		t.Helper()
		v := ts.View(tb, "")
		screens := map[string]struct {
			p   context.Context
			tok string
		}{"board": {board, ""}, "host": {host, tb.Host}}
		for i, p := range phones {
			screens[apitest.PlayerName(i)] = struct {
				p   context.Context
				tok string
			}{p, tb.Tokens[i]}
		}
		for name, s := range screens {
			waitVersion(t, s.p, v.Version)
			own := ts.View(tb, s.tok)
			got := get(t, s.p, "prompt", chromedp.Text(css("#prompt")))
			if own.View.Outcome != nil {
				res := ""
				if name != "board" {
					res = get(t, s.p, "result", chromedp.Text(css("section.outcome")))
				} else {
					res = get(t, s.p, "result", chromedp.Text(css(".board-side section.outcome")))
				}
				if !strings.Contains(res, own.View.Outcome.Reason) {
					t.Errorf("%s, %s: the result reads %q, want the view's reason %q", kind, name, res, own.View.Outcome.Reason)
				}
				continue
			}
			if want := own.View.Prompt.Text; got != want {
				t.Errorf("%s, %s: the headline reads %q, want the view's prompt %q", kind, name, got, want)
			}
		}
		if n := get(t, board, "map", chromedp.Evaluate[int](`document.querySelectorAll(".board-draw svg .grid-square, .board-draw svg g.piece").length`)); n == 0 {
			t.Errorf("%s: the board draws no map", kind)
		}
		shots(kind)
	}
	post := func(tok, typ string, args any) int {
		t.Helper()
		st, _ := ts.Call("POST", moves, tok, map[string]any{"type": typ, "args": args})
		return st
	}
	r := rand.New(rand.NewPCG(10, 36))
	phase := func() string { return ts.View(tb, "").View.Phase }
	// next moves the table to the next step through the API: the
	// Captain's Next step, or first, in Step 7, the tentacle's move that a
	// phone reports (a random square the referee accepts).
	next := func() {
		t.Helper()
		was := phase()
		for i := 0; i < 200 && phase() == was; i++ {
			if post(captain, "next_step", map[string]any{}) == 200 {
				return
			}
			for _, tok := range tb.Tokens {
				for _, spec := range ts.View(tb, tok).View.Moves {
					if spec.Type == "kraken_activate" {
						m := kit.RandomMove(spec, r)
						post(tok, m.Type, json.RawMessage(m.Args))
					}
				}
			}
		}
		if phase() == was {
			t.Fatalf("the table did not move on from %s", was)
		}
	}

	agree("setup")
	// Through the API: the starting equipment is kept (the Captain).
	driveCaptain(t, ts, tb, "Step 1", func(m kit.MoveSpec) bool { return m.Type == "next_step" })
	agree("step1")
	for _, kind := range []string{"science", "step2", "step3a"} {
		next()
		agree(kind)
	}
	// A real timer: 4 s of Step 3A, then the server's expiry.
	if st := post(captain, "start_timer", map[string]any{"name": "step3a"}); st != 200 {
		t.Fatalf("start_timer = %d", st)
	}
	agree("step3a-running")
	apitest.WaitFor(t, 10*time.Second, "the Step 3A expiry", func() bool { return timerOf(t, ts.View(tb, ""), "step3a").Expired })
	// Time itself is the subject: TIME! clears by itself after 1.5 s.
	for _, p := range append([]context.Context{board, host}, phones...) {
		waitTrue(t, p, "TIME! cleared", `document.getElementById("time-up").hidden`)
	}
	agree("step3a-done")
	for _, kind := range []string{"step3b", "step4", "step5", "step6", "step7"} {
		next()
		agree(kind)
	}
	next() // through the API: Step 7's tentacle, then Step 1 of turn 2
	// Through the API: the Sensors player subdues three tentacles (as
	// their cards say, at the table).
	for _, id := range []string{"t1", "t2", "t3"} {
		if st := post(sensors, "subdue_tentacle", map[string]any{"tentacle": id}); st != 200 {
			t.Fatalf("subdue %s = %d", id, st)
		}
	}
	agree("kraken-handoff")
	if st := post(captain, "start_kraken_part2", map[string]any{}); st != 200 {
		t.Fatalf("start part 2 = %d", st)
	}
	agree("part2")
	next()
	agree("part2-science")
	// Through the API: the Captain ends the mission (the ship destroyed),
	// after the phone's confirmation, which TestBrowserConfirmEveryGame
	// checks.
	if st := post(captain, "declare_loss", map[string]any{"reason": "ship destroyed"}); st != 200 {
		t.Fatalf("declare_loss = %d", st)
	}
	agree("end")
}
