package lockup

import "tablewarden/referee/kit"

// catalogSpecs holds every move's catalog entry by type; the move table
// and the offers narrow them.
var catalogSpecs = func() map[string]kit.MoveSpec {
	out := map[string]kit.MoveSpec{}
	for _, m := range catalog() {
		out[m.Type] = m
	}
	return out
}()

func arg(name string, kind kit.ArgKind) kit.ArgSpec {
	return kit.ArgSpec{Name: name, Label: label(argTexts, "arg."+name), Kind: kind}
}

func move(typ, rule string, args ...kit.ArgSpec) kit.MoveSpec {
	sp := kit.MoveSpec{Type: typ, Label: label(moveTexts, typ), Rule: rule, Args: args, Primary: primaryMoves[typ]}
	if g, ok := moveGroups[typ]; ok {
		sp.Group = groupTexts[g].en
	}
	if c, ok := confirmTexts[typ]; ok {
		sp.Confirm = c.en
	}
	return sp
}

// primaryMoves are the moves that move the game on: the phone shows them
// large, at the top.
var primaryMoves = map[string]bool{
	MoveAssign: true, MovePass: true, MoveAdvance: true, MoveAdvancePaying: true, MoveKeepLoot: true,
	MoveGuardsPay: true, MoveKeepMinion: true, MoveResolveLegend: true, MoveFinishRaid: true,
	MoveEnterStars: true, MoveEnterGuardStar: true, MoveEnterScores: true, MoveChooseGolems: true, MoveFinishScoring: true,
}

// moveGroups gathers the secondary moves under a heading (a groupTexts
// key).
var moveGroups = map[string]string{
	MoveAdvanceLantern: "group.card_effects", MoveReserveItem: "group.card_effects", MoveCraftItem: "group.card_effects",
	MoveCraftReserved: "group.card_effects", MoveGainItem: "group.card_effects", MoveUpgradeItem: "group.card_effects",
	MoveRecruit: "group.card_effects", MovePlayTome: "group.card_effects",
	MoveLatecomer: "group.library", MoveStopAdvancing: "group.catacombs",
}

// maxEntry bounds every final-scoring entry.
const maxEntry = 500

func catalog() []kit.MoveSpec {
	loc := arg("location", kit.ArgInt)
	loc.Min, loc.Max = kit.IntPtr(1), kit.IntPtr(7)
	value := arg("value", kit.ArgInt)
	value.Min, value.Max = kit.IntPtr(0), kit.IntPtr(maxEntry)
	guardsRewarded := arg("guards_rewarded", kit.ArgBool)
	guardsRewarded.Optional = true
	space := arg("space", kit.ArgInt)
	space.Min = kit.IntPtr(1)
	as := arg("as", kit.ArgEnum)
	as.Choices = []kit.Choice{{Value: "dwarf", Label: "Dwarf"}, {Value: "ratman", Label: "Ratman"}}
	return []kit.MoveSpec{
		move(MoveAssign, secRollCall, arg("token", kit.ArgEnum), loc, arg("face_down", kit.ArgBool)),
		move(MovePass, secRollCall),
		move(MoveAdvance, secAdvancing, arg("to", kit.ArgEnum)),
		move(MoveAdvancePaying, secAdvancing, arg("to", kit.ArgEnum)),
		move(MoveStopAdvancing, secTunnels),
		move(MoveKeepLoot, secAdvancing, arg("token", kit.ArgEnum), arg("use", kit.ArgBool)),
		move(MoveGuardsPay, secSoloTunnel, arg("can_pay", kit.ArgBool)),
		move(MoveLatecomer, secTunnels, loc),
		move(MoveAdvanceLantern, secIcons, arg("source", kit.ArgEnum)),
		move(MoveReserveItem, secIcons, arg("item", kit.ArgString)),
		move(MoveCraftItem, secIcons, arg("item", kit.ArgString), arg("upgrade", kit.ArgBool)),
		move(MoveCraftReserved, secIcons, arg("item", kit.ArgEnum), arg("upgrade", kit.ArgBool)),
		move(MoveGainItem, secIcons, arg("item", kit.ArgString)),
		move(MoveUpgradeItem, secIcons, arg("item", kit.ArgEnum)),
		move(MoveRecruit, secMinions, space),
		move(MoveKeepMinion, secMinions, arg("card", kit.ArgEnum)),
		move(MovePlayTome, secLegend, arg("tome", kit.ArgString), arg("text_allows", kit.ArgBool)),
		move(MoveResolveLegend, secLegend, guardsRewarded),
		move(MoveFinishRaid, secEnd),
		move(MoveEnterStars, secEnd, value),
		move(MoveEnterGuardStar, secEnd, value),
		move(MoveEnterScores, secEnd, arg("category", kit.ArgEnum), value),
		move(MoveChooseGolems, secMinions, as),
		move(MoveFinishScoring, secEnd),
	}
}
