package captainisdead

import (
	"tablewarden/referee/kit"
)

// The move types.
const (
	MoveChooseRole        = "choose_role"
	MoveMove              = "move"
	MoveKillAlien         = "kill_alien"
	MoveThrowGrenade      = "throw_grenade"
	MoveDeployScentBomb   = "deploy_scent_bomb"
	MoveUseSystem         = "use_system"
	MoveRepairSystem      = "repair_system"
	MoveUnlockSystem      = "unlock_system"
	MoveHackSystem        = "hack_system"
	MoveCardAction        = "card_action"
	MoveEndTurn           = "end_turn"
	MoveRespawn           = "respawn"
	MoveDiscard           = "discard"
	MoveNoteContraband    = "note_contraband"
	MoveUseContraband     = "use_contraband"
	MoveRevealContraband  = "reveal_contraband"
	MoveAddAlien          = "add_alien"
	MoveMoveAlien         = "move_alien"
	MoveRemoveAlien       = "remove_alien"
	MoveKillAliens        = "kill_aliens"
	MoveRaiseTrack        = "raise_track"
	MoveLowerShipControl  = "lower_ship_control"
	MoveSoundAlarm        = "sound_alarm"
	MoveArmSuppression    = "arm_suppression"
	MoveCancelSuppression = "cancel_suppression"
	MoveLockSystem        = "lock_system"
	MovePlaceHoneypot     = "place_honeypot"
	MoveRemoveHoneypot    = "remove_honeypot"
	MoveInjure            = "injure"
	MoveHeal              = "heal"
	MovePlaceCharacter    = "place_character"
	MoveGainItem          = "gain_item"
	MoveFinishAlert       = "finish_alert"
	MoveResolveAlert      = "resolve_alert"
)

// turn is the carrier every move handler gets.
type turn = kit.Turn[State]

