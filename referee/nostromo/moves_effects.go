package nostromo

import (
	"slices"
	"strconv"

	"tablewarden/referee/kit"
)

// The book does not print the texts of the Mission, Behaviour and crew
// member cards. While such an effect is open (a task on top of the stack),
// its owner applies it with these primitive moves and closes it with
// end_effect; the referee still enforces the book around them (the Nest
// protection, Weyland protocols on discards, the end of the game).

const maxEffectCount = 5

// effectTop returns the open effect when seat owns it. Codes: no_effect,
// not_your_effect.
func (s *State) effectTop(seat int) (*Task, *kit.RuleError) {
	t := s.top()
	if t == nil || t.Kind != taskEffect {
		return nil, kit.Errorf("no_effect", ruleTurn, "No card effect is being applied now; the game waits for %s.", s.waitingText())
	}
	if t.Seat != seat {
		return nil, kit.Errorf("not_your_effect", ruleTurn, "%s applies this %s effect.", s.name(t.Seat), sourceLabel(t.Source))
	}
	return t, nil
}

// effectCount is effectTop for an effect that takes a count of cards: it
// then refuses a bad count (checkCount).
func (s *State) effectCount(seat, count int) (*Task, error) {
	t, err := s.effectTop(seat)
	if err != nil {
		return nil, err
	}
	if err := checkCount(count); err != nil {
		return nil, err
	}
	return t, nil
}

func effectRule(src string) string {
	switch src {
	case srcMissionOrder:
		return ruleMissionOrders
	case srcWeyland:
		return ruleWeyland
	case srcBehaviour:
		return ruleInstinctive
	}
	return ruleRoom
}

func checkCount(n int) error {
	if n < 1 || n > maxEffectCount {
		return kit.Errorf("bad_count", ruleTurn, "The count must be 1 to %d.", maxEffectCount)
	}
	return nil
}

// effectDrawArgs are effect_draw's arguments.
type effectDrawArgs struct {
	Seat  int `json:"seat"`
	Count int `json:"count"`
}

// effectDraw makes a Crew player draw cards from the Mission deck. Codes:
// no_effect, not_your_effect, bad_count, not_crew.
func effectDraw(a *turn, seat int, args effectDrawArgs) error {
	s := a.S
	t, err := s.effectCount(seat, args.Count)
	if err != nil {
		return err
	}
	if !s.isCrew(args.Seat) {
		return kit.Errorf("not_crew", effectRule(t.Source), "Only Crew players hold Mission cards.")
	}
	draw(a, args.Seat, args.Count, sourceLabel(t.Source))
	return nil
}

// countArgs are a count of cards.
type countArgs struct {
	Count int `json:"count"`
}

// effectDiscardDeck discards cards from the Mission deck one by one
// (Weyland protocols apply). Codes: no_effect, not_your_effect, bad_count.
func effectDiscardDeck(a *turn, seat int, args countArgs) error {
	s := a.S
	t, err := s.effectCount(seat, args.Count)
	if err != nil {
		return err
	}
	s.push(Task{Kind: taskDiscardDeck, N: args.Count, Reason: sourceLabel(t.Source)})
	return nil
}

// movableTokens lists the Crew tokens an effect may move: mission orders
// can never affect a token in the Nest.
func (s *State) movableTokens(src string) []int {
	var out []int
	for _, t := range s.Board {
		if src == srcMissionOrder && t.Room == RoomNest {
			continue
		}
		out = append(out, t.Handle)
	}
	return out
}

// effectMoveToken moves a Crew token (face up or down) to a room. Codes:
// no_effect, not_your_effect, no_token, nest_protected, bad_room.
func effectMoveToken(a *turn, seat int, args tokenRoomArgs) error {
	s := a.S
	t, err := s.effectTop(seat)
	if err != nil {
		return err
	}
	i := s.tokenIndex(args.Token)
	if i < 0 {
		return kit.Errorf("no_token", effectRule(t.Source), "There is no Crew token #%d on the board.", args.Token)
	}
	if t.Source == srcMissionOrder && s.Board[i].Room == RoomNest {
		return kit.Errorf("nest_protected", ruleMissionOrders, "Mission orders can NEVER affect any token in the Nest (room 7).")
	}
	if err := checkRoom(args.Room); err != nil {
		return err
	}
	from := s.Board[i].Room
	s.Board[i].Room = args.Room
	a.Public("effect_move", "%s effect: Crew token #%d moves from %s to %s.", sourceLabel(t.Source), args.Token, s.Data.RoomName(from), s.Data.RoomName(args.Room))
	return nil
}

func tokenChoices(s *State, hs []int) []kit.Choice {
	out := make([]kit.Choice, 0, len(hs))
	for _, h := range hs {
		bt := s.Board[s.tokenIndex(h)]
		label := "#" + strconv.Itoa(h) + " face down in " + s.Data.RoomName(bt.Room)
		if bt.Shown != nil {
			label = "#" + strconv.Itoa(h) + " " + tokenLabel(*bt.Shown) + " in " + s.Data.RoomName(bt.Room)
		}
		out = append(out, kit.Choice{Value: h, Label: label})
	}
	return out
}

