package nostromo

import (
	"slices"

	"tablewarden/referee/kit"
)

// resolvableRooms lists the rooms the crew may resolve now: Mother first,
// the Shuttle last, the others in any order.
func (s *State) resolvableRooms() []int {
	var rooms []int
	for r := 1; r <= 10; r++ {
		if s.hasCrewTokens(r) {
			rooms = append(rooms, r)
		}
	}
	if len(rooms) > 0 && rooms[0] == RoomMother {
		return rooms[:1]
	}
	if len(rooms) > 1 && rooms[len(rooms)-1] == RoomShuttle {
		return rooms[:len(rooms)-1]
	}
	return rooms
}

// resolveRoom reveals the Crew tokens of a room and removes the Passage
// tokens (Room Resolution). Codes: wrong_phase, not_crew, bad_room,
// room_empty, mother_first, shuttle_last.
func resolveRoom(a *turn, seat int, args roomArgs) error {
	s := a.S
	if !s.standsAt(PhaseAction, stChooseRoom) {
		return notNow(s, ruleAction)
	}
	if !s.isCrew(seat) {
		return kit.Errorf("not_crew", ruleAction, "The Crew players resolve the rooms.")
	}
	if err := checkRoom(args.Room); err != nil {
		return err
	}
	if !s.hasCrewTokens(args.Room) {
		return kit.Errorf("room_empty", ruleAction, "%s holds no Crew token.", s.Data.RoomName(args.Room))
	}
	if args.Room != RoomMother && s.hasCrewTokens(RoomMother) {
		return kit.Errorf("mother_first", ruleAction, "Mother (room 1) must be resolved first.")
	}
	if args.Room == RoomShuttle {
		for r := 1; r < RoomShuttle; r++ {
			if s.hasCrewTokens(r) {
				return kit.Errorf("shuttle_last", ruleAction, "The Shuttle (room 10) must be resolved last.")
			}
		}
	}
	s.Resolving = args.Room
	a.Public("resolve_room", "%s: the crew resolves %s.", s.name(seat), s.Data.RoomName(args.Room))
	revealRoom(a, args.Room, "room resolution")
	s.Acting = s.faceUpPresence(args.Room)
	s.Stage = stActing
	return nil
}

func offerResolveRoom(s *State, seat int) *kit.MoveSpec {
	if !s.standsAt(PhaseAction, stChooseRoom) || !s.isCrew(seat) {
		return nil
	}
	rooms := s.resolvableRooms()
	if len(rooms) == 0 {
		return nil
	}
	spec := withChoices(specOf(MoveResolveRoom), "room", roomChoices(s, rooms))
	return &spec
}

// actorToken checks that seat owns a Presence token that owes an action.
// Codes: wrong_phase, not_crew, not_acting, not_your_token.
func (s *State) actorToken(seat, h int) *kit.RuleError {
	if !s.standsAt(PhaseAction, stActing) {
		return notNow(s, ruleRoom)
	}
	if !s.isCrew(seat) {
		return kit.Errorf("not_crew", ruleRoom, "Only Crew players take actions.")
	}
	if !slices.Contains(s.Acting, h) {
		return kit.Errorf("not_acting", ruleRoom, "Token #%d owes no action in %s.", h, s.Data.RoomName(s.Resolving))
	}
	if s.owner(s.Board[s.tokenIndex(h)].Shown.Color) != seat {
		return kit.Errorf("not_your_token", ruleRoom, "Each Crew player acts for the Presence tokens he owns.")
	}
	return nil
}

func (s *State) myActing(seat int) []int {
	var out []int
	for _, h := range s.Acting {
		if i := s.tokenIndex(h); i >= 0 && s.owner(s.Board[i].Shown.Color) == seat {
			out = append(out, h)
		}
	}
	return out
}

// acted removes a token that has taken its action from the board.
func acted(a *turn, h int) {
	s := a.S
	s.Acting, _ = without(s.Acting, h)
	removeToken(a, h)
}

// actionDraw is action A: draw 1 card. Codes: those of actorToken.
func actionDraw(a *turn, seat int, args tokenArgs) error {
	s := a.S
	if err := s.actorToken(seat, args.Token); err != nil {
		return err
	}
	acted(a, args.Token)
	draw(a, seat, 1, "action A")
	return nil
}

// roomItems lists the Item tokens lying in a room.
func (s *State) roomItems(room int) []string {
	var out []string
	for _, it := range s.Items {
		if it.Holder < 0 && it.Room == room {
			out = append(out, it.Name)
		}
	}
	return out
}

// pickItemArgs are action_pick_item's arguments.
type pickItemArgs struct {
	Token int    `json:"token"`
	Item  string `json:"item"`
}

// actionPickItem is action B: pick an Item in the room. Codes: those of
// actorToken, item_not_here.
func actionPickItem(a *turn, seat int, args pickItemArgs) error {
	s := a.S
	if err := s.actorToken(seat, args.Token); err != nil {
		return err
	}
	i := s.itemIndex(args.Item)
	if i < 0 || s.Items[i].Holder >= 0 || s.Items[i].Room != s.Resolving {
		return kit.Errorf("item_not_here", ruleItems, "That Item token is not in %s.", s.Data.RoomName(s.Resolving))
	}
	s.Items[i].Holder, s.Items[i].Room = seat, 0
	acted(a, args.Token)
	a.Public("pick_item", "%s picks the %s.", s.name(seat), itemLabel(args.Item))
	return nil
}

