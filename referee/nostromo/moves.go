package nostromo

import (
	"tablewarden/referee/kit"
)

// The move types, as phones and the host send them.
const (
	MoveDesignateAlien    = "designate_alien"
	MoveChooseExtraSet    = "choose_extra_set"
	MovePlaceCrewToken    = "place_crew_token"
	MovePlaceBlip         = "place_blip"
	MoveDonePlacing       = "done_placing"
	MoveChoosePosture     = "choose_posture"
	MovePlayBehaviour     = "play_behaviour"
	MoveHunt              = "hunt"
	MovePlayMissionOrder  = "play_mission_order"
	MovePassMissionOrders = "pass_mission_orders"
	MoveSkipOrders        = "skip_orders_this_turn"
	MoveResumeOrders      = "resume_mission_orders"
	MoveUseItem           = "use_item"
	MoveDetectorMove      = "detector_move"
	MoveEffectDraw        = "effect_draw"
	MoveEffectDiscardDeck = "effect_discard_deck"
	MoveEffectMoveToken   = "effect_move_token"
	MoveEffectSave        = "effect_save"
	MoveEffectTakeDiscard = "effect_take_discard"
	MoveEffectDiscardHand = "effect_discard_hand"
	MoveEndEffect         = "end_effect"
	MoveGiveCrewCard      = "give_crew_card"
	MoveCaptureDiscard    = "capture_discard"
	MoveDropItem          = "drop_item"
	MoveResolveRoom       = "resolve_room"
	MoveActionDraw        = "action_draw"
	MoveActionPickItem    = "action_pick_item"
	MoveActionPower       = "action_power"
	MoveActionRoom        = "action_room"
	MoveActivateProcedure = "activate_procedure"
	MoveInfirmaryTake     = "infirmary_take"
	MoveLiberate          = "liberate"
	MovePassSet           = "pass_set"
)

// The headings that gather secondary moves on the phones.
const (
	groupOrders  = "Mission orders and Items"
	groupEffect  = "Apply the card effect"
	groupActions = "Actions for a Presence token (A–D)"
)

// turn is the carrier every move handler and automatic step works on: the
// cloned state (S), the move's generator (RNG) and the log it writes.
type turn = kit.Turn[State]

// moves is the move table: one row per move type, run by kit.Moves.Apply.
// It is built in init because the rows' Offer functions read their own
// specs from it.
var moves *kit.Moves[State]

func init() {
	moves = kit.NewMoves(kit.MovesConfig[State]{
		Game:  "Alien: USCSS Nostromo",
		Rule:  ruleTurn,
		Clone: (*State).Clone,
		Over:  gameOver,
		Seats: func(s *State) int { return len(s.Names) },
		After: advance,
	}, moveRows()...)
	info = newInfo()
}

// gameOver refuses every move once the game has ended (Game End).
func gameOver(s *State) *kit.RuleError {
	if s.Phase != PhaseOver {
		return nil
	}
	return kit.Errorf("game_over", ruleGameEnd, "The game is over: the %s won.", s.Winner)
}

// specOf returns the catalog entry of a move type.
func specOf(moveType string) kit.MoveSpec {
	d, _ := moves.Def(moveType)
	return d.Spec
}

func roomArg() kit.ArgSpec {
	return kit.ArgSpec{Name: "room", Label: "Room", Kind: kit.ArgInt, Min: kit.IntPtr(1), Max: kit.IntPtr(10)}
}

func cardArgSpec(label string) kit.ArgSpec {
	return kit.ArgSpec{Name: "card", Label: label, Kind: kit.ArgInt, Min: kit.IntPtr(1), Max: kit.IntPtr(40)}
}

func tokenArgSpec() kit.ArgSpec {
	return kit.ArgSpec{Name: "token", Label: "Crew token", Kind: kit.ArgInt, Min: kit.IntPtr(1)}
}

func crewCardArg() kit.ArgSpec {
	return kit.ArgSpec{Name: "crew_card", Label: "Crew member card", Kind: kit.ArgInt, Min: kit.IntPtr(0), Max: kit.IntPtr(5)}
}

func itemArg() kit.ArgSpec {
	return kit.ArgSpec{Name: "item", Label: "Item", Kind: kit.ArgEnum, Choices: []kit.Choice{
		{Value: FlameThrower, Label: "Flame-thrower"}, {Value: MotionDetector, Label: "Motion detector"}}}
}

func countArg() kit.ArgSpec {
	return kit.ArgSpec{Name: "count", Label: "How many", Kind: kit.ArgInt, Min: kit.IntPtr(1), Max: kit.IntPtr(maxEffectCount)}
}

// seat is a typed argument naming a seat.
type seatArgs struct {
	Seat int `json:"seat"`
}

