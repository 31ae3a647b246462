package lockup

import "tablewarden/referee/kit"

// codes declares the game's refusal codes once (Info.Codes): the code, the
// rulebook section it enforces ("": the refused move's own) and the
// English message. Their messages are
// errorTexts' English, which pt-BR translates under the same keys. Every refusal this package emits names one of
// them or one of kit.KitCodes: referee/catalog's TestRefusalCodesDeclared
// reads this package's source for codes that are not, and
// kittest.Conformance fails on an emitted one.
var codes = []kit.Code{
	{Code: "advanced_no_library", Rule: secTunnels, Message: errorTexts["advanced_no_library"].en},
	{Code: "already_latecomer", Rule: secTunnels, Message: errorTexts["already_latecomer"].en},
	{Code: "already_passed", Rule: secRollCall, Message: errorTexts["already_passed"].en},
	{Code: "await_loot", Rule: secAdvancing, Message: errorTexts["await_loot"].en},
	{Code: "cannot_pass_yet", Rule: secRollCall, Message: errorTexts["cannot_pass_yet"].en},
	{Code: "cell_block_latecomers", Rule: secTunnels, Message: errorTexts["cell_block_latecomers"].en},
	{Code: "cost_unpaid", Rule: secAdvancing, Message: errorTexts["cost_unpaid"].en},
	{Code: "empty_minion_space", Rule: secMinions, Message: errorTexts["empty_minion_space"].en},
	{Code: "face_down_limit", Rule: secRollCall, Message: errorTexts["face_down_limit"].en},
	{Code: "game_over", Rule: secEnd, Message: errorTexts["game_over"].en},
	{Code: "guards_not_waiting", Rule: secSoloTunnel, Message: errorTexts["guards_not_waiting"].en},
	{Code: "icon_claimed", Rule: secIcons, Message: errorTexts["icon_claimed"].en},
	{Code: "icon_source_unknown", Rule: secIcons, Message: errorTexts["icon_source_unknown"].en},
	{Code: "lantern_ended", Rule: secTomb, Message: errorTexts["lantern_ended"].en},
	{Code: "minion_choice_pending", Rule: secMinions, Message: errorTexts["minion_choice_pending"].en},
	{Code: "must_pass", Rule: secRollCall, Message: errorTexts["must_pass"].en},
	{Code: "no_cost", Rule: secAdvancing, Message: errorTexts["no_cost"].en},
	{Code: "no_minion_choice", Rule: secMinions, Message: errorTexts["no_minion_choice"].en},
	{Code: "no_path", Rule: secIcons, Message: errorTexts["no_path"].en},
	{Code: "no_reserved_item", Rule: secIcons, Message: errorTexts["no_reserved_item"].en},
	{Code: "no_tokens_there", Rule: secTunnels, Message: errorTexts["no_tokens_there"].en},
	{Code: "not_advancing", Rule: secAdvancing, Message: errorTexts["not_advancing"].en},
	{Code: "not_at_cell_block", Rule: secIcons, Message: errorTexts["not_at_cell_block"].en},
	{Code: "not_forward", Rule: secAdvancing, Message: errorTexts["not_forward"].en},
	{Code: "not_on_loot", Rule: secAdvancing, Message: errorTexts["not_on_loot"].en},
	{Code: "not_resolved_yet", Rule: secTunnels, Message: errorTexts["not_resolved_yet"].en},
	{Code: "not_your_turn", Rule: secRollCall, Message: errorTexts["not_your_turn"].en},
	{Code: "pending_decisions", Rule: secLegend, Message: errorTexts["pending_decisions"].en},
	{Code: "player_count", Rule: secSetup, Message: errorTexts["player_count"].en},
	{Code: "rewarded_no_library", Rule: secTunnels, Message: errorTexts["rewarded_no_library"].en},
	{Code: "score_missing", Rule: secEnd, Message: errorTexts["score_missing"].en},
	{Code: "score_out_of_bounds", Rule: "", Message: errorTexts["score_out_of_bounds"].en},
	{Code: "score_pad_invalid", Rule: secEnd, Message: errorTexts["score_pad_invalid"].en},
	{Code: "scoring_finished", Rule: secEnd, Message: errorTexts["scoring_finished"].en},
	{Code: "solo_only", Rule: secSoloLegend, Message: errorTexts["solo_only"].en},
	{Code: "token_not_in_cell", Rule: secRollCall, Message: errorTexts["token_not_in_cell"].en},
	{Code: "tome_during_legend", Rule: secLegend, Message: errorTexts["tome_during_legend"].en},
	{Code: "unknown_location", Rule: secTunnels, Message: errorTexts["unknown_location"].en},
	{Code: "unknown_loot", Rule: secAdvancing, Message: errorTexts["unknown_loot"].en},
	{Code: "unknown_minion", Rule: secMinions, Message: errorTexts["unknown_minion"].en},
	{Code: "unknown_token", Rule: secRollCall, Message: errorTexts["unknown_token"].en},
	{Code: "upgrade_only_when_crafted", Rule: secIcons, Message: errorTexts["upgrade_only_when_crafted"].en},
}
