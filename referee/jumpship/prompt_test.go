package jumpship

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// promptOf is the prompt text of a viewer.
func (tb *table) promptOf(v kit.Viewer) string {
	tb.t.Helper()
	p := tb.g.View(tb.st, v).Prompt
	if p == nil {
		tb.t.Fatalf("%s %d: no prompt", v.Role, v.Seat)
	}
	return p.Text
}

// wantPrompts checks the prompts of some viewers.
func (tb *table) wantPrompts(want map[kit.Viewer]string) {
	tb.t.Helper()
	for v, w := range want {
		if got := tb.promptOf(v); got != w {
			tb.t.Fatalf("%s %d prompt = %q, want %q", v.Role, v.Seat, got, w)
		}
	}
}

// TestPrompts checks that every screen says what to do next, or whom the
// table waits for, by name.
func TestPrompts(t *testing.T) {
	// std7: Ada Captain 0, Bo First Mate 1, Cy Pilot 2, Di Scientist 3, Ed
	// Diplomat 4, Flo Doctor 5, Gus Security 6.
	t.Run("Draw", func(t *testing.T) {
		tb := std7(t)
		tb.wantPrompts(map[kit.Viewer]string{
			kit.SeatViewer(0): "Your turn: draw two tokens from the bag",
			kit.SeatViewer(1): "Waiting for Ada to draw two tokens",
			kit.HostViewer:    "Waiting for Ada to draw two tokens",
			kit.BoardViewer:   "Ada's turn: drawing tokens",
		})
	})
	t.Run("DrawOrInstead", func(t *testing.T) {
		tb := std7(t)
		tb.setTurn(6)
		tb.wantPrompts(map[kit.Viewer]string{
			kit.SeatViewer(6): "Your turn: draw two tokens from the bag, or instead take a Target token from the bag (Security)",
		})
	})
	t.Run("Give", func(t *testing.T) {
		tb := std7(t)
		tb.withHand(Target, Scan)
		tb.wantPrompts(map[kit.Viewer]string{
			kit.SeatViewer(0): "Your turn: give your Target and Scan tokens to other players, one token each",
			kit.SeatViewer(3): "Waiting for Ada to give the drawn tokens",
			kit.BoardViewer:   "Ada's turn: giving tokens",
		})
		tb.do(0, MoveGive, GiveArgs{Token: Target, To: 3})
		tb.wantPrompts(map[kit.Viewer]string{kit.SeatViewer(0): "Your turn: give your Scan token to another player"})
	})
	t.Run("Repair", func(t *testing.T) {
		tb := std7(t)
		tb.withHand(Repair, Command)
		tb.wantPrompts(map[kit.Viewer]string{kit.SeatViewer(0): "Your turn: give your Command token and place your Repair token"})
		tb.do(0, MoveGive, GiveArgs{Token: Command, To: 3})
		tb.wantPrompts(map[kit.Viewer]string{kit.SeatViewer(0): "Your turn: place your Repair token on the Ship Repair board"})
	})
	t.Run("Kill", func(t *testing.T) {
		tb := std7(t)
		tb.hold(3, Command, 2)
		tb.completeTrack(2, Scan, 0, 1)
		tb.wantPrompts(map[kit.Viewer]string{
			kit.SeatViewer(3): "Choose a player to kill, or nobody",
			kit.SeatViewer(0): "Waiting for Di to choose whom to kill",
			kit.BoardViewer:   "Waiting for Di to choose whom to kill",
		})
		tb.do(3, MoveKill, TargetArgs{Target: 5})
		want := "The game is over: Flo was killed but the Alien Queen is still aboard: the Aliens win."
		tb.wantPrompts(map[kit.Viewer]string{kit.SeatViewer(3): want, kit.HostViewer: want})
	})
	t.Run("CaptainAndQuarantine", func(t *testing.T) {
		tb := std7(t)
		tb.hold(1, Command, 1)
		tb.hold(3, Command, 1)
		tb.completeTrack(0, Scan, 0, 5)
		tb.wantPrompts(map[kit.Viewer]string{
			kit.SeatViewer(0): "You are the Captain: choose which of Bo, Di picks who goes into Quarantine",
			kit.SeatViewer(1): "Waiting for Ada, the Captain, to break the tie",
		})
		tb.do(0, MoveCaptainBreak, SeatArgs{Seat: 3})
		tb.wantPrompts(map[kit.Viewer]string{
			kit.SeatViewer(3): "Choose a player to place in Quarantine",
			kit.BoardViewer:   "Waiting for Di to choose who goes into Quarantine",
		})
	})
}

// digits finds numbers in a text a player reads.
var digits = regexp.MustCompile(`[0-9]`)

