package captainisdead

import (
	"testing"

	"tablewarden/referee/kit"
)

func TestNoAliensBonus(t *testing.T) {
	ann, host := kit.SeatActor(0), kit.HostActor
	base := turnOf(begin(t, "", "Spy", "First Officer"), 0)
	put(base, Infantry, "Infirmary", 1)
	t.Run("RiseAndExtraAlert", func(t *testing.T) {
		res, err := try(base, ann, MoveKillAlien, rankArgs{"Infantry"})
		if err != nil {
			t.Fatal(err)
		}
		s := res.State.(*State)
		wantShipControl(t, s, "Novice")
		if s.Alert == nil || s.Alert.Kind != AlertBonus || !res.Reveals {
			t.Fatalf("alert = %+v (reveals %v), want a bonus alert drawn at once", s.Alert, res.Reveals)
		}
		refuse(t, s, ann, MoveMove, toArgs{"War Room"}, "alert_pending")
		s = apply(t, s, host, MoveFinishAlert, nil)
		if got, want := s.Phase, PhaseTurn; got != want || s.active() != 0 || s.actionsLeft() != 3 {
			t.Fatalf("after the bonus alert: phase %s, seat %d, %d actions left; want Ann's turn with 3", got, s.active(), s.actionsLeft())
		}
		t.Run("NotAgainWhileEmpty", func(t *testing.T) {
			s := apply(t, s, ann, MoveMove, toArgs{"War Room"})
			s = apply(t, s, ann, MoveEndTurn, nil)
			if got, want := s.Alert.Kind, AlertEndOfTurn; got != want {
				t.Fatalf("alert kind = %s, want %s (the bonus does not supplant it)", got, want)
			}
			s = apply(t, s, host, MoveFinishAlert, nil)
			if got, want := shipControl(s), "Novice"; got != want {
				t.Fatalf("Ship Control = %s, want %s while the ship stays empty", got, want)
			}
			if got, want := s.Deck.Drawn, 7; got != want {
				t.Fatalf("alerts drawn = %d, want %d", got, want)
			}
		})
		t.Run("AgainAfterAliensReturn", func(t *testing.T) {
			s := apply(t, s, host, MoveAddAlien, addAlienArgs{Rank: "Patrol", Room: "Infirmary"})
			s = apply(t, s, ann, MoveKillAlien, rankArgs{"Patrol"})
			wantShipControl(t, s, "Coward")
		})
	})
	t.Run("DuringAnAlert", func(t *testing.T) {
		s := apply(t, base, ann, MoveEndTurn, nil)
		s = apply(t, s, host, MoveRemoveAlien, alienArgs{alienKey(Infantry, "Infirmary")})
		if got, want := s.PendingBonus, 1; got != want {
			t.Fatalf("pending bonus alerts = %d, want %d", got, want)
		}
		s = apply(t, s, host, MoveFinishAlert, nil)
		if s.Alert == nil || s.Alert.Kind != AlertBonus {
			t.Fatalf("alert = %+v, want the bonus alert next", s.Alert)
		}
		s = apply(t, s, host, MoveFinishAlert, nil)
		if got, want := s.active(), 1; got != want || s.Phase != PhaseTurn {
			t.Fatalf("active = %d (%s), want the next player %d", got, s.Phase, want)
		}
	})
	t.Run("NoBonusAtStart", func(t *testing.T) {
		s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
		s = endAndFinish(t, s)
		wantShipControl(t, s, "Normal")
	})
}

