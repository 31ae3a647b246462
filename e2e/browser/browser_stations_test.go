package browser_test

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
	tablepkg "tablewarden/table"
)

// driveToWorkbench plays a Space Cadets table (seat 0 the Captain, seat
// science the Science Officer) until the Science Officer's Component
// cards are turned over with the science timer running.
func driveToWorkbench(t *testing.T, ts *testServer, tb *table, science int) {
	t.Helper()
	r := rand.New(rand.NewPCG(9, 4))
	play := func(tok string, m kit.MoveSpec, args map[string]any) {
		var raw json.RawMessage
		if args != nil {
			raw, _ = json.Marshal(args)
		} else {
			raw = kit.RandomMove(m, r).Args
		}
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tok, map[string]any{"type": m.Type, "args": raw}, nil)
	}
	find := func(ms []kit.MoveSpec, types ...string) (kit.MoveSpec, bool) {
		for _, typ := range types {
			for _, m := range ms {
				if m.Type == typ {
					return m, true
				}
			}
		}
		return kit.MoveSpec{}, false
	}
	drawn, selected := false, false
	for i := 0; i < 300; i++ {
		sv := ts.View(tb, tb.Tokens[science])
		for _, st := range stationsOf(t, sv) {
			if st.Station == "science" && len(st.Workbench) > 0 {
				return
			}
		}
		// The Science Officer draws and selects once, then builds when
		// the Science step comes.
		if m, ok := find(sv.View.Moves, "science_build"); ok {
			play(tb.Tokens[science], m, nil)
			continue
		}
		if m, ok := find(sv.View.Moves, "science_draw"); ok && !drawn {
			play(tb.Tokens[science], m, nil)
			drawn = true
			continue
		}
		if m, ok := find(sv.View.Moves, "science_select"); ok && !selected {
			play(tb.Tokens[science], m, nil)
			selected = true
			continue
		}
		cv := ts.View(tb, tb.Tokens[0])
		if m, ok := find(cv.View.Moves, "start_timer"); ok && len(m.Args) > 0 && hasChoice(m.Args[0], "science") {
			play(tb.Tokens[0], m, map[string]any{"name": "science"})
			continue
		}
		if m, ok := find(cv.View.Moves, "finish_starting", "keep_starting", "next_step"); ok {
			play(tb.Tokens[0], m, nil)
			continue
		}
		// Every player keeps starting equipment: one whose stations are
		// neither the Captain's nor Science (Sensors) may be the one the
		// table waits for.
		kept := false
		for _, tok := range tb.Tokens {
			if m, ok := find(ts.View(tb, tok).View.Moves, "keep_starting"); ok {
				play(tok, m, nil)
				kept = true
				break
			}
		}
		if kept {
			continue
		}
		// No card fits and the kept total is not the one the referee asks
		// for (a small subset-sum, as DriveToTimer meets): put one back.
		if m, ok := find(cv.View.Moves, "unkeep_starting"); ok {
			play(tb.Tokens[0], m, nil)
			continue
		}
		t.Fatalf("stuck before the workbench; the Captain is offered %v, the Science Officer %v", moveTypes(cv.View.Moves), moveTypes(sv.View.Moves))
	}
	t.Fatal("never reached the workbench in 300 moves")
}