// moves is the game's one move table: every move type with its catalog
// entry, who makes it, what is offered now and how it applies.
var moves = kit.NewMoves(kit.MovesConfig[State]{
	Game:  GameName,
	Rule:  ruleContinuing,
	Clone: (*State).Clone,
	Over: func(s *State) *kit.RuleError {
		if s.End == nil {
			return nil
		}
		return kit.Errorf("game_over", s.End.Rule, "The game is over: %s", s.End.Reason)
	},
	Seats: func(s *State) int { return len(s.Players) },
	Phase: func(s *State) string { return s.Phase },
	After: shipControlBonus,
},
	kit.Row(specChooseRole, kit.BySeat, offerChooseRole, kit.Args(ruleSetup, applyChooseRole), PhaseChooseRoles),
	kit.Row(specMove, kit.BySeat, offerMove, kit.Args(ruleContinuing, turnAction(applyMove))),
	kit.Row(specKillAlien, kit.BySeat, offerKillAlien, kit.Args(ruleHowAliens, turnAction(applyKillAlien))),
	kit.Row(specThrowGrenade, kit.BySeat, offerThrowGrenade, kit.Args(ruleGrenades, turnAction(applyThrowGrenade))),
	kit.Row(specDeployScentBomb, kit.BySeat, offerDeployScentBomb, kit.Args(ruleGrenades, turnAction(applyDeployScentBomb))),
	kit.Row(specUseSystem, kit.BySeat, offerSystem(MoveUseSystem), kit.Args(ruleAlarms, turnAction(applySystem(MoveUseSystem)))),
	kit.Row(specRepairSystem, kit.BySeat, offerSystem(MoveRepairSystem), kit.Args(ruleAlarms, turnAction(applySystem(MoveRepairSystem)))),
	kit.Row(specUnlockSystem, kit.BySeat, offerSystem(MoveUnlockSystem), kit.Args(ruleAlarms, turnAction(applySystem(MoveUnlockSystem)))),
	kit.Row(specHackSystem, kit.BySeat, offerSystem(MoveHackSystem), kit.Args(ruleConcealment, turnAction(applySystem(MoveHackSystem)))),
	kit.Row(specCardAction, kit.BySeat, offerCardAction, kit.Args(ruleAlarms, turnAction(applyCardAction))),
	kit.Row(specEndTurn, kit.BySeat, offerEndTurn, kit.NoArgs(ruleStarting, applyEndTurn)),
	kit.Row(specRespawn, kit.BySeat, offerRespawn, kit.Args(ruleElimination, applyRespawn)),
	kit.Row(specDiscard, kit.BySeat, offerDiscard, kit.Args(ruleGrenades, applyDiscard)),
	kit.Row(specNoteContraband, kit.BySeat, offerContraband(specNoteContraband), kit.Args(ruleContraband, applyNoteContraband)),
	kit.Row(specUseContraband, kit.BySeat, offerContraband(specUseContraband), kit.NoArgs(ruleContraband, applyLoseContraband("contraband_used", "You used your contraband: it leaves the game. Apply its effect."))),
	kit.Row(specRevealContraband, kit.BySeat, offerContraband(specRevealContraband), kit.NoArgs(ruleContraband, applyLoseContraband("contraband_revealed", "You talked about or revealed your contraband: it leaves the game."))),
	kit.Row(specAddAlien, kit.ByHost, offerAddAlien, alertEffect(kit.Args(ruleHowAliens, applyAddAlien)), PhaseTurn, PhaseAlert),
	kit.Row(specMoveAlien, kit.ByHost, offerMoveAlien, alertEffect(kit.Args(ruleHowAliens, applyMoveAlien)), PhaseTurn, PhaseAlert),
	kit.Row(specRemoveAlien, kit.ByHost, offerRemoveAlien, alertEffect(kit.Args(ruleShipControl, applyRemoveAlien)), PhaseTurn, PhaseAlert),
	kit.Row(specKillAliens, kit.ByHost, offerKillAliens, alertEffect(kit.Args(ruleHowAliens, applyKillAliens)), PhaseTurn, PhaseAlert),
	kit.Row(specRaiseTrack, kit.ByHost, offerRaiseTrack, alertEffect(kit.Args(ruleTrackText, applyRaiseTrack)), PhaseTurn, PhaseAlert),
	kit.Row(specLowerShipControl, kit.ByHost, offerLowerShipControl, alertEffect(kit.Args(ruleTrackText, applyLowerShipControl)), PhaseTurn, PhaseAlert),
	kit.Row(specSoundAlarm, kit.ByHost, offerSoundAlarm, alertEffect(kit.Args(ruleAlarms, applySoundAlarm)), PhaseTurn, PhaseAlert),
	kit.Row(specArmSuppression, kit.ByHost, offerArmSuppression, alertEffect(kit.Args(ruleAlarms, applyArmSuppression)), PhaseTurn, PhaseAlert),
	kit.Row(specCancelSuppression, kit.ByHost, offerCancelSuppression, alertEffect(kit.NoArgs(ruleAlarms, applyCancelSuppression)), PhaseTurn, PhaseAlert),
	kit.Row(specLockSystem, kit.ByHost, offerLockSystem, alertEffect(kit.Args(ruleConcealment, applyLockSystem)), PhaseTurn, PhaseAlert),
	kit.Row(specPlaceHoneypot, kit.ByHost, offerPlaceHoneypot, alertEffect(kit.Args(ruleAlarms, applyPlaceHoneypot)), PhaseTurn, PhaseAlert),
	kit.Row(specRemoveHoneypot, kit.ByHost, offerRemoveHoneypot, alertEffect(kit.Args(ruleAlarms, applyRemoveHoneypot)), PhaseTurn, PhaseAlert),
	kit.Row(specInjure, kit.ByHost, offerInjure, alertEffect(kit.Args(ruleHowAliens, applyInjure)), PhaseTurn, PhaseAlert),
	kit.Row(specHeal, kit.ByHost, offerHeal, alertEffect(kit.Args(ruleHowAliens, applyHeal)), PhaseTurn, PhaseAlert),
	kit.Row(specPlaceCharacter, kit.ByHost, offerPlaceCharacter, alertEffect(kit.Args(ruleSetup, applyPlaceCharacter)), PhaseTurn, PhaseAlert),
	kit.Row(specGainItem, kit.ByHost, offerGainItem, alertEffect(kit.Args(ruleGrenades, applyGainItem)), PhaseTurn, PhaseAlert),
	kit.Row(specResolveAlert, kit.ByHost, offerResolveAlert, kit.Args(ruleStarting, applyResolveAlert), PhaseAlert),
	kit.Row(specFinishAlert, kit.ByHost, offerFinishAlert, kit.NoArgs(ruleHowAliens, applyFinishAlert)),
)