// TestDeckExhaustion: "should you reach the end of the Alert deck without
// setting Ship Control to WIN!" the ship is destroyed (Losing The Game).
// The reading: the game is lost once the last alert is resolved, and no
// player gets a further turn; the house rule last_turn_after_deck plays
// the other reading.
func TestDeckExhaustion(t *testing.T) {
	t.Run("LastAlertResolved", func(t *testing.T) {
		s := playing(t, `{"difficulty":"Novice"}`, "Spy", "First Officer")
		s.Deck = AlertDeck{Red: 1, Drawn: 43}
		s.ShipControl.Pos = ShipControlDef.Max() - 1 // one repair from WIN!
		s = apply(t, s, kit.SeatActor(s.active()), MoveEndTurn, nil)
		if s.End != nil {
			t.Fatal("the game ended before the last alert was resolved")
		}
		s = apply(t, s, kit.HostActor, MoveFinishAlert, nil)
		o := game.Outcome(s)
		if o == nil || len(o.Winners) != 0 || o.Rule != ruleLosing || o.ReasonCode != "lost_alert_deck" {
			t.Fatalf("outcome = %+v, want a loss by the end of the Alert deck once its last alert is resolved", o)
		}
		next := s.Order[(s.Turn+1)%len(s.Order)]
		refuse(t, s, kit.SeatActor(next), MoveRepairSystem, systemArgs{"Ship Control"}, "game_over")
		refuse(t, s, kit.HostActor, MoveRaiseTrack, trackArgs{Track: ShipControlDef.Label}, "game_over")
	})
	t.Run("WinOnTheLastAlert", func(t *testing.T) {
		s := playing(t, `{"difficulty":"Novice"}`, "Spy", "First Officer")
		s.Deck = AlertDeck{Red: 1, Drawn: 43}
		s.ShipControl.Pos = ShipControlDef.Max() - 1
		s = apply(t, s, kit.SeatActor(s.active()), MoveEndTurn, nil)
		s = apply(t, s, kit.HostActor, MoveRaiseTrack, trackArgs{Track: ShipControlDef.Label, Source: "alert card"})
		if o := game.Outcome(s); o == nil || len(o.Winners) == 0 {
			t.Fatalf("outcome = %+v, want a win: Ship Control reached WIN! during the last alert", o)
		}
	})
	t.Run("HouseRuleLastTurn", func(t *testing.T) {
		s := playing(t, `{"last_turn_after_deck":true}`, "Spy", "First Officer")
		s.Deck = AlertDeck{Red: 1, Drawn: 43}
		s = endAndFinish(t, s)
		if s.End != nil {
			t.Fatal("with last_turn_after_deck the game ended while the next player still has a turn")
		}
		res, err := try(s, kit.SeatActor(s.active()), MoveEndTurn, nil)
		if err != nil {
			t.Fatal(err)
		}
		o := game.Outcome(res.State)
		if o == nil || len(o.Winners) != 0 || o.Rule != ruleLosing {
			t.Fatalf("outcome = %+v, want a loss by the empty Alert deck", o)
		}
		refuse(t, res.State.(*State), kit.HostActor, MoveAddAlien, addAlienArgs{Rank: "Patrol", Room: "Bridge"}, "game_over")
	})
	t.Run("BonusWithEmptyDeck", func(t *testing.T) {
		s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
		put(s, Infantry, "Infirmary", 1)
		s.Deck = AlertDeck{Drawn: 44}
		s = apply(t, s, kit.SeatActor(0), MoveKillAlien, rankArgs{"Infantry"})
		if s.End == nil || s.End.Won {
			t.Fatalf("end = %+v, want a loss", s.End)
		}
	})
}

func TestWin(t *testing.T) {
	ann := kit.SeatActor(0)
	s := playing(t, `{"difficulty":"Novice"}`, "Spy", "First Officer")
	at(s, 0, "Bridge")
	s.Systems[0].Locked = false
	s.Players[0].Skills += 2 // three repairs at 2 skill cards each
	s.SkillPile -= 2
	for _, want := range []string{"Coward", "Pointless"} {
		s = apply(t, s, ann, MoveRepairSystem, systemArgs{"Ship Control"})
		if got := shipControl(s); got != want {
			t.Fatalf("Ship Control = %s, want %s", got, want)
		}
	}
	s = apply(t, s, ann, MoveRepairSystem, systemArgs{"Ship Control"})
	o := game.Outcome(s)
	if o == nil || len(o.Winners) != 2 || o.Side != "crew" {
		t.Fatalf("outcome = %+v, want the crew winning", o)
	}
	refuse(t, s, ann, MoveEndTurn, nil, "game_over")
}

