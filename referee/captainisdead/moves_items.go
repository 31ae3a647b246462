package captainisdead

import (
	"fmt"
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

// itemCount is how many of an item there are somewhere.
type itemCount struct {
	item string
	n    int
}

// itemsOf lists the items of counts that are there (n > 0), in order, then
// each tool of tools once, as the item "Tool: <name>".
func itemsOf(counts []itemCount, tools []string) []string {
	var out []string
	for _, c := range counts {
		if c.n > 0 {
			out = append(out, c.item)
		}
	}
	seen := map[string]bool{}
	for _, t := range tools {
		if !seen[t] {
			seen[t] = true
			out = append(out, toolPrefix+t)
		}
	}
	return out
}

// gainChoices lists what can be gained now.
func (s *State) gainChoices() []string {
	return itemsOf([]itemCount{
		{ItemSkill, s.SkillPile}, {ItemCargoPodSkill, s.CargoPodSkills},
		{ItemGrenade, s.GrenadeLocker}, {ItemScentBomb, s.ScentBombs},
	}, s.CargoPodTools)
}

// discardChoices lists what a seat holds.
func (s *State) discardChoices(seat int) []string {
	p := s.Players[seat]
	return itemsOf([]itemCount{{ItemSkill, p.Skills}, {ItemGrenade, p.Grenades}, {ItemScentBomb, p.ScentBombs}}, p.Tools)
}

// counters returns the counter of the supply an item comes from or goes
// back to and the counter of it in p's hand, or nils for a tool.
func (s *State) counters(p *Player, item string) (supply, hand *int) {
	switch item {
	case ItemSkill:
		return &s.SkillPile, &p.Skills
	case ItemCargoPodSkill:
		return &s.CargoPodSkills, &p.Skills
	case ItemGrenade:
		return &s.GrenadeLocker, &p.Grenades
	case ItemScentBomb:
		return &s.ScentBombs, &p.ScentBombs
	}
	return nil, nil
}

// moveTool moves the tool item ("Tool: <name>") from one list of tools to
// the other.
func moveTool(item string, from, to *[]string) {
	name := strings.TrimPrefix(item, toolPrefix)
	i := slices.Index(*from, name)
	*from = slices.Delete(*from, i, i+1)
	*to = append(*to, name)
}

type gainArgs struct {
	Seat int    `json:"seat"`
	Item string `json:"item"`
}

func offerGainItem(s *State, seat int) *kit.MoveSpec {
	items := s.gainChoices()
	living := s.livingChoices(func(int) bool { return true })
	if len(items) == 0 || len(living) == 0 {
		return nil
	}
	return with(specGainItem, seatChoiceArg(living), enumArg("item", "Card", items))
}

// applyGainItem gives a living character a card: a skill from the skill
// pile or the Cargo Pod, a grenade from the Grenade Locker, a scent bomb,
// or a tool from the Cargo Pod. A hand over its size is flagged and a
// discard asked for; the book gives no penalty. Codes: those of seatArg,
// "none_left".
func applyGainItem(t *turn, _ int, a gainArgs) error {
	s := t.S
	if err := s.seatArg(a.Seat); err != nil {
		return err
	}
	if !slices.Contains(s.gainChoices(), a.Item) {
		return kit.Errorf("none_left", ruleGrenades, "There is no %q to take.", a.Item)
	}
	p := &s.Players[a.Seat]
	if supply, hand := s.counters(p, a.Item); supply != nil {
		*supply--
		*hand++
	} else {
		moveTool(a.Item, &s.CargoPodTools, &p.Tools)
	}
	t.Public("item_gained", "%s takes: %s.", s.who(a.Seat), a.Item)
	s.handCheck(a.Seat, t)
	return nil
}

// handCheck flags a hand over its size (tools, grenades and scent bombs
// count; contraband does not).
func (s *State) handCheck(seat int, t *turn) {
	if over := s.overHand(seat); over > 0 {
		t.Public("hand_over", "%s holds %d cards, %d over the hand size of %d: discard %d.", s.who(seat), s.Players[seat].handCount(), over, s.role(seat).Hand, over)
	}
}

type itemArgs struct {
	Item string `json:"item"`
}

func offerDiscard(s *State, seat int) *kit.MoveSpec {
	if s.Phase == PhaseChooseRoles || !s.Players[seat].Alive {
		return nil
	}
	items := s.discardChoices(seat)
	if len(items) == 0 {
		return nil
	}
	sp := with(specDiscard, enumArg("item", "Card", items))
	sp.Primary = s.overHand(seat) > 0 // the hand is over its size: discard first
	return sp
}

// applyDiscard discards a card from the player's own hand: a skill to the
// Discarded Skills pile, a tool to the Cargo Pod, a grenade back to the
// Grenade Locker, a scent bomb back to the supply. Codes: those of
// requireHolder, "not_held".
func applyDiscard(t *turn, seat int, a itemArgs) error {
	s := t.S
	if err := s.requireHolder(seat); err != nil {
		return err
	}
	if !slices.Contains(s.discardChoices(seat), a.Item) {
		return kit.Errorf("not_held", ruleGrenades, "You do not hold %q.", a.Item)
	}
	p := &s.Players[seat]
	if supply, hand := s.counters(p, a.Item); supply != nil {
		*hand--
		*supply++
	} else {
		moveTool(a.Item, &p.Tools, &s.CargoPodTools)
	}
	t.Public("discarded", "%s discards: %s.", s.who(seat), a.Item)
	return nil
}

type noteArgs struct {
	Name string `json:"name"`
}

// offerContraband offers a contraband move to its holder.
func offerContraband(spec kit.MoveSpec) func(s *State, seat int) *kit.MoveSpec {
	return func(s *State, seat int) *kit.MoveSpec {
		p := s.Players[seat]
		if s.Phase == PhaseChooseRoles || !p.Alive || !p.Contraband.Held {
			return nil
		}
		sp := spec
		return &sp
	}
}

// requireContraband checks the holder may act on their contraband: those
// of requireHolder, "no_contraband".
func (s *State) requireContraband(seat int) error {
	if err := s.requireHolder(seat); err != nil {
		return err
	}
	if !s.Players[seat].Contraband.Held {
		return kit.Errorf("no_contraband", ruleContraband, "You hold no contraband.")
	}
	return nil
}

// applyNoteContraband notes the name of the player's contraband card; only
// the holder's phone hears of it. Codes: those of requireContraband.
func applyNoteContraband(t *turn, seat int, a noteArgs) error {
	s := t.S
	if err := s.requireContraband(seat); err != nil {
		return err
	}
	s.Players[seat].Contraband.Name = a.Name
	t.Private("contraband_noted", fmt.Sprintf("Your contraband is noted as %q.", a.Name), seat)
	return nil
}

// applyLoseContraband returns the handler of a move by which the holder
// loses their contraband: it leaves the game, and only the holder's phone
// hears the event code with text. use_contraband uses it;
// reveal_contraband loses the contraband its holder talked about or showed
// (Contraband). Codes: those of requireContraband.
func applyLoseContraband(code, text string) func(t *turn, seat int) error {
	return func(t *turn, seat int) error {
		s := t.S
		if err := s.requireContraband(seat); err != nil {
			return err
		}
		s.loseContraband(seat)
		t.Private(code, text, seat)
		return nil
	}
}
