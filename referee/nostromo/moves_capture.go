package nostromo

import (
	"slices"

	"tablewarden/referee/kit"
)

func (s *State) captureTop(seat, sub int, rule string) (*Task, *kit.RuleError) {
	t := s.top()
	if t == nil || t.Kind != taskCapture || t.Sub != sub {
		return nil, notNow(s, rule)
	}
	if t.Seat != seat {
		return nil, kit.Errorf("not_your_turn", rule, "The game waits for %s.", s.waitingText())
	}
	return t, nil
}

func crewCardChoices(s *State, idx []int) []kit.Choice {
	out := make([]kit.Choice, 0, len(idx))
	for _, i := range idx {
		out = append(out, kit.Choice{Value: i, Label: s.CrewCards[i].Name})
	}
	return out
}

// crewCardArgs name a crew member card by its index.
type crewCardArgs struct {
	CrewCard int `json:"crew_card"`
}

// giveCrewCard gives the Alien player a crew member card of the captured
// token owner's choice; it lies face down and its power is lost (Capture a
// Crew Member). Codes: wrong_phase, not_your_turn, bad_crew_card,
// crew_card_captured, must_give_own.
func giveCrewCard(a *turn, seat int, args crewCardArgs) error {
	s := a.S
	t, err := s.captureTop(seat, capGive, ruleAttack)
	if err != nil {
		return err
	}
	if args.CrewCard < 0 || args.CrewCard >= len(s.CrewCards) {
		return kit.Errorf("bad_crew_card", ruleAttack, "There is no such crew member card: choose one of the 6 crew member cards.")
	}
	if s.CrewCards[args.CrewCard].Captured {
		return kit.Errorf("crew_card_captured", ruleAttack, "The Alien player already holds %s.", s.CrewCards[args.CrewCard].Name)
	}
	if !slices.Contains(s.giveChoices(seat), args.CrewCard) {
		return kit.Errorf("must_give_own", ruleHeroic, "In Heroic mode you give one of the crew member cards you own.")
	}
	c := &s.CrewCards[args.CrewCard]
	c.Captured, c.Presence = true, ""
	t.Sub = capDeck
	a.Public("crew_captured", "%s gives %s to the Alien player, face down: its power is lost.", s.name(seat), c.Name)
	return nil
}

func offerGiveCrewCard(s *State, seat int) *kit.MoveSpec {
	if _, err := s.captureTop(seat, capGive, ruleAttack); err != nil {
		return nil
	}
	ch := s.giveChoices(seat)
	if len(ch) == 0 {
		return nil
	}
	spec := withChoices(specOf(MoveGiveCrewCard), "crew_card", crewCardChoices(s, ch))
	return &spec
}

// captureDiscard discards 1 Mission card of the player's choice after a
// capture (Survival mode). Codes: wrong_phase, not_your_turn, not_in_hand.
func captureDiscard(a *turn, seat int, args cardArgs) error {
	s := a.S
	card := args.Card
	t, rerr := s.captureTop(seat, capHand, ruleCapture)
	if rerr != nil {
		return rerr
	}
	if !slices.Contains(s.Hands[seat], card) {
		return kit.Errorf("not_in_hand", ruleCapture, "That Mission card is not in your hand.")
	}
	t.Sub = capDropItem
	discardFromHand(a, seat, card, "capture penalty")
	return nil
}

func offerCaptureDiscard(s *State, seat int) *kit.MoveSpec {
	if _, err := s.captureTop(seat, capHand, ruleCapture); err != nil || len(s.Hands[seat]) == 0 {
		return nil
	}
	spec := withChoices(specOf(MoveCaptureDiscard), "card", cardChoices(s, s.Hands[seat]))
	return &spec
}

// dropItem drops 1 held Item in the room of the capture. Codes:
// wrong_phase, not_your_turn, not_holding_item.
func dropItemMove(a *turn, seat int, args itemArgs) error {
	s := a.S
	t, err := s.captureTop(seat, capDropItem, ruleItems)
	if err != nil {
		return err
	}
	if i := s.itemIndex(args.Item); i < 0 || s.Items[i].Holder != seat {
		return kit.Errorf("not_holding_item", ruleItems, "You do not hold that Item token.")
	}
	room := t.Room
	s.pop()
	dropItem(a, seat, args.Item, room)
	return nil
}

func offerDropItem(s *State, seat int) *kit.MoveSpec {
	if _, err := s.captureTop(seat, capDropItem, ruleItems); err != nil {
		return nil
	}
	var ch []kit.Choice
	for _, it := range s.heldItems(seat) {
		ch = append(ch, kit.Choice{Value: it, Label: itemLabel(it)})
	}
	spec := withChoices(specOf(MoveDropItem), "item", ch)
	return &spec
}
