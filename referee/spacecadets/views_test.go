package spacecadets

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// seatNumber finds a seat written as a number where a player reads it.
var seatNumber = regexp.MustCompile(`(?i)\bseat \d`)

// checkViews checks what every screen shows in state s (views, in the
// order of kittest.Viewers): a prompt with names and no unfilled
// placeholder or seat number, a phase label, a label for every offered
// choice, a board that keeps the secrets.
func checkViews(t testing.TB, s *State, views []kit.View, where string) {
	t.Helper()
	for i, v := range kittest.Viewers(len(s.Seats)) {
		view := views[i]
		p := view.Prompt
		if p == nil || p.Code == "" || p.Text == "" {
			t.Fatalf("%s: the %s %d view has no prompt", where, v.Role, v.Seat)
		}
		if strings.Contains(p.Text, "{") || seatNumber.MatchString(p.Text) {
			t.Fatalf("%s: the %s %d prompt %q has a placeholder or a seat number", where, v.Role, v.Seat, p.Text)
		}
		if view.Board == nil || len(view.Board.Nodes) == 0 {
			t.Fatalf("%s: the %s %d view has no board", where, v.Role, v.Seat)
		}
		checkBoardSecrets(t, s, view.Board, where)
		if view.PhaseLabel == "" {
			t.Fatalf("%s: no phase label", where)
		}
		for _, m := range view.Moves {
			for _, a := range m.Args {
				for _, c := range a.Choices {
					if c.Label == "" {
						t.Fatalf("%s: %s's %s choice %v has no label", where, m.Type, a.Name, c.Value)
					}
				}
			}
		}
	}
}

// TestPrompts: each screen is told what to do next, by name and station.
func TestPrompts(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 21)
	prompt := func(v kit.Viewer) string { return tb.g.View(tb.s, v).Prompt.Text }
	if got := prompt(kit.SeatViewer(1)); !strings.Contains(got, "Ana (Captain)") || !strings.Contains(got, "Di (Science Officer)") {
		t.Fatalf("setup prompt of a crew member = %q, want it to name Ana (Captain) and Di (Science Officer)", got)
	}
	if got := prompt(kit.SeatViewer(0)); !strings.HasPrefix(got, "Choose the starting Experimental Equipment") {
		t.Fatalf("setup prompt of the Captain = %q", got)
	}
	tb.startWith()
	if got := prompt(kit.SeatViewer(3)); !strings.Contains(got, "draw 3 Experimental Equipment cards") {
		t.Fatalf("Step 1 prompt of the Science Officer = %q", got)
	}
	tb.to("step3a")
	if got := prompt(kit.HostViewer); !strings.Contains(got, "start the 30-second timer") {
		t.Fatalf("Step 3A prompt of the host = %q", got)
	}
	if got := prompt(kit.SeatViewer(2)); !strings.Contains(got, "Ana (Captain) starts the 30-second timer") {
		t.Fatalf("Step 3A prompt of a crew member = %q", got)
	}
	tb.to("step5")
	if got := prompt(kit.SeatViewer(0)); !strings.HasPrefix(got, "Captain, Step 5 (Helm: the ship moves") {
		t.Fatalf("Step 5 prompt of the Captain = %q", got)
	}
	if got := tb.g.View(tb.s, kit.BoardViewer).PhaseLabel; got != "Turn 1, Step 5" {
		t.Fatalf("phase label = %q, want Turn 1, Step 5", got)
	}
	tb.do(captain, "declare_loss", map[string]any{"reason": "ship destroyed"})
	if got := prompt(kit.BoardViewer); !strings.HasPrefix(got, "Mission lost") {
		t.Fatalf("prompt after the loss = %q", got)
	}
}

