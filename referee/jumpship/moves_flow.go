package jumpship

import (
	"strings"

	"tablewarden/referee/kit"
)

// This file holds what every move may set going: tokens drawn from and
// returned to the bag, Countdown tokens placed, the end of a turn with the
// countdown events it resolves, and the end of the game.

// engineRepaired ends the game when the 9th Repair space is filled.
func engineRepaired(t *kit.Turn[State]) {
	for _, s := range t.S.Seats {
		if s.BioID == Queen && s.Status == Aboard {
			end(t, SideAliens, ruleShipRepair, "outcome_engines_queen_aboard", nil)
			return
		}
	}
	end(t, SideHumans, ruleShipRepair, "outcome_engines_queen_gone", nil)
}

// outcomeReasons are the English templates of the outcome reasons, by
// message-catalog key.
var outcomeReasons = map[string]string{
	"outcome_engines_queen_aboard": "The engines are repaired with the Alien Queen aboard: the Aliens win.",
	"outcome_engines_queen_gone":   "The engines are repaired and the Alien Queen is not aboard: the Humans win.",
	"outcome_queen_ejected":        "{queen}, the Alien Queen, was ejected: the Humans win.",
	"outcome_queen_killed":         "{queen}, the Alien Queen, was killed: the Humans win.",
	"outcome_killed_not_queen":     "{killed} was killed but the Alien Queen is still aboard: the Aliens win.",
	"outcome_nobody_killed":        "Nobody was killed and the Alien Queen is still aboard: the Aliens win.",
}

// fill writes a template's {placeholders} from params.
func fill(tmpl string, params map[string]string) string {
	for k, v := range params {
		tmpl = strings.ReplaceAll(tmpl, "{"+k+"}", v)
	}
	return tmpl
}

// end ends the game for a reason of outcomeReasons; every Bio ID is
// revealed by the outcome.
func end(t *kit.Turn[State], side, rule, code string, params map[string]string) {
	st := t.S
	reason := fill(outcomeReasons[code], params)
	st.End = &End{Side: side, Reason: reason, Rule: rule, Code: code, Params: params}
	st.Phase = PhaseOver
	st.Choice = nil
	t.Reveal()
	t.Public("game_over", "%s Every Bio ID is revealed.", reason)
}

// returnToBag puts tokens of a kind back into the bag.
func returnToBag(t *kit.Turn[State], kind string, n int) {
	if n <= 0 {
		return
	}
	toks := make([]kit.Token, n)
	for i := range toks {
		toks[i] = kit.Token{Kind: kind}
	}
	t.S.Bag.Put(t.RNG, toks...)
}

// drawTokens takes up to n tokens at random from the bag and returns
// their kinds; placeDrawn then puts them where they go.
func drawTokens(t *kit.Turn[State], n int) []string {
	var drawn []string
	for i := 0; i < n; i++ {
		tok, ok := t.S.Bag.Draw(t.RNG)
		if !ok {
			t.Public("bag_empty", "The bag is empty.")
			break
		}
		drawn = append(drawn, tok.Kind)
	}
	return drawn
}

// placeDrawn puts drawn Countdown tokens on the board at once and the
// others in the hand, to be given.
func placeDrawn(t *kit.Turn[State], drawn []string) {
	spare := 0
	for _, k := range drawn {
		if k != Countdown {
			t.S.Hand = append(t.S.Hand, k)
		} else if !placeCountdown(t) {
			spare++
		}
	}
	returnToBag(t, Countdown, spare)
}

// placeCountdown puts a Countdown token on the open countdown track; a
// token that fills the track's last slot makes its event pending. It
// returns false when every track is full (the token goes back to the bag).
func placeCountdown(t *kit.Turn[State]) bool {
	st := t.S
	i := st.openTrack()
	if i < 0 {
		t.Public("countdown_spare", "Every countdown track is full: the Countdown token goes back to the bag.")
		return false
	}
	st.Countdown[i].Count++
	t.Public("countdown_placed", "A Countdown token goes on the %s track (%d/%d).", trackLabel(i), st.Countdown[i].Count, st.TrackLengths[i])
	if st.Countdown[i].Count == st.TrackLengths[i] {
		st.Pending = append(st.Pending, trackEvents[i])
		t.Public("countdown_complete", "The %s track is complete: its event resolves when this turn ends.", trackLabel(i))
	}
	return true
}

// endTurnIfDone ends the turn once every drawn token is given or placed.
func endTurnIfDone(t *kit.Turn[State]) {
	if len(t.S.Hand) == 0 {
		endTurn(t)
	}
}

// endTurn clears the turn, resolves the completed countdown events and
// passes the turn on.
func endTurn(t *kit.Turn[State]) {
	st := t.S
	st.Hand = []string{}
	st.Redraws = 0
	st.Taken = false
	st.Placed = 0
	st.GivenTo = []int{}
	proceed(t)
}

// proceed resolves pending events in order until one waits for a choice or
// the game ends, then gives the turn to the next player aboard, clockwise.
func proceed(t *kit.Turn[State]) {
	st := t.S
	for len(st.Pending) > 0 && st.End == nil {
		if startEvent(t, st.Pending[0]) {
			return
		}
		st.Pending = st.Pending[1:]
	}
	if st.End != nil {
		return
	}
	next := st.Order.Next(st.aboard)
	st.Phase = PhaseTurn
	t.Public("turn", "It is %s's turn.", st.name(next))
}

// trackLabel names a countdown track.
func trackLabel(i int) string {
	return [3]string{"Countdown to Quarantine", "Countdown to Eject", "Countdown to Kill"}[i]
}

// tokenList writes kinds as "Target and Scan".
func tokenList(kinds []string) string {
	if len(kinds) == 0 {
		return "nothing"
	}
	return kit.ListAnd(kinds)
}
