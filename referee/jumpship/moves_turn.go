package jumpship

import (
	"slices"

	"tablewarden/referee/kit"
)

// RedrawArgs are the arguments of "redraw": the kind of one drawn token to
// return, or "both".
type RedrawArgs struct {
	Tokens string `json:"tokens"`
}

// GiveArgs are the arguments of "give".
type GiveArgs struct {
	Token string `json:"token"`
	To    int    `json:"to"`
}

// tokenLabels are the token kinds as the phones show them.
var tokenLabels = map[string]string{
	Target:     "Target token",
	Scan:       "Scan token",
	Command:    "Command token",
	Repair:     "Repair token",
	Medical:    "Medical token",
	RedrawBoth: "Both tokens",
}

// kindChoices lists token kinds as choices with readable labels.
func kindChoices(ks ...string) []kit.Choice {
	out := make([]kit.Choice, len(ks))
	for i, k := range ks {
		out[i] = kit.Choice{Value: k, Label: tokenLabels[k]}
	}
	return out
}

// tokenArg is an enum argument over token kinds.
func tokenArg(name, label string, kinds []string) kit.ArgSpec {
	return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgEnum, Choices: kindChoices(kinds...)}
}

// The catalog entries of the turn's moves.
var (
	specDraw = kit.MoveSpec{Type: MoveDraw, Label: "Draw two tokens", Rule: ruleOnYourTurn, Primary: true,
		Confirm: "Draw two tokens from the bag? Everyone sees them, and the draw cannot be undone."}
	specRedraw = kit.MoveSpec{Type: MoveRedraw, Label: "Return and redraw", Rule: ruleOnYourTurn, Group: "Redraw before giving",
		Confirm: "Return these tokens to the bag and draw new ones? You must keep what you draw.",
		Args:    []kit.ArgSpec{tokenArg("tokens", "Tokens to return", []string{Target, Scan, Command, Repair, Medical, RedrawBoth})}}
	specGive = kit.MoveSpec{Type: MoveGive, Label: "Give a token", Rule: ruleBasicTokens, Primary: true, Args: []kit.ArgSpec{
		tokenArg("token", "Token", []string{Target, Scan, Command, Medical}),
		{Name: "to", Label: "To", Kind: kit.ArgSeat},
	}}
	specPlaceRepair = kit.MoveSpec{Type: MovePlaceRepair, Label: "Place a Repair token on the Ship Repair board", Rule: ruleShipRepair}
)

// offerDraw offers the draw at the start of the seat's turn.
func offerDraw(st *State, seat int) *kit.MoveSpec {
	if !st.turnOf(seat, PhaseTurn) {
		return nil
	}
	return narrow(specDraw)
}

// offerRedraw offers returning one drawn kind (or both tokens) before any
// token is given, within the role's redraw limit.
func offerRedraw(st *State, seat int) *kit.MoveSpec {
	if !st.turnOf(seat, PhaseGive) || st.Taken || st.Placed > 0 || st.Redraws >= redrawLimit(st.Seats[seat].Role) {
		return nil
	}
	back := st.handKinds()
	if len(st.Hand) == 2 {
		back = append(back, RedrawBoth)
	}
	return narrow(specRedraw, tokenArg("tokens", "Tokens to return", back))
}

// offerGive offers giving a drawn kind other than Repair to a player aboard
// not yet given a token this turn (the Diplomat may pick himself).
func offerGive(st *State, seat int) *kit.MoveSpec {
	if !st.turnOf(seat, PhaseGive) {
		return nil
	}
	giveable := slices.DeleteFunc(st.handKinds(), func(k string) bool { return k == Repair })
	if len(giveable) == 0 {
		return nil
	}
	me := st.Seats[seat]
	to := st.seats(func(i int, s Seat) bool {
		if slices.Contains(st.GivenTo, i) || s.Status != Aboard {
			return false
		}
		return i != seat || me.Role == Diplomat
	})
	return narrow(specGive, tokenArg("token", "Token", giveable), st.seatArg("to", "To", to))
}

