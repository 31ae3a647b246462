package nostromo

import (
	"slices"
	"strconv"
	"strings"
	"tablewarden/referee/kit"
)

// What each screen is told to do next, and what the game waits for.

// waitingText says in words what the game waits for now.
func (s *State) waitingText() string {
	if t := s.top(); t != nil {
		switch t.Kind {
		case taskWindow:
			return "the crew: play a mission order or pass (" + t.Reason + ")"
		case taskEffect:
			return s.name(t.Seat) + " to finish applying the " + sourceLabel(t.Source) + " effect"
		case taskBehaviour:
			return "the Alien player to play 1 drawn Behaviour card"
		case taskCapture:
			switch t.Sub {
			case capGive:
				return s.name(t.Seat) + " to give the Alien a crew member card"
			case capHand:
				return s.name(t.Seat) + " to discard a Mission card of their choice"
			}
			return s.name(t.Seat) + " to drop an Item token"
		case taskDetector:
			return "the owners of the Presence tokens to move them (Motion detector)"
		case taskActivate:
			return s.name(t.Seat) + " to activate an emergency procedure"
		case taskInfirmary:
			return s.name(t.Seat) + " to take a card from the discard pile"
		case taskLiberate:
			return s.name(t.Seat) + " to liberate a crew member"
		case taskPassSet:
			return "the Crew players holding 2 Reminder sets to pass one"
		}
	}
	switch s.Phase {
	case PhaseSetup:
		if s.Stage == stDesignate {
			return "the host to record the Alien player"
		}
		return "the Alien player to choose who takes an extra Reminder set"
	case PhaseHiding:
		if p := s.hidingPlacer(); p >= 0 {
			return s.name(p) + " to place tokens"
		}
	case PhasePosture:
		return "the Alien player to choose a posture"
	case PhaseHunting:
		return "the Alien player to move the Alien token"
	case PhaseAction:
		if s.Stage == stActing {
			return "the owners of the Presence tokens in " + s.Data.RoomName(s.Resolving) + " to take their actions"
		}
		return "the crew to choose the next room to resolve"
	case PhaseOver:
		return "nobody: the game is over"
	}
	return "the referee"
}

func sourceLabel(src string) string {
	switch src {
	case srcMissionOrder:
		return "mission order"
	case srcWeyland:
		return "Weyland protocol"
	case srcBehaviour:
		return "Behaviour card"
	}
	return "crew member power"
}

func notNow(s *State, rule string) *kit.RuleError {
	return kit.Errorf("wrong_phase", rule, "That move is not possible now: the game waits for %s.", s.waitingText())
}

// standsAt reports whether the game stands at phase and stage with no task
// pending: when the moves of that step may be made.
func (s *State) standsAt(phase, stage string) bool {
	return s.Phase == phase && s.Stage == stage && len(s.Tasks) == 0
}

// alienAt refuses a move unless the game stands at phase and stage
// ("wrong_phase") and seat is the Alien player's ("not_alien", saying "Only
// the Alien player " and does).
func (s *State) alienAt(seat int, phase, stage, rule, does string) error {
	if !s.standsAt(phase, stage) {
		return notNow(s, rule)
	}
	if seat != s.Alien {
		return kit.Errorf("not_alien", rule, "Only the Alien player %s.", does)
	}
	return nil
}

// ask is what the game waits for now: the seats it waits for, the
// sentence those seats read (you) and the one everybody else reads (wait),
// both message templates with {placeholders} filled from params.
type ask struct {
	code   string
	seats  []int
	you    string
	wait   string
	params map[string]string
}