// saveTargets lists the Presence tokens a mission order may save now.
func (s *State) saveTargets(src string) []int {
	if src != srcMissionOrder || s.AttackRoom == 0 || s.AttackRoom == RoomNest {
		return nil
	}
	return s.faceUpPresence(s.AttackRoom)
}

// effectSave saves one Presence token from the attack (Save a Crew
// Member). Codes: no_effect, not_your_effect, save_by_order_only, no_attack,
// nest_protected, not_in_attack.
func effectSave(a *turn, seat int, args tokenArgs) error {
	s := a.S
	t, err := s.effectTop(seat)
	if err != nil {
		return err
	}
	if t.Source != srcMissionOrder {
		return kit.Errorf("save_by_order_only", ruleAttack, "Crew members are saved by a mission order or an Item.")
	}
	if s.AttackRoom == 0 {
		return kit.Errorf("no_attack", ruleAttack, "There is no attack phase to save a crew member from.")
	}
	if s.AttackRoom == RoomNest {
		return kit.Errorf("nest_protected", ruleMissionOrders, "Mission orders can NEVER affect any token in the Nest (room 7).")
	}
	if !slices.Contains(s.faceUpPresence(s.AttackRoom), args.Token) {
		return kit.Errorf("not_in_attack", ruleAttack, "Token #%d is not a face-up Presence token in the room of the attack.", args.Token)
	}
	removeToken(a, args.Token)
	a.Public("save", "Mission order: Presence token #%d is saved and removed from %s.", args.Token, s.Data.RoomName(s.AttackRoom))
	return nil
}

// effectTakeDiscard takes a card of the effect owner's choice from the
// discard pile. Codes: no_effect, not_your_effect, not_crew, not_in_discard.
func effectTakeDiscard(a *turn, seat int, args cardArgs) error {
	s := a.S
	card := args.Card
	t, rerr := s.effectTop(seat)
	if rerr != nil {
		return rerr
	}
	if !s.isCrew(seat) {
		return kit.Errorf("not_crew", effectRule(t.Source), "Only Crew players hold Mission cards.")
	}
	return takeFromDiscard(a, seat, card, effectRule(t.Source))
}

func takeFromDiscard(a *turn, seat, card int, rule string) error {
	s := a.S
	rest, ok := without(s.Discard, card)
	if !ok {
		return kit.Errorf("not_in_discard", rule, "That card is not in the discard pile.")
	}
	s.Discard = rest
	s.Hands[seat] = append(s.Hands[seat], card)
	a.Public("take_discard", "%s takes %s from the discard pile.", s.name(seat), s.Data.CardName(card))
	return nil
}

// effectDiscardHand discards a card from the player's own hand while an
// effect is applied (Hard-core: a Weyland protocol is then played by the
// Alien). Codes: no_effect, not_crew, not_in_hand.
func effectDiscardHand(a *turn, seat int, args cardArgs) error {
	s := a.S
	card := args.Card
	t := s.top()
	if t == nil || t.Kind != taskEffect {
		return kit.Errorf("no_effect", ruleTurn, "No card effect is being applied now; the game waits for %s.", s.waitingText())
	}
	if !s.isCrew(seat) {
		return kit.Errorf("not_crew", effectRule(t.Source), "Only Crew players hold Mission cards.")
	}
	if !slices.Contains(s.Hands[seat], card) {
		return kit.Errorf("not_in_hand", ruleSecrecy, "That Mission card is not in your hand.")
	}
	discardFromHand(a, seat, card, sourceLabel(t.Source)+" effect")
	return nil
}

// endEffect closes the open effect. Codes: no_effect, not_your_effect.
func endEffect(a *turn, seat int) error {
	s := a.S
	t, err := s.effectTop(seat)
	if err != nil {
		return err
	}
	src := t.Source
	s.pop()
	a.Public("effect_done", "%s has finished applying the %s effect.", s.name(seat), sourceLabel(src))
	return nil
}

func offerEffect(typ string) func(s *State, seat int) *kit.MoveSpec {
	return func(s *State, seat int) *kit.MoveSpec {
		if typ == "effect_discard_hand" {
			if t := s.top(); t == nil || t.Kind != taskEffect || !s.isCrew(seat) || len(s.Hands[seat]) == 0 {
				return nil
			}
			spec := withChoices(specOf(typ), "card", cardChoices(s, s.Hands[seat]))
			return &spec
		}
		t, err := s.effectTop(seat)
		if err != nil {
			return nil
		}
		spec := specOf(typ)
		switch typ {
		case "effect_draw":
			spec = withChoices(spec, "seat", seatChoices(s, s.crewSeats()))
		case "effect_move_token":
			hs := s.movableTokens(t.Source)
			if len(hs) == 0 {
				return nil
			}
			spec = withChoices(withChoices(spec, "token", tokenChoices(s, hs)), "room", roomChoices(s, allRooms()))
		case "effect_save":
			hs := s.saveTargets(t.Source)
			if len(hs) == 0 {
				return nil
			}
			spec = withChoices(spec, "token", tokenChoices(s, hs))
		case "effect_take_discard":
			if !s.isCrew(seat) || len(s.Discard) == 0 {
				return nil
			}
			spec = withChoices(spec, "card", cardChoices(s, unique(s.Discard)))
		}
		return &spec
	}
}