// TestMoveHints: "Mission failed" asks for confirmation (one tap ended the
// game), and the move that moves the game on is marked primary.
func TestMoveHints(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 21)
	tb.to("step2")
	hints := map[string]kit.MoveSpec{}
	for _, m := range tb.g.View(tb.s, kit.SeatViewer(0)).Moves {
		hints[m.Type] = m
	}
	if m, ok := hints["declare_loss"]; !ok || m.Confirm == "" {
		t.Fatalf("declare_loss = %+v, want it offered with a confirmation", m)
	}
	if m := hints["next_step"]; !m.Primary {
		t.Fatalf("next_step = %+v, want it primary", m)
	}
	if m := hints["ship_moved"]; m.Group == "" || m.Primary {
		t.Fatalf("ship_moved = %+v, want it grouped", m)
	}
}

// checkBoardSecrets fails when the board shows something face down: the
// face-down Component cards, Mission 8's hidden enemy deck, or which H4
// crystal hides the planet before it is turned over.
func checkBoardSecrets(t testing.TB, s *State, b *kit.BoardView, where string) {
	t.Helper()
	text := boardText(t, b)
	d := s.D()
	if at := s.Science.Attempt; at != nil {
		for _, c := range at.FaceDown {
			if strings.Contains(text, d.Components[c].Name) {
				t.Fatalf("%s: the board shows the face-down Component card %s", where, d.Components[c].Name)
			}
		}
	}
	if g := s.Siege; g != nil {
		for _, c := range g.Deck {
			if strings.Contains(text, d.Enemies[c].Name+" (") {
				t.Fatalf("%s: the board shows the hidden enemy deck card %s", where, d.Enemies[c].Name)
			}
		}
	}
	if iv := s.Invisible; iv != nil && !iv.Found {
		c := s.Clone()
		c.Invisible.Planet = (c.Invisible.Planet + 1) % 3
		if c.Invisible.Revealed[c.Invisible.Planet] == "" {
			if boardText(t, boardOf(c)) != text {
				t.Fatalf("%s: the board changes with the hidden planet's crystal", where)
			}
		}
	}
}

// TestBoardSecrets: no face-down identity on the board at setup
// (TestConformance checks the board at every step of its random games
// through every mission).
func TestBoardSecrets(t *testing.T) {
	g := New()
	for _, m := range []string{"8", "H4"} {
		for seed := uint64(1); seed <= 3; seed++ {
			st := kittest.Setup(t, g, json.RawMessage(`{"mission":"`+m+`"}`), 4, seed)
			s := st.(*State)
			for _, v := range kittest.Viewers(4) {
				checkBoardSecrets(t, s, g.View(s, v).Board, "mission "+m)
			}
		}
	}
}

// TestStationPanels: each phone gets its stations' panels; the Science
// Officer's workbench lists every turned-over Component card as text with
// the pieces it needs.
func TestStationPanels(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 5)
	tb.startWith()
	panels := func(seat int) []stationPanel {
		return tb.g.View(tb.s, kit.SeatViewer(seat)).Private.(privateView).Stations
	}
	titles := func(seat int) []string {
		var out []string
		for _, p := range panels(seat) {
			out = append(out, p.Station)
		}
		return out
	}
	if got, want := strings.Join(titles(0), ","), "captain,crew"; got != want {
		t.Fatalf("Captain's panels = %s, want %s", got, want)
	}
	if got, want := strings.Join(titles(3), ","), "science,crew"; got != want {
		t.Fatalf("Science Officer's panels = %s, want %s", got, want)
	}
	tb.rigEE("Geoffrey Tubes", "Beam Bias", "Experimental Equipment 09")
	tb.do(officer, "science_draw", nil)
	if got := len(panels(3)[0].Cards); got != 3 {
		t.Fatalf("science panel lists %d drawn cards, want 3", got)
	}
	tb.do(officer, "science_select", map[string]any{"card": "Beam Bias"})
	tb.do(captain, "next_step", nil)
	tb.do(officer, "science_build", nil)
	if wb := panels(3)[0].Workbench; len(wb) != 0 {
		t.Fatalf("the workbench shows %v while the cards are face down", wb)
	}
	tb.do(captain, "start_timer", map[string]any{"name": "science"})
	wb := panels(3)[0].Workbench
	if got, want := len(wb), len(tb.s.Science.Attempt.Revealed); got != want {
		t.Fatalf("workbench lists %d cards, want %d", got, want)
	}
	for i, c := range tb.s.Science.Attempt.Revealed {
		cc := tb.s.D().Components[c]
		if wb[i].Card != cc.Name || len(wb[i].Needs)+len(wb[i].AutoMatched) != len(cc.Pieces) || !strings.Contains(wb[i].Text, cc.Pieces[0].Piece) {
			t.Fatalf("workbench card %d = %+v, want %s with its %d pieces", i, wb[i], cc.Name, len(cc.Pieces))
		}
	}
}

