package nostromo

import (
	"strings"

	"tablewarden/referee/kit"
)

// postureArgs are choose_posture's arguments.
type postureArgs struct {
	Posture string `json:"posture"`
}

// choosePosture applies the Alien's posture (2 - Posture Phase). Codes:
// wrong_phase, not_alien, bad_posture, behaviour_deck_empty.
func choosePosture(a *turn, seat int, args postureArgs) error {
	s := a.S
	if err := s.alienAt(seat, PhasePosture, stChoose, rulePosture, "chooses a posture"); err != nil {
		return err
	}
	switch args.Posture {
	case Aggressive:
		n := 1
		if s.blueSide() {
			n = 2
		}
		a.Public("posture", "The Alien is Aggressive: %d hunting action(s), and no mission orders nor Items in the hunting phase or any attack phase this turn.", n)
	case Instinctive:
		if s.Behaviour.Len() == 0 {
			return kit.Errorf("behaviour_deck_empty", ruleInstinctive, "The Behaviour deck is empty.")
		}
		n := 2
		if s.blueSide() {
			n = 3
		}
		s.BehaviourDrawn = nil
		for i := 0; i < n; i++ {
			c, ok := s.Behaviour.Draw()
			if !ok {
				break
			}
			s.BehaviourDrawn = append(s.BehaviourDrawn, c)
		}
		a.Reveal()
		var names []string
		for _, c := range s.BehaviourDrawn {
			names = append(names, BehaviourName(c))
		}
		a.Public("posture", "The Alien is Instinctive and draws %d Behaviour card(s).", len(s.BehaviourDrawn))
		a.Private("behaviour_drawn", "You draw "+strings.Join(names, ", ")+".", s.Alien)
		s.push(Task{Kind: taskBehaviour, Seat: s.Alien})
	case Focused:
		n := 1
		if s.blueSide() {
			n = 2
		}
		a.Public("posture", "The Alien is Focused: %d card(s) discarded from the Mission deck.", n)
		if s.Breakdowns < 4 {
			s.Breakdowns++
			a.Public("breakdown_gained", "The Alien gains a Breakdown token for the rest of the game (%d in all).", s.Breakdowns)
		} else {
			a.Public("breakdown_stock_empty", "No Breakdown token is left in the stock.")
		}
		s.push(Task{Kind: taskDiscardDeck, N: n, Reason: "Focused posture"})
	default:
		return kit.Errorf("bad_posture", rulePosture, "The posture must be aggressive, instinctive or focused.")
	}
	s.Posture = args.Posture
	s.Stage = stDone
	return nil
}

func offerPosture(s *State, seat int) *kit.MoveSpec {
	if !s.standsAt(PhasePosture, stChoose) || seat != s.Alien {
		return nil
	}
	ch := []kit.Choice{{Value: Aggressive, Label: "Aggressive"}}
	if s.Behaviour.Len() > 0 {
		ch = append(ch, kit.Choice{Value: Instinctive, Label: "Instinctive"})
	}
	ch = append(ch, kit.Choice{Value: Focused, Label: "Focused"})
	spec := withChoices(specOf(MoveChoosePosture), "posture", ch)
	return &spec
}

// playBehaviour plays 1 of the drawn Behaviour cards; the others go to the
// bottom of the deck (Instinctive). Codes: wrong_phase, not_alien, not_drawn.
func playBehaviour(a *turn, seat int, args cardArgs) error {
	s := a.S
	if t := s.top(); t == nil || t.Kind != taskBehaviour {
		return notNow(s, ruleInstinctive)
	}
	if seat != s.Alien {
		return kit.Errorf("not_alien", ruleInstinctive, "Only the Alien player plays Behaviour cards.")
	}
	rest, ok := without(s.BehaviourDrawn, args.Card)
	if !ok {
		return kit.Errorf("not_drawn", ruleInstinctive, "Play one of the Behaviour cards you have just drawn.")
	}
	s.Behaviour.PutBottom(rest...)
	s.BehaviourDrawn = nil
	s.BehaviourDiscard = append(s.BehaviourDiscard, args.Card)
	s.pop()
	s.push(Task{Kind: taskEffect, Source: srcBehaviour, Card: args.Card, Seat: s.Alien})
	a.Public("behaviour", "The Alien player plays %s; the other drawn card(s) go to the bottom of the Behaviour deck.", BehaviourName(args.Card))
	return nil
}

func offerBehaviour(s *State, seat int) *kit.MoveSpec {
	if t := s.top(); t == nil || t.Kind != taskBehaviour || seat != s.Alien {
		return nil
	}
	var ch []kit.Choice
	for _, c := range s.BehaviourDrawn {
		ch = append(ch, kit.Choice{Value: c, Label: BehaviourName(c)})
	}
	spec := withChoices(specOf(MovePlayBehaviour), "card", ch)
	return &spec
}

// huntRooms lists the rooms the Alien may move to: any other room except
// Jonesy's; the Shuttle is allowed.
func (s *State) huntRooms() []int {
	var out []int
	for r := 1; r <= 10; r++ {
		if r != s.AlienRoom && r != s.JonesyRoom {
			out = append(out, r)
		}
	}
	return out
}

// roomArgs name a room.
type roomArgs struct {
	Room int `json:"room"`
}

// hunt spends 1 hunting action (4 - Hunting Phase). Codes: wrong_phase,
// not_alien, bad_room, same_room, jonesy_room.
func hunt(a *turn, seat int, args roomArgs) error {
	s := a.S
	if err := s.alienAt(seat, PhaseHunting, stMove, ruleHunting, "moves the Alien token"); err != nil {
		return err
	}
	if err := checkRoom(args.Room); err != nil {
		return err
	}
	if args.Room == s.AlienRoom {
		return kit.Errorf("same_room", ruleHunting, "A hunting action moves the Alien token to ANY OTHER room.")
	}
	if args.Room == s.JonesyRoom {
		return kit.Errorf("jonesy_room", ruleJonesy, "The Alien token cannot be moved into the room where Jonesy is.")
	}
	s.AlienRoom = args.Room
	s.HuntLeft--
	s.Stage = stAskReveal
	a.Public("hunt", "The Alien moves to %s (%d hunting action(s) left).", s.Data.RoomName(args.Room), s.HuntLeft)
	return nil
}

func offerHunt(s *State, seat int) *kit.MoveSpec {
	if !s.standsAt(PhaseHunting, stMove) || seat != s.Alien {
		return nil
	}
	spec := withChoices(specOf(MoveHunt), "room", roomChoices(s, s.huntRooms()))
	return &spec
}