// powerChoices lists the crew member cards seat may use: face up, free of
// any Presence token, and in Heroic mode owned by seat.
func (s *State) powerChoices(seat int) []int {
	var out []int
	for i, c := range s.CrewCards {
		if !c.Captured && c.Presence == "" && (!s.Options.Heroic || c.Owner == seat) {
			out = append(out, i)
		}
	}
	return out
}

// powerArgs are action_power's arguments.
type powerArgs struct {
	Token    int `json:"token"`
	CrewCard int `json:"crew_card"`
}

// actionPower is action C: place the Presence token on a crew member card
// and apply its power. Codes: those of actorToken, bad_crew_card,
// crew_card_captured, crew_card_taken, not_your_crew_card.
func actionPower(a *turn, seat int, args powerArgs) error {
	s := a.S
	if err := s.actorToken(seat, args.Token); err != nil {
		return err
	}
	if args.CrewCard < 0 || args.CrewCard >= len(s.CrewCards) {
		return kit.Errorf("bad_crew_card", ruleRoom, "There is no such crew member card: choose one of the 6 crew member cards.")
	}
	c := &s.CrewCards[args.CrewCard]
	switch {
	case c.Captured:
		return kit.Errorf("crew_card_captured", ruleAttack, "%s is held face down by the Alien player: its power cannot be used.", c.Name)
	case c.Presence != "":
		return kit.Errorf("crew_card_taken", ruleRoom, "There can be only 1 Presence token per crew member card.")
	case s.Options.Heroic && c.Owner != seat:
		return kit.Errorf("not_your_crew_card", ruleHeroic, "In Heroic mode a Crew player can only use the powers of the crew member cards he owns.")
	}
	i := s.tokenIndex(args.Token)
	c.Presence = s.Board[i].Shown.Color
	s.Acting, _ = without(s.Acting, args.Token)
	s.Board = append(s.Board[:i:i], s.Board[i+1:]...)
	s.push(Task{Kind: taskEffect, Source: srcCrewPower, Card: args.CrewCard, Seat: seat})
	a.Public("crew_power", "%s places a Presence token on %s and uses its power.", s.name(seat), c.Name)
	return nil
}

// roomEffectError says why seat cannot use the effect of the room being
// resolved, or nil.
func (s *State) roomEffectError(seat int) *kit.RuleError {
	switch s.Resolving {
	case RoomMother:
		// Mother discards 2 cards, then the player activates a procedure
		// if he can: the 2-per-turn limit (or an empty hand) refuses only
		// the activation (When Activating Emergency Procedure).
		return nil
	case RoomShuttle:
		return s.canActivate(seat)
	case RoomKitchen:
		return nil
	case RoomInfirm:
		if len(s.Discard) == 0 {
			return kit.Errorf("discard_empty", ruleRoom, "The discard pile is empty.")
		}
		return nil
	case RoomNest:
		if !s.Options.Survival {
			return kit.Errorf("no_room_effect", ruleRoom, "The Nest has a room effect in Survival mode only.")
		}
		if len(s.Captured) == 0 || s.capturedCards() == 0 {
			return kit.Errorf("nothing_to_liberate", ruleLiberation, "The Alien player holds no captured crew member.")
		}
		return nil
	}
	return kit.Errorf("no_room_effect", ruleRoom, "%s has no room effect.", s.Data.RoomName(s.Resolving))
}

// actionRoom is action D: use the room effect. Codes: those of actorToken
// and roomEffectError (no_room_effect, no_procedure, procedure_limit,
// discard_empty, nothing_to_liberate).
func actionRoom(a *turn, seat int, args tokenArgs) error {
	s := a.S
	if err := s.actorToken(seat, args.Token); err != nil {
		return err
	}
	if err := s.roomEffectError(seat); err != nil {
		return err
	}
	acted(a, args.Token)
	a.Public("room_effect", "%s uses the room effect of %s.", s.name(seat), s.Data.RoomName(s.Resolving))
	switch s.Resolving {
	case RoomMother:
		s.push(Task{Kind: taskActivate, Seat: seat})
		s.push(Task{Kind: taskDiscardDeck, N: 2, Reason: "Mother"})
	case RoomShuttle:
		s.push(Task{Kind: taskActivate, Seat: seat})
	case RoomKitchen:
		draw(a, seat, 3, "the Kitchen")
	case RoomInfirm:
		s.push(Task{Kind: taskInfirmary, Seat: seat})
	case RoomNest:
		s.push(Task{Kind: taskLiberate, Seat: seat})
	}
	return nil
}

