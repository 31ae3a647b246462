package spacecadets

import (
	"regexp"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// seatNumber finds a seat written as a number where a player reads it.
var seatNumber = regexp.MustCompile(`(?i)\bseat \d`)

// checkViews checks what every screen shows in state s: a prompt with
// names and no unfilled placeholder or seat number, a phase label, a
// label for every offered choice.
func checkViews(t *testing.T, g *Game, s *State, where string) {
	t.Helper()
	for _, v := range kittest.Viewers(len(s.Seats)) {
		view := g.View(s, v)
		p := view.Prompt
		if p == nil || p.Code == "" || p.Text == "" {
			t.Fatalf("%s: the %s %d view has no prompt", where, v.Role, v.Seat)
		}
		if strings.Contains(p.Text, "{") || seatNumber.MatchString(p.Text) {
			t.Fatalf("%s: the %s %d prompt %q has a placeholder or a seat number", where, v.Role, v.Seat, p.Text)
		}
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
