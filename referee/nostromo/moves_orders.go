package nostromo

import (
	"slices"
	"strconv"

	"tablewarden/referee/kit"
)

// ordersCheck says whether seat may answer a mission-order window now
// (Mission Orders; Aggressive). Codes: not_crew, orders_forbidden_phase,
// orders_forbidden_aggressive, no_window.
func (s *State) ordersCheck(seat int) *kit.RuleError {
	if err := s.ordersAllowed(seat); err != nil {
		return err
	}
	if t := s.top(); t == nil || t.Kind != taskWindow {
		return kit.Errorf("no_window", ruleMissionOrders, "Mission orders are played when the Alien player asks (the mission-order window); the game now waits for %s.", s.waitingText())
	}
	return nil
}

// playCheck says whether seat may play a mission order now. In the
// hiding and action phases "Crew players can ALWAYS play mission orders"
// (1 - Hiding Phase, 5 - Action Phase): besides the windows, whenever the
// game waits for a crew placement, a room to resolve or a Presence
// token's action, that is whenever no card effect or other decision is
// being settled (a card is played between two steps, not in the middle of
// another card's text). Elsewhere only in a window. Codes: those of
// ordersCheck.
func (s *State) playCheck(seat int) *kit.RuleError {
	if err := s.ordersAllowed(seat); err != nil {
		return err
	}
	if s.Phase != PhaseHiding && s.Phase != PhaseAction {
		return s.ordersCheck(seat)
	}
	if t := s.top(); t != nil && t.Kind != taskWindow {
		return kit.Errorf("no_window", ruleMissionOrders, "Crew players can always play mission orders in this phase, between two steps; first the game waits for %s.", s.waitingText())
	}
	return nil
}

// ordersAllowed says whether the book lets seat play mission orders in
// this phase at all. Codes: not_crew, orders_forbidden_phase,
// orders_forbidden_aggressive.
func (s *State) ordersAllowed(seat int) *kit.RuleError {
	if !s.isCrew(seat) {
		return kit.Errorf("not_crew", ruleMissionOrders, "Only Crew players can play the mission order part of a Mission card.")
	}
	if s.Phase == PhasePosture || (s.Phase == PhaseAppearance && s.AttackRoom == 0) {
		return kit.Errorf("orders_forbidden_phase", ruleMissionOrders, "Crew players can NEVER play mission orders during the posture phase nor the appearance phase.")
	}
	if s.Posture == Aggressive && (s.Phase == PhaseHunting || s.AttackRoom != 0) {
		return kit.Errorf("orders_forbidden_aggressive", ruleAggressive, "The Alien is Aggressive: no mission order until the action phase.")
	}
	return nil
}

func cardChoices(s *State, cards []int) []kit.Choice {
	out := make([]kit.Choice, 0, len(cards))
	for _, c := range cards {
		out = append(out, kit.Choice{Value: c, Label: s.Data.CardName(c)})
	}
	return out
}

// playMissionOrder plays the mission order part of a card from the
// player's hand; the card goes to the discard pile and its effect is then
// applied with effect moves. Codes: those of playCheck, orders_skipped,
// not_in_hand.
func playMissionOrder(a *turn, seat int, args cardArgs) error {
	s := a.S
	card := args.Card
	if err := s.playCheck(seat); err != nil {
		return err
	}
	if s.noOrders(seat) {
		return kit.Errorf("orders_skipped", ruleMissionOrders, "You said you have no mission orders this turn; resume them first.")
	}
	if !slices.Contains(s.Hands[seat], card) {
		return kit.Errorf("not_in_hand", ruleSecrecy, "That Mission card is not in your hand; cards are never exchanged between players.")
	}
	s.Hands[seat], _ = without(s.Hands[seat], card)
	s.Discard = append(s.Discard, card)
	s.push(Task{Kind: taskEffect, Source: srcMissionOrder, Card: card, Seat: seat})
	a.Public("mission_order", "%s plays the mission order of %s.", s.name(seat), s.Data.CardName(card))
	return nil
}

