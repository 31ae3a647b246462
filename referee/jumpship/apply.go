package jumpship

import (
	"fmt"

	"tablewarden/referee/kit"
)

// applier carries one move being applied to a copy of the state.
type applier struct {
	st      *State
	seat    int
	rng     *kit.RNG
	events  []kit.Event
	reveals bool
}

// Apply checks a move against the rulebook and returns the new state and
// its log entries. It never mutates s. Refusals are *kit.RuleError with
// one of the codes listed in the package documentation; every move
// returns "game_over" after the end, "not_a_player" when not made by a
// seat, "unknown_move" for a type outside the catalog and "bad_args" for
// malformed arguments.
func (g *Game) Apply(s kit.State, who kit.Actor, m kit.Move, ctx kit.Ctx) (kit.Result, error) {
	in := asState(s)
	if in.End != nil {
		return kit.Result{}, kit.Errorf("game_over", ruleGameplay, "The game is over: %s", in.End.Reason)
	}
	if !who.IsSeat() || who.Seat >= len(in.Seats) {
		return kit.Result{}, kit.Errorf("not_a_player", ruleGameplay, "Only a player at the table can make Jumpship moves.")
	}
	a := &applier{st: in.Clone(), seat: who.Seat, rng: ctx.RNG}
	var err error
	switch m.Type {
	case MoveDraw:
		err = a.draw(m)
	case MoveRedraw:
		err = a.redraw(m)
	case MoveGive:
		err = a.give(m)
	case MovePlaceRepair:
		err = a.placeRepair(m)
	case MoveScan:
		err = a.scan(m)
	case MoveChef:
		err = a.chef(m)
	case MoveDoctor:
		err = a.doctor(m)
	case MoveEngineer:
		err = a.engineer(m)
	case MoveSecurity:
		err = a.security(m)
	case MoveCaptainBreak:
		err = a.captainBreakTie(m)
	case MoveQuarantine:
		err = a.quarantine(m)
	case MoveKill, MoveKillNobody:
		err = a.kill(m)
	default:
		err = kit.Errorf("unknown_move", ruleGameplay, "Jumpship has no move %q.", m.Type)
	}
	if err != nil {
		return kit.Result{}, err
	}
	return kit.Result{State: a.st, Events: a.events, Reveals: a.reveals}, nil
}

// name is a seat's player name.
func (a *applier) name(seat int) string { return a.st.Seats[seat].Name }

// public logs a public event.
func (a *applier) public(code, format string, args ...any) {
	a.events = append(a.events, kit.PublicEvent(code, fmt.Sprintf(format, args...)))
}

// private logs an event only the listed seats see.
func (a *applier) private(code string, to []int, format string, args ...any) {
	a.events = append(a.events, kit.PrivateEvent(code, fmt.Sprintf(format, args...), to...))
}

// checkTurn refuses a move of the seat whose turn it is when the game
// waits for an event choice ("event_pending"), when it is another seat's
// turn ("not_your_turn") or when the turn is not in the phase the move
// belongs to ("already_drawn": the turn's action is taken; "draw_first":
// nothing has been drawn yet).
func (a *applier) checkTurn(phase string) error {
	st := a.st
	if st.Choice != nil {
		return kit.Errorf("event_pending", ruleGameplay, "Play waits for %s to decide the %s event.", a.name(st.Choice.Chooser), st.Choice.Event)
	}
	if cur := st.Order.Seat(); a.seat != cur {
		return kit.Errorf("not_your_turn", ruleGameplay, "It is %s's turn, not yours.", a.name(cur))
	}
	if st.Phase == phase {
		return nil
	}
	if phase == PhaseTurn {
		return kit.Errorf("already_drawn", ruleOnYourTurn, "You already took this turn's action; give your tokens now.")
	}
	return kit.Errorf("draw_first", ruleOnYourTurn, "You have no drawn tokens: draw first.")
}

// checkSeat refuses a seat index outside the table ("unknown_seat").
func (a *applier) checkSeat(seat int, rule string) error {
	if seat < 0 || seat >= len(a.st.Seats) {
		return kit.Errorf("unknown_seat", rule, "There is no seat %d at this table.", seat)
	}
	return nil
}

// checkRole refuses an ability used by another role ("wrong_role").
func (a *applier) checkRole(role, rule string) error {
	if got := a.st.Seats[a.seat].Role; got != role {
		return kit.Errorf("wrong_role", rule, "Only the %s has this ability; you are the %s.", role, got)
	}
	return nil
}

// returnToBag puts tokens of a kind back into the bag.
func (a *applier) returnToBag(kind string, n int) {
	if n <= 0 {
		return
	}
	toks := make([]kit.Token, n)
	for i := range toks {
		toks[i] = kit.Token{Kind: kind}
	}
	a.st.Bag.Put(a.rng, toks...)
}