// TestTimerValues: the current step's timer is drawn with the table's
// length before it starts, its deadline while running, and its paused
// state and time left while paused.
func TestTimerValues(t *testing.T) {
	tb := newTable(t, `{"mission":"7","step3a_seconds":45,"timer_pauses":true}`, 4, 1)
	tb.to("step3a")
	timer := func() kit.Timer {
		t.Helper()
		for _, tm := range tb.g.View(tb.s, kit.BoardViewer).Timers {
			if tm.Name == "step3a" {
				return tm
			}
		}
		t.Fatalf("the board's view has no Step 3A timer")
		return kit.Timer{}
	}
	if tm := timer(); tm.Running || tm.DurationMS != 45000 || tm.RemainingMS != 45000 {
		t.Fatalf("idle timer = %+v, want 45 s, not running", tm)
	}
	tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
	if tm := timer(); !tm.Running || !tm.Deadline.Equal(tb.now.Add(45*time.Second)) {
		t.Fatalf("running timer = %+v, want a deadline 45 s after %v", tm, tb.now)
	}
	tb.do(captain, "pause_timer", map[string]any{"name": "step3a"})
	if tm := timer(); !tm.Paused || tm.RemainingMS != 44000 || tm.DurationMS != 45000 {
		t.Fatalf("paused timer = %+v, want paused with 44 s left of 45", tm)
	}
}

// TestWorkbenchFaceDownUntilTimer: the Component cards drawn for a build
// are kept face down until the timer starts ("These Component cards are
// kept Face Down until everyone is ready to start the 30 seconds"), so no
// view holds what they show until then, the Science Officer's included.
// Then the Science Officer turns them over on the table for everyone to
// gather from: the Science Officer's phone lists them on its Workbench
// (with what each needs), and only that phone has a Workbench panel.
func TestWorkbenchFaceDownUntilTimer(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 5)
	tb.buildFaceDown()
	viewers := []kit.Viewer{kit.BoardViewer, kit.HostViewer}
	for s := range tb.s.Seats {
		viewers = append(viewers, kit.SeatViewer(s))
	}
	down := tb.s.Science.Attempt.FaceDown
	if len(down) == 0 {
		t.Fatal("no Component card lies face down after science_build")
	}
	for _, v := range viewers {
		got := tb.viewJSON(v)
		for _, c := range down {
			cc := tb.s.D().Components[c]
			if text := cc.Name + ": " + piecesText(cc.Pieces); strings.Contains(got, text) || strings.Contains(got, cc.Name) {
				t.Fatalf("viewer %+v sees the face-down Component card %q before the timer starts", v, text)
			}
		}
	}
	tb.do(captain, "start_timer", map[string]any{"name": "science"})
	for _, v := range viewers {
		if got, want := strings.Contains(tb.viewJSON(v), `"workbench"`), v == kit.SeatViewer(officer.Seat); got != want {
			t.Fatalf("viewer %+v has a Workbench panel: %v, want %v", v, got, want)
		}
	}
}