func offerMissionOrder(s *State, seat int) *kit.MoveSpec {
	if s.playCheck(seat) != nil || s.noOrders(seat) || len(s.Hands[seat]) == 0 {
		return nil
	}
	spec := withChoices(specOf(MovePlayMissionOrder), "card", cardChoices(s, s.Hands[seat]))
	return &spec
}

// passMissionOrders closes the mission-order window. Codes: those of
// ordersCheck.
func passMissionOrders(a *turn, seat int) error {
	s := a.S
	if err := s.ordersCheck(seat); err != nil {
		return err
	}
	if s.skipsWindow(seat) {
		return kit.Errorf("orders_skipped", ruleMissionOrders, "You said you have no mission orders this turn: the referee passes for you.")
	}
	reason := s.top().Reason
	s.pop()
	a.Public("orders_pass", "%s: the crew plays no (more) mission orders (%s).", s.name(seat), reason)
	return nil
}

func offerPassOrders(s *State, seat int) *kit.MoveSpec {
	if s.ordersCheck(seat) != nil || s.skipsWindow(seat) {
		return nil
	}
	spec := specOf(MovePassMissionOrders)
	return &spec
}

// itemCheck says whether seat may use an Item now (Picking, Using and
// Dropping Items). Codes: not_crew, items_only_in_attack,
// items_forbidden_aggressive, no_window, no_presence_in_room.
func (s *State) itemCheck(seat int) *kit.RuleError {
	if !s.isCrew(seat) {
		return kit.Errorf("not_crew", ruleItems, "Only Crew players use Item tokens.")
	}
	if s.AttackRoom == 0 {
		return kit.Errorf("items_only_in_attack", ruleItems, "An Item token can only be used during an attack phase.")
	}
	if s.Posture == Aggressive {
		return kit.Errorf("items_forbidden_aggressive", ruleAggressive, "The Alien is Aggressive: no Item token may be used in any attack phase this turn.")
	}
	if t := s.top(); t == nil || t.Kind != taskWindow {
		return kit.Errorf("no_window", ruleAttack, "Items are used when the Alien player asks; the game now waits for %s.", s.waitingText())
	}
	if !s.hasFaceUpPresence(seat, s.AttackRoom) {
		return kit.Errorf("no_presence_in_room", ruleItems, "To use an Item you must own a face-up Presence token in the room of the attack.")
	}
	return nil
}

// useItem uses a held Item in the attack room; it then stays in that room.
// Codes: those of itemCheck, not_holding_item.
func useItem(a *turn, seat int, args itemArgs) error {
	s := a.S
	if err := s.itemCheck(seat); err != nil {
		return err
	}
	i := s.itemIndex(args.Item)
	if i < 0 || s.Items[i].Holder != seat {
		return kit.Errorf("not_holding_item", ruleItems, "You do not hold that Item token; Items are never given to another player.")
	}
	room := s.AttackRoom
	if args.Item == MotionDetector && len(s.Data.Connected(room)) == 0 {
		return kit.Errorf("not_connected", ruleDetector, "%s is connected to no room.", s.Data.RoomName(room))
	}
	s.Items[i].Holder, s.Items[i].Room = -1, room
	if args.Item == FlameThrower {
		a.Public("flame_thrower", "%s uses the Flame-thrower in %s: ALL Presence tokens there are saved; it stays in the room.", s.name(seat), s.Data.RoomName(room))
		saved := s.faceUpPresence(room)
		for _, h := range saved {
			t := s.Board[s.tokenIndex(h)]
			owner := s.owner(t.Shown.Color)
			removeToken(a, h)
			if len(s.Discard) > 0 {
				j := a.RNG.Intn(len(s.Discard))
				c := s.Discard[j]
				s.Discard = append(s.Discard[:j:j], s.Discard[j+1:]...)
				s.Hands[owner] = append(s.Hands[owner], c)
				a.Reveal()
				a.Public("flame_draw", "%s draws 1 random Mission card from the discard pile.", s.name(owner))
				a.Private("flame_draw_private", "You draw "+s.Data.CardName(c)+".", owner)
			}
		}
		return nil
	}
	a.Public("motion_detector", "%s uses the Motion detector in %s: every face-up Presence token there moves to a connected room of its owner's choice; it stays in the room.", s.name(seat), s.Data.RoomName(room))
	s.push(Task{Kind: taskDetector, Room: room, Handles: s.faceUpPresence(room)})
	return nil
}