// TestViewsReadable plays random games and checks, in every state and for
// every screen: a phase label; a prompt without numbers (names, never
// seats); every offered choice labelled in words, never by its raw value;
// and a Primary move whenever a seat has moves.
func TestViewsReadable(t *testing.T) {
	g := New()
	for seed := uint64(1); seed <= 12; seed++ {
		n := 5 + int(seed%6)
		randomGame(t, n, `{"quarantine_track":2,"eject_track":3,"kill_track":3}`, seed, func(st *State, no int) {
			for _, v := range kittest.Viewers(n) {
				view := g.View(st, v)
				where := fmt.Sprintf("seed %d move %d, %s %d", seed, no, v.Role, v.Seat)
				if view.PhaseLabel == "" || view.PhaseLabel == view.Phase {
					t.Fatalf("%s: phase label %q for phase %q", where, view.PhaseLabel, view.Phase)
				}
				if digits.MatchString(view.Prompt.Text) {
					t.Fatalf("%s: prompt %q shows a number", where, view.Prompt.Text)
				}
				primary := 0
				for _, m := range view.Moves {
					if m.Primary {
						primary++
					}
					for _, a := range m.Args {
						if len(a.Choices) == 0 {
							t.Fatalf("%s: %s arg %s offers no choice", where, m.Type, a.Name)
						}
						for _, c := range a.Choices {
							if c.Label == "" || c.Label == fmt.Sprint(c.Value) || digits.MatchString(c.Label) {
								t.Fatalf("%s: %s choice %v labelled %q", where, m.Type, c.Value, c.Label)
							}
						}
					}
				}
				if len(view.Moves) > 0 && primary == 0 {
					t.Fatalf("%s: no Primary move among %+v", where, view.Moves)
				}
			}
		})
	}
}

// TestMoveHints checks the moves that end the game, cannot be undone or
// decide someone's fate ask to confirm, and the secondary ones are grouped.
func TestMoveHints(t *testing.T) {
	info := New().Info()
	for _, typ := range []string{MoveDraw, MoveRedraw, MoveScan, MoveQuarantine, MoveKill, MoveKillNobody} {
		if sp, _ := info.Spec(typ); !strings.HasSuffix(sp.Confirm, ".") {
			t.Fatalf("%s: confirm = %q, want a sentence", typ, sp.Confirm)
		}
	}
	// The abilities used instead of drawing are named by the draw's prompt
	// ("draw two tokens, or instead …"): primary, like the draw.
	for _, typ := range []string{MoveScan, MoveChef, MoveDoctor, MoveEngineer, MoveSecurity} {
		if sp, _ := info.Spec(typ); sp.Group == "" || !sp.Primary {
			t.Fatalf("%s: group %q, primary %v; want a group and primary", typ, sp.Group, sp.Primary)
		}
	}
	if sp, _ := info.Spec(MoveRedraw); sp.Group == "" || sp.Primary {
		t.Fatalf("redraw: group %q, primary %v; want a group and not primary", sp.Group, sp.Primary)
	}
	t.Run("LastRepairConfirms", func(t *testing.T) {
		tb := std7(t)
		tb.setRepair(8)
		tb.withHand(Repair)
		sp := findMove(t, tb.g.View(tb.st, kit.SeatViewer(0)).Moves, MovePlaceRepair)
		if !sp.Primary || !strings.Contains(sp.Confirm, "game ends") {
			t.Fatalf("last repair = %+v, want primary and a confirm that the game ends", sp)
		}
	})
	t.Run("CaptainEjectConfirms", func(t *testing.T) {
		tb := std7(t)
		tb.hold(1, Target, 1)
		tb.hold(3, Target, 1)
		tb.completeTrack(1, Scan, 0, 5)
		sp := findMove(t, tb.g.View(tb.st, kit.SeatViewer(0)).Moves, MoveCaptainBreak)
		if sp.Confirm == "" || !strings.Contains(sp.Label, "ejected") {
			t.Fatalf("captain's eject choice = %+v, want a confirm", sp)
		}
	})
}

// findMove returns the offered move of a type.
func findMove(t *testing.T, ms []kit.MoveSpec, typ string) kit.MoveSpec {
	t.Helper()
	for _, m := range ms {
		if m.Type == typ {
			return m
		}
	}
	t.Fatalf("no %s among %+v", typ, ms)
	return kit.MoveSpec{}
}

// TestOptionsHelp checks every option explains itself in sentences and
// says when its value is assumed.
func TestOptionsHelp(t *testing.T) {
	for _, o := range New().Info().Options {
		if !strings.HasSuffix(o.Help, ".") || len(strings.Fields(o.Help)) < 8 {
			t.Fatalf("option %s help %q is not a sentence", o.Name, o.Help)
		}
		if o.Source == kit.SourceAssumed && !strings.Contains(o.Help, "Assumed: the book does not print") {
			t.Fatalf("option %s is assumed but its help does not say so: %q", o.Name, o.Help)
		}
	}
}
