package nostromo

import (
	"tablewarden/referee/kit"
)

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

// allMoves is the move catalog.
func allMoves() []move {
	effect := func(typ, label, rule string, args []kit.ArgSpec, apply func(*applier, int, kit.Move) error) move {
		return move{spec: kit.MoveSpec{Type: typ, Label: label, Rule: rule, Args: args}, apply: apply, offer: offerEffect(typ)}
	}
	action := func(typ, label string, args []kit.ArgSpec, apply func(*applier, int, kit.Move) error) move {
		return move{spec: kit.MoveSpec{Type: typ, Label: label, Rule: ruleRoom, Args: append([]kit.ArgSpec{tokenArgSpec()}, args...)}, apply: apply, offer: offerAction(typ)}
	}
	return []move{
		{spec: kit.MoveSpec{Type: "designate_alien", Label: "Record the Alien player", Rule: ruleCrewSetup, Host: true,
			Args: []kit.ArgSpec{{Name: "seat", Label: "Alien player", Kind: kit.ArgSeat}}},
			apply: designateAlien, offer: offerDesignate},
		{spec: kit.MoveSpec{Type: "choose_extra_set", Label: "Give an extra Reminder set", Rule: ruleCrewSetup,
			Args: []kit.ArgSpec{{Name: "seat", Label: "Crew player", Kind: kit.ArgSeat}}},
			apply: chooseExtraSet, offer: offerExtraSet},
		{spec: kit.MoveSpec{Type: "place_crew_token", Label: "Place a Crew token face down", Rule: ruleHiding3,
			Args: []kit.ArgSpec{{Name: "token", Label: "Crew token", Kind: kit.ArgEnum}, roomArg()}},
			apply: placeCrewToken, offer: offerPlaceCrew},
		{spec: kit.MoveSpec{Type: "place_blip", Label: "Place a Blip token face down", Rule: ruleHiding3,
			Args: []kit.ArgSpec{{Name: "blip", Label: "Blip token", Kind: kit.ArgEnum, Choices: []kit.Choice{
				{Value: BlipAlien, Label: "Alien"}, {Value: BlipJonesy, Label: "Jonesy"}, {Value: BlipBreakdown, Label: "Breakdown"}}}, roomArg()}},
			apply: placeBlip, offer: offerPlaceBlip},
		{spec: kit.MoveSpec{Type: "done_placing", Label: "Done placing", Rule: ruleHiding3}, apply: donePlacing, offer: offerDonePlacing},
		{spec: kit.MoveSpec{Type: "choose_posture", Label: "Choose the posture", Rule: rulePosture,
			Args: []kit.ArgSpec{{Name: "posture", Label: "Posture", Kind: kit.ArgEnum, Choices: []kit.Choice{
				{Value: Aggressive, Label: "Aggressive"}, {Value: Instinctive, Label: "Instinctive"}, {Value: Focused, Label: "Focused"}}}}},
			apply: choosePosture, offer: offerPosture},
		{spec: kit.MoveSpec{Type: "play_behaviour", Label: "Play a Behaviour card", Rule: ruleInstinctive,
			Args: []kit.ArgSpec{{Name: "card", Label: "Behaviour card", Kind: kit.ArgInt, Min: kit.IntPtr(1), Max: kit.IntPtr(9)}}},
			apply: playBehaviour, offer: offerBehaviour},
		{spec: kit.MoveSpec{Type: "hunt", Label: "Move the Alien (hunting action)", Rule: ruleHunting, Args: []kit.ArgSpec{roomArg()}},
			apply: hunt, offer: offerHunt},
		{spec: kit.MoveSpec{Type: "play_mission_order", Label: "Play a mission order", Rule: ruleMissionOrders, Args: []kit.ArgSpec{cardArgSpec("Mission card")}},
			apply: playMissionOrder, offer: offerMissionOrder},
		{spec: kit.MoveSpec{Type: "pass_mission_orders", Label: "Pass (no mission order)", Rule: ruleMissionOrders},
			apply: passMissionOrders, offer: offerPassOrders},
		{spec: kit.MoveSpec{Type: "use_item", Label: "Use an Item", Rule: ruleItems, Args: []kit.ArgSpec{itemArg()}},
			apply: useItem, offer: offerUseItem},
		{spec: kit.MoveSpec{Type: "detector_move", Label: "Move a Presence token (Motion detector)", Rule: ruleDetector, Args: []kit.ArgSpec{tokenArgSpec(), roomArg()}},
			apply: detectorMove, offer: offerDetectorMove},
		effect("effect_draw", "Effect: a Crew player draws cards", ruleTurn,
			[]kit.ArgSpec{{Name: "seat", Label: "Crew player", Kind: kit.ArgSeat}, countArg()}, effectDraw),
		effect("effect_discard_deck", "Effect: discard cards from the Mission deck", ruleWeyland, []kit.ArgSpec{countArg()}, effectDiscardDeck),
		effect("effect_move_token", "Effect: move a Crew token", ruleMissionOrders, []kit.ArgSpec{tokenArgSpec(), roomArg()}, effectMoveToken),
		effect("effect_save", "Effect: save a crew member", ruleAttack, []kit.ArgSpec{tokenArgSpec()}, effectSave),
		effect("effect_take_discard", "Effect: take a card from the discard pile", ruleTurn, []kit.ArgSpec{cardArgSpec("Mission card")}, effectTakeDiscard),
		effect("effect_discard_hand", "Effect: discard a card from your hand", ruleHardCore, []kit.ArgSpec{cardArgSpec("Mission card")}, effectDiscardHand),
		effect("end_effect", "Effect applied", ruleTurn, nil, endEffect),
		{spec: kit.MoveSpec{Type: "give_crew_card", Label: "Give a crew member card to the Alien", Rule: ruleAttack, Args: []kit.ArgSpec{crewCardArg()}},
			apply: giveCrewCard, offer: offerGiveCrewCard},
		{spec: kit.MoveSpec{Type: "capture_discard", Label: "Discard a card (capture)", Rule: ruleCapture, Args: []kit.ArgSpec{cardArgSpec("Mission card")}},
			apply: captureDiscard, offer: offerCaptureDiscard},
		{spec: kit.MoveSpec{Type: "drop_item", Label: "Drop an Item", Rule: ruleItems, Args: []kit.ArgSpec{itemArg()}},
			apply: dropItemMove, offer: offerDropItem},
		{spec: kit.MoveSpec{Type: "resolve_room", Label: "Resolve a room", Rule: ruleAction, Args: []kit.ArgSpec{roomArg()}},
			apply: resolveRoom, offer: offerResolveRoom},
		action("action_draw", "A – Draw 1 card", nil, actionDraw),
		action("action_pick_item", "B – Pick an Item", []kit.ArgSpec{itemArg()}, actionPickItem),
		action("action_power", "C – Use a crew member power", []kit.ArgSpec{crewCardArg()}, actionPower),
		action("action_room", "D – Use the room effect", nil, actionRoom),
		{spec: kit.MoveSpec{Type: "activate_procedure", Label: "Activate an emergency procedure", Rule: ruleActivating, Args: []kit.ArgSpec{cardArgSpec("Emergency procedure card")}},
			apply: activateProcedure, offer: offerActivate},
		{spec: kit.MoveSpec{Type: "infirmary_take", Label: "Take a card from the discard pile", Rule: ruleRoom, Args: []kit.ArgSpec{cardArgSpec("Mission card")}},
			apply: infirmaryTake, offer: offerInfirmary},
		{spec: kit.MoveSpec{Type: "liberate", Label: "Liberate a crew member", Rule: ruleLiberation,
			Args: []kit.ArgSpec{{Name: "color", Label: "Presence token", Kind: kit.ArgEnum}, crewCardArg()}},
			apply: liberate, offer: offerLiberate},
		{spec: kit.MoveSpec{Type: "pass_set", Label: "Pass a Reminder set", Rule: ruleEndOfTurn,
			Args: []kit.ArgSpec{{Name: "color", Label: "Reminder set", Kind: kit.ArgEnum}, {Name: "to", Label: "To", Kind: kit.ArgSeat},
				{Name: "crew_card", Label: "Crew member card (Heroic)", Kind: kit.ArgInt, Min: kit.IntPtr(0), Max: kit.IntPtr(5), Optional: true}}},
			apply: passSet, offer: offerPassSet},
	}
}

func offerDesignate(s *State, seat int) *kit.MoveSpec {
	if seat != -1 || s.Phase != PhaseSetup || s.Stage != stDesignate {
		return nil
	}
	all := make([]int, len(s.Names))
	for i := range all {
		all[i] = i
	}
	spec := withChoices(moves[moveIndex["designate_alien"]].spec, "seat", seatChoices(s, all))
	return &spec
}
