package lockup

import (
	"fmt"
	"slices"
	"strconv"

	"tablewarden/referee/kit"
)

// The move types of Lockup: Breakout.
const (
	MoveAssign         = "assign"
	MovePass           = "pass"
	MoveAdvance        = "advance"
	MoveAdvancePaying  = "advance_paying"
	MoveStopAdvancing  = "stop_advancing"
	MoveKeepLoot       = "keep_loot"
	MoveGuardsPay      = "guards_pay"
	MoveLatecomer      = "latecomer"
	MoveAdvanceLantern = "advance_lantern"
	MoveReserveItem    = "reserve_item"
	MoveCraftItem      = "craft_item"
	MoveCraftReserved  = "craft_reserved"
	MoveGainItem       = "gain_item"
	MoveUpgradeItem    = "upgrade_item"
	MoveRecruit        = "recruit"
	MoveKeepMinion     = "keep_minion"
	MovePlayTome       = "play_tome"
	MoveResolveLegend  = "resolve_legend"
	MoveFinishRaid     = "finish_raid"
)

var (
	inRollCall  = []string{PhaseRollCall}
	inLightsOut = []string{PhaseLightsOut, PhaseLegend}
	inLegend    = []string{PhaseLegend}
	inLastRaid  = []string{PhaseLastRaid}
	inScoring   = []string{PhaseFinalScoring}
)

// moves is the move table: every move of the game, who makes it, when it
// is offered and how it is applied.
var moves = kit.NewMoves(kit.MovesConfig[State]{
	Game:  gameName,
	Rule:  secFlow,
	Clone: (*State).Clone,
	Over: func(s *State) *kit.RuleError {
		if s.Phase == PhaseGameOver {
			return ruleErr("game_over", secEnd)
		}
		return nil
	},
	Seats: func(s *State) int { return len(s.Seats) },
	Phase: func(s *State) string { return s.Phase },
	After: func(t *kit.Turn[State]) { t.S.Moves++ },
},
	kit.Row(catalogSpecs[MoveAssign], kit.BySeat, offerAssign, kit.Args(secRollCall, assign), inRollCall...),
	kit.Row(catalogSpecs[MovePass], kit.BySeat, offerPass, kit.NoArgs(secRollCall, pass), inRollCall...),
	kit.Row(catalogSpecs[MoveAdvance], kit.BySeat, offerAdvance(false), kit.Args(secAdvancing, advanceFree), inLightsOut...),
	kit.Row(catalogSpecs[MoveAdvancePaying], kit.BySeat, offerAdvance(true), kit.Args(secAdvancing, advancePaying), inLightsOut...),
	kit.Row(catalogSpecs[MoveStopAdvancing], kit.BySeat, offerStopAdvancing, kit.NoArgs(secTunnels, stopAdvancing), inLightsOut...),
	kit.Row(catalogSpecs[MoveKeepLoot], kit.BySeat, offerKeepLoot, kit.Args(secAdvancing, keepLoot), inLightsOut...),
	kit.Row(catalogSpecs[MoveGuardsPay], kit.BySeat, offerGuardsPay, kit.Args(secSoloTunnel, guardsPay), inLightsOut...),
	kit.Row(catalogSpecs[MoveLatecomer], kit.BySeat, offerLatecomer, kit.Args(secTunnels, latecomer), inLightsOut...),
	kit.Row(catalogSpecs[MoveAdvanceLantern], kit.BySeat, offerAdvanceLantern, kit.Args(secIcons, advanceLantern), inLightsOut...),
	kit.Row(catalogSpecs[MoveReserveItem], kit.BySeat, offerPlain(MoveReserveItem), kit.Args(secIcons, reserveItem), inLightsOut...),
	kit.Row(catalogSpecs[MoveCraftItem], kit.BySeat, offerCraftItem, kit.Args(secIcons, craftItem), inLightsOut...),
	kit.Row(catalogSpecs[MoveCraftReserved], kit.BySeat, offerCraftReserved, kit.Args(secIcons, craftReserved), inLightsOut...),
	kit.Row(catalogSpecs[MoveGainItem], kit.BySeat, offerPlain(MoveGainItem), kit.Args(secIcons, gainItem), inLightsOut...),
	kit.Row(catalogSpecs[MoveUpgradeItem], kit.BySeat, offerNever, kit.Args(secIcons, upgradeItem), inLightsOut...),
	kit.Row(catalogSpecs[MoveRecruit], kit.BySeat, offerRecruit, kit.Args(secMinions, recruit), inLightsOut...),
	kit.Row(catalogSpecs[MoveKeepMinion], kit.BySeat, offerKeepMinion, kit.Args(secMinions, keepMinion), inLightsOut...),
	kit.Row(catalogSpecs[MovePlayTome], kit.BySeat, offerPlayTome, kit.Args(secLegend, playTome), inLightsOut...),
	kit.Row(catalogSpecs[MoveResolveLegend], kit.ByHostOrSeat, byFirstPlayer(offerResolveLegend), firstPlayerOnly(kit.Args(secLegend, resolveLegend), secLegend), inLegend...),
	kit.Row(catalogSpecs[MoveFinishRaid], kit.ByHostOrSeat, byFirstPlayer(offerPlain(MoveFinishRaid)), firstPlayerOnly(kit.NoArgs(secEnd, finishRaid), secEnd), inLastRaid...),
	kit.Row(catalogSpecs[MoveSubmitFinalScore], kit.BySeat, offerSubmitFinalScore, kit.Args(secEnd, submitFinalScore), inScoring...),
)

