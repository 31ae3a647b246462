package browser_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/chromedp/chromedp"

	"tablewarden/referee/kit"
)

// turnAlerts is what a phone in test mode recorded of its turn alerts.
type turnAlerts struct {
	Vibrations int  `json:"vibrations"`
	Sounds     int  `json:"sounds"`
	Sound      bool `json:"sound"`
	Vibrate    bool `json:"vibrate"`
}

// TestBrowserTurnAlert plays the Roll Call of a three-player Lockup game
// (each player assigns a token in turn) against the phone (390×844,
// touch) of a seat not first in turn, through the page's test hook (no
// real vibration or audio): with the menu's switches off, as they are by
// default, the phone neither vibrates nor plays a sound when its turn
// comes; switched on, it vibrates and plays the turn sound exactly once
// each time the turn passes to it, and never on another player's turn.
func TestBrowserTurnAlert(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("lockup", nil, 3)
	ts.Start(tb)
	seat := (ts.View(tb, "").View.Turn[0] + 1) % 3
	phone := newCtx()
	openAs(t, ts, phone, phoneScreen, tb, "seat", tb.Tokens[seat], seat)
	r := rand.New(rand.NewPCG(14, 2))
	alerts := func() turnAlerts {
		return get(t, phone, "alerts", chromedp.Evaluate[turnAlerts](`({
			vibrations: window.TW_TEST.vibrations.length,
			sounds: window.TW_TEST.sounds.filter(s => s.kind === "turn").length,
			sound: document.getElementById("pref-sound").checked,
			vibrate: document.getElementById("pref-vibrate").checked })`))
	}
	// step plays one move of the seat in turn and waits for the phone to
	// show it; it reports whether the turn passed to the phone's seat.
	step := func() bool {
		t.Helper()
		before := ts.View(tb, "").View.Turn
		on := before[0]
		own := ts.View(tb, tb.Tokens[on])
		var spec *kit.MoveSpec
		for i, m := range own.View.Moves {
			if m.Type == "assign" || m.Type == "pass" {
				spec = &own.View.Moves[i]
				break
			}
		}
		if spec == nil {
			t.Fatalf("seat %d is in turn but offered neither assign nor pass: %+v", on, own.View.Moves)
		}
		m := kit.RandomMove(*spec, r)
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[on], map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}, nil)
		after := ts.View(tb, "")
		waitVersion(t, phone, after.Version)
		return on != seat && len(after.View.Turn) > 0 && after.View.Turn[0] == seat
	}
	// Off by default: the turn comes to the phone and goes on, silently.
	if a := alerts(); a.Sound || a.Vibrate {
		t.Fatalf("the turn alerts are on before anyone switched them on: %+v", a)
	}
	came := 0
	for i := 0; i < 6; i++ {
		if step() {
			came++
		}
	}
	if came == 0 {
		t.Fatal("the turn never came to the phone's seat: the check of the default tests nothing")
	}
	if a := alerts(); a.Vibrations != 0 || a.Sounds != 0 {
		t.Fatalf("with the switches off the phone alerted on its turn: %+v", a)
	}
	// Switched on (while another player is in turn), one vibration and
	// one sound each time the turn comes, none while others play.
	for ts.View(tb, "").View.Turn[0] == seat {
		step()
	}
	get(t, phone, "open menu", chromedp.Evaluate[bool](`document.getElementById("menu").open = true`))
	do(t, phone, "switch on", chromedp.Click(css("#pref-sound")), chromedp.Click(css("#pref-vibrate")))
	get(t, phone, "close menu", chromedp.Evaluate[bool](`document.getElementById("menu").open = false`))
	if a := alerts(); !a.Sound || !a.Vibrate || a.Vibrations != 0 || a.Sounds != 0 {
		t.Fatalf("after switching on (not the phone's turn): %+v, want both on and nothing played", a)
	}
	came = 0
	for i := 0; i < 8; i++ {
		if step() {
			came++
			// The phone draws its turn again (here for a change of
			// language): that is no new turn.
			get(t, phone, "redraw", chromedp.Evaluate[bool](`(() => { const l = document.getElementById("lang"); for (const v of ["pt-BR", "en"]) { l.value = v; l.dispatchEvent(new Event("change")); } return true; })()`))
		}
		a := alerts()
		if a.Vibrations != came || a.Sounds != came {
			t.Fatalf("after %d moves the turn came to the phone %d times; it vibrated %d and played the turn sound %d times", i+1, came, a.Vibrations, a.Sounds)
		}
	}
	if came < 2 {
		t.Fatalf("the turn came to the phone %d times in 8 moves, want at least 2", came)
	}
	screenshot(t, phone, "turn-alert-phone")
}
