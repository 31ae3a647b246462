package boards_test

import (
	"fmt"
	"strings"
	"tablewarden/api/apitest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// timerSeen is what the board page shows of a timer and has played.
type timerSeen struct {
	State   string `json:"state"`
	Box     string `json:"box"`
	Beeps   int    `json:"beeps"`
	Buzzers int    `json:"buzzers"`
	TimeUp  bool   `json:"time_up"`
	Paused  bool   `json:"paused_tag"`
	Height  int    `json:"height"`
}

// TestBrowserBoardTimer runs a Space Cadets Step 3A timer of 12 seconds on
// the board page (1280×800) with sound enabled by a tap, and checks its
// sound and look through the page's test hook (no real audio): running is
// silent; in the last ten seconds it turns "final" and beeps once a
// second; paused looks different and is silent; at zero it buzzes once and
// shows TIME! over the whole screen, and the timer leaves the screen for
// the map.
func TestBrowserBoardTimer(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "7", "step3a_seconds": 12, "timer_pauses": true}, 3)
	ts.Start(tb)
	driveToTimer(t, ts, tb, "step3a")
	board := newCtx()
	openAs(t, ts, board, boardScreen, tb, "board", "", 0)
	do(t, board, "enable sound", chromedp.Click(css("#sound-enable")))
	move := func(typ string) {
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": typ, "args": map[string]any{"name": "step3a"}}, nil)
	}
	seen := func() timerSeen {
		return get(t, board, "timer", chromedp.Evaluate[timerSeen](`(() => {
			const b = document.querySelector('.timer-box.huge [data-timer="step3a"]');
			const s = window.TW_TEST.sounds;
			return { state: b ? b.dataset.state : "", box: b ? b.parentNode.className : "",
				beeps: s.filter(x => x.kind === "beep").length, buzzers: s.filter(x => x.kind === "buzzer").length,
				time_up: !document.getElementById("time-up").hidden,
				paused_tag: !!document.querySelector(".timer-box.huge .paused-tag"),
				height: b ? Math.round(b.getBoundingClientRect().height) : 0 };
		})()`))
	}
	box := `document.querySelector('.timer-box.huge [data-timer="step3a"]')`
	waitState := func(want string, within time.Duration) timerSeen {
		if !pollJS(board, `(`+box+` || {dataset: {}}).dataset.state === `+jsString(want), within) {
			t.Fatalf("the board's timer is %q, want %q (%+v)", seen().State, want, seen())
		}
		return seen()
	}
	sounds := func(kind string) string { return `window.TW_TEST.sounds.filter(x => x.kind === "` + kind + `").length` }
	move("start_timer")
	s := waitState("running", 3*time.Second)
	if s.Beeps != 0 || s.Buzzers != 0 || s.TimeUp {
		t.Fatalf("a running timer above ten seconds made a sound or showed TIME!: %+v", s)
	}
	if s.Height < 120 {
		t.Fatalf("the board's timer digits are %d px high, want ≥ 120 (read from 3 m)", s.Height)
	}
	screenshot(t, board, "timer-running-board")
	s = waitState("final", 5*time.Second)
	// A beep a second in the last ten: the first within about one.
	pollJS(board, sounds("beep")+` >= 1`, 2*time.Second)
	s = seen()
	if s.Beeps < 1 || s.Buzzers != 0 {
		t.Fatalf("in the last ten seconds: %+v, want beeps and no buzzer", s)
	}
	move("pause_timer")
	s = waitState("paused", 3*time.Second)
	if !s.Paused || s.Box == "" || !strings.Contains(s.Box, "paused") {
		t.Fatalf("a paused timer does not look paused: %+v", s)
	}
	beeps := s.Beeps
	screenshot(t, board, "timer-paused-board")
	apitest.Stays(t, 1500*time.Millisecond, fmt.Sprintf("a paused timer silent and paused (%d beeps)", beeps), func() bool {
		s := seen()
		return s.Beeps == beeps && s.State == "paused"
	})
	move("resume_timer")
	waitState("final", 3*time.Second)
	// At zero the buzzer sounds and TIME! covers the screen; the timer
	// then leaves it, so that the map is back under TIME!.
	pollJS(board, sounds("buzzer")+` >= 1 && !document.getElementById("time-up").hidden`, 13*time.Second)
	s = seen()
	if s.Buzzers != 1 || !s.TimeUp {
		t.Fatalf("at zero: %+v, want one buzzer and TIME! on screen", s)
	}
	if s.Beeps < 9 || s.Beeps > 13 {
		t.Fatalf("the last ten seconds beeped %d times, want one a second", s.Beeps)
	}
	screenshot(t, board, "timer-zero-board")
	waitTrue(t, board, "the run-out timer gone and the map back", `!`+box+` && !!document.querySelector(".board-draw svg")`)
	v := ts.View(tb, "")
	t.Logf("beeps %d, buzzers %d; the server's timer: %+v", s.Beeps, s.Buzzers, timerOf(t, v, "step3a"))
}