// shipControlBonus follows every move: when the move took the last alien
// off the ship, Ship Control rises and an alert is drawn (Ship Control).
func shipControlBonus(t *turn) {
	if t.Before.aliensAboard() > 0 && t.S.aliensAboard() == 0 && t.S.End == nil {
		t.S.bonus(t)
	}
}

// turnAction wraps the handler of an action of the player whose turn it is:
// requireTurn's checks (a living character) come before the handler's own.
func turnAction[A any](h func(t *turn, seat int, a A) error) func(t *turn, seat int, a A) error {
	return func(t *turn, seat int, a A) error {
		if err := t.S.requireTurn(seat, true); err != nil {
			return err
		}
		return h(t, seat, a)
	}
}

// with returns spec narrowed to the given arguments (their choices those
// legal now).
func with(spec kit.MoveSpec, args ...kit.ArgSpec) *kit.MoveSpec {
	spec.Args = args
	return &spec
}

func enumArg(name, label string, vals []string) kit.ArgSpec {
	return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgEnum, Choices: strChoices(vals)}
}

func choiceArg(name, label string, cs []kit.Choice) kit.ArgSpec {
	return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgEnum, Choices: cs}
}

func seatChoiceArg(cs []kit.Choice) kit.ArgSpec {
	return kit.ArgSpec{Name: "seat", Label: "Player", Kind: kit.ArgSeat, Choices: cs}
}

// The headings that gather the secondary moves on a phone.
const (
	groupMove       = "Move"
	groupFight      = "Fight"
	groupSystems    = "Systems"
	groupCards      = "Cards"
	groupContraband = "Contraband"
	// groupEffects gathers the card-effect moves: what a skill, tool or
	// Battle Plan card (or an alert card the game data does not list)
	// prints, entered with choices.
	groupEffects = "Apply what a card prints"
	groupAliens  = groupEffects
	groupTracks  = groupEffects
	groupShip    = groupEffects
	groupCrew    = groupEffects
)

