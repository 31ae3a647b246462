package nostromo

import (
	"slices"

	"tablewarden/referee/kit"
)

// passSetArgs are pass_set's arguments; CrewCard is given in Heroic mode.
type passSetArgs struct {
	Color    string `json:"color"`
	To       int    `json:"to"`
	CrewCard *int   `json:"crew_card"`
}

// passSet passes 1 complete Reminder set (card and its 2 Crew tokens) at
// the end of the turn: with 5 players to a player who held 1 set, with 6
// players to the Crew player at the giver's left; in Heroic mode a crew
// member card of the giver's choice goes with it. Codes: wrong_phase,
// not_your_turn, not_your_set, bad_receiver, must_pass_crew_card,
// not_your_crew_card.
func passSet(a *turn, seat int, args passSetArgs) error {
	s := a.S
	t := s.top()
	if t == nil || t.Kind != taskPassSet {
		return notNow(s, ruleEndOfTurn)
	}
	if !slices.Contains(t.Handles, seat) {
		return kit.Errorf("not_your_turn", ruleEndOfTurn, "Only a Crew player holding 2 Reminder sets passes one.")
	}
	c := s.colorIndex(args.Color)
	if c < 0 || s.Sets[c] != seat {
		return kit.Errorf("not_your_set", ruleEndOfTurn, "You do not hold the %s Reminder set.", args.Color)
	}
	if !slices.Contains(t.Takers, args.To) {
		rule := ruleEndOfTurn
		return kit.Errorf("bad_receiver", rule, "%s cannot receive a set now: sets go to a Crew player who held only 1 (5 players) or to the Crew player at the giver's left (6 players).", s.name(args.To))
	}
	own := s.ownCrewCards(seat)
	if s.Options.Heroic && len(own) > 0 && args.CrewCard == nil {
		return kit.Errorf("must_pass_crew_card", ruleHeroic, "In Heroic mode a crew member card of your choice goes with the set.")
	}
	if args.CrewCard != nil && (!s.Options.Heroic || !slices.Contains(own, *args.CrewCard)) {
		return kit.Errorf("not_your_crew_card", ruleHeroic, "You can only pass a crew member card you own, and only in Heroic mode.")
	}
	s.Sets[c] = args.To
	if !s.Options.Survival {
		var kept []CrewToken
		for _, tok := range s.Reserve[seat] {
			if tok.Color == args.Color {
				s.Reserve[args.To] = append(s.Reserve[args.To], tok)
			} else {
				kept = append(kept, tok)
			}
		}
		s.Reserve[seat] = kept
	}
	a.Public("pass_set", "%s passes the %s Reminder set to %s.", s.name(seat), args.Color, s.name(args.To))
	if args.CrewCard != nil {
		s.CrewCards[*args.CrewCard].Owner = args.To
		a.Public("pass_crew_card", "%s passes %s with it (Heroic mode).", s.name(seat), s.CrewCards[*args.CrewCard].Name)
	}
	t.Handles, _ = without(t.Handles, seat)
	t.Takers, _ = without(t.Takers, args.To)
	return nil
}

// ownCrewCards lists the face-up crew member cards a seat owns (Heroic).
func (s *State) ownCrewCards(seat int) []int {
	var out []int
	for i, c := range s.CrewCards {
		if !c.Captured && c.Owner == seat {
			out = append(out, i)
		}
	}
	return out
}

func offerPassSet(s *State, seat int) *kit.MoveSpec {
	t := s.top()
	if t == nil || t.Kind != taskPassSet || !slices.Contains(t.Handles, seat) {
		return nil
	}
	var colors []kit.Choice
	for _, c := range s.setsOf(seat) {
		colors = append(colors, kit.Choice{Value: s.Data.Colors[c], Label: s.Data.Colors[c]})
	}
	spec := withChoices(withChoices(specOf(MovePassSet), "color", colors), "to", seatChoices(s, t.Takers))
	own := s.ownCrewCards(seat)
	if s.Options.Heroic && len(own) > 0 {
		spec = withChoices(spec, "crew_card", crewCardChoices(s, own))
		for i := range spec.Args {
			if spec.Args[i].Name == "crew_card" {
				spec.Args[i].Optional = false
			}
		}
	} else {
		var args []kit.ArgSpec
		for _, x := range spec.Args {
			if x.Name != "crew_card" {
				args = append(args, x)
			}
		}
		spec.Args = args
	}
	return &spec
}
