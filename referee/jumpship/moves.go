package jumpship

import (
	"slices"

	"tablewarden/referee/kit"
)

// The rulebook sections that rule errors and outcomes name.
const (
	ruleSetUp        = "Jumpship › Set Up"
	ruleComponents   = "Jumpship › Components"
	ruleGameplay     = "Jumpship › Gameplay"
	ruleOnYourTurn   = "Jumpship › On Your Turn"
	ruleBasicTokens  = "Jumpship › Basic Token Rules"
	rulePerformScan  = "Jumpship › Perform a Scan"
	ruleShipRepair   = "Jumpship › Ship Repair"
	ruleQuarantine   = "Jumpship › Part 1: Countdown to Quarantine"
	ruleEject        = "Jumpship › Part 2: Countdown to Eject"
	ruleKill         = "Jumpship › Part 3: Countdown to Kill"
	ruleAbilityChef  = "Jumpship › Special Abilities › Chef"
	ruleAbilityDoc   = "Jumpship › Special Abilities › Doctor"
	ruleAbilityEng   = "Jumpship › Special Abilities › Engineer"
	ruleAbilitySec   = "Jumpship › Special Abilities › Security"
	ruleAbilityDip   = "Jumpship › Special Abilities › Diplomat"
	ruleAbilityPilot = "Jumpship › Special Abilities › Pilot"
	ruleAbilityFM    = "Jumpship › Special Abilities › First Mate"
	ruleAbilityCapt  = "Jumpship › Special Abilities › Captain"
)

// The move types of the catalog.
const (
	MoveDraw         = "draw"
	MoveRedraw       = "redraw"
	MoveGive         = "give"
	MovePlaceRepair  = "place_repair"
	MoveScan         = "scan"
	MoveChef         = "chef_remove_countdown"
	MoveDoctor       = "doctor_move_medical"
	MoveEngineer     = "engineer_remove_repair"
	MoveSecurity     = "security_take_target"
	MoveCaptainBreak = "captain_break_tie"
	MoveQuarantine   = "quarantine"
	MoveKill         = "kill"
	MoveKillNobody   = "kill_nobody"
)

// RedrawBoth is the redraw argument that returns both drawn tokens.
const RedrawBoth = "both"

// moves is Jumpship's move table. Every move is made from a player's phone;
// the host's screen has none. The rows' order is the order the phones list
// the moves in.
var moves = kit.NewMoves(kit.MovesConfig[State]{
	Game:  "Jumpship",
	Rule:  ruleGameplay,
	Clone: (*State).Clone,
	Over:  gameOver,
	Seats: func(s *State) int { return len(s.Seats) },
	Phase: func(s *State) string { return s.Phase },
	// The host and the server make no Jumpship move: "not_a_player", as
	// the package documents its codes.
	SeatOnlyCode: "not_a_player",
},
	kit.Row(specDraw, kit.BySeat, offerDraw, kit.NoArgs(ruleOnYourTurn, draw)),
	kit.Row(specScan, kit.BySeat, offerScan, kit.Args(rulePerformScan, scan)),
	kit.Row(specChef, kit.BySeat, offerChef, kit.Args(ruleAbilityChef, chef)),
	kit.Row(specDoctor, kit.BySeat, offerDoctor, kit.Args(ruleAbilityDoc, doctor)),
	kit.Row(specEngineer, kit.BySeat, offerEngineer, kit.NoArgs(ruleAbilityEng, engineer)),
	kit.Row(specSecurity, kit.BySeat, offerSecurity, kit.NoArgs(ruleAbilitySec, security)),
	kit.Row(specRedraw, kit.BySeat, offerRedraw, kit.Args(ruleOnYourTurn, redraw)),
	kit.Row(specGive, kit.BySeat, offerGive, kit.Args(ruleBasicTokens, give)),
	kit.Row(specPlaceRepair, kit.BySeat, offerPlaceRepair, kit.NoArgs(ruleShipRepair, placeRepair)),
	kit.Row(specCaptainBreak, kit.BySeat, offerCaptainBreak, kit.Args(ruleAbilityCapt, captainBreakTie)),
	kit.Row(specQuarantine, kit.BySeat, offerQuarantine, kit.Args(ruleQuarantine, quarantine)),
	kit.Row(specKill, kit.BySeat, offerKill, kit.Args(ruleKill, kill)),
	kit.Row(specKillNobody, kit.BySeat, offerKillNobody, kit.NoArgs(ruleKill, killNobody)),
)

// gameOver refuses every move once the game has ended, naming the section
// of the book that ended it.
func gameOver(s *State) *kit.RuleError {
	if s.End == nil {
		return nil
	}
	return kit.Errorf("game_over", s.End.Rule, "The game is over: %s", s.End.Reason)
}

// turnOf reports whether seat may make a move of its own turn in phase:
// no event waits for a choice, it is seat's turn and the turn is in phase.
func (st *State) turnOf(seat int, phase string) bool {
	return st.Choice == nil && st.End == nil && st.Order.Seat() == seat && st.Phase == phase
}

// choiceOf reports whether the game waits for seat's choice in phase.
func (st *State) choiceOf(seat int, phase string) bool {
	return st.Choice != nil && st.Choice.Chooser == seat && st.Phase == phase
}

// narrow returns a copy of a catalog entry with its args replaced by the
// choices legal now.
func narrow(spec kit.MoveSpec, args ...kit.ArgSpec) *kit.MoveSpec {
	spec.Args = args
	return &spec
}

func (st *State) seatArg(name, label string, seats []int) kit.ArgSpec {
	ch := make([]kit.Choice, len(seats))
	for i, s := range seats {
		ch[i] = kit.Choice{Value: s, Label: st.Seats[s].Name + " (" + st.Seats[s].Role + ")"}
	}
	return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgSeat, Choices: ch}
}

// seats returns the seats for which keep is true.
func (st *State) seats(keep func(i int, s Seat) bool) []int {
	var out []int
	for i, s := range st.Seats {
		if keep(i, s) {
			out = append(out, i)
		}
	}
	return out
}

// handKinds lists the kinds in the hand, each once, in hand order.
func (st *State) handKinds() []string {
	var kinds []string
	for _, k := range st.Hand {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return kinds
}
