package captainisdead

import (
	"slices"
	"strings"

	"tablewarden/referee/kit"
)

// The item names of gain_item and discard; a tool is "Tool: <name>".
const (
	ItemSkill         = "Skill card"
	ItemCargoPodSkill = "Skill card from the Cargo Pod"
	ItemGrenade       = "Grenade"
	ItemScentBomb     = "Scent bomb"
	toolPrefix        = "Tool: "
)

// gainChoices lists what can be gained now.
func (s *State) gainChoices() []string {
	var out []string
	if s.SkillPile > 0 {
		out = append(out, ItemSkill)
	}
	if s.CargoPodSkills > 0 {
		out = append(out, ItemCargoPodSkill)
	}
	if s.GrenadeLocker > 0 {
		out = append(out, ItemGrenade)
	}
	if s.ScentBombs > 0 {
		out = append(out, ItemScentBomb)
	}
	seen := map[string]bool{}
	for _, t := range s.CargoPodTools {
		if !seen[t] {
			seen[t] = true
			out = append(out, toolPrefix+t)
		}
	}
	return out
}

// discardChoices lists what a seat holds.
func (s *State) discardChoices(seat int) []string {
	p := s.Players[seat]
	var out []string
	if p.Skills > 0 {
		out = append(out, ItemSkill)
	}
	if p.Grenades > 0 {
		out = append(out, ItemGrenade)
	}
	if p.ScentBombs > 0 {
		out = append(out, ItemScentBomb)
	}
	seen := map[string]bool{}
	for _, t := range p.Tools {
		if !seen[t] {
			seen[t] = true
			out = append(out, toolPrefix+t)
		}
	}
	return out
}

type gainArgs struct {
	Seat int    `json:"seat"`
	Item string `json:"item"`
}

// applyGainItem gives a living character a card: a skill from the skill
// pile or the Cargo Pod, a grenade from the Grenade Locker, a scent bomb,
// or a tool from the Cargo Pod. A hand over its size is flagged and a
// discard asked for; the book gives no penalty. Codes: those of
// requireTable and seatArg, "none_left".
func applyGainItem(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a gainArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	if err := s.seatArg(a.Seat); err != nil {
		return err
	}
	if !slices.Contains(s.gainChoices(), a.Item) {
		return kit.Errorf("none_left", ruleGrenades, "There is no %q to take.", a.Item)
	}
	p := &s.Players[a.Seat]
	switch a.Item {
	case ItemSkill:
		s.SkillPile--
		p.Skills++
	case ItemCargoPodSkill:
		s.CargoPodSkills--
		p.Skills++
	case ItemGrenade:
		s.GrenadeLocker--
		p.Grenades++
	case ItemScentBomb:
		s.ScentBombs--
		p.ScentBombs++
	default:
		t := strings.TrimPrefix(a.Item, toolPrefix)
		i := slices.Index(s.CargoPodTools, t)
		s.CargoPodTools = slices.Delete(s.CargoPodTools, i, i+1)
		p.Tools = append(p.Tools, t)
	}
	ev.public("item_gained", "%s takes: %s.", s.who(a.Seat), a.Item)
	s.handCheck(a.Seat, ev)
	return nil
}

// handCheck flags a hand over its size (tools, grenades and scent bombs
// count; contraband does not).
func (s *State) handCheck(seat int, ev *events) {
	if over := s.overHand(seat); over > 0 {
		ev.public("hand_over", "%s holds %d cards, %d over the hand size of %d: discard %d.", s.who(seat), s.Players[seat].handCount(), over, s.role(seat).Hand, over)
	}
}

type itemArgs struct {
	Item string `json:"item"`
}

// applyDiscard discards a card from the player's own hand: a skill to the
// Discarded Skills pile, a tool to the Cargo Pod, a grenade back to the
// Grenade Locker, a scent bomb back to the supply. Codes: those of
// requireHolder, "not_held".
func applyDiscard(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a itemArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireHolder(who); err != nil {
		return err
	}
	if !slices.Contains(s.discardChoices(who.Seat), a.Item) {
		return kit.Errorf("not_held", ruleGrenades, "You do not hold %q.", a.Item)
	}
	p := &s.Players[who.Seat]
	switch a.Item {
	case ItemSkill:
		p.Skills--
		s.SkillPile++
	case ItemGrenade:
		p.Grenades--
		s.GrenadeLocker++
	case ItemScentBomb:
		p.ScentBombs--
		s.ScentBombs++
	default:
		t := strings.TrimPrefix(a.Item, toolPrefix)
		i := slices.Index(p.Tools, t)
		p.Tools = slices.Delete(p.Tools, i, i+1)
		s.CargoPodTools = append(s.CargoPodTools, t)
	}
	ev.public("discarded", "%s discards: %s.", s.who(who.Seat), a.Item)
	return nil
}

type noteArgs struct {
	Name string `json:"name"`
}

// applyContraband notes, uses or loses (by revealing) the player's
// contraband. Only the holder's phone hears of it: every event is
// private. Codes: those of requireHolder, "no_contraband".
func applyContraband(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a noteArgs
	if m.Type == MoveNoteContraband {
		if err := kit.DecodeArgs(m, &a); err != nil {
			return err
		}
	} else if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := s.requireHolder(who); err != nil {
		return err
	}
	p := &s.Players[who.Seat]
	if !p.Contraband.Held {
		return kit.Errorf("no_contraband", ruleContraband, "You hold no contraband.")
	}
	switch m.Type {
	case MoveNoteContraband:
		p.Contraband.Name = a.Name
		ev.private(who.Seat, "contraband_noted", "Your contraband is noted as %q.", a.Name)
	case MoveUseContraband:
		s.loseContraband(who.Seat)
		ev.private(who.Seat, "contraband_used", "You used your contraband: it leaves the game. Apply its effect.")
	default:
		s.loseContraband(who.Seat)
		ev.private(who.Seat, "contraband_revealed", "You talked about or revealed your contraband: it leaves the game.")
	}
	return nil
}