// TestBrowserStationPanels opens three Space Cadets phones (390×844) while
// the Science Officer's Component cards are turned over: each phone shows
// a panel for each station its player holds; the Science Officer's
// Workbench lists every Component card with each piece it needs;
// the timer stands large on the phone and beeps in its last ten seconds
// as the board does; no phone's page holds another player's station data.
func TestBrowserStationPanels(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "7", "science_seconds": 12, "timer_pauses": true}, 3)
	ts.Start(tb)
	science := -1
	for s := range tb.Tokens {
		for _, st := range stationsOf(t, ts.View(tb, tb.Tokens[s])) {
			if st.Station == "science" {
				science = s
			}
		}
	}
	if science < 0 {
		t.Fatal("no seat holds the Science station")
	}
	driveToWorkbench(t, ts, tb, science)
	// The science step's timer (12 s) waits, paused, while the phones open
	// and are read: on a loaded machine that takes longer than the step,
	// which would end it and empty the Workbench. It resumes for the beeps.
	scienceTimer := func(typ string) {
		t.Helper()
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": typ, "args": map[string]any{"name": "science"}}, nil)
	}
	scienceTimer("pause_timer")
	phones := map[int]context.Context{}
	for s := range tb.Tokens {
		phones[s] = newCtx()
		openAs(t, ts, phones[s], phoneScreen, tb, "seat", tb.Tokens[s], s)
	}
	v := ts.View(tb, "")
	for s, p := range phones {
		waitVersion(t, p, v.Version)
		own := ts.View(tb, tb.Tokens[s])
		for _, st := range stationsOf(t, own) {
			if n := get(t, p, "panel "+st.Station, chromedp.Evaluate[int](`document.querySelectorAll('#stations [data-station="`+st.Station+`"]').length`)); n != 1 {
				t.Errorf("seat %d's phone shows %d panels for its station %s, want 1", s, n, st.Station)
			}
		}
		noSideways(t, p, "seat "+itoa(s))
		// No other seat's station data is on this phone.
		var log []tablepkg.LogEntry
		ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log", tb.Tokens[s], nil, &log)
		pub := mustJSON(own) + mustJSON(log)
		text := domText(t, p)
		for o := range tb.Tokens {
			if o == s {
				continue
			}
			for _, secret := range secretLeaves(ts.View(tb, tb.Tokens[o]), pub) {
				if strings.Contains(text, secret) {
					t.Errorf("seat %d's phone holds seat %d's station data %q", s, o, secret)
				}
			}
		}
		viewportShot(t, p, "spacecadets-stations-seat"+itoa(s))
	}
	// The Science Officer's Workbench: every card, each need.
	var wb []apitest.WorkbenchCard
	for _, st := range stationsOf(t, ts.View(tb, tb.Tokens[science])) {
		if st.Station == "science" {
			wb = st.Workbench
		}
	}
	p := phones[science]
	rows := get(t, p, "workbench", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#workbench li.component")).map(li => li.textContent)`))
	if got, want := len(rows), len(wb); got != want || want == 0 {
		t.Fatalf("the Workbench lists %d cards, want %d", got, want)
	}
	for i, c := range wb {
		// A Component card is told apart by its pieces, not by the data's
		// number for it ("Component 03").
		if strings.Contains(rows[i], c.Card) {
			t.Errorf("Workbench row %d reads %q, showing the data's number %q instead of the card's pieces", i, rows[i], c.Card)
		}
		for _, n := range c.Needs {
			if n.Piece == "" || !strings.Contains(rows[i], n.Label) {
				t.Errorf("Workbench row %d reads %q, want its need %+v", i, rows[i], n)
			}
		}
	}
	// The timer: large on the phone, beeping in the last ten seconds.
	get(t, p, "enable sound", chromedp.Evaluate[bool](`window.TW_BOARD.Sound.enable() || true`))
	scienceTimer("resume_timer")
	h := get(t, p, "timer height", chromedp.Evaluate[float64](`(() => { const b = document.querySelector('#stations .timer-box.large [data-timer="science"]'); return b ? b.getBoundingClientRect().height : 0; })()`))
	if h < 60 {
		t.Errorf("the science timer on the phone is %.0f px high, want at least 60", h)
	}
	pollJS(p, `window.TW_TEST.sounds.filter(s => s.kind === "beep").length >= 2`, 28*time.Second)
	beeps := get(t, p, "beeps", chromedp.Evaluate[int](`window.TW_TEST.sounds.filter(s => s.kind === "beep").length`))
	if beeps < 2 {
		t.Errorf("the phone's science timer beeped %d times in its last ten seconds, want one a second", beeps)
	}
	screenshot(t, p, "spacecadets-workbench-phone")
}
