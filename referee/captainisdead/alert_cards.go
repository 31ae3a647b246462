package captainisdead

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// AlertCard is an alert card the game data knows: its name, its deck
// colour and what it does. When the table draws it, the referee applies
// its effects (resolve_alert), then Perform Hostile Alien Actions.
type AlertCard struct {
	Name string `json:"name" vis:"public"`
	// Colour is the deck it is shuffled into; "" when the data does not
	// know it, and the card is then offered with every colour.
	Colour       string `json:"colour" vis:"public"`
	ColourSource string `json:"colour_source,omitempty" vis:"public"`
	// Copies is how many cards of this name the decks hold (0: one).
	Copies  int           `json:"copies,omitempty" vis:"public"`
	Effects []AlertEffect `json:"effects" vis:"public"`
	sourced
}

// AlertEffect is one thing an alert card does.
//
//   - "aliens": Count aliens of Rank appear in Room (the shortage and
//     four-Commander rules apply);
//   - "alarm": Count alarms sound;
//   - "lock": System is relocked (an alarm, when it was unlocked).
type AlertEffect struct {
	Kind   string `json:"kind" vis:"public"`
	Rank   string `json:"rank,omitempty" vis:"public"`
	Room   string `json:"room,omitempty" vis:"public"`
	System string `json:"system,omitempty" vis:"public"`
	Count  int    `json:"count,omitempty" vis:"public"`
}

// The alert effect kinds.
const (
	EffectAliens = "aliens"
	EffectAlarm  = "alarm"
	EffectLock   = "lock"
)

// copies is the number of cards of this name in the decks.
func (c AlertCard) copies() int { return max(1, c.Copies) }

// checkAlertCards checks the alert cards of the data: known colours,
// ranks, rooms and systems, counts of at least one, no name twice.
func (d *Data) checkAlertCards() error {
	seen := map[string]bool{}
	for _, c := range d.AlertCards {
		if c.Name == "" || seen[c.Name] {
			return fmt.Errorf("alert card %q has no name or is listed twice", c.Name)
		}
		seen[c.Name] = true
		if c.Colour != "" && !slices.Contains([]string{"Yellow", "Orange", "Red"}, c.Colour) {
			return fmt.Errorf("alert card %q has colour %q, not Yellow, Orange or Red", c.Name, c.Colour)
		}
		if len(c.Effects) == 0 {
			return fmt.Errorf("alert card %q has no effect", c.Name)
		}
		for _, e := range c.Effects {
			switch e.Kind {
			case EffectAliens:
				if rankIndex(e.Rank) < 0 || d.room(e.Room) < 0 || e.Count < 1 {
					return fmt.Errorf("alert card %q: aliens need a rank, a room of the board and a count of at least 1", c.Name)
				}
			case EffectAlarm:
				if e.Count < 1 {
					return fmt.Errorf("alert card %q: an alarm effect needs a count of at least 1", c.Name)
				}
			case EffectLock:
				if _, ok := d.systemIndex[e.System]; !ok {
					return fmt.Errorf("alert card %q locks unknown system %q", c.Name, e.System)
				}
			default:
				return fmt.Errorf("alert card %q has effect %q, not aliens, alarm or lock", c.Name, e.Kind)
			}
		}
	}
	return nil
}

// effectText says what an effect does, for a choice label and the log:
// "2 Patrol aliens appear in the Bridge Hallway".
func (e AlertEffect) text() string {
	switch e.Kind {
	case EffectAliens:
		if e.Count == 1 {
			a := anAlien(rankIndex(e.Rank))
			return strings.ToLower(a[:1]) + a[1:] + " appears in the " + e.Room
		}
		return strconv.Itoa(e.Count) + " " + e.Rank + " aliens appear in the " + e.Room
	case EffectAlarm:
		if e.Count == 1 {
			return "1 alarm sounds"
		}
		return strconv.Itoa(e.Count) + " alarms sound"
	case EffectLock:
		return e.System + " is relocked"
	}
	return e.Kind
}

