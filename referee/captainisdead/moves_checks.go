package captainisdead

import (
	"tablewarden/referee/kit"
)

// requireTurn checks that the seat whose turn it is makes an action move:
// "alert_pending", "wrong_phase", "not_your_turn" and, when alive is set,
// "character_dead".
func (s *State) requireTurn(seat int, alive bool) error {
	switch s.Phase {
	case PhaseTurn:
	case PhaseAlert:
		return kit.Errorf("alert_pending", ruleStarting, "An alert is being resolved: finish it first.")
	default:
		return kit.Errorf("wrong_phase", ruleStarting, "The game has not started: choose your roles first.")
	}
	if seat != s.active() {
		return kit.Errorf("not_your_turn", ruleContinuing, "It is %s's turn.", s.Players[s.active()].Name)
	}
	if alive && !s.Players[seat].Alive {
		return kit.Errorf("character_dead", ruleElimination, "Your character is dead.")
	}
	return nil
}

// onTurn reports whether seat is the living active player during a turn:
// whether its own actions are offered.
func (s *State) onTurn(seat int) bool {
	return s.Phase == PhaseTurn && seat >= 0 && seat == s.active() && s.Players[seat].Alive
}

// spend takes actions from the active character: "no_actions_left".
func (s *State) spend(n int) error {
	if left := s.actionsLeft(); n > left {
		return kit.Errorf("no_actions_left", ruleStarting, "This needs %d action(s); %s has %d left.", n, s.who(s.active()), left)
	}
	s.ActionsUsed += n
	return nil
}

// requireTable checks who applies a card effect: the host, or the player
// whose turn it is (who drew the alert): "wrong_phase", "not_your_turn".
func (s *State) requireTable(who kit.Actor) error {
	if s.Phase != PhaseTurn && s.Phase != PhaseAlert {
		return kit.Errorf("wrong_phase", ruleSetup, "Card effects are applied once the roles are chosen.")
	}
	if who.Host || who.IsSeat() && who.Seat == s.active() {
		return nil
	}
	return kit.Errorf("not_your_turn", ruleContinuing, "Only the host or %s, whose turn it is, applies card effects.", s.Players[s.active()].Name)
}

// tableOpen reports whether card effects can be applied now.
func (s *State) tableOpen() bool { return s.Phase == PhaseTurn || s.Phase == PhaseAlert }

// requireHolder checks a seat's own move outside the turn: "wrong_phase",
// "character_dead".
func (s *State) requireHolder(seat int) error {
	if s.Phase == PhaseChooseRoles {
		return kit.Errorf("wrong_phase", ruleSetup, "Choose your roles first.")
	}
	if !s.Players[seat].Alive {
		return kit.Errorf("character_dead", ruleElimination, "Your character is dead.")
	}
	return nil
}

// roomArg resolves a room argument: "unknown_room".
func (s *State) roomArg(name string) (int, error) {
	r := s.Data.room(name)
	if r < 0 {
		return 0, kit.Errorf("unknown_room", ruleSetup, "There is no room %q on the board.", name)
	}
	return r, nil
}

// systemArg resolves a system argument: "unknown_system".
func (s *State) systemArg(name string) (int, error) {
	i, ok := s.Data.systemIndex[name]
	if !ok {
		return 0, kit.Errorf("unknown_system", ruleNewSystems, "There is no system %q.", name)
	}
	return i, nil
}

// seatArg checks a seat argument names a living character:
// "unknown_seat", "character_dead".
func (s *State) seatArg(seat int) error {
	if seat < 0 || seat >= len(s.Players) {
		return kit.Errorf("unknown_seat", ruleSetup, "There is no such player.")
	}
	if !s.Players[seat].Alive {
		return kit.Errorf("character_dead", ruleElimination, "%s's character is dead.", s.Players[seat].Name)
	}
	return nil
}