func offerAction(typ string) func(s *State, seat int) *kit.MoveSpec {
	return func(s *State, seat int) *kit.MoveSpec {
		if !s.standsAt(PhaseAction, stActing) || !s.isCrew(seat) {
			return nil
		}
		mine := s.myActing(seat)
		if len(mine) == 0 {
			return nil
		}
		spec := withChoices(specOf(typ), "token", tokenChoices(s, mine))
		switch typ {
		case "action_pick_item":
			its := s.roomItems(s.Resolving)
			if len(its) == 0 {
				return nil
			}
			var ch []kit.Choice
			for _, it := range its {
				ch = append(ch, kit.Choice{Value: it, Label: itemLabel(it)})
			}
			spec = withChoices(spec, "item", ch)
		case "action_power":
			cs := s.powerChoices(seat)
			if len(cs) == 0 {
				return nil
			}
			spec = withChoices(spec, "crew_card", crewCardChoices(s, cs))
		case "action_room":
			if s.roomEffectError(seat) != nil {
				return nil
			}
			spec.Confirm = s.roomEffectConfirm(seat)
		}
		return &spec
	}
}

func (s *State) decisionTop(kind string, seat int, rule string) (*Task, *kit.RuleError) {
	t := s.top()
	if t == nil || t.Kind != kind {
		return nil, notNow(s, rule)
	}
	if t.Seat != seat {
		return nil, kit.Errorf("not_your_turn", rule, "The game waits for %s.", s.waitingText())
	}
	return t, nil
}

// infirmaryTake takes a Mission card of the player's choice from the
// discard pile (Infirmary). Codes: wrong_phase, not_your_turn, not_in_discard.
func infirmaryTake(a *turn, seat int, args cardArgs) error {
	s := a.S
	card := args.Card
	if _, err := s.decisionTop(taskInfirmary, seat, ruleRoom); err != nil {
		return err
	}
	if err := takeFromDiscard(a, seat, card, ruleRoom); err != nil {
		return err
	}
	s.pop()
	return nil
}

func offerInfirmary(s *State, seat int) *kit.MoveSpec {
	if _, err := s.decisionTop(taskInfirmary, seat, ruleRoom); err != nil || len(s.Discard) == 0 {
		return nil
	}
	spec := withChoices(specOf(MoveInfirmaryTake), "card", cardChoices(s, unique(s.Discard)))
	return &spec
}

// liberateArgs are liberate's arguments.
type liberateArgs struct {
	Color    string `json:"color"`
	CrewCard int    `json:"crew_card"`
}

// liberate puts a captured Presence token back in the pool and a captured
// crew member card face up (Crew Member Liberation, Survival). Codes:
// wrong_phase, not_your_turn, not_captured, bad_crew_card.
func liberate(a *turn, seat int, args liberateArgs) error {
	s := a.S
	if _, err := s.decisionTop(taskLiberate, seat, ruleLiberation); err != nil {
		return err
	}
	rest, ok := without(s.Captured, args.Color)
	if !ok {
		return kit.Errorf("not_captured", ruleLiberation, "The Alien player holds no %s Presence token.", args.Color)
	}
	if args.CrewCard < 0 || args.CrewCard >= len(s.CrewCards) {
		return kit.Errorf("bad_crew_card", ruleLiberation, "There is no such crew member card: choose one of the 6 crew member cards.")
	}
	c := &s.CrewCards[args.CrewCard]
	if !c.Captured {
		return kit.Errorf("not_captured", ruleLiberation, "The Alien player does not hold %s.", c.Name)
	}
	s.Captured = rest
	s.Pool = append(s.Pool, CrewToken{Color: args.Color, Kind: Presence})
	c.Captured = false
	if s.Options.Heroic {
		c.Owner = seat
	}
	s.pop()
	a.Public("liberate", "%s liberates %s: the %s Presence token goes back to the pool and the card is face up again.", s.name(seat), c.Name, args.Color)
	return nil
}

func offerLiberate(s *State, seat int) *kit.MoveSpec {
	if _, err := s.decisionTop(taskLiberate, seat, ruleLiberation); err != nil {
		return nil
	}
	var colors []kit.Choice
	for _, c := range unique(s.Captured) {
		colors = append(colors, kit.Choice{Value: c, Label: c})
	}
	var cards []int
	for i, c := range s.CrewCards {
		if c.Captured {
			cards = append(cards, i)
		}
	}
	if len(colors) == 0 || len(cards) == 0 {
		return nil
	}
	spec := withChoices(withChoices(specOf(MoveLiberate), "color", colors), "crew_card", crewCardChoices(s, cards))
	return &spec
}

// roomEffectConfirm is the sentence a phone asks before room effect D.
func (s *State) roomEffectConfirm(seat int) string {
	switch s.Resolving {
	case RoomMother:
		if err := s.canActivate(seat); err != nil {
			return "Mother will discard 2 cards from the Mission deck, but you cannot activate an emergency procedure now: " + err.Message + " Use the room effect anyway?"
		}
		return "Mother discards 2 cards from the Mission deck (this cannot be undone), then you activate an emergency procedure from your hand."
	case RoomKitchen:
		return "You draw 3 cards from the Mission deck; this cannot be undone."
	case RoomShuttle:
		return "You activate an emergency procedure from your hand; it cannot be taken back."
	}
	return ""
}
