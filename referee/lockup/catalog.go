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

// secret marks a picker of the tokens left in the holding cell: which are
// left tells what went face down (kit.ArgSpec.Secret).
func secret(a kit.ArgSpec) kit.ArgSpec { a.Secret = true; return a }

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
	MoveSubmitFinalScore: true,
}

// moveGroups gathers the secondary moves under a heading (a groupTexts
// key).
var moveGroups = map[string]string{
	MoveAdvanceLantern: "group.card_effects", MoveReserveItem: "group.card_effects", MoveCraftItem: "group.card_effects",
	MoveCraftReserved: "group.card_effects", MoveGainItem: "group.card_effects", MoveUpgradeItem: "group.card_effects",
	MoveRecruit: "group.card_effects", MovePlayTome: "group.card_effects",
	MoveLatecomer: "group.library", MoveStopAdvancing: "group.catacombs",
}

func catalog() []kit.MoveSpec {
	loc := arg("location", kit.ArgInt)
	loc.Min, loc.Max = kit.IntPtr(1), kit.IntPtr(7)
	guardsRewarded := arg("guards_rewarded", kit.ArgBool)
	guardsRewarded.Optional = true
	space := arg("space", kit.ArgInt)
	space.Min = kit.IntPtr(1)
	return []kit.MoveSpec{
		move(MoveAssign, secRollCall, secret(arg("token", kit.ArgEnum)), loc, arg("face_down", kit.ArgBool)),
		move(MovePass, secRollCall),
		move(MoveAdvance, secAdvancing, arg("to", kit.ArgEnum)),
		move(MoveAdvancePaying, secAdvancing, arg("to", kit.ArgEnum)),
		move(MoveStopAdvancing, secTunnels),
		move(MoveKeepLoot, secAdvancing, arg("loot", kit.ArgEnum), arg("use", kit.ArgBool)),
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
		padCatalog(),
	}
}

// catalogState is a solo state of the built-in data before anything was
// recorded, from which the catalog takes the outer bounds of final
// scoring's entries.
func catalogState() *State {
	d, err := LoadData(nil)
	if err != nil {
		panic("lockup: embedded data.json: " + err.Error())
	}
	return &State{Data: d, Seats: []string{""}, Solo: true, Players: []Player{{}}, GuardState: &GuardsState{}}
}

// padCatalog is the score pad's catalog entry for the built-in data: every
// entry from 0 to its outer bound (the whole minion deck, the data's
// maxima); a view narrows them to the player's state.
func padCatalog() kit.MoveSpec {
	sp := *catalogState().padSpec(0)
	for i := range sp.Args {
		if sp.Args[i].Kind == kit.ArgInt {
			sp.Args[i].Min = kit.IntPtr(0)
		}
		// Only a solo game's pad asks the guards' stars: the catalog's
		// move (the API document's LockupMoveSubmitFinalScoreArgs) takes
		// it as optional.
		if sp.Args[i].Name == "guard_stars" {
			sp.Args[i].Optional = true
		}
	}
	return sp
}