// alertCardText is a card with its effects: "Patrol: 2 Patrol aliens
// appear in the Bridge Hallway".
func (c AlertCard) text() string {
	parts := make([]string, len(c.Effects))
	for i, e := range c.Effects {
		parts[i] = e.text()
	}
	return c.Name + ": " + strings.Join(parts, "; ")
}

// alertCardsLeft lists the known alert cards that may be the card being
// resolved: of its colour (or of no known colour), with a copy not yet
// drawn.
func (s *State) alertCardsLeft() []kit.Choice {
	if s.Alert == nil {
		return nil
	}
	var out []kit.Choice
	for _, c := range s.Data.AlertCards {
		if c.Colour != "" && c.Colour != s.Alert.Colour {
			continue
		}
		drawn := 0
		for _, n := range s.AlertCardsDrawn {
			if n == c.Name {
				drawn++
			}
		}
		if drawn < c.copies() {
			out = append(out, kit.Choice{Value: c.Name, Label: c.text()})
		}
	}
	return out
}

type alertCardArgs struct {
	Card string `json:"card"`
}

func offerResolveAlert(s *State, _ int) *kit.MoveSpec {
	if s.Phase != PhaseAlert {
		return nil
	}
	cards := s.alertCardsLeft()
	if len(cards) == 0 {
		return nil
	}
	return with(specResolveAlert, choiceArg("card", "Alert card drawn", cards))
}

// applyResolveAlert applies a known alert card's effects, then Perform
// Hostile Alien Actions runs and play goes on, as after Alert applied.
// Codes: "no_alert", "unknown_alert_card", "alert_card_colour",
// "alert_card_drawn".
func applyResolveAlert(t *turn, _ int, a alertCardArgs) error {
	s := t.S
	if s.Phase != PhaseAlert || s.Alert == nil {
		return kit.Errorf("no_alert", ruleHowAliens, "No alert is being resolved.")
	}
	i := slices.IndexFunc(s.Data.AlertCards, func(c AlertCard) bool { return c.Name == a.Card })
	if i < 0 {
		return kit.Errorf("unknown_alert_card", ruleStarting, "The game data has no alert card %q; apply what the card prints with the card-effect moves, then tap Alert applied.", a.Card)
	}
	c := s.Data.AlertCards[i]
	if c.Colour != "" && c.Colour != s.Alert.Colour {
		return kit.Errorf("alert_card_colour", ruleSetup, "%s is a %s alert; the card drawn is %s.", c.Name, c.Colour, s.Alert.Colour)
	}
	if !slices.ContainsFunc(s.alertCardsLeft(), func(ch kit.Choice) bool { return ch.Value == c.Name }) {
		return kit.Errorf("alert_card_drawn", ruleStarting, "Every copy of %s has been drawn already.", c.Name)
	}
	s.AlertCardsDrawn = append(s.AlertCardsDrawn, c.Name)
	t.Public("alert_card", "The alert is %s.", c.text())
	for _, e := range c.Effects {
		switch e.Kind {
		case EffectAliens:
			for range e.Count {
				s.addAlien(rankIndex(e.Rank), s.Data.room(e.Room), t)
			}
		case EffectAlarm:
			for range e.Count {
				s.alarm(c.Name, t)
			}
		case EffectLock:
			sy := s.Data.systemIndex[e.System]
			if !s.Systems[sy].Locked {
				s.Systems[sy].Locked = true
				t.Public("system_relocked", "%s is relocked.", e.System)
				s.alarm(e.System+" relocked", t)
			}
		}
	}
	if s.End != nil {
		return nil
	}
	s.hostileAlienActions(t)
	s.nextAlert(t)
	return nil
}

// EffectSources are the cards and abilities a card-effect move may name as
// its source (the kinds of component of the book's list, and a correction
// of the table's own mistake).
var EffectSources = []string{"alert card", "skill card", "tool", "Battle Plan", "system upgrade", "veteran ability", "role ability", "contraband", "correction"}

// alertCardChoices lists every alert card of the data, for the catalog.
func alertCardChoices(d *Data) []kit.Choice {
	out := make([]kit.Choice, len(d.AlertCards))
	for i, c := range d.AlertCards {
		out[i] = kit.Choice{Value: c.Name, Label: c.text()}
	}
	return out
}