// cardArgs is a typed argument naming a Mission card (or Behaviour card).
type cardArgs struct {
	Card int `json:"card"`
}

// tokenArgs names a Crew token on the board by its number.
type tokenArgs struct {
	Token int `json:"token"`
}

// tokenRoomArgs names a Crew token and a room.
type tokenRoomArgs struct {
	Token int `json:"token"`
	Room  int `json:"room"`
}

// itemArgs names an Item token.
type itemArgs struct {
	Item string `json:"item"`
}

// moveRows is the move table, in the order phones list the moves.
func moveRows() []kit.MoveDef[State] {
	return []kit.MoveDef[State]{
		kit.Row(kit.MoveSpec{Type: MoveDesignateAlien, Label: "Record the Alien player", Rule: ruleCrewSetup, Primary: true,
			Confirm: "This deals the Reminder cards, the Crew tokens and the first Mission cards; it cannot be undone.",
			Args:    []kit.ArgSpec{{Name: "seat", Label: "Alien player", Kind: kit.ArgSeat}}},
			kit.ByHost, offerDesignate, kit.Args(ruleCrewSetup, designateAlien)),
		kit.Row(kit.MoveSpec{Type: MoveChooseExtraSet, Label: "Give an extra Reminder set", Rule: ruleCrewSetup, Primary: true,
			Args: []kit.ArgSpec{{Name: "seat", Label: "Crew player", Kind: kit.ArgSeat}}},
			kit.BySeat, offerExtraSet, kit.Args(ruleCrewSetup, chooseExtraSet)),
		kit.Row(kit.MoveSpec{Type: MovePlaceCrewToken, Label: "Place a Crew token face down", Rule: ruleHiding3, Primary: true,
			Args: []kit.ArgSpec{{Name: "token", Label: "Crew token", Kind: kit.ArgEnum, Secret: true}, roomArg()}},
			kit.BySeat, offerPlaceCrew, kit.Args(ruleHiding3, placeCrewToken)),
		kit.Row(kit.MoveSpec{Type: MovePlaceBlip, Label: "Place a Blip token face down", Rule: ruleHiding3, Primary: true,
			Args: []kit.ArgSpec{{Name: "blip", Label: "Blip token", Kind: kit.ArgEnum, Secret: true, Choices: []kit.Choice{
				{Value: BlipAlien, Label: "Alien"}, {Value: BlipJonesy, Label: "Jonesy"}, {Value: BlipBreakdown, Label: "Breakdown"}}}, roomArg()}},
			kit.BySeat, offerPlaceBlip, kit.Args(ruleHiding3, placeBlip)),
		kit.Row(kit.MoveSpec{Type: MoveDonePlacing, Label: "Done placing", Rule: ruleHiding3, Primary: true},
			kit.BySeat, offerDonePlacing, kit.NoArgs(ruleHiding3, donePlacing)),
		kit.Row(kit.MoveSpec{Type: MoveChoosePosture, Label: "Choose the posture", Rule: rulePosture, Primary: true,
			Confirm: "The posture applies at once (Instinctive draws Behaviour cards, Focused discards Mission cards); it cannot be undone.",
			Args: []kit.ArgSpec{{Name: "posture", Label: "Posture", Kind: kit.ArgEnum, Choices: []kit.Choice{
				{Value: Aggressive, Label: "Aggressive"}, {Value: Instinctive, Label: "Instinctive"}, {Value: Focused, Label: "Focused"}}}}},
			kit.BySeat, offerPosture, kit.Args(rulePosture, choosePosture)),
		kit.Row(kit.MoveSpec{Type: MovePlayBehaviour, Label: "Play a Behaviour card", Rule: ruleInstinctive, Primary: true,
			Confirm: "Everyone will see the Behaviour card you play; the others go to the bottom of the deck.",
			Args:    []kit.ArgSpec{{Name: "card", Label: "Behaviour card", Kind: kit.ArgInt, Min: kit.IntPtr(1), Max: kit.IntPtr(9)}}},
			kit.BySeat, offerBehaviour, kit.Args(ruleInstinctive, playBehaviour)),
		kit.Row(kit.MoveSpec{Type: MoveHunt, Label: "Move the Alien (hunting action)", Rule: ruleHunting, Primary: true,
			Confirm: "The Crew tokens in that room will be flipped face up; this cannot be undone.", Args: []kit.ArgSpec{roomArg()}},
			kit.BySeat, offerHunt, kit.Args(ruleHunting, hunt)),
		kit.Row(kit.MoveSpec{Type: MovePlayMissionOrder, Label: "Play a mission order", Rule: ruleMissionOrders, Group: groupOrders, Primary: true,
			Confirm: "The card goes face up to the discard pile and you apply its mission order.", Args: []kit.ArgSpec{cardArgSpec("Mission card")}},
			kit.BySeat, offerMissionOrder, kit.Args(ruleMissionOrders, playMissionOrder)),
		kit.Row(kit.MoveSpec{Type: MovePassMissionOrders, Label: "Pass (no mission order)", Rule: ruleMissionOrders, Primary: true},
			kit.BySeat, offerPassOrders, kit.NoArgs(ruleMissionOrders, passMissionOrders)),
		kit.Row(kit.MoveSpec{Type: MoveSkipOrders, Label: "I have no mission orders this turn", Rule: ruleMissionOrders, Group: groupOrders,
			Confirm: "Until the next game turn the referee will pass for you in every mission-order window. You can take it back at any time."},
			kit.BySeat, offerSkipOrders, kit.NoArgs(ruleMissionOrders, skipOrders)),
		kit.Row(kit.MoveSpec{Type: MoveResumeOrders, Label: "I may play mission orders again", Rule: ruleMissionOrders, Group: groupOrders},
			kit.BySeat, offerResumeOrders, kit.NoArgs(ruleMissionOrders, resumeOrders)),
		kit.Row(kit.MoveSpec{Type: MoveUseItem, Label: "Use an Item", Rule: ruleItems, Group: groupOrders,
			Confirm: "The Item is used now and stays in the room of the attack.", Args: []kit.ArgSpec{itemArg()}},
			kit.BySeat, offerUseItem, kit.Args(ruleItems, useItem)),
		kit.Row(kit.MoveSpec{Type: MoveDetectorMove, Label: "Move a Presence token (Motion detector)", Rule: ruleDetector, Primary: true, Args: []kit.ArgSpec{tokenArgSpec(), roomArg()}},
			kit.BySeat, offerDetectorMove, kit.Args(ruleDetector, detectorMove)),
		kit.Row(effectSpec(MoveEffectDraw, "Effect: a Crew player draws cards", ruleTurn, "Cards drawn from the Mission deck cannot be put back.",
			[]kit.ArgSpec{{Name: "seat", Label: "Crew player", Kind: kit.ArgSeat}, countArg()}),
			kit.BySeat, offerEffect(MoveEffectDraw), kit.Args(ruleTurn, effectDraw)),
		kit.Row(effectSpec(MoveEffectDiscardDeck, "Effect: discard cards from the Mission deck", ruleWeyland, "The cards are discarded face up; this cannot be undone.", []kit.ArgSpec{countArg()}),
			kit.BySeat, offerEffect(MoveEffectDiscardDeck), kit.Args(ruleWeyland, effectDiscardDeck)),
		kit.Row(effectSpec(MoveEffectMoveToken, "Effect: move a Crew token", ruleMissionOrders, "", []kit.ArgSpec{tokenArgSpec(), roomArg()}),
			kit.BySeat, offerEffect(MoveEffectMoveToken), kit.Args(ruleMissionOrders, effectMoveToken)),
		kit.Row(effectSpec(MoveEffectSave, "Effect: save a crew member", ruleAttack, "", []kit.ArgSpec{tokenArgSpec()}),
			kit.BySeat, offerEffect(MoveEffectSave), kit.Args(ruleAttack, effectSave)),
		kit.Row(effectSpec(MoveEffectTakeDiscard, "Effect: take a card from the discard pile", ruleTurn, "", []kit.ArgSpec{cardArgSpec("Mission card")}),
			kit.BySeat, offerEffect(MoveEffectTakeDiscard), kit.Args(ruleTurn, effectTakeDiscard)),
		kit.Row(effectSpec(MoveEffectDiscardHand, "Effect: discard a card from your hand", ruleHardCore, "The card goes face up to the discard pile.", []kit.ArgSpec{cardArgSpec("Mission card")}),
			kit.BySeat, offerEffect(MoveEffectDiscardHand), kit.Args(ruleHardCore, effectDiscardHand)),
		kit.Row(kit.MoveSpec{Type: MoveEndEffect, Label: "Effect applied", Rule: ruleTurn, Primary: true},
			kit.BySeat, offerEffect(MoveEndEffect), kit.NoArgs(ruleTurn, endEffect)),
		kit.Row(kit.MoveSpec{Type: MoveGiveCrewCard, Label: "Give a crew member card to the Alien", Rule: ruleAttack, Primary: true,
			Confirm: "The card goes face down to the Alien player and its power is lost.", Args: []kit.ArgSpec{crewCardArg()}},
			kit.BySeat, offerGiveCrewCard, kit.Args(ruleAttack, giveCrewCard)),
		kit.Row(kit.MoveSpec{Type: MoveCaptureDiscard, Label: "Discard a card (capture)", Rule: ruleCapture, Primary: true,
			Confirm: "The card goes face up to the discard pile.", Args: []kit.ArgSpec{cardArgSpec("Mission card")}},
			kit.BySeat, offerCaptureDiscard, kit.Args(ruleCapture, captureDiscard)),
		kit.Row(kit.MoveSpec{Type: MoveDropItem, Label: "Drop an Item", Rule: ruleItems, Primary: true, Args: []kit.ArgSpec{itemArg()}},
			kit.BySeat, offerDropItem, kit.Args(ruleItems, dropItemMove)),
		kit.Row(kit.MoveSpec{Type: MoveResolveRoom, Label: "Resolve a room", Rule: ruleAction, Primary: true,
			Confirm: "The Crew tokens in that room will be flipped face up; this cannot be undone.", Args: []kit.ArgSpec{roomArg()}},
			kit.BySeat, offerResolveRoom, kit.Args(ruleAction, resolveRoom)),
		kit.Row(actionSpec(MoveActionDraw, "A – Draw 1 card", "The card drawn cannot be put back.", nil), kit.BySeat, offerAction(MoveActionDraw), kit.Args(ruleRoom, actionDraw)),
		kit.Row(actionSpec(MoveActionPickItem, "B – Pick an Item", "", []kit.ArgSpec{itemArg()}), kit.BySeat, offerAction(MoveActionPickItem), kit.Args(ruleRoom, actionPickItem)),
		kit.Row(actionSpec(MoveActionPower, "C – Use a crew member power", "", []kit.ArgSpec{crewCardArg()}), kit.BySeat, offerAction(MoveActionPower), kit.Args(ruleRoom, actionPower)),
		kit.Row(actionSpec(MoveActionRoom, "D – Use the room effect", "", nil), kit.BySeat, offerAction(MoveActionRoom), kit.Args(ruleRoom, actionRoom)),
		kit.Row(kit.MoveSpec{Type: MoveActivateProcedure, Label: "Activate an emergency procedure", Rule: ruleActivating, Primary: true,
			Confirm: "The card goes under the board; it cannot be taken back.", Args: []kit.ArgSpec{cardArgSpec("Emergency procedure card")}},
			kit.BySeat, offerActivate, kit.Args(ruleActivating, activateProcedure)),
		kit.Row(kit.MoveSpec{Type: MoveInfirmaryTake, Label: "Take a card from the discard pile", Rule: ruleRoom, Primary: true, Args: []kit.ArgSpec{cardArgSpec("Mission card")}},
			kit.BySeat, offerInfirmary, kit.Args(ruleRoom, infirmaryTake)),
		kit.Row(kit.MoveSpec{Type: MoveLiberate, Label: "Liberate a crew member", Rule: ruleLiberation, Primary: true,
			Args: []kit.ArgSpec{{Name: "color", Label: "Presence token", Kind: kit.ArgEnum}, crewCardArg()}},
			kit.BySeat, offerLiberate, kit.Args(ruleLiberation, liberate)),
		kit.Row(kit.MoveSpec{Type: MovePassSet, Label: "Pass a Reminder set", Rule: ruleEndOfTurn, Primary: true,
			Args: []kit.ArgSpec{{Name: "color", Label: "Reminder set", Kind: kit.ArgEnum}, {Name: "to", Label: "To", Kind: kit.ArgSeat},
				{Name: "crew_card", Label: "Crew member card (Heroic)", Kind: kit.ArgInt, Min: kit.IntPtr(0), Max: kit.IntPtr(5), Optional: true}}},
			kit.BySeat, offerPassSet, kit.Args(ruleEndOfTurn, passSet)),
	}
}

// effectSpec is the catalog entry of a card effect's move.
func effectSpec(typ, label, rule, confirm string, args []kit.ArgSpec) kit.MoveSpec {
	return kit.MoveSpec{Type: typ, Label: label, Rule: rule, Args: args, Group: groupEffect, Confirm: confirm}
}

// actionSpec is the catalog entry of an action for a Presence token: its
// first argument is the token.
func actionSpec(typ, label, confirm string, args []kit.ArgSpec) kit.MoveSpec {
	return kit.MoveSpec{Type: typ, Label: label, Rule: ruleRoom, Args: append([]kit.ArgSpec{tokenArgSpec()}, args...),
		Group: groupActions, Confirm: confirm}
}

func offerDesignate(s *State, seat int) *kit.MoveSpec {
	if seat != -1 || s.Phase != PhaseSetup || s.Stage != stDesignate {
		return nil
	}
	all := make([]int, len(s.Names))
	for i := range all {
		all[i] = i
	}
	spec := withChoices(specOf(MoveDesignateAlien), "seat", seatChoices(s, all))
	return &spec
}
