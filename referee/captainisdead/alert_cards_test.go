package captainisdead

import (
	"slices"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// atAlert is a game at its first turn's end-of-turn alert (Yellow), with
// Ann the Spy and Bea the First Officer.
func atAlert(t *testing.T, opts string) *State {
	t.Helper()
	s := playing(t, opts, "Spy", "First Officer")
	return apply(t, s, kit.SeatActor(0), MoveEndTurn, nil)
}

// TestResolveAlert checks that an alert card the game data knows is
// applied by the referee: its aliens appear, Perform Hostile Alien Actions
// runs and play moves on; a card is not drawn twice; an unknown card, a
// card of another colour and a card outside an alert are refused.
func TestResolveAlert(t *testing.T) {
	t.Run("OKBridgeInvestigation", func(t *testing.T) {
		s := atAlert(t, "")
		at(s, 1, "Bridge") // Bea is away from her start: the Lieutenant finds her
		before := concealment(s)
		s = apply(t, s, kit.SeatActor(0), MoveResolveAlert, alertCardArgs{"Bridge Investigation"})
		if got, want := s.Rooms[room(s, "Infirmary")].Aliens[Lieutenant], 1; got != want {
			t.Fatalf("Lieutenants in the Infirmary = %d, want %d (it escorted Bea)", got, want)
		}
		if !s.Players[1].Injured || s.roomName(s.Players[1].Room) != "Infirmary" {
			t.Fatalf("Bea injured=%v in %s, want injured in the Infirmary", s.Players[1].Injured, s.roomName(s.Players[1].Room))
		}
		if concealment(s) == before {
			t.Fatalf("Concealment stayed at %s, want one alarm for Bea found", before)
		}
		if s.Phase != PhaseTurn || s.Alert != nil || s.active() != 1 {
			t.Fatalf("phase %s, alert %+v, active %d: want Bea's turn", s.Phase, s.Alert, s.active())
		}
		if !slices.Equal(s.AlertCardsDrawn, []string{"Bridge Investigation"}) {
			t.Fatalf("drawn = %v", s.AlertCardsDrawn)
		}
	})
	t.Run("OKPatrolByHost", func(t *testing.T) {
		s := apply(t, atAlert(t, ""), kit.HostActor, MoveResolveAlert, alertCardArgs{"Patrol"})
		n := 0
		for _, r := range s.Rooms {
			n += r.Aliens[Patrol]
		}
		if n != 2 {
			t.Fatalf("Patrols aboard = %d, want 2", n)
		}
	})
	t.Run("ErrAlertCardDrawn", func(t *testing.T) {
		s := atAlert(t, "")
		s.AlertCardsDrawn = []string{"Patrol"}
		refuse(t, s, kit.HostActor, MoveResolveAlert, alertCardArgs{"Patrol"}, "alert_card_drawn")
		if ch := findMove(game.View(s, kit.HostViewer).Moves, MoveResolveAlert).Args[0].Choices; len(ch) != 1 || ch[0].Value != "Bridge Investigation" {
			t.Fatalf("choices = %+v, want only Bridge Investigation", ch)
		}
	})
	t.Run("ErrUnknownAlertCard", func(t *testing.T) {
		refuse(t, atAlert(t, ""), kit.HostActor, MoveResolveAlert, alertCardArgs{"Engine Fire"}, "unknown_alert_card")
	})
	t.Run("ErrAlertCardColour", func(t *testing.T) {
		s := atAlert(t, `{"game_data":{"alert_cards":[{"name":"Red Sweep","colour":"Red","effects":[{"kind":"alarm","count":2}]}]}}`)
		refuse(t, s, kit.HostActor, MoveResolveAlert, alertCardArgs{"Red Sweep"}, "alert_card_colour")
	})
	t.Run("ErrWrongPhase", func(t *testing.T) {
		refuse(t, playing(t, "", "Spy", "First Officer"), kit.HostActor, MoveResolveAlert, alertCardArgs{"Patrol"}, "wrong_phase")
	})
	t.Run("ErrNotYourTurn", func(t *testing.T) {
		refuse(t, atAlert(t, ""), kit.SeatActor(1), MoveResolveAlert, alertCardArgs{"Patrol"}, "not_your_turn")
	})
	t.Run("OKTableEnteredCard", func(t *testing.T) {
		s := atAlert(t, `{"game_data":{"alert_cards":[{"name":"Lockdown Drill","colour":"Yellow","effects":[{"kind":"alarm","count":2},{"kind":"lock","system":"Ship Control"}]}]}}`)
		if got := s.Data.AlertCards[0].Source; got != kit.SourceTableEntered {
			t.Fatalf("source = %q, want table-entered", got)
		}
		s.Systems[0].Locked = false
		before := s.Concealment.Pos
		s = apply(t, s, kit.HostActor, MoveResolveAlert, alertCardArgs{"Lockdown Drill"})
		if !s.Systems[0].Locked {
			t.Fatal("Ship Control was not relocked")
		}
		if got, want := before-s.Concealment.Pos, 3; got != want {
			t.Fatalf("Concealment fell %d steps, want %d (2 alarms and a relock)", got, want)
		}
	})
	t.Run("ErrBadCardData", func(t *testing.T) {
		_, err := game.Setup([]byte(`{"game_data":{"alert_cards":[{"name":"X","effects":[{"kind":"aliens","rank":"Infantry","room":"Moon","count":1}]}]}}`), names[:2], kit.NewCtx(1, 0, kittest.Epoch))
		if kit.ErrorCode(err) != "bad_option" {
			t.Fatalf("Setup = %v, want bad_option", err)
		}
	})
}

// TestNoFreeTextEffects checks that no card-effect move offered during an
// alert asks for free text: every argument is a choice, a number or a
// yes/no.
func TestNoFreeTextEffects(t *testing.T) {
	s := atAlert(t, "")
	put(s, Infantry, "Bridge", 1)
	for _, v := range []kit.Viewer{kit.HostViewer, kit.SeatViewer(0)} {
		for _, m := range game.View(s, v).Moves {
			for _, a := range m.Args {
				if a.Kind == kit.ArgString {
					t.Errorf("%s's move %s asks for free text (%s)", v.Role, m.Type, a.Label)
				}
			}
			if strings.HasPrefix(m.Group, "Record a card effect") {
				t.Errorf("move %s is still in the group %q", m.Type, m.Group)
			}
		}
	}
	refuse(t, s, kit.HostActor, MoveSoundAlarm, alarmArgs{Cause: "card effect", Source: "my notes"}, "not_offered")
}

// TestActionsWording checks that the board's seat fact and the phone's
// prompt give the same actions left, in the right number.
func TestActionsWording(t *testing.T) {
	s := playing(t, "", "Spy", "First Officer")
	s.ActionsUsed = 3
	v := game.View(s, kit.SeatViewer(0))
	if got, want := v.Prompt.Text, "Your turn: 1 action left"; got != want {
		t.Fatalf("prompt = %q, want %q", got, want)
	}
	if got, want := game.View(s, kit.BoardViewer).Prompt.Text, "Ann's turn (Spy): 1 action left"; got != want {
		t.Fatalf("board prompt = %q, want %q", got, want)
	}
	if got, want := v.Seats[0].Facts["actions_left"], any(1); got != want {
		t.Fatalf("Ann's actions_left fact = %v, want %v", got, want)
	}
	if got, want := v.Seats[0].Facts["actions_label"], "1 of 4 left"; got != want {
		t.Fatalf("Ann's actions fact = %q, want %q", got, want)
	}
	if got, want := v.Seats[1].Facts["actions_label"], "4 a turn"; got != want {
		t.Fatalf("Bea's actions fact = %q, want %q", got, want)
	}
}

// TestRoleChosenStatus checks that a player who has chosen a role is not
// shown as dead while the others choose.
func TestRoleChosenStatus(t *testing.T) {
	s := setup(t, "", 2)
	s.Players[0].Colour = colourOf(s.Data, "Spy")
	s = apply(t, s, kit.SeatActor(0), MoveChooseRole, roleArgs{"Spy"})
	sv := game.View(s, kit.SeatViewer(0)).Seats[0]
	if got, want := sv.Status, "role_chosen"; got != want {
		t.Fatalf("Ann's status = %q, want %q", got, want)
	}
	if got, want := sv.StatusLabel, "role chosen"; got != want {
		t.Fatalf("Ann's status label = %q, want %q", got, want)
	}
}
