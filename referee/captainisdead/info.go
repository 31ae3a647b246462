package captainisdead

import (
	"tablewarden/referee/kit"
)

// GameName prefixes every rule reference.
const GameName = "The Captain Is Dead: Lockdown"

// rule formats a rulebook section reference.
func rule(section string) string { return GameName + " › " + section }

// The rulebook sections the referee enforces.
var (
	ruleSetup       = rule("Setup")
	ruleConcealment = rule("Concealment Level")
	ruleElimination = rule("Player Elimination")
	ruleAlarms      = rule("Alarms")
	ruleGrenades    = rule("Grenades and Scent Bombs")
	ruleShipControl = rule("Ship Control")
	ruleContraband  = rule("Contraband")
	ruleHowAliens   = rule("How Aliens Work")
	ruleNewSystems  = rule("New Systems")
	ruleNewRoles    = rule("New Roles")
	ruleStarting    = rule("Starting The Game")
	ruleContinuing  = rule("Continuing Play")
	ruleWinning     = rule("Winning The Game")
	ruleLosing      = rule("Losing The Game")
	ruleTrackText   = rule("Track Text on the Ship Control and Concealment Level Cards")
)

// ConcealmentDef is the Concealment Level track, bottom first: an alarm
// moves it one step down (Concealment Level Track).
var ConcealmentDef = kit.TrackDef{Name: "concealment", Label: "Concealment Level",
	Steps: []string{"SET TO KILL", "1%", "10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%", "90%", "100%"}}

// ShipControlDef is the Ship Control track, bottom first (Ship Control Track).
var ShipControlDef = kit.TrackDef{Name: "ship_control", Label: "Ship Control",
	Steps: []string{"Insane", "Hardcore", "Expert", "Veteran", "Normal", "Novice", "Coward", "Pointless", "WIN!"}}

// Difficulties are the Ship Control starts the book allows (Setup).
var Difficulties = []string{"Novice", "Normal", "Veteran"}

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
)

// AlarmCauses are the alarms the table reports by hand (the others the
// referee sounds itself).
var AlarmCauses = []string{"bell icon", "alert overridden", "card effect"}

// New returns the game.
func New() *Game { return &Game{data: DefaultData()} }

// Game is The Captain Is Dead: Lockdown referee.
type Game struct {
	data *Data
}

var _ kit.Game = (*Game)(nil)

func strChoices(vals []string) []kit.Choice {
	out := make([]kit.Choice, len(vals))
	for i, v := range vals {
		out[i] = kit.Choice{Value: v, Label: v}
	}
	return out
}

