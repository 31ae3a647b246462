package captainisdead

import (
	"strings"
	"testing"

	"tablewarden/referee/kit"
)

// TestPrompts checks what each screen is told to do next, by name.
func TestPrompts(t *testing.T) {
	text := func(s *State, v kit.Viewer) string { return game.View(s, v).Prompt.Text }
	t.Run("ChooseRoles", func(t *testing.T) {
		s := setup(t, "", 2)
		s.Players[0].Colour = colourOf(s.Data, "Spy")
		s = apply(t, s, kit.SeatActor(0), MoveChooseRole, roleArgs{"Spy"})
		if got, want := text(s, kit.SeatViewer(1)), "Choose your role: the "; !strings.HasPrefix(got, want) {
			t.Fatalf("Bea's prompt = %q, want it to begin %q", got, want)
		}
		if got, want := text(s, kit.HostViewer), "Waiting for Bea to choose a role"; got != want {
			t.Fatalf("host prompt = %q, want %q", got, want)
		}
	})
	s := playing(t, "", "Spy", "First Officer")
	t.Run("Turn", func(t *testing.T) {
		for _, c := range []struct {
			v    kit.Viewer
			want string
		}{
			{kit.SeatViewer(0), "Your turn: 4 actions left"},
			{kit.SeatViewer(1), "Ann's turn (Spy): 4 actions left"},
			{kit.BoardViewer, "Ann's turn (Spy): 4 actions left"},
			{kit.HostViewer, "Ann's turn (4 actions left): record card effects as the table applies them"},
		} {
			if got := text(s, c.v); got != c.want {
				t.Fatalf("%s %d prompt = %q, want %q", c.v.Role, c.v.Seat, got, c.want)
			}
		}
		if got, want := game.View(s, kit.BoardViewer).PhaseLabel, "Ann's turn"; got != want {
			t.Fatalf("phase label = %q, want %q", got, want)
		}
	})
	t.Run("Alert", func(t *testing.T) {
		s := apply(t, s, kit.SeatActor(0), MoveEndTurn, nil)
		want := "Read the Yellow alert aloud (end-of-turn alert) and choose it: the referee applies it. Not listed? Apply what it prints, then Alert applied"
		for _, v := range []kit.Viewer{kit.HostViewer, kit.SeatViewer(0)} {
			if got := text(s, v); got != want {
				t.Fatalf("%s prompt = %q, want %q", v.Role, got, want)
			}
		}
		if got, want := text(s, kit.SeatViewer(1)), "Waiting for the Yellow end-of-turn alert to be applied"; got != want {
			t.Fatalf("Bea's prompt = %q, want %q", got, want)
		}
		resolve := findMove(game.View(s, kit.HostViewer).Moves, MoveResolveAlert)
		if resolve == nil || !resolve.Primary || resolve.Confirm == "" {
			t.Fatalf("resolve_alert = %+v, want the primary move, confirmed", resolve)
		}
		finish := findMove(game.View(s, kit.HostViewer).Moves, MoveFinishAlert)
		if finish == nil || finish.Primary || finish.Group != groupEffects || finish.Confirm == "" {
			t.Fatalf("finish_alert = %+v, want Alert applied in the card-effect group, confirmed", finish)
		}
		// No known card left of this colour: Alert applied is the primary.
		s = s.Clone()
		s.AlertCardsDrawn = []string{"Bridge Investigation", "Patrol"}
		if got, want := text(s, kit.HostViewer), "Read the Yellow alert aloud (end-of-turn alert), apply what it prints with the choices below, then tap Alert applied"; got != want {
			t.Fatalf("host prompt = %q, want %q", got, want)
		}
		finish = findMove(game.View(s, kit.HostViewer).Moves, MoveFinishAlert)
		if finish == nil || !finish.Primary || finish.Label != "Alert applied" {
			t.Fatalf("finish_alert = %+v, want the primary move Alert applied", finish)
		}
		// The card is applied with the card-effect tools, in view as
		// primary moves before Alert applied, which asks first and names
		// what was applied (nothing yet, then the alien added).
		ms := game.View(s, kit.HostViewer).Moves
		if add := findMove(ms, MoveAddAlien); add == nil || !add.Primary {
			t.Fatalf("add_alien = %+v, want a primary tool while an unknown alert is applied", add)
		}
		if last := ms[len(ms)-1]; last.Type != MoveFinishAlert {
			t.Fatalf("the last move is %s, want Alert applied after the tools", last.Type)
		}
		if finish.Ask != kit.AskEndsStep || !strings.Contains(finish.Confirm, "Nothing has been applied") {
			t.Fatalf("finish_alert = %+v, want it to ask first, saying nothing was applied", finish)
		}
		s = apply(t, s, kit.HostActor, MoveAddAlien, map[string]any{"rank": Ranks[0], "room": s.roomName(0)})
		finish = findMove(game.View(s, kit.HostViewer).Moves, MoveFinishAlert)
		if want := "Applied for this alert card: "; finish == nil || !strings.HasPrefix(finish.Confirm, want) || !strings.Contains(finish.Confirm, s.roomName(0)) {
			t.Fatalf("after an alien was added, finish_alert asks %+v, want it to name the alien added in the %s", finish, s.roomName(0))
		}
		if seat := findMove(game.View(s, kit.SeatViewer(s.active())).Moves, MoveAddAlien); seat != nil && !seat.Primary {
			t.Fatalf("the active player's add_alien = %+v, want it primary too", seat)
		}
	})
	t.Run("DiscardOverHandSize", func(t *testing.T) {
		s := s.Clone()
		s.Players[1].Skills += 2 // First Officer holds 6 of 5
		s.SkillPile -= 2
		if got, want := text(s, kit.SeatViewer(1)), "Discard 1 card(s): you hold 6, your hand size is 5"; got != want {
			t.Fatalf("Bea's prompt = %q, want %q", got, want)
		}
		if d := findMove(game.View(s, kit.SeatViewer(1)).Moves, MoveDiscard); d == nil || !d.Primary {
			t.Fatalf("discard = %+v, want it primary while over the hand size", d)
		}
	})
	t.Run("ActionsFirstWhileLeft", func(t *testing.T) {
		ms := game.View(s, kit.SeatViewer(0)).Moves
		e, mv := findMove(ms, MoveEndTurn), findMove(ms, MoveMove)
		if e == nil || e.Primary || e.Ask != kit.AskEndsTurnEarly || !strings.Contains(e.Confirm, "4 action(s) left") {
			t.Fatalf("end_turn with 4 actions left = %+v, want secondary, asking first with the actions left", e)
		}
		if mv == nil || !mv.Primary {
			t.Fatalf("move with actions left = %+v, want primary", mv)
		}
		for _, m := range ms {
			if !m.Primary && m.Group == "" {
				t.Fatalf("move %s has neither Primary nor a Group", m.Type)
			}
		}
	})
	t.Run("EndTurnPrimaryWhenSpent", func(t *testing.T) {
		s := s.Clone()
		s.ActionsUsed = s.role(0).Actions
		e := findMove(game.View(s, kit.SeatViewer(0)).Moves, MoveEndTurn)
		if e == nil || !e.Primary || e.Ask != "" || e.Confirm == "" {
			t.Fatalf("end_turn with no actions left = %+v, want primary, its sentence shown, not asked", e)
		}
	})
	t.Run("WinningRepairConfirmed", func(t *testing.T) {
		s := s.Clone()
		at(s, 0, "Bridge")
		s.Systems[0].Locked = false
		s.ShipControl.Pos = ShipControlDef.Max() - 1
		r := findMove(game.View(s, kit.SeatViewer(0)).Moves, MoveRepairSystem)
		if r == nil || !strings.Contains(r.Confirm, "ends the game") {
			t.Fatalf("repair_system = %+v, want a confirmation that it ends the game", r)
		}
	})
}

func findMove(ms []kit.MoveSpec, typ string) *kit.MoveSpec {
	for i := range ms {
		if ms[i].Type == typ {
			return &ms[i]
		}
	}
	return nil
}
