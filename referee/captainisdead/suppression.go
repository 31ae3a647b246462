package captainisdead

import (
	"slices"

	"tablewarden/referee/kit"
)

// SuppressorTool is the tool the book names among the alarm suppressors
// ("Alarms can be suppressed via the Alarm Suppressor tool, …").
const SuppressorTool = "Alarm Suppressor"

// suppressionHeld says whether a suppression source can be armed now: a
// source whose holder the referee tracks must be held by a living
// character (Alarms; a tool is a card in a hand, and the tools start in
// the Cargo Pod, Setup). The Alarm Suppressor tool must be in a living
// character's hand. A character or veteran ability is always held while
// the game runs (every living character has its role's ability, and the
// game is lost when none is alive). Ship upgrades and Battle Plans are not
// tracked: the table says when one suppresses. Codes:
// "suppressor_not_held".
func (s *State) suppressionHeld(src string) *kit.RuleError {
	if src != SuppressionSources[0] {
		return nil
	}
	for _, p := range s.Players {
		if p.Alive && slices.Contains(p.Tools, SuppressorTool) {
			return nil
		}
	}
	where := "no living character has it in hand"
	switch {
	case slices.Contains(s.CargoPodTools, SuppressorTool):
		where = "it is still in the Cargo Pod"
	case slices.Contains(s.ToolsGone, SuppressorTool):
		where = "it left the game with a dead character"
	}
	return kit.Errorf("suppressor_not_held", ruleAlarms, "Nobody holds the Alarm Suppressor tool: %s. A tool suppresses an alarm only from a living character's hand.", where)
}

// heldSuppressions lists the suppression sources that can be armed now.
func (s *State) heldSuppressions() []string {
	var out []string
	for _, src := range SuppressionSources {
		if s.suppressionHeld(src) == nil {
			out = append(out, src)
		}
	}
	return out
}