// byFirstPlayer offers a table step (the legend card resolved, the last
// raid done) to the host and to the first player's phone only.
func byFirstPlayer(o func(*State, int) *kit.MoveSpec) func(*State, int) *kit.MoveSpec {
	return func(st *State, seat int) *kit.MoveSpec {
		if seat >= 0 && seat != st.FirstPlayer {
			return nil
		}
		return o(st, seat)
	}
}

// firstPlayerOnly refuses a table step sent from another player's phone
// than the first player's ("host_only", as before the move table).
func firstPlayerOnly(apply func(*kit.Turn[State], int, kit.Move) error, rule string) func(*kit.Turn[State], int, kit.Move) error {
	return func(t *kit.Turn[State], seat int, m kit.Move) error {
		if seat >= 0 && seat != t.S.FirstPlayer {
			return ruleErr("host_only", rule)
		}
		return apply(t, seat, m)
	}
}

// offer returns the catalog entry for a move type with some arguments'
// choices narrowed (by name).
func offer(typ string, choices map[string][]kit.Choice) *kit.MoveSpec {
	sp := catalogSpecs[typ]
	args := make([]kit.ArgSpec, 0, len(sp.Args))
	for _, a := range sp.Args {
		if c, ok := choices[a.Name]; ok {
			a.Choices = c
			if a.Kind == kit.ArgInt {
				a.Min, a.Max = nil, nil
			}
		}
		args = append(args, a)
	}
	sp.Args = args
	return &sp
}

// offerPlain offers a move as the catalog has it, to any seat (or the
// host) whose row's phase holds.
func offerPlain(typ string) func(*State, int) *kit.MoveSpec {
	return func(*State, int) *kit.MoveSpec { return offer(typ, nil) }
}

// offerNever never offers a move: its apply only explains the refusal.
func offerNever(*State, int) *kit.MoveSpec { return nil }

func intChoices(vals []int, lbl func(int) string) []kit.Choice {
	out := make([]kit.Choice, len(vals))
	for i, v := range vals {
		out[i] = kit.Choice{Value: v, Label: lbl(v)}
	}
	return out
}

func boolChoices(vals ...bool) []kit.Choice {
	out := make([]kit.Choice, len(vals))
	for i, v := range vals {
		l := "No"
		if v {
			l = "Yes"
		}
		out[i] = kit.Choice{Value: v, Label: l}
	}
	return out
}

// assigning reports whether seat is the one to assign now in Roll Call.
func (st *State) assigning(seat int) bool {
	return seat >= 0 && st.Turn == seat && !st.Players[seat].Passed
}

func offerAssign(st *State, seat int) *kit.MoveSpec {
	if !st.assigning(seat) {
		return nil
	}
	p := &st.Players[seat]
	cell := p.tokensIn(PlaceCell, 0)
	if len(cell) <= 1 {
		return nil
	}
	var toks []kit.Choice
	for _, i := range cell {
		toks = append(toks, kit.Choice{Value: p.Tokens[i].ID, Label: tokenLabel(p.Tokens[i])})
	}
	locs := intChoices([]int{1, 2, 3, 4, 5, 6, 7}, func(n int) string {
		l := st.locName(n)
		if t := st.Tunnels[n-1]; t != "" {
			l += " " + term("tunnel_note."+t)
		}
		return l
	})
	fd := boolChoices(false)
	if p.FaceDown < st.Data.faceDownLimit(len(st.Seats)) {
		fd = boolChoices(false, true)
	}
	return offer(MoveAssign, map[string][]kit.Choice{"token": toks, "location": locs, "face_down": fd})
}

func offerPass(st *State, seat int) *kit.MoveSpec {
	if !st.assigning(seat) || st.Players[seat].inCell() > 1 {
		return nil
	}
	return offer(MovePass, nil)
}

func offerAdvance(paying bool) func(*State, int) *kit.MoveSpec {
	return func(st *State, seat int) *kit.MoveSpec {
		h := st.head(seat)
		if h == nil || h.AwaitLoot {
			return nil
		}
		var cs []kit.Choice
		for _, path := range st.Data.pathsFrom(st.Players[seat].Lantern) {
			if (len(path.Cost) > 0) != paying {
				continue
			}
			c := kit.Choice{Value: path.To, Label: st.Data.spaceTerm(path.To)}
			if paying {
				c.Label += " " + term("pay") + " " + costText(path.Cost) + ")"
			}
			cs = append(cs, c)
		}
		if len(cs) == 0 {
			return nil
		}
		if paying {
			return offer(MoveAdvancePaying, map[string][]kit.Choice{"to": cs})
		}
		return offer(MoveAdvance, map[string][]kit.Choice{"to": cs})
	}
}