// offerPlaceRepair offers placing a drawn Repair token.
func offerPlaceRepair(st *State, seat int) *kit.MoveSpec {
	if !st.turnOf(seat, PhaseGive) || !slices.Contains(st.Hand, Repair) {
		return nil
	}
	// The prompt names it ("give … and place your Repair token"): it is a
	// primary move beside the give.
	sp := narrow(specPlaceRepair)
	sp.Primary = true
	if st.Repair == data.RepairTrack.Spaces-1 {
		sp.Confirm = "This is the last Repair space: the engines are repaired and the game ends. Place it?"
		sp.Ask = kit.AskEndsGame
	}
	return sp
}

// checkTurn refuses a move of the seat whose turn it is when the game
// waits for an event choice ("event_pending"), when it is another seat's
// turn ("not_your_turn") or when the turn is not in the phase the move
// belongs to ("already_drawn": the turn's action is taken; "draw_first":
// nothing has been drawn yet).
func checkTurn(st *State, seat int, phase string) error {
	if st.Choice != nil {
		return kit.Errorf("event_pending", ruleGameplay, "Play waits for %s to decide the %s event.", st.name(st.Choice.Chooser), st.Choice.Event)
	}
	if cur := st.Order.Seat(); seat != cur {
		return kit.Errorf("not_your_turn", ruleGameplay, "It is %s's turn, not yours.", st.name(cur))
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
func checkSeat(st *State, seat int, rule string) error {
	if seat < 0 || seat >= len(st.Seats) {
		return kit.Errorf("unknown_seat", rule, "That player is not at this table.")
	}
	return nil
}

// draw draws two tokens, shown to all. Countdown tokens go on the board at
// once; the others wait in the hand to be given. Codes: the checkTurn codes.
func draw(t *kit.Turn[State], seat int) error {
	st := t.S
	if err := checkTurn(st, seat, PhaseTurn); err != nil {
		return err
	}
	t.Reveal()
	st.Phase = PhaseGive
	drawn := drawTokens(t, 2)
	t.Public("drew", "%s drew %s.", st.name(seat), tokenList(drawn))
	placeDrawn(t, drawn)
	endTurnIfDone(t)
	return nil
}

// redraw returns one or both non-Countdown drawn tokens and draws as many
// new ones, once a turn (the Pilot twice), before any token is given.
// Codes: the checkTurn codes, "redraw_not_drawn" (the Security's Target),
// "redraw_after_give", "redraw_limit", "token_not_held".
func redraw(t *kit.Turn[State], seat int, args RedrawArgs) error {
	st := t.S
	if err := checkTurn(st, seat, PhaseGive); err != nil {
		return err
	}
	if st.Taken {
		return kit.Errorf("redraw_not_drawn", ruleAbilitySec, "The Target taken from the bag was not drawn: it cannot be redrawn.")
	}
	if st.Placed > 0 {
		return kit.Errorf("redraw_after_give", ruleOnYourTurn, "You already gave or placed a token this turn: redrawing comes before giving.")
	}
	if limit := redrawLimit(st.Seats[seat].Role); st.Redraws >= limit {
		if limit > 1 {
			return kit.Errorf("redraw_limit", ruleAbilityPilot, "The Pilot may redraw only twice a turn, and you must keep the results.")
		}
		return kit.Errorf("redraw_limit", ruleOnYourTurn, "You may redraw only once a turn, and you must keep the results.")
	}
	var back []string
	switch {
	case args.Tokens == RedrawBoth && len(st.Hand) == 2:
		back = st.Hand
		st.Hand = []string{}
	case args.Tokens != RedrawBoth && slices.Contains(st.Hand, args.Tokens):
		i := slices.Index(st.Hand, args.Tokens)
		back = []string{args.Tokens}
		st.Hand = slices.Delete(st.Hand, i, i+1)
	default:
		return kit.Errorf("token_not_held", ruleOnYourTurn, "You have no drawn %q token to return.", args.Tokens)
	}
	st.Redraws++
	for _, k := range back {
		returnToBag(t, k, 1)
	}
	t.Reveal()
	drawn := drawTokens(t, len(back))
	t.Public("redrew", "%s returned %s to the bag and drew %s.", st.name(seat), tokenList(back), tokenList(drawn))
	placeDrawn(t, drawn)
	endTurnIfDone(t)
	return nil
}

// redrawLimit is the number of redraws a role may make in a turn.
func redrawLimit(role string) int {
	if role == Pilot {
		return 2
	}
	return 1
}

// give gives one drawn token to a player. Codes: the checkTurn codes,
// "token_not_held", "repair_not_given", "unknown_seat", "give_to_self",
// "diplomat_self_limit", "give_twice_to_player", "not_aboard".
func give(t *kit.Turn[State], seat int, args GiveArgs) error {
	st := t.S
	if err := checkTurn(st, seat, PhaseGive); err != nil {
		return err
	}
	i := slices.Index(st.Hand, args.Token)
	switch {
	case i < 0:
		return kit.Errorf("token_not_held", ruleOnYourTurn, "You have no drawn %q token to give.", args.Token)
	case args.Token == Repair:
		return kit.Errorf("repair_not_given", ruleOnYourTurn, "Repair tokens are not given to players: place them on the Ship Repair board.")
	}
	if err := checkSeat(st, args.To, ruleBasicTokens); err != nil {
		return err
	}
	if err := checkGiveTo(st, seat, args.To); err != nil {
		return err
	}
	to := &st.Seats[args.To]
	switch args.Token {
	case Target:
		to.Target++
	case Medical:
		to.Medical++
	case Command:
		to.Command++
	case Scan:
		to.Scan++
	}
	st.Hand = slices.Delete(st.Hand, i, i+1)
	st.Placed++
	st.GivenTo = append(st.GivenTo, args.To)
	if args.To == seat {
		t.Public("gave", "%s, the Diplomat, kept a %s token.", st.name(seat), args.Token)
	} else {
		t.Public("gave", "%s gave a %s token to %s.", st.name(seat), args.Token, st.name(args.To))
	}
	endTurnIfDone(t)
	return nil
}

// checkGiveTo applies the Basic Token Rules and the Diplomat's ability to
// the receiver of a token.
func checkGiveTo(st *State, seat, to int) error {
	if to == seat {
		if st.Seats[seat].Role != Diplomat {
			return kit.Errorf("give_to_self", ruleBasicTokens, "You cannot give tokens to yourself.")
		}
		if slices.Contains(st.GivenTo, seat) {
			return kit.Errorf("diplomat_self_limit", ruleAbilityDip, "The Diplomat may give himself one, and only one, of his tokens per turn.")
		}
		return nil
	}
	if slices.Contains(st.GivenTo, to) {
		return kit.Errorf("give_twice_to_player", ruleBasicTokens, "You already gave %s a token this turn: you cannot give two tokens to the same player.", st.name(to))
	}
	if !st.aboard(to) {
		return kit.Errorf("not_aboard", ruleEject, "%s is %s and can not receive new tokens.", st.name(to), st.Seats[to].Status)
	}
	return nil
}

// placeRepair places a drawn Repair token on the Ship Repair board. The 5th
// brings the scanners online; the 9th ends the game. Codes: the checkTurn
// codes, "no_repair_held".
func placeRepair(t *kit.Turn[State], seat int) error {
	st := t.S
	if err := checkTurn(st, seat, PhaseGive); err != nil {
		return err
	}
	i := slices.Index(st.Hand, Repair)
	if i < 0 {
		return kit.Errorf("no_repair_held", ruleOnYourTurn, "You drew no Repair token to place.")
	}
	st.Hand = slices.Delete(st.Hand, i, i+1)
	st.Placed++
	st.Repair++
	t.Public("repair_placed", "%s placed a Repair token on the Ship Repair board (%d/%d).", st.name(seat), st.Repair, data.RepairTrack.Spaces)
	switch st.Repair {
	case data.RepairTrack.ScannersAt:
		t.Public("scanners_online", "The scanners are online: a player with enough Scan tokens may scan instead of drawing.")
	case data.RepairTrack.Spaces:
		engineRepaired(t)
		return nil
	}
	endTurnIfDone(t)
	return nil
}
