package nostromo

import (
	"slices"

	"tablewarden/referee/kit"
)

// Emergency procedures: who may activate one now.

// canActivate says whether seat may activate an emergency procedure now.
func (s *State) canActivate(seat int) *kit.RuleError {
	if !s.Options.Survival && s.ActivatedThisTurn >= 2 {
		return kit.Errorf("procedure_limit", ruleActivating, "The crew cannot activate more than 2 emergency procedures per game turn.")
	}
	if len(s.activatable(seat)) == 0 {
		return kit.Errorf("no_procedure", ruleActivating, "%s has no emergency procedure card in hand for a procedure not yet activated.", s.name(seat))
	}
	return nil
}

// activatable lists the cards in seat's hand whose procedure is not active.
func (s *State) activatable(seat int) []int {
	var out []int
	for _, c := range s.Hands[seat] {
		if p := s.Data.Procedure(c); p >= 0 && !s.procedureActive(p) {
			out = append(out, c)
		}
	}
	return out
}

func (s *State) procedureActive(p int) bool {
	for _, c := range s.Activated {
		if s.Data.Procedure(c) == p {
			return true
		}
	}
	return false
}

// activateProcedure places an emergency procedure card from hand under
// the board (When Activating Emergency Procedure). Codes: wrong_phase,
// not_your_turn, not_in_hand, not_procedure, procedure_active,
// procedure_limit.
func activateProcedure(a *turn, seat int, args cardArgs) error {
	s := a.S
	card := args.Card
	if _, err := s.decisionTop(taskActivate, seat, ruleActivating); err != nil {
		return err
	}
	if !slices.Contains(s.Hands[seat], card) {
		return kit.Errorf("not_in_hand", ruleActivating, "The emergency procedure comes from your own hand.")
	}
	p := s.Data.Procedure(card)
	if p < 0 {
		return kit.Errorf("not_procedure", ruleEmergency, "%s carries no emergency procedure.", s.Data.CardName(card))
	}
	if s.procedureActive(p) {
		return kit.Errorf("procedure_active", ruleActivating, "%s is already activated: each emergency procedure can only be activated once.", s.Data.Procedures[p])
	}
	if !s.Options.Survival && s.ActivatedThisTurn >= 2 {
		return kit.Errorf("procedure_limit", ruleActivating, "The crew cannot activate more than 2 emergency procedures per game turn.")
	}
	s.Hands[seat], _ = without(s.Hands[seat], card)
	s.Activated = append(s.Activated, card)
	s.ActivatedThisTurn++
	s.pop()
	a.Public("procedure", "%s activates %s with Mission card %d: %d of %d emergency procedures.", s.name(seat), s.Data.Procedures[p], card, len(s.Activated), len(s.Data.Procedures))
	return nil
}

func offerActivate(s *State, seat int) *kit.MoveSpec {
	if _, err := s.decisionTop(taskActivate, seat, ruleActivating); err != nil || s.canActivate(seat) != nil {
		return nil
	}
	spec := withChoices(specOf(MoveActivateProcedure), "card", cardChoices(s, s.activatable(seat)))
	return &spec
}