func offerStopAdvancing(st *State, seat int) *kit.MoveSpec {
	if h := st.head(seat); h == nil || h.AwaitLoot {
		return nil
	}
	return offer(MoveStopAdvancing, nil)
}

func offerKeepLoot(st *State, seat int) *kit.MoveSpec {
	h := st.head(seat)
	if h == nil || !h.AwaitLoot {
		return nil
	}
	var toks []kit.Choice
	seen := map[string]bool{}
	for _, k := range st.Players[seat].Peek {
		if !seen[k] {
			seen[k] = true
			toks = append(toks, kit.Choice{Value: k, Label: st.Data.lootTerm(k)})
		}
	}
	return offer(MoveKeepLoot, map[string][]kit.Choice{"loot": toks, "use": boolChoices(true, false)})
}

func offerGuardsPay(st *State, seat int) *kit.MoveSpec {
	if seat != 0 || !st.Solo {
		return nil
	}
	if h := st.head(Guards); h == nil || !h.AwaitGuardsPay {
		return nil
	}
	return offer(MoveGuardsPay, map[string][]kit.Choice{"can_pay": boolChoices(true, false)})
}

func offerLatecomer(st *State, seat int) *kit.MoveSpec {
	p := &st.Players[seat]
	var late []int
	for loc := 1; loc <= 7; loc++ {
		toks := p.tokensIn(PlaceLocation, loc)
		if len(toks) == 0 || p.Tokens[toks[0]].Latecomer || !st.latecomerReady(seat, loc) {
			continue
		}
		if !slices.Contains(p.AdvancedFrom, loc) && !slices.Contains(p.RewardedAt, loc) {
			late = append(late, loc)
		}
	}
	if len(late) == 0 {
		return nil
	}
	return offer(MoveLatecomer, map[string][]kit.Choice{"location": intChoices(late, func(n int) string {
		return st.locName(n)
	})})
}

func offerAdvanceLantern(st *State, seat int) *kit.MoveSpec {
	l := st.Players[seat].Lantern
	if st.lanternEnded(l) || len(st.Data.pathsFrom(l)) == 0 {
		return nil
	}
	src := st.lanternSources(seat)
	if len(src) == 0 {
		return nil
	}
	return offer(MoveAdvanceLantern, map[string][]kit.Choice{"source": src})
}

func offerCraftItem(*State, int) *kit.MoveSpec {
	return offer(MoveCraftItem, map[string][]kit.Choice{"upgrade": boolChoices(false, true)})
}

func offerCraftReserved(st *State, seat int) *kit.MoveSpec {
	p := &st.Players[seat]
	if len(p.Reserved) == 0 || !st.atCellBlock(seat) {
		return nil
	}
	var items []kit.Choice
	seen := map[string]bool{}
	for _, r := range p.Reserved {
		if !seen[r] {
			seen[r] = true
			items = append(items, kit.Choice{Value: r, Label: r})
		}
	}
	return offer(MoveCraftReserved, map[string][]kit.Choice{"item": items, "upgrade": boolChoices(false, true)})
}

func offerRecruit(st *State, seat int) *kit.MoveSpec {
	if len(st.Players[seat].MinionChoice) > 0 {
		return nil
	}
	var spaces []int
	for i, m := range st.MinionRow {
		if m.Type != "" {
			spaces = append(spaces, i+1)
		}
	}
	if len(spaces) == 0 {
		return nil
	}
	return offer(MoveRecruit, map[string][]kit.Choice{"space": intChoices(spaces, func(n int) string {
		return fmt.Sprintf("%d: %s", n, minionLabel(st.MinionRow[n-1]))
	})})
}

func offerKeepMinion(st *State, seat int) *kit.MoveSpec {
	p := &st.Players[seat]
	if len(p.MinionChoice) == 0 {
		return nil
	}
	var cards []kit.Choice
	for _, m := range p.MinionChoice {
		cards = append(cards, kit.Choice{Value: strconv.Itoa(m.ID), Label: minionLabel(m)})
	}
	return offer(MoveKeepMinion, map[string][]kit.Choice{"card": cards})
}

func offerPlayTome(st *State, _ int) *kit.MoveSpec {
	allow := boolChoices(false, true)
	if st.Phase == PhaseLegend {
		allow = boolChoices(true)
	}
	return offer(MovePlayTome, map[string][]kit.Choice{"text_allows": allow})
}

func offerResolveLegend(st *State, _ int) *kit.MoveSpec {
	if st.pendingText() != "" {
		return nil
	}
	if st.Solo {
		return offer(MoveResolveLegend, map[string][]kit.Choice{"guards_rewarded": boolChoices(false, true)})
	}
	m := offer(MoveResolveLegend, nil)
	m.Args = nil
	return m
}