func TestElimination(t *testing.T) {
	host := kit.HostActor
	s := hostileBase(t, `{"elimination":true}`)
	s.Players[0].Tools = []string{"Rifle"}
	s.CargoPodTools = s.CargoPodTools[1:]
	s.Concealment.Pos = 0
	at(s, 0, "Bridge")
	put(s, Infantry, "Bridge", 1)
	s = endAndFinish(t, s) // Ann (Spy) dies; play passes to the next seat
	if s.Players[0].Alive || s.Players[0].Out {
		t.Fatalf("Ann alive=%v out=%v, want dead but still in the game", s.Players[0].Alive, s.Players[0].Out)
	}
	if got, want := s.ToolsGone, []string{"Rifle"}; len(got) != 1 || got[0] != want[0] {
		t.Fatalf("tools out of the game = %v, want %v", got, want)
	}
	s = turnOf(s, 0)
	ann := kit.SeatActor(0)
	t.Run("ErrStillSetToKill", func(t *testing.T) {
		refuse(t, s, ann, MoveRespawn, roleArgs{"Hacker"}, "set_to_kill")
	})
	s = apply(t, s, host, MoveRaiseTrack, trackArgs{Track: "Concealment Level", Source: "Battle Plan"})
	t.Run("ErrDeadRole", func(t *testing.T) {
		refuse(t, s, ann, MoveRespawn, roleArgs{"Spy"}, "role_unavailable")
	})
	t.Run("ErrOtherColour", func(t *testing.T) {
		refuse(t, s, ann, MoveRespawn, roleArgs{"Sympathizer"}, "role_unavailable")
	})
	t.Run("ErrDeadCannotAct", func(t *testing.T) {
		refuse(t, s, ann, MoveMove, toArgs{"War Room"}, "character_dead")
	})
	first := s.respawnChoices(0)
	if got, want := len(first), 2; got != want {
		t.Fatalf("choices after one death = %v, want 2", first)
	}
	s = apply(t, s, ann, MoveRespawn, roleArgs{first[0]})
	p := s.Players[0]
	if !p.Alive || s.roomName(p.Room) != "Infirmary" || p.Skills != 0 || p.Veteran || len(p.Tools) != 0 {
		t.Fatalf("respawned %+v, want alive in the Infirmary with nothing", p)
	}
	refuse(t, s, ann, MoveRespawn, roleArgs{first[1]}, "character_alive")
	// Second death: the last character is the only choice.
	s.Players[0].Alive = false
	s.Players[0].Dead = append(s.Players[0].Dead, first[0])
	if got := s.respawnChoices(0); len(got) != 1 || got[0] != first[1] {
		t.Fatalf("choices after two deaths = %v, want [%s]", got, first[1])
	}
	s = apply(t, s, ann, MoveRespawn, roleArgs{first[1]})
	// Third death ends this player's game.
	s.Concealment.Pos = 0
	put(s, Infantry, "Infirmary", 1)
	s = endAndFinish(t, s)
	if !s.Players[0].Out {
		t.Fatal("a third death must end the player's game")
	}
	t.Run("ErrOptionOff", func(t *testing.T) {
		s := hostileBase(t, "")
		s.Players[0].Alive = false
		s.Players[0].Dead = []string{"Spy"}
		refuse(t, s, kit.SeatActor(0), MoveRespawn, roleArgs{"Hacker"}, "elimination_off")
	})
}

func TestHandSize(t *testing.T) {
	host := kit.HostActor
	s := turnOf(begin(t, "", "Spy", "First Officer"), 0) // Spy: hand 7, 4 skills
	s = apply(t, s, host, MoveGainItem, gainArgs{Seat: 0, Item: ItemScentBomb})
	s = apply(t, s, host, MoveGainItem, gainArgs{Seat: 0, Item: ItemGrenade})
	s = apply(t, s, host, MoveGainItem, gainArgs{Seat: 0, Item: toolPrefix + "Rifle"})
	s.Players[0].Contraband = Contraband{Held: true}
	s.ContrabandSupply--
	if got := game.View(s, kit.SeatViewer(0)).Seats[0].Facts["over_hand_size"]; got != nil {
		t.Fatalf("over_hand_size = %v at 7 cards plus contraband, want none", got)
	}
	res, err := try(s, host, MoveGainItem, gainArgs{Seat: 0, Item: ItemSkill})
	if err != nil {
		t.Fatal(err)
	}
	s = res.State.(*State)
	if got, want := game.View(s, kit.BoardViewer).Seats[0].Facts["over_hand_size"], any(1); got != want {
		t.Fatalf("over_hand_size = %v, want %v", got, want)
	}
	if last := res.Events[len(res.Events)-1]; last.Code != "hand_over" {
		t.Fatalf("last event = %s, want hand_over", last.Code)
	}
	s = apply(t, s, kit.SeatActor(0), MoveDiscard, itemArgs{toolPrefix + "Rifle"})
	if got := game.View(s, kit.BoardViewer).Seats[0].Facts["over_hand_size"]; got != nil {
		t.Fatalf("over_hand_size = %v after the discard, want none", got)
	}
	refuse(t, s, kit.SeatActor(0), MoveDiscard, itemArgs{toolPrefix + "Rifle"}, "not_held")
	refuse(t, s, host, MoveGainItem, gainArgs{Seat: 0, Item: toolPrefix + "Phaser"}, "none_left")
}
