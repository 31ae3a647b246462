package jumpship

import "tablewarden/referee/kit"

// codes declares the game's refusal codes once (Info.Codes): the code, the
// rulebook section it enforces ("": the refused move's own) and the
// English message. Every refusal this package emits names one of
// them or one of kit.KitCodes: referee/catalog's TestRefusalCodesDeclared
// reads this package's source for codes that are not, and
// kittest.Conformance fails on an emitted one.
var codes = []kit.Code{
	{Code: "already_drawn", Rule: ruleOnYourTurn, Message: "You already took this turn's action; give your tokens now."},
	{Code: "diplomat_self_limit", Rule: ruleAbilityDip, Message: "The Diplomat may give himself one, and only one, of his tokens per turn."},
	{Code: "draw_first", Rule: ruleOnYourTurn, Message: "You have no drawn tokens: draw first."},
	{Code: "event_pending", Rule: ruleGameplay, Message: "Play waits for %s to decide the %s event."},
	{Code: "game_over", Rule: "", Message: "The game is over: %s"},
	{Code: "give_to_self", Rule: ruleBasicTokens, Message: "You cannot give tokens to yourself."},
	{Code: "give_twice_to_player", Rule: ruleBasicTokens, Message: "You already gave %s a token this turn: you cannot give two tokens to the same player."},
	{Code: "medical_to_same_player", Rule: ruleAbilityDoc, Message: "The Doctor moves a Medical token from one player to another."},
	{Code: "no_countdown_to_remove", Rule: ruleAbilityChef, Message: "The %s track holds no Countdown token."},
	{Code: "no_event_choice", Rule: "", Message: "The game is not waiting for this decision now."},
	{Code: "no_medical_held", Rule: ruleAbilityDoc, Message: "%s has no Medical token."},
	{Code: "no_medical_in_play", Rule: ruleAbilityDoc, Message: "No player has a Medical token: the Doctor's ability has no effect."},
	{Code: "no_repair_held", Rule: ruleOnYourTurn, Message: "You drew no Repair token to place."},
	{Code: "no_repair_on_track", Rule: ruleAbilityEng, Message: "The Ship Repair board holds no Repair token."},
	{Code: "no_target_in_bag", Rule: ruleAbilitySec, Message: "All %d Target tokens are out of the bag: the Security's ability has no effect."},
	{Code: "not_a_player", Rule: "", Message: "This move is made from a player's phone."},
	{Code: "not_aboard", Rule: ruleEject, Message: "%s is %s and can not receive new tokens."},
	{Code: "not_enough_scans", Rule: rulePerformScan, Message: "Scanning needs %d Scan tokens; you have %d."},
	{Code: "not_tied", Rule: ruleAbilityCapt, Message: "The Captain chooses among the tied players (%s); %s is not one of them."},
	{Code: "not_your_choice", Rule: "", Message: "%s makes this decision, not you."},
	{Code: "not_your_turn", Rule: ruleGameplay, Message: "It is %s's turn, not yours."},
	{Code: "player_count", Rule: ruleSetUp, Message: "Jumpship is for 5 to 10 players, not %d."},
	{Code: "redraw_after_give", Rule: ruleOnYourTurn, Message: "You already gave or placed a token this turn: redrawing comes before giving."},
	{Code: "redraw_limit", Rule: ruleAbilityPilot, Message: "The Pilot may redraw only twice a turn, and you must keep the results."},
	{Code: "redraw_not_drawn", Rule: ruleAbilitySec, Message: "The Target taken from the bag was not drawn: it cannot be redrawn."},
	{Code: "repair_not_given", Rule: ruleOnYourTurn, Message: "Repair tokens are not given to players: place them on the Ship Repair board."},
	{Code: "scan_first_mate", Rule: ruleAbilityFM, Message: "The First Mate cannot be scanned."},
	{Code: "scan_self", Rule: rulePerformScan, Message: "Scan another player: you know your own Bio ID."},
	{Code: "scanners_offline", Rule: ruleShipRepair, Message: "The scanners are offline: scanning needs at least %d Repair tokens on the Ship Repair board (%d now)."},
	{Code: "token_not_held", Rule: ruleOnYourTurn, Message: "You have no drawn %q token to return."},
	{Code: "track_finished", Rule: ruleAbilityChef, Message: "The %s track is finished: the Chef may only take from an unfinished track."},
	{Code: "unknown_seat", Rule: "", Message: "That player is not at this table."},
	{Code: "unknown_track", Rule: ruleAbilityChef, Message: "There is no countdown track %q (quarantine, eject, kill)."},
	{Code: "wrong_role", Rule: "", Message: "Only the %s has this ability; you are the %s."},
}