// ask describes what the game waits for now.
func (s *State) ask() ask {
	seats := s.awaited()
	q := ask{seats: seats, params: map[string]string{"names": s.nameList(seats)}}
	set := func(code, you, wait string, kv ...string) ask {
		q.code, q.you, q.wait = code, you, wait
		for i := 0; i+1 < len(kv); i += 2 {
			q.params[kv[i]] = kv[i+1]
		}
		return q
	}
	if t := s.top(); t != nil {
		switch t.Kind {
		case taskWindow:
			return set("window", "Mission orders? Play one or pass ({reason}).",
				"Waiting for {names}: mission orders or pass ({reason}).", "reason", t.Reason)
		case taskEffect:
			return set("effect", "Apply the {what} with the effect moves, then tap Effect applied.",
				"Waiting for {names} to apply the {what}.", "what", s.effectWhat(t))
		case taskBehaviour:
			return set("behaviour", "Your turn: play 1 of the Behaviour cards you drew.",
				"Waiting for {names} to play a Behaviour card.")
		case taskCapture:
			room := s.Data.RoomName(t.Room)
			switch t.Sub {
			case capGive:
				return set("capture_give", "The Alien caught your {color} Presence token in {room}: give the Alien player a crew member card.",
					"Waiting for {names} to give the Alien player a crew member card.", "color", t.Color, "room", room)
			case capHand:
				return set("capture_discard", "Capture: discard a Mission card of your choice.",
					"Waiting for {names} to discard a Mission card (capture).")
			}
			return set("capture_drop", "Capture: drop one of your Items in {room}.",
				"Waiting for {names} to drop an Item in {room}.", "room", room)
		case taskDetector:
			return set("detector", "Move your Presence token(s) from {room} to a connected room (Motion detector).",
				"Waiting for {names} to move their Presence tokens (Motion detector).", "room", s.Data.RoomName(t.Room))
		case taskActivate:
			return set("activate", "Activate an emergency procedure from your hand.",
				"Waiting for {names} to activate an emergency procedure.")
		case taskInfirmary:
			return set("infirmary", "Take a Mission card of your choice from the discard pile.",
				"Waiting for {names} to take a card from the discard pile.")
		case taskLiberate:
			return set("liberate", "Liberate a crew member: choose a captured Presence token and crew member card.",
				"Waiting for {names} to liberate a crew member.")
		case taskPassSet:
			return set("pass_set", "End of turn: pass one of your Reminder sets to {takers}.",
				"Waiting for {names} to pass a Reminder set.", "takers", s.nameList(t.Takers))
		}
	}
	switch s.Phase {
	case PhaseSetup:
		if s.Stage == stDesignate {
			return set("designate", "", "Waiting for the host to record the Alien player.")
		}
		return set("extra_set", "Your turn: choose a Crew player to take an extra Reminder set ({left} to give).",
			"Waiting for {names} to choose who takes an extra Reminder set.", "left", strconv.Itoa(s.ExtraSets))
	case PhaseHiding:
		p := s.hidingPlacer()
		what := "Crew tokens"
		if p == s.Alien {
			what = "Blip tokens"
		}
		you := "Your turn: place your {what} face down, at least 1, then tap Done placing."
		if s.mustPlaceAll() {
			you = "Your turn: place all your remaining {what} face down."
		}
		return set("hiding", you, "Waiting for {names} to place {what} face down.", "what", what)
	case PhasePosture:
		return set("posture", "Your turn: choose the Alien's posture.", "Waiting for {names} to choose the Alien's posture.")
	case PhaseHunting:
		return set("hunt", "Your turn: move the Alien to another room ({left} hunting action(s) left).",
			"Waiting for {names} to move the Alien.", "left", strconv.Itoa(s.HuntLeft))
	case PhaseAction:
		if s.Stage == stActing {
			return set("acting", "Choose an action (A–D) for each of your Presence tokens in {room}.",
				"Waiting for {names} to take their actions in {room}.", "room", s.Data.RoomName(s.Resolving))
		}
		return set("choose_room", "Choose the next room to resolve.", "Waiting for {names} to choose the next room to resolve.")
	}
	return set("referee", "The referee is working: wait a moment.", "The referee is working: wait a moment.")
}

// promptFor is the sentence viewer v reads at the top of the screen.
func (s *State) promptFor(v kit.Viewer) *kit.Prompt {
	if s.Phase == PhaseOver {
		return fill("prompt.over", "Game over: the {side} wins. {reason}", map[string]string{"side": s.Winner, "reason": s.Reason})
	}
	q := s.ask()
	seat := -1
	if v.Role == kit.RoleSeat {
		seat = v.Seat
	}
	switch {
	case q.code == "designate" && v.Role == kit.RoleHost:
		return fill("prompt.designate", "The player whose date of birth is closest to 26 April 1979 chooses the Alien player (maybe himself): record that player.", nil)
	case q.code == "window" && seat >= 0 && seat == s.Alien:
		return fill("prompt.window_ask", "Ask the crew whether they play mission orders ({reason}): waiting for {names}.", q.params)
	case q.code == "window" && s.isCrew(seat) && s.skipsWindow(seat):
		return fill("prompt.window_no_orders", "You said you have no mission orders this turn: waiting for {names} ({reason}).", q.params)
	case seat >= 0 && slices.Contains(q.seats, seat) && q.you != "":
		return fill("prompt."+q.code, q.you, q.params)
	}
	return fill("prompt.wait_"+q.code, q.wait, q.params)
}

// fill builds a prompt from a message template and its parameters.
func fill(code, template string, params map[string]string) *kit.Prompt {
	text := template
	for k, v := range params {
		text = strings.ReplaceAll(text, "{"+k+"}", v)
	}
	return &kit.Prompt{Code: code, Text: text, Params: params}
}

// nameList names seats in words: "Ann", "Ann and Bob", "Ann, Bob and Cat";
// "the crew" for an empty list.
func (s *State) nameList(seats []int) string {
	if len(seats) == 0 {
		return "the crew"
	}
	ns := make([]string, len(seats))
	for i, x := range seats {
		ns[i] = s.name(x)
	}
	return kit.ListAnd(ns)
}

// effectWhat names an open card effect: "mission order of Mission card 17
// (Emergency procedure A)".
func (s *State) effectWhat(t *Task) string {
	what := sourceLabel(t.Source)
	switch t.Source {
	case srcBehaviour:
		return what + " " + BehaviourName(t.Card)
	case srcCrewPower:
		return what + " of " + s.CrewCards[t.Card].Name
	case srcWeyland:
		return what + " of Mission card " + strconv.Itoa(t.Card)
	}
	return what + " of " + s.Data.CardName(t.Card)
}

// phaseLabel names the phase as players call it.
func (s *State) phaseLabel() string {
	if s.AttackRoom != 0 {
		return "Alien attack in " + s.Data.RoomName(s.AttackRoom)
	}
	switch s.Phase {
	case PhaseSetup:
		return "Set-up"
	case PhaseHiding:
		return "Hiding phase"
	case PhasePosture:
		return "Posture phase"
	case PhaseAppearance:
		return "Appearance phase"
	case PhaseHunting:
		return "Hunting phase"
	case PhaseAction:
		return "Action phase"
	case PhaseEndOfTurn:
		return "End of turn"
	}
	return "Game over"
}
