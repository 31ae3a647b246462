package jumpship

import (
	"slices"
	"strings"

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

// draw draws two tokens, shown to all. Countdown tokens go on the board at
// once; the others wait in the hand to be given. Codes: the checkTurn codes.
func (a *applier) draw(m kit.Move) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := a.checkTurn(PhaseTurn); err != nil {
		return err
	}
	a.reveals = true
	a.st.Phase = PhaseGive
	drawn := a.drawTokens(2)
	a.public("drew", "%s drew %s.", a.name(a.seat), tokenList(drawn))
	a.placeDrawn(drawn)
	a.endTurnIfDone()
	return nil
}

// redraw returns one or both non-Countdown drawn tokens and draws as many
// new ones, once a turn (the Pilot twice), before any token is given.
// Codes: the checkTurn codes, "redraw_not_drawn" (the Security's Target),
// "redraw_after_give", "redraw_limit", "token_not_held".
func (a *applier) redraw(m kit.Move) error {
	var args RedrawArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.checkTurn(PhaseGive); err != nil {
		return err
	}
	st := a.st
	if st.Taken {
		return kit.Errorf("redraw_not_drawn", ruleAbilitySec, "The Target taken from the bag was not drawn: it cannot be redrawn.")
	}
	if st.Placed > 0 {
		return kit.Errorf("redraw_after_give", ruleOnYourTurn, "You already gave or placed a token this turn: redrawing comes before giving.")
	}
	if limit := redrawLimit(st.Seats[a.seat].Role); st.Redraws >= limit {
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
		a.returnToBag(k, 1)
	}
	a.reveals = true
	drawn := a.drawTokens(len(back))
	a.public("redrew", "%s returned %s to the bag and drew %s.", a.name(a.seat), tokenList(back), tokenList(drawn))
	a.placeDrawn(drawn)
	a.endTurnIfDone()
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
func (a *applier) give(m kit.Move) error {
	var args GiveArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.checkTurn(PhaseGive); err != nil {
		return err
	}
	st := a.st
	i := slices.Index(st.Hand, args.Token)
	switch {
	case i < 0:
		return kit.Errorf("token_not_held", ruleOnYourTurn, "You have no drawn %q token to give.", args.Token)
	case args.Token == Repair:
		return kit.Errorf("repair_not_given", ruleOnYourTurn, "Repair tokens are not given to players: place them on the Ship Repair board.")
	}
	if err := a.checkSeat(args.To, ruleBasicTokens); err != nil {
		return err
	}
	if err := a.checkGiveTo(args.To); err != nil {
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
	if args.To == a.seat {
		a.public("gave", "%s, the Diplomat, kept a %s token.", a.name(a.seat), args.Token)
	} else {
		a.public("gave", "%s gave a %s token to %s.", a.name(a.seat), args.Token, a.name(args.To))
	}
	a.endTurnIfDone()
	return nil
}

// checkGiveTo applies the Basic Token Rules and the Diplomat's ability to
// the receiver of a token.
func (a *applier) checkGiveTo(to int) error {
	st := a.st
	if to == a.seat {
		if st.Seats[a.seat].Role != Diplomat {
			return kit.Errorf("give_to_self", ruleBasicTokens, "You cannot give tokens to yourself.")
		}
		if slices.Contains(st.GivenTo, a.seat) {
			return kit.Errorf("diplomat_self_limit", ruleAbilityDip, "The Diplomat may give himself one, and only one, of his tokens per turn.")
		}
		return nil
	}
	if slices.Contains(st.GivenTo, to) {
		return kit.Errorf("give_twice_to_player", ruleBasicTokens, "You already gave %s a token this turn: you cannot give two tokens to the same player.", a.name(to))
	}
	if !st.aboard(to) {
		return kit.Errorf("not_aboard", ruleEject, "%s is %s and can not receive new tokens.", a.name(to), st.Seats[to].Status)
	}
	return nil
}

// placeRepair places a drawn Repair token on the Ship Repair board. The 5th
// brings the scanners online; the 9th ends the game. Codes: the checkTurn
// codes, "no_repair_held".
func (a *applier) placeRepair(m kit.Move) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := a.checkTurn(PhaseGive); err != nil {
		return err
	}
	st := a.st
	i := slices.Index(st.Hand, Repair)
	if i < 0 {
		return kit.Errorf("no_repair_held", ruleOnYourTurn, "You drew no Repair token to place.")
	}
	st.Hand = slices.Delete(st.Hand, i, i+1)
	st.Placed++
	st.Repair++
	a.public("repair_placed", "%s placed a Repair token on the Ship Repair board (%d/%d).", a.name(a.seat), st.Repair, data.RepairTrack.Spaces)
	switch st.Repair {
	case data.RepairTrack.ScannersAt:
		a.public("scanners_online", "The scanners are online: a player with enough Scan tokens may scan instead of drawing.")
	case data.RepairTrack.Spaces:
		a.engineRepaired()
		return nil
	}
	a.endTurnIfDone()
	return nil
}

// engineRepaired ends the game when the 9th Repair space is filled.
func (a *applier) engineRepaired() {
	st := a.st
	side, why := SideHumans, "The engines are repaired and the Alien Queen is not aboard: the Humans win."
	for _, s := range st.Seats {
		if s.BioID == Queen && s.Status == Aboard {
			side, why = SideAliens, "The engines are repaired with the Alien Queen aboard: the Aliens win."
		}
	}
	a.end(side, why, ruleShipRepair)
}

// end ends the game; every Bio ID is revealed by the outcome.
func (a *applier) end(side, reason, rule string) {
	a.st.End = &End{Side: side, Reason: reason, Rule: rule}
	a.st.Phase = PhaseOver
	a.st.Choice = nil
	a.reveals = true
	a.public("game_over", "%s Every Bio ID is revealed.", reason)
}

// drawTokens takes up to n tokens at random from the bag and returns
// their kinds; placeDrawn then puts them where they go.
func (a *applier) drawTokens(n int) []string {
	var drawn []string
	for i := 0; i < n; i++ {
		t, ok := a.st.Bag.Draw(a.rng)
		if !ok {
			a.public("bag_empty", "The bag is empty.")
			break
		}
		drawn = append(drawn, t.Kind)
	}
	return drawn
}

// placeDrawn puts drawn Countdown tokens on the board at once and the
// others in the hand, to be given.
func (a *applier) placeDrawn(drawn []string) {
	spare := 0
	for _, k := range drawn {
		if k != Countdown {
			a.st.Hand = append(a.st.Hand, k)
		} else if !a.placeCountdown() {
			spare++
		}
	}
	a.returnToBag(Countdown, spare)
}

// placeCountdown puts a Countdown token on the open countdown track; a
// token that fills the track's last slot makes its event pending. It
// returns false when every track is full (the token goes back to the bag).
func (a *applier) placeCountdown() bool {
	st := a.st
	i := st.openTrack()
	if i < 0 {
		a.public("countdown_spare", "Every countdown track is full: the Countdown token goes back to the bag.")
		return false
	}
	st.Countdown[i].Count++
	a.public("countdown_placed", "A Countdown token goes on the %s track (%d/%d).", trackLabel(i), st.Countdown[i].Count, st.TrackLengths[i])
	if st.Countdown[i].Count == st.TrackLengths[i] {
		st.Pending = append(st.Pending, trackEvents[i])
		a.public("countdown_complete", "The %s track is complete: its event resolves when this turn ends.", trackLabel(i))
	}
	return true
}

// endTurnIfDone ends the turn once every drawn token is given or placed.
func (a *applier) endTurnIfDone() {
	if len(a.st.Hand) == 0 {
		a.endTurn()
	}
}

// endTurn clears the turn, resolves the completed countdown events and
// passes the turn on.
func (a *applier) endTurn() {
	st := a.st
	st.Hand = []string{}
	st.Redraws = 0
	st.Taken = false
	st.Placed = 0
	st.GivenTo = []int{}
	a.proceed()
}

// proceed resolves pending events in order until one waits for a choice or
// the game ends, then gives the turn to the next player aboard, clockwise.
func (a *applier) proceed() {
	st := a.st
	for len(st.Pending) > 0 && st.End == nil {
		if a.startEvent(st.Pending[0]) {
			return
		}
		st.Pending = st.Pending[1:]
	}
	if st.End != nil {
		return
	}
	next := st.Order.Next(st.aboard)
	st.Phase = PhaseTurn
	a.public("turn", "It is %s's turn.", a.name(next))
}

// trackLabel names a countdown track.
func trackLabel(i int) string {
	return [3]string{"Countdown to Quarantine", "Countdown to Eject", "Countdown to Kill"}[i]
}

// tokenList writes kinds as "Target and Scan".
func tokenList(kinds []string) string {
	switch len(kinds) {
	case 0:
		return "nothing"
	case 1:
		return kinds[0]
	}
	return strings.Join(kinds[:len(kinds)-1], ", ") + " and " + kinds[len(kinds)-1]
}
