package captainisdead

import (
	"tablewarden/referee/kit"
)

type handler func(s *State, who kit.Actor, m kit.Move, ev *events) error

var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		MoveChooseRole:        applyChooseRole,
		MoveMove:              applyMove,
		MoveKillAlien:         applyKillAlien,
		MoveThrowGrenade:      applyThrowGrenade,
		MoveDeployScentBomb:   applyDeployScentBomb,
		MoveUseSystem:         applySystem,
		MoveRepairSystem:      applySystem,
		MoveUnlockSystem:      applySystem,
		MoveHackSystem:        applySystem,
		MoveCardAction:        applyCardAction,
		MoveEndTurn:           applyEndTurn,
		MoveRespawn:           applyRespawn,
		MoveDiscard:           applyDiscard,
		MoveNoteContraband:    applyContraband,
		MoveUseContraband:     applyContraband,
		MoveRevealContraband:  applyContraband,
		MoveAddAlien:          applyAddAlien,
		MoveMoveAlien:         applyMoveAlien,
		MoveRemoveAlien:       applyRemoveAlien,
		MoveKillAliens:        applyKillAliens,
		MoveRaiseTrack:        applyRaiseTrack,
		MoveLowerShipControl:  applyLowerShipControl,
		MoveSoundAlarm:        applySoundAlarm,
		MoveArmSuppression:    applyArmSuppression,
		MoveCancelSuppression: applyCancelSuppression,
		MoveLockSystem:        applyLockSystem,
		MovePlaceHoneypot:     applyHoneypot,
		MoveRemoveHoneypot:    applyHoneypot,
		MoveInjure:            applyInjury,
		MoveHeal:              applyInjury,
		MovePlaceCharacter:    applyPlaceCharacter,
		MoveGainItem:          applyGainItem,
		MoveFinishAlert:       applyFinishAlert,
	}
}

// Apply checks a move against the rulebook and returns the new state. The
// input state is never modified. Besides each move's own codes (see the
// apply functions) it returns "bad_state", "game_over", "unknown_move",
// "bad_args" and "no_timers". After every move, if the move took the last
// alien off the ship, the Ship Control bonus condition applies.
func (g *Game) Apply(st kit.State, who kit.Actor, m kit.Move, ctx kit.Ctx) (kit.Result, error) {
	in, ok := st.(*State)
	if !ok || in == nil || in.Data == nil {
		return kit.Result{}, kit.Errorf("bad_state", ruleSetup, "The state is not a Captain Is Dead: Lockdown state.")
	}
	if in.End != nil {
		return kit.Result{}, kit.Errorf("game_over", ruleWinning, "The game is over: %s", in.End.Reason)
	}
	if who.System {
		return kit.Result{}, kit.Errorf("no_timers", ruleSetup, "This game has no timers; the server makes no moves in it.")
	}
	h, ok := handlers[m.Type]
	if !ok {
		return kit.Result{}, kit.Errorf("unknown_move", ruleSetup, "There is no move %q in this game.", m.Type)
	}
	s := in.Clone()
	ev := &events{}
	before := in.aliensAboard()
	if err := h(s, who, m, ev); err != nil {
		return kit.Result{}, err
	}
	if before > 0 && s.aliensAboard() == 0 && s.End == nil {
		s.bonus(ev)
	}
	return kit.Result{State: s, Events: ev.list, Reveals: ev.reveals}, nil
}

// requireTurn checks that the seat whose turn it is makes an action move:
// "seat_only", "alert_pending", "wrong_phase", "not_your_turn" and, when
// alive is set, "character_dead".
func (s *State) requireTurn(who kit.Actor, alive bool) error {
	if !who.IsSeat() {
		return kit.Errorf("seat_only", ruleStarting, "Only the player whose turn it is makes this move from their phone.")
	}
	switch s.Phase {
	case PhaseTurn:
	case PhaseAlert:
		return kit.Errorf("alert_pending", ruleStarting, "An alert is being resolved: finish it first.")
	default:
		return kit.Errorf("wrong_phase", ruleStarting, "The game has not started: choose your roles first.")
	}
	if who.Seat != s.active() {
		return kit.Errorf("not_your_turn", ruleContinuing, "It is %s's turn.", s.Players[s.active()].Name)
	}
	if alive && !s.Players[who.Seat].Alive {
		return kit.Errorf("character_dead", ruleElimination, "Your character is dead.")
	}
	return nil
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

// requireHolder checks a seat's own move outside the turn: "seat_only",
// "wrong_phase", "character_dead".
func (s *State) requireHolder(who kit.Actor) error {
	if !who.IsSeat() || who.Seat >= len(s.Players) {
		return kit.Errorf("seat_only", ruleContraband, "Only a player makes this move, from their own phone.")
	}
	if s.Phase == PhaseChooseRoles {
		return kit.Errorf("wrong_phase", ruleSetup, "Choose your roles first.")
	}
	if !s.Players[who.Seat].Alive {
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
		return kit.Errorf("unknown_seat", ruleSetup, "There is no seat %d.", seat)
	}
	if !s.Players[seat].Alive {
		return kit.Errorf("character_dead", ruleElimination, "%s's character is dead.", s.Players[seat].Name)
	}
	return nil
}