// Static argument specs and the catalog entries (in Info().Moves the
// choices are the full lists of the embedded data).
var (
	rankArg        = enumArg("rank", "Rank", Ranks)
	causeArg       = enumArg("cause", "Cause", AlarmCauses)
	suppressionArg = enumArg("source", "Suppressed by", SuppressionSources)
	trackChoices   = strChoices([]string{ConcealmentDef.Label, ShipControlDef.Label})
	sourceArg      = kit.ArgSpec{Name: "source", Label: "Printed on", Kind: kit.ArgEnum, Optional: true, Choices: strChoices(EffectSources)}
	seatArgSpec    = kit.ArgSpec{Name: "seat", Label: "Player", Kind: kit.ArgSeat}
	roomArgSpec    = choiceArg("room", "Room", defaultData.roomChoice)
	systemArgSpec  = choiceArg("system", "System", defaultData.systemChoice)
	roleArgSpec    = enumArg("role", "Role", defaultData.roleNames())

	specChooseRole      = kit.MoveSpec{Type: MoveChooseRole, Label: "Choose your role", Rule: ruleSetup, Primary: true, Args: []kit.ArgSpec{roleArgSpec}}
	specMove            = kit.MoveSpec{Type: MoveMove, Label: "Move to an adjacent room", Rule: ruleContinuing, Group: groupMove, Args: []kit.ArgSpec{choiceArg("to", "To", defaultData.roomChoice)}}
	specKillAlien       = kit.MoveSpec{Type: MoveKillAlien, Label: "Kill an alien in your room", Rule: ruleHowAliens, Group: groupFight, Args: []kit.ArgSpec{rankArg}}
	specThrowGrenade    = kit.MoveSpec{Type: MoveThrowGrenade, Label: "Throw a grenade into an adjacent room", Rule: ruleGrenades, Group: groupFight, Args: []kit.ArgSpec{roomArgSpec}}
	specDeployScentBomb = kit.MoveSpec{Type: MoveDeployScentBomb, Label: "Deploy a scent bomb into an adjacent room", Rule: ruleGrenades, Group: groupFight, Args: []kit.ArgSpec{roomArgSpec}}
	specUseSystem       = kit.MoveSpec{Type: MoveUseSystem, Label: "Use a system", Rule: ruleAlarms, Group: groupSystems, Args: []kit.ArgSpec{systemArgSpec}}
	specRepairSystem    = kit.MoveSpec{Type: MoveRepairSystem, Label: "Repair a system", Rule: ruleAlarms, Group: groupSystems, Args: []kit.ArgSpec{systemArgSpec}}
	specUnlockSystem    = kit.MoveSpec{Type: MoveUnlockSystem, Label: "Unlock a system", Rule: ruleAlarms, Group: groupSystems, Args: []kit.ArgSpec{systemArgSpec}}
	specHackSystem      = kit.MoveSpec{Type: MoveHackSystem, Label: "Hack a system", Rule: ruleConcealment, Group: groupSystems, Args: []kit.ArgSpec{systemArgSpec}}
	specCardAction      = kit.MoveSpec{Type: MoveCardAction, Label: "Take an action printed on a card", Rule: ruleAlarms, Group: groupCards, Args: []kit.ArgSpec{
		{Name: "card", Label: "Card", Kind: kit.ArgString, Optional: true},
		{Name: "actions", Label: "Actions spent", Kind: kit.ArgInt, Min: kit.IntPtr(1), Max: kit.IntPtr(9)},
		{Name: "bell", Label: "Bell icon (alarm)", Kind: kit.ArgBool, Optional: true}}}
	specEndTurn           = kit.MoveSpec{Type: MoveEndTurn, Label: "End your turn and draw an alert", Rule: ruleStarting, Primary: true, Confirm: "End your turn? The next alert card is drawn; this cannot be undone."}
	specRespawn           = kit.MoveSpec{Type: MoveRespawn, Label: "Spawn your next character in the Infirmary", Rule: ruleElimination, Primary: true, Args: []kit.ArgSpec{roleArgSpec}}
	specDiscard           = kit.MoveSpec{Type: MoveDiscard, Label: "Discard a card", Rule: ruleGrenades, Group: groupCards, Args: []kit.ArgSpec{{Name: "item", Label: "Card", Kind: kit.ArgEnum}}}
	specNoteContraband    = kit.MoveSpec{Type: MoveNoteContraband, Label: "Note your contraband card's name", Rule: ruleContraband, Group: groupContraband, Args: []kit.ArgSpec{{Name: "name", Label: "Card name", Kind: kit.ArgString, Optional: true}}}
	specUseContraband     = kit.MoveSpec{Type: MoveUseContraband, Label: "Use your contraband", Rule: ruleContraband, Confirm: "Use your contraband? It leaves the game.", Group: groupContraband}
	specRevealContraband  = kit.MoveSpec{Type: MoveRevealContraband, Label: "Contraband revealed (lose it)", Rule: ruleContraband, Confirm: "Lose your contraband? Do this only if you talked about it or showed it.", Group: groupContraband}
	specAddAlien          = kit.MoveSpec{Type: MoveAddAlien, Label: "Add an alien", Rule: ruleHowAliens, Group: groupAliens, Args: []kit.ArgSpec{rankArg, roomArgSpec}}
	specMoveAlien         = kit.MoveSpec{Type: MoveMoveAlien, Label: "Move an alien", Rule: ruleHowAliens, Group: groupAliens, Args: []kit.ArgSpec{{Name: "move", Label: "Alien and destination", Kind: kit.ArgEnum}}}
	specRemoveAlien       = kit.MoveSpec{Type: MoveRemoveAlien, Label: "Remove an alien (no kill)", Rule: ruleShipControl, Group: groupAliens, Args: []kit.ArgSpec{{Name: "alien", Label: "Alien", Kind: kit.ArgEnum}}}
	specKillAliens        = kit.MoveSpec{Type: MoveKillAliens, Label: "Kill aliens by a card effect", Rule: ruleHowAliens, Group: groupAliens, Args: []kit.ArgSpec{roomArgSpec, allArg, sourceArg}}
	specRaiseTrack        = kit.MoveSpec{Type: MoveRaiseTrack, Label: "Raise a track one step", Rule: ruleTrackText, Group: groupTracks, Args: []kit.ArgSpec{choiceArg("track", "Track", trackChoices), sourceArg}}
	specLowerShipControl  = kit.MoveSpec{Type: MoveLowerShipControl, Label: "Lower Ship Control one step", Rule: ruleTrackText, Group: groupTracks, Args: []kit.ArgSpec{sourceArg}}
	specSoundAlarm        = kit.MoveSpec{Type: MoveSoundAlarm, Label: "Sound an alarm", Rule: ruleAlarms, Group: groupTracks, Args: []kit.ArgSpec{causeArg, sourceArg}}
	specArmSuppression    = kit.MoveSpec{Type: MoveArmSuppression, Label: "Suppress the next alarm", Rule: ruleAlarms, Group: groupTracks, Args: []kit.ArgSpec{suppressionArg}}
	specCancelSuppression = kit.MoveSpec{Type: MoveCancelSuppression, Label: "Cancel the last armed suppression", Rule: ruleAlarms, Group: groupTracks}
	specLockSystem        = kit.MoveSpec{Type: MoveLockSystem, Label: "Relock a system", Rule: ruleConcealment, Group: groupShip, Args: []kit.ArgSpec{systemArgSpec}}
	specPlaceHoneypot     = kit.MoveSpec{Type: MovePlaceHoneypot, Label: "Place a honeypot", Rule: ruleAlarms, Group: groupShip, Args: []kit.ArgSpec{roomArgSpec}}
	specRemoveHoneypot    = kit.MoveSpec{Type: MoveRemoveHoneypot, Label: "Remove a honeypot", Rule: ruleAlarms, Group: groupShip, Args: []kit.ArgSpec{roomArgSpec}}
	specInjure            = kit.MoveSpec{Type: MoveInjure, Label: "Injure a character", Rule: ruleHowAliens, Group: groupCrew, Args: []kit.ArgSpec{seatArgSpec}}
	specHeal              = kit.MoveSpec{Type: MoveHeal, Label: "Heal a character", Rule: ruleHowAliens, Group: groupCrew, Args: []kit.ArgSpec{seatArgSpec}}
	specPlaceCharacter    = kit.MoveSpec{Type: MovePlaceCharacter, Label: "Place a character (card effect or correction)", Rule: ruleSetup, Group: groupCrew, Args: []kit.ArgSpec{{Name: "placement", Label: "Character and room", Kind: kit.ArgEnum}}}
	specGainItem          = kit.MoveSpec{Type: MoveGainItem, Label: "A player gains a card", Rule: ruleGrenades, Group: groupCrew, Args: []kit.ArgSpec{seatArgSpec, {Name: "item", Label: "Card", Kind: kit.ArgEnum}}}
	specFinishAlert       = kit.MoveSpec{Type: MoveFinishAlert, Label: "Alert applied", Rule: ruleHowAliens, Primary: true, Confirm: "Is the alert fully applied? The aliens act now; this cannot be undone.", Ask: kit.AskEndsStep}
	specResolveAlert      = kit.MoveSpec{Type: MoveResolveAlert, Label: "Resolve the alert card drawn", Rule: ruleStarting, Primary: true, Confirm: "Resolve this alert card? The referee applies it and the aliens act; this cannot be undone.", Ask: kit.AskEndsStep,
		Args: []kit.ArgSpec{{Name: "card", Label: "Alert card drawn", Kind: kit.ArgEnum, Choices: alertCardChoices(defaultData)}}}

	allArg = kit.ArgSpec{Name: "all", Label: "Every alien in the room (otherwise the lowest-ranking one)", Kind: kit.ArgBool, Optional: true}
)
