package captainisdead

import (
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// The primitive moves below are how the table applies the alert, skill,
// tool and ability cards whose texts the book does not print. They are
// made by the host or by the player whose turn it is (Game.Apply); the
// referee applies every rule the book states around them. Their rows in
// the move table (moves.go) allow them only while a turn or an alert is in
// progress (PhaseTurn, PhaseAlert), so their offers do not check it again.

func offerLockSystem(s *State, _ int) *kit.MoveSpec {
	var unlocked []kit.Choice
	for i := range s.Data.Systems {
		if !s.Systems[i].Locked {
			unlocked = append(unlocked, s.Data.systemChoice[i])
		}
	}
	if len(unlocked) == 0 {
		return nil
	}
	return with(specLockSystem, choiceArg("system", "System", unlocked))
}

// applyLockSystem relocks an unlocked system, which is an alarm
// (Concealment Level). Codes: "unknown_system", "system_locked".
func applyLockSystem(t *turn, _ int, a systemArgs) error {
	s := t.S
	i, err := s.systemArg(a.System)
	if err != nil {
		return err
	}
	if s.Systems[i].Locked {
		return kit.Errorf("system_locked", ruleConcealment, "%s is already locked.", a.System)
	}
	s.Systems[i].Locked = true
	t.Public("system_relocked", "%s is relocked.", a.System)
	s.alarm(a.System+" relocked", t)
	return nil
}

// honeypotsPlaced counts the honeypots on the board.
func (s *State) honeypotsPlaced() int {
	n := 0
	for _, r := range s.Rooms {
		if r.Honeypot {
			n++
		}
	}
	return n
}

// honeypotRooms lists the rooms with (has) or without a honeypot.
func (s *State) honeypotRooms(has bool) []kit.Choice {
	var out []kit.Choice
	for r := range s.Rooms {
		if s.Rooms[r].Honeypot == has {
			out = append(out, s.Data.roomChoice[r])
		}
	}
	return out
}

func offerPlaceHoneypot(s *State, _ int) *kit.MoveSpec {
	free := s.honeypotRooms(false)
	if len(free) == 0 || s.honeypotsPlaced() >= s.Data.Counts.Honeypots.Value {
		return nil
	}
	return with(specPlaceHoneypot, choiceArg("room", "Room", free))
}

// applyPlaceHoneypot places a honeypot cube. Codes: "unknown_room",
// "honeypot_here", "no_honeypot".
func applyPlaceHoneypot(t *turn, _ int, a roomArgs) error {
	s := t.S
	r, err := s.roomArg(a.Room)
	if err != nil {
		return err
	}
	if s.Rooms[r].Honeypot {
		return kit.Errorf("honeypot_here", ruleAlarms, "The %s already has a honeypot.", a.Room)
	}
	if s.honeypotsPlaced() >= s.Data.Counts.Honeypots.Value {
		return kit.Errorf("no_honeypot", ruleAlarms, "All %d honeypots are on the board.", s.Data.Counts.Honeypots.Value)
	}
	s.Rooms[r].Honeypot = true
	t.Public("honeypot_placed", "A honeypot is placed in the %s.", a.Room)
	return nil
}

func offerRemoveHoneypot(s *State, _ int) *kit.MoveSpec {
	rooms := s.honeypotRooms(true)
	if len(rooms) == 0 {
		return nil
	}
	return with(specRemoveHoneypot, choiceArg("room", "Room", rooms))
}

// applyRemoveHoneypot removes a honeypot cube. Codes: "unknown_room",
// "no_honeypot_here".
func applyRemoveHoneypot(t *turn, _ int, a roomArgs) error {
	s := t.S
	r, err := s.roomArg(a.Room)
	if err != nil {
		return err
	}
	if !s.Rooms[r].Honeypot {
		return kit.Errorf("no_honeypot_here", ruleAlarms, "There is no honeypot in the %s.", a.Room)
	}
	s.Rooms[r].Honeypot = false
	t.Public("honeypot_removed", "The honeypot in the %s is removed.", a.Room)
	return nil
}

type seatArgs struct {
	Seat int `json:"seat"`
}

// livingChoices lists the living characters that keep, as seat choices.
func (s *State) livingChoices(keep func(seat int) bool) []kit.Choice {
	var out []kit.Choice
	for i, p := range s.Players {
		if p.Alive && keep(i) {
			out = append(out, kit.Choice{Value: i, Label: s.who(i)})
		}
	}
	return out
}

func offerInjure(s *State, _ int) *kit.MoveSpec {
	cs := s.livingChoices(func(i int) bool { return !s.Players[i].Injured && !s.role(i).Unharmed })
	if len(cs) == 0 {
		return nil
	}
	return with(specInjure, seatChoiceArg(cs))
}

// applyInjure injures a character by a card effect. The Hologram and the
// Sympathizer are never harmed by aliens. Codes: those of seatArg,
// "unharmed", "already_injured".
func applyInjure(t *turn, _ int, a seatArgs) error {
	s := t.S
	if err := s.seatArg(a.Seat); err != nil {
		return err
	}
	p := &s.Players[a.Seat]
	if s.role(a.Seat).Unharmed {
		return kit.Errorf("unharmed", ruleHowAliens, "The %s is unaffected by the aliens.", p.Character)
	}
	if p.Injured {
		return kit.Errorf("already_injured", ruleHowAliens, "%s is already injured.", s.who(a.Seat))
	}
	p.Injured = true
	t.Public("injured", "%s is injured.", s.who(a.Seat))
	return nil
}

func offerHeal(s *State, _ int) *kit.MoveSpec {
	cs := s.livingChoices(func(i int) bool { return s.Players[i].Injured })
	if len(cs) == 0 {
		return nil
	}
	return with(specHeal, seatChoiceArg(cs))
}

// applyHeal heals a character by a card effect. Codes: those of seatArg,
// "not_injured".
func applyHeal(t *turn, _ int, a seatArgs) error {
	s := t.S
	if err := s.seatArg(a.Seat); err != nil {
		return err
	}
	p := &s.Players[a.Seat]
	if !p.Injured {
		return kit.Errorf("not_injured", ruleHowAliens, "%s is not injured.", s.who(a.Seat))
	}
	p.Injured = false
	t.Public("healed", "%s is healed.", s.who(a.Seat))
	return nil
}

type placementArgs struct {
	Placement string `json:"placement"`
}

func offerPlaceCharacter(s *State, _ int) *kit.MoveSpec {
	placements := make([]kit.Choice, 0, len(s.Players)*len(s.Rooms))
	for i, p := range s.Players {
		if !p.Alive {
			continue
		}
		values := s.Data.placeValues(i)
		for r := range s.Rooms {
			if r != p.Room {
				placements = append(placements, kit.Choice{Value: values[r], Label: p.Name + " → " + s.roomName(r)})
			}
		}
	}
	if len(placements) == 0 {
		return nil
	}
	return with(specPlaceCharacter, choiceArg("placement", "Character and room", placements))
}

// applyPlaceCharacter puts a character in a room (a card effect or a
// correction). Codes: those of seatArg, "bad_placement", "same_room".
func applyPlaceCharacter(t *turn, _ int, a placementArgs) error {
	s := t.S
	seatText, roomText, ok := strings.Cut(a.Placement, "|")
	seat, err := strconv.Atoi(seatText)
	r := s.Data.room(roomText)
	if !ok || err != nil || r < 0 {
		return kit.Errorf("bad_placement", ruleSetup, "Name the placement as seat|room.")
	}
	if err := s.seatArg(seat); err != nil {
		return err
	}
	if s.Players[seat].Room == r {
		return kit.Errorf("same_room", ruleSetup, "%s is already in the %s.", s.who(seat), roomText)
	}
	s.Players[seat].Room = r
	t.Public("placed", "%s is placed in the %s.", s.who(seat), roomText)
	return nil
}

func offerFinishAlert(s *State, _ int) *kit.MoveSpec {
	if s.Phase != PhaseAlert {
		return nil
	}
	sp := specFinishAlert
	sp.Confirm = s.finishAlertQuestion()
	if offerResolveAlert(s, -1) != nil {
		// The card may be one the data lists (resolve_alert, the primary
		// move); Alert applied closes a card it does not list, whose
		// effects the table entered with the card-effect moves.
		sp.Primary, sp.Group, sp.Label = false, groupEffects, "Alert applied (a card not listed)"
	}
	return &sp
}

// applyFinishAlert closes the alert the table has applied: Perform Hostile
// Alien Actions runs, then play goes on. Codes: "no_alert".
func applyFinishAlert(t *turn, _ int) error {
	s := t.S
	if s.Phase != PhaseAlert {
		return kit.Errorf("no_alert", ruleHowAliens, "No alert is being resolved.")
	}
	s.hostileAlienActions(t)
	s.nextAlert(t)
	return nil
}