// removeToken takes a face-up Crew token off the board for this turn.
func removeToken(a *turn, h int) {
	s := a.S
	i := s.tokenIndex(h)
	t := s.Board[i]
	s.Board = append(s.Board[:i:i], s.Board[i+1:]...)
	s.Removed = append(s.Removed, *t.Shown)
}

// usableItems lists the held Items seat could use in the attack room.
func (s *State) usableItems(seat int) []string {
	var out []string
	for _, it := range s.heldItems(seat) {
		if it == MotionDetector && len(s.Data.Connected(s.AttackRoom)) == 0 {
			continue
		}
		out = append(out, it)
	}
	return out
}

func offerUseItem(s *State, seat int) *kit.MoveSpec {
	if s.itemCheck(seat) != nil {
		return nil
	}
	var ch []kit.Choice
	for _, it := range s.usableItems(seat) {
		ch = append(ch, kit.Choice{Value: it, Label: itemLabel(it)})
	}
	if len(ch) == 0 {
		return nil
	}
	spec := withChoices(specOf(MoveUseItem), "item", ch)
	return &spec
}

// detectorMove moves one of the player's face-up Presence tokens from the
// attack room to a connected room (Motion Detector). Codes: wrong_phase,
// no_token, not_your_token, bad_room, not_connected.
func detectorMove(a *turn, seat int, args tokenRoomArgs) error {
	s := a.S
	t := s.top()
	if t == nil || t.Kind != taskDetector {
		return notNow(s, ruleDetector)
	}
	if !slices.Contains(t.Handles, args.Token) {
		return kit.Errorf("no_token", ruleDetector, "Token #%d is not a face-up Presence token left to move.", args.Token)
	}
	bt := &s.Board[s.tokenIndex(args.Token)]
	if s.owner(bt.Shown.Color) != seat {
		return kit.Errorf("not_your_token", ruleDetector, "Each Presence token is moved by its owner.")
	}
	if err := checkRoom(args.Room); err != nil {
		return err
	}
	if !slices.Contains(s.Data.Connected(t.Room), args.Room) {
		return kit.Errorf("not_connected", ruleDetector, "%s is not connected to %s.", s.Data.RoomName(args.Room), s.Data.RoomName(t.Room))
	}
	bt.Room = args.Room
	t.Handles, _ = without(t.Handles, args.Token)
	a.Public("detector_move", "%s moves Presence token #%d to %s.", s.name(seat), args.Token, s.Data.RoomName(args.Room))
	return nil
}

func offerDetectorMove(s *State, seat int) *kit.MoveSpec {
	t := s.top()
	if t == nil || t.Kind != taskDetector {
		return nil
	}
	var ch []kit.Choice
	for _, h := range t.Handles {
		bt := s.Board[s.tokenIndex(h)]
		if s.owner(bt.Shown.Color) == seat {
			ch = append(ch, kit.Choice{Value: h, Label: "#" + strconv.Itoa(h) + " " + tokenLabel(*bt.Shown)})
		}
	}
	rooms := s.Data.Connected(t.Room)
	if len(ch) == 0 || len(rooms) == 0 {
		return nil
	}
	spec := withChoices(withChoices(specOf(MoveDetectorMove), "token", ch), "room", roomChoices(s, rooms))
	return &spec
}