// Info describes the game, its options and its full move catalog.
func (g *Game) Info() kit.Info {
	d := g.data
	rooms := make([]string, len(d.Locations))
	for i, l := range d.Locations {
		rooms[i] = l.Name
	}
	systems := make([]string, len(d.Systems))
	for i, sy := range d.Systems {
		systems[i] = sy.Name
	}
	roles := make([]string, len(d.Roles))
	for i, r := range d.Roles {
		roles[i] = r.Name
	}
	enum := func(name, label string, vals []string) kit.ArgSpec {
		return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgEnum, Choices: strChoices(vals)}
	}
	seat := kit.ArgSpec{Name: "seat", Label: "Player", Kind: kit.ArgSeat}
	source := kit.ArgSpec{Name: "source", Label: "Source (card or effect)", Kind: kit.ArgString, Optional: true}
	room := enum("room", "Room", rooms)
	return kit.Info{
		ID:         "captainisdead",
		Name:       "The Captain Is Dead: Episode III – Lockdown",
		Rulebook:   "captain-is-dead-lockdown.txt",
		MinPlayers: d.MinPlayers.Value,
		MaxPlayers: d.maxPlayers(),
		Options: []kit.OptionSpec{
			{Name: "difficulty", Label: "Difficulty (Ship Control start)", Kind: kit.OptEnum, Default: "Normal", Choices: strChoices(Difficulties), Source: "rulebook"},
			{Name: "elimination", Label: "Use the optional Player Elimination rules", Kind: kit.OptBool, Default: false, Source: "rulebook"},
			{Name: "game_data", Label: "Game data (board, patrol path, roles, counts)", Kind: kit.OptJSON, Default: nil, Source: "assumed",
				Help: "Replaces the whole embedded data.json; every value carries its source."},
		},
		Moves: []kit.MoveSpec{
			{Type: MoveChooseRole, Label: "Choose your role", Rule: ruleSetup, Args: []kit.ArgSpec{enum("role", "Role", roles)}},
			{Type: MoveMove, Label: "Move to an adjacent room", Rule: ruleContinuing, Args: []kit.ArgSpec{enum("to", "To", rooms)}},
			{Type: MoveKillAlien, Label: "Kill an alien in your room", Rule: ruleHowAliens, Args: []kit.ArgSpec{enum("rank", "Rank", Ranks)}},
			{Type: MoveThrowGrenade, Label: "Throw a grenade into an adjacent room", Rule: ruleGrenades, Args: []kit.ArgSpec{room}},
			{Type: MoveDeployScentBomb, Label: "Deploy a scent bomb into an adjacent room", Rule: ruleGrenades, Args: []kit.ArgSpec{room}},
			{Type: MoveUseSystem, Label: "Use a system", Rule: ruleAlarms, Args: []kit.ArgSpec{enum("system", "System", systems)}},
			{Type: MoveRepairSystem, Label: "Repair a system", Rule: ruleAlarms, Args: []kit.ArgSpec{enum("system", "System", systems)}},
			{Type: MoveUnlockSystem, Label: "Unlock a system", Rule: ruleAlarms, Args: []kit.ArgSpec{enum("system", "System", systems)}},
			{Type: MoveHackSystem, Label: "Hack a system", Rule: ruleConcealment, Args: []kit.ArgSpec{enum("system", "System", systems)}},
			{Type: MoveCardAction, Label: "Take an action printed on a card", Rule: ruleAlarms, Args: []kit.ArgSpec{
				{Name: "card", Label: "Card", Kind: kit.ArgString, Optional: true},
				{Name: "actions", Label: "Actions spent", Kind: kit.ArgInt, Min: kit.IntPtr(1), Max: kit.IntPtr(9)},
				{Name: "bell", Label: "Bell icon (alarm)", Kind: kit.ArgBool, Optional: true}}},
			{Type: MoveEndTurn, Label: "End your turn and draw an alert", Rule: ruleStarting},
			{Type: MoveRespawn, Label: "Spawn your next character in the Infirmary", Rule: ruleElimination, Args: []kit.ArgSpec{enum("role", "Role", roles)}},
			{Type: MoveDiscard, Label: "Discard a card", Rule: ruleGrenades, Args: []kit.ArgSpec{{Name: "item", Label: "Card", Kind: kit.ArgEnum}}},
			{Type: MoveNoteContraband, Label: "Note your contraband card's name", Rule: ruleContraband, Args: []kit.ArgSpec{{Name: "name", Label: "Card name", Kind: kit.ArgString, Optional: true}}},
			{Type: MoveUseContraband, Label: "Use your contraband", Rule: ruleContraband},
			{Type: MoveRevealContraband, Label: "Contraband revealed (lose it)", Rule: ruleContraband},
			{Type: MoveAddAlien, Label: "Add an alien", Rule: ruleHowAliens, Host: true, Args: []kit.ArgSpec{enum("rank", "Rank", Ranks), room}},
			{Type: MoveMoveAlien, Label: "Move an alien", Rule: ruleHowAliens, Host: true, Args: []kit.ArgSpec{{Name: "move", Label: "Alien and destination", Kind: kit.ArgEnum}}},
			{Type: MoveRemoveAlien, Label: "Remove an alien (no kill)", Rule: ruleShipControl, Host: true, Args: []kit.ArgSpec{{Name: "alien", Label: "Alien", Kind: kit.ArgEnum}}},
			{Type: MoveKillAliens, Label: "Kill aliens by a card effect", Rule: ruleHowAliens, Host: true, Args: []kit.ArgSpec{room,
				{Name: "all", Label: "Every alien in the room (otherwise the lowest-ranking one)", Kind: kit.ArgBool, Optional: true}, source}},
			{Type: MoveRaiseTrack, Label: "Raise a track one step", Rule: ruleTrackText, Host: true, Args: []kit.ArgSpec{enum("track", "Track", []string{ConcealmentDef.Label, ShipControlDef.Label}), source}},
			{Type: MoveLowerShipControl, Label: "Lower Ship Control one step", Rule: ruleTrackText, Host: true, Args: []kit.ArgSpec{source}},
			{Type: MoveSoundAlarm, Label: "Sound an alarm", Rule: ruleAlarms, Host: true, Args: []kit.ArgSpec{enum("cause", "Cause", AlarmCauses), source}},
			{Type: MoveArmSuppression, Label: "Suppress the next alarm", Rule: ruleAlarms, Host: true, Args: []kit.ArgSpec{enum("source", "Suppressed by", SuppressionSources)}},
			{Type: MoveCancelSuppression, Label: "Cancel the last armed suppression", Rule: ruleAlarms, Host: true},
			{Type: MoveLockSystem, Label: "Relock a system", Rule: ruleConcealment, Host: true, Args: []kit.ArgSpec{enum("system", "System", systems)}},
			{Type: MovePlaceHoneypot, Label: "Place a honeypot", Rule: ruleAlarms, Host: true, Args: []kit.ArgSpec{room}},
			{Type: MoveRemoveHoneypot, Label: "Remove a honeypot", Rule: ruleAlarms, Host: true, Args: []kit.ArgSpec{room}},
			{Type: MoveInjure, Label: "Injure a character", Rule: ruleHowAliens, Host: true, Args: []kit.ArgSpec{seat}},
			{Type: MoveHeal, Label: "Heal a character", Rule: ruleHowAliens, Host: true, Args: []kit.ArgSpec{seat}},
			{Type: MovePlaceCharacter, Label: "Place a character (card effect or correction)", Rule: ruleSetup, Host: true, Args: []kit.ArgSpec{{Name: "placement", Label: "Character and room", Kind: kit.ArgEnum}}},
			{Type: MoveGainItem, Label: "A player gains a card", Rule: ruleGrenades, Host: true, Args: []kit.ArgSpec{seat, {Name: "item", Label: "Card", Kind: kit.ArgEnum}}},
			{Type: MoveFinishAlert, Label: "Alert applied: perform hostile alien actions", Rule: ruleHowAliens, Host: true},
		},
	}
}
