package givetoken

import "tablewarden/referee/kit"

// codes declares the game's refusal codes once (Info.Codes): the code, the
// rulebook section it enforces ("": the refused move's own) and the
// English message. Every refusal this package emits names one of
// them or one of kit.KitCodes: referee/catalog's TestRefusalCodesDeclared
// reads this package's source for codes that are not, and
// kittest.Conformance fails on an emitted one.
var codes = []kit.Code{
	{Code: "game_over", Rule: ruleGiving, Message: "The game is over: %s won."},
	{Code: "give_to_self", Rule: ruleGiving, Message: "You cannot give a token to yourself."},
	{Code: "not_a_player", Rule: "", Message: "This move is made from a player's phone."},
	{Code: "player_count", Rule: ruleSetup, Message: "Give a Token is for %d to %d players, not %d."},
	{Code: "unknown_seat", Rule: ruleGiving, Message: "There is no player %d at this table."},
}
