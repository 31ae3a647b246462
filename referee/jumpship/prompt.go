package jumpship

import (
	"strings"

	"tablewarden/referee/kit"
)

// promptTexts are the English templates of the prompts, by message-catalog
// key; {player} is a player's name.
var promptTexts = map[string]string{
	"prompt_over":               "The game is over: {reason}",
	"prompt_draw":               "Your turn: draw two tokens from the bag",
	"prompt_draw_or":            "Your turn: draw two tokens from the bag, or instead {instead}",
	"prompt_wait_draw":          "Waiting for {player} to draw two tokens",
	"prompt_board_draw":         "{player}'s turn: drawing tokens",
	"prompt_give":               "Your turn: give your {tokens} to other players, one token each",
	"prompt_give_one":           "Your turn: give your {tokens} to another player",
	"prompt_place_repair":       "Your turn: place your Repair token on the Ship Repair board",
	"prompt_give_and_repair":    "Your turn: give your {tokens} and place your Repair token",
	"prompt_wait_give":          "Waiting for {player} to give the drawn tokens",
	"prompt_board_give":         "{player}'s turn: giving tokens",
	"prompt_captain_quarantine": "You are the Captain: choose which of {tied} picks who goes into Quarantine",
	"prompt_captain_eject":      "You are the Captain: choose which of {tied} is ejected",
	"prompt_wait_captain":       "Waiting for {player}, the Captain, to break the tie",
	"prompt_quarantine":         "Choose a player to place in Quarantine",
	"prompt_wait_quarantine":    "Waiting for {player} to choose who goes into Quarantine",
	"prompt_kill":               "Choose a player to kill, or nobody",
	"prompt_wait_kill":          "Waiting for {player} to choose whom to kill",
}

// instead names, for the prompt, the moves a seat may make instead of
// drawing.
var instead = map[string]string{
	MoveScan:     "scan a player's Bio ID",
	MoveChef:     "remove a Countdown token (Chef)",
	MoveDoctor:   "move a Medical token (Doctor)",
	MoveEngineer: "remove a Repair token (Engineer)",
	MoveSecurity: "take a Target token from the bag (Security)",
}

// newPrompt fills a prompt template.
func newPrompt(code string, params map[string]string) *kit.Prompt {
	return &kit.Prompt{Code: code, Text: fill(promptTexts[code], params), Params: params}
}

// prompt tells one viewer what to do next, or whom the table waits for.
// Jumpship has nothing for the host to record: the host's screen, like the
// board, says whom the table waits for.
func (st *State) prompt(v kit.Viewer) *kit.Prompt {
	if st.End != nil {
		return newPrompt("prompt_over", map[string]string{"reason": st.End.Reason})
	}
	seat := -1
	if v.Role == kit.RoleSeat {
		seat = v.Seat
	}
	if c := st.Choice; c != nil {
		return st.choicePrompt(seat, c)
	}
	cur := st.Order.Seat()
	who := map[string]string{"player": st.name(cur)}
	if st.Phase == PhaseGive {
		switch {
		case seat == cur:
			return st.givePrompt()
		case v.Role == kit.RoleBoard:
			return newPrompt("prompt_board_give", who)
		}
		return newPrompt("prompt_wait_give", who)
	}
	switch {
	case seat == cur:
		var alt []string
		for _, m := range moves.Offers(st, seat) {
			if s, ok := instead[m.Type]; ok {
				alt = append(alt, s)
			}
		}
		if len(alt) == 0 {
			return newPrompt("prompt_draw", nil)
		}
		return newPrompt("prompt_draw_or", map[string]string{"instead": strings.Join(alt, " or ")})
	case v.Role == kit.RoleBoard:
		return newPrompt("prompt_board_draw", who)
	}
	return newPrompt("prompt_wait_draw", who)
}

// givePrompt tells the seat whose turn it is what to do with its hand.
func (st *State) givePrompt() *kit.Prompt {
	var give []string
	for _, k := range st.Hand {
		if k != Repair {
			give = append(give, k)
		}
	}
	tokens := tokenList(give) + " token"
	if len(give) > 1 {
		tokens += "s"
	}
	switch {
	case len(give) == 0:
		return newPrompt("prompt_place_repair", nil)
	case len(give) < len(st.Hand):
		return newPrompt("prompt_give_and_repair", map[string]string{"tokens": tokens})
	}
	if len(give) == 1 {
		return newPrompt("prompt_give_one", map[string]string{"tokens": tokens})
	}
	return newPrompt("prompt_give", map[string]string{"tokens": tokens})
}

// choicePrompt asks the chooser of an event for the choice, and tells the
// others whom the table waits for.
func (st *State) choicePrompt(seat int, c *Choice) *kit.Prompt {
	who := map[string]string{"player": st.name(c.Chooser)}
	mine := seat == c.Chooser
	switch st.Phase {
	case PhaseCaptainTiebreak:
		if !mine {
			return newPrompt("prompt_wait_captain", who)
		}
		tied := map[string]string{"tied": strings.Join(st.nameList(c.Tied), ", ")}
		if c.Event == EventQuarantine {
			return newPrompt("prompt_captain_quarantine", tied)
		}
		return newPrompt("prompt_captain_eject", tied)
	case PhaseQuarantine:
		if !mine {
			return newPrompt("prompt_wait_quarantine", who)
		}
		return newPrompt("prompt_quarantine", nil)
	}
	if !mine {
		return newPrompt("prompt_wait_kill", who)
	}
	return newPrompt("prompt_kill", nil)
}

// nameList lists seats' names.
func (st *State) nameList(seats []int) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = st.name(s)
	}
	return out
}
