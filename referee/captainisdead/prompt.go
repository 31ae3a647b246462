package captainisdead

import (
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// phaseLabels name the phases for players.
var phaseLabels = map[string]string{
	PhaseChooseRoles: "Choosing roles",
	PhaseTurn:        "Turn",
	PhaseAlert:       "Alert",
	PhaseOver:        "Game over",
}

// alertKindLabels name the kinds of alert draws.
var alertKindLabels = map[string]string{
	AlertSetup:     "setup",
	AlertEndOfTurn: "end-of-turn",
	AlertBonus:     "bonus",
}

// phaseLabel is the phase as players call it: "Setup alert 2 of 5",
// "End-of-turn alert", "Ann's turn".
func (s *State) phaseLabel() string {
	switch {
	case s.Phase == PhaseAlert && s.Alert != nil:
		if s.Alert.Kind == AlertSetup {
			n := s.Data.Counts.SetupAlerts.Value
			return "Setup alert " + strconv.Itoa(n-s.SetupAlertsLeft) + " of " + strconv.Itoa(n)
		}
		k := alertKindLabels[s.Alert.Kind]
		return strings.ToUpper(k[:1]) + k[1:] + " alert"
	case s.Phase == PhaseTurn:
		return s.Players[s.active()].Name + "'s turn"
	}
	return phaseLabels[s.Phase]
}

// prompt builds a Prompt from a catalog code, an English template with
// {name} placeholders and their values.
func prompt(code, tmpl string, params map[string]string) *kit.Prompt {
	text := tmpl
	for k, v := range params {
		text = strings.ReplaceAll(text, "{"+k+"}", v)
	}
	return &kit.Prompt{Code: code, Text: text, Params: params}
}

// prompt says what viewer v should do next, or whom the table waits for.
func (s *State) prompt(v kit.Viewer) *kit.Prompt {
	seat := -1
	if v.Role == kit.RoleSeat && v.Seat >= 0 && v.Seat < len(s.Players) {
		seat = v.Seat
	}
	if s.End != nil {
		if s.End.Won {
			return prompt("prompt_won", "The crew won: {reason}", map[string]string{"reason": s.End.Reason})
		}
		return prompt("prompt_lost", "The crew lost: {reason}", map[string]string{"reason": s.End.Reason})
	}
	if s.Phase == PhaseChooseRoles {
		if seat >= 0 && s.Players[seat].Character == "" {
			return prompt("prompt_choose_role", "Choose your role: the {roles}", map[string]string{"roles": kit.ListOr(s.colourRoles(seat))})
		}
		var waiting []string
		for _, p := range s.Players {
			if p.Character == "" {
				waiting = append(waiting, p.Name)
			}
		}
		return prompt("prompt_wait_roles", "Waiting for {names} to choose a role", map[string]string{"names": kit.ListAnd(waiting)})
	}
	a := s.active()
	name := s.Players[a].Name
	if s.Phase == PhaseAlert && s.Alert != nil {
		p := map[string]string{"colour": s.Alert.Colour, "kind": alertKindLabels[s.Alert.Kind], "name": name}
		if v.Role == kit.RoleHost || seat == a {
			if offerResolveAlert(s, -1) != nil {
				return prompt("prompt_resolve_alert", "Read the {colour} alert aloud ({kind} alert) and choose it: the referee applies it. Not listed? Apply what it prints, then Alert applied", p)
			}
			return prompt("prompt_apply_alert", "Read the {colour} alert aloud ({kind} alert), apply what it prints with the choices below, then tap Alert applied", p)
		}
		if seat >= 0 && s.overHand(seat) > 0 {
			return s.discardPrompt(seat)
		}
		return prompt("prompt_wait_alert", "Waiting for the {colour} {kind} alert to be applied", p)
	}
	if seat >= 0 && s.overHand(seat) > 0 {
		return s.discardPrompt(seat)
	}
	p := map[string]string{"name": name, "actions": strconv.Itoa(s.actionsLeft()), "actions_left": actionsText(s.actionsLeft()) + " left", "character": s.Players[a].Character}
	switch {
	case seat == a && !s.Players[a].Alive && offerRespawn(s, a) != nil:
		return prompt("prompt_dead_respawn", "Your character is dead: spawn your next character in the Infirmary, or end your turn", p)
	case seat == a && !s.Players[a].Alive:
		return prompt("prompt_dead_turn", "Your character is dead: end your turn to draw the alert", p)
	case seat == a && s.actionsLeft() == 0:
		return prompt("prompt_turn_spent", "Your turn: no actions left, end your turn", p)
	case seat == a:
		return prompt("prompt_your_turn", "Your turn: {actions_left}", p)
	case !s.Players[a].Alive:
		return prompt("prompt_turn_dead", "{name}'s turn: their character is dead", p)
	case v.Role == kit.RoleHost:
		return prompt("prompt_host_turn", "{name}'s turn ({actions_left}): record card effects as the table applies them", p)
	}
	return prompt("prompt_their_turn", "{name}'s turn ({character}): {actions_left}", p)
}

// discardPrompt asks a seat over its hand size to discard.
func (s *State) discardPrompt(seat int) *kit.Prompt {
	p := map[string]string{"n": strconv.Itoa(s.overHand(seat)), "held": strconv.Itoa(s.Players[seat].handCount()), "size": strconv.Itoa(s.role(seat).Hand)}
	return prompt("prompt_discard", "Discard {n} card(s): you hold {held}, your hand size is {size}", p)
}

// actionsText counts actions in words: "1 action", "3 actions".
func actionsText(n int) string {
	if n == 1 {
		return "1 action"
	}
	return strconv.Itoa(n) + " actions"
}
