package lockup

import (
	"fmt"
	"strconv"

	"tablewarden/referee/kit"
)

// offer returns the catalog entry for a move type with some arguments'
// choices narrowed (by name).
func (g *Game) offer(typ string, choices map[string][]kit.Choice) kit.MoveSpec {
	sp := g.spec(typ)
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
	return sp
}

func intChoices(vals []int, lbl func(int) string) []kit.Choice {
	out := make([]kit.Choice, len(vals))
	for i, v := range vals {
		out[i] = kit.Choice{Value: v, Label: lbl(v)}
	}
	return out
}

// movesFor lists exactly the moves v may make now, every offered choice
// being legal.
func (g *Game) movesFor(st *State, v kit.Viewer) []kit.MoveSpec {
	moves := []kit.MoveSpec{}
	host := v.Role == kit.RoleHost
	seat := -1
	if v.Role == kit.RoleSeat && v.Seat >= 0 && v.Seat < len(st.Seats) {
		seat = v.Seat
	}
	hostLike := host || seat == st.FirstPlayer
	switch st.Phase {
	case PhaseRollCall:
		if seat >= 0 && st.Turn == seat && !st.Players[seat].Passed {
			moves = append(moves, g.rollCallMoves(st, seat)...)
		}
	case PhaseLightsOut, PhaseLegend:
		if seat >= 0 {
			moves = append(moves, g.lightsOutMoves(st, seat)...)
		}
		if st.Phase == PhaseLegend && hostLike && st.pendingText() == "" {
			m := g.offer("resolve_legend", nil)
			if st.Solo {
				m = g.offer("resolve_legend", map[string][]kit.Choice{"guards_rewarded": boolChoices(false, true)})
			} else {
				m.Args = nil
			}
			moves = append(moves, m)
		}
	case PhaseLastRaid:
		if hostLike {
			moves = append(moves, g.offer("finish_raid", nil))
		}
	case PhaseFinalScoring:
		if seat >= 0 && !st.Players[seat].Finished {
			moves = append(moves, g.scoringMoves(st, seat)...)
		}
	}
	return moves
}

func (g *Game) rollCallMoves(st *State, seat int) []kit.MoveSpec {
	p := &st.Players[seat]
	cell := p.tokensIn(PlaceCell, 0)
	if len(cell) <= 1 {
		return []kit.MoveSpec{g.offer("pass", nil)}
	}
	var toks []kit.Choice
	for _, i := range cell {
		toks = append(toks, kit.Choice{Value: p.Tokens[i].ID, Label: tokenLabel(p.Tokens[i])})
	}
	locs := intChoices([]int{1, 2, 3, 4, 5, 6, 7}, func(n int) string {
		l := fmt.Sprintf("%d %s", n, st.Data.Locations.Value[n-1].Name)
		if t := st.Tunnels[n-1]; t != "" {
			l += " (" + t + " tunnel)"
		}
		return l
	})
	fd := boolChoices(false)
	if p.FaceDown < st.Data.faceDownLimit(len(st.Seats)) {
		fd = boolChoices(false, true)
	}
	return []kit.MoveSpec{g.offer("assign", map[string][]kit.Choice{"token": toks, "location": locs, "face_down": fd})}
}

func (g *Game) lightsOutMoves(st *State, seat int) []kit.MoveSpec {
	var moves []kit.MoveSpec
	p := &st.Players[seat]
	d := st.Data
	if h := st.head(seat); h != nil {
		if h.AwaitLoot {
			var toks []kit.Choice
			seen := map[string]bool{}
			for _, k := range p.Peek {
				if !seen[k] {
					seen[k] = true
					toks = append(toks, kit.Choice{Value: k, Label: d.lootLabel(k)})
				}
			}
			moves = append(moves, g.offer("keep_loot", map[string][]kit.Choice{"token": toks, "use": boolChoices(true, false)}))
		} else {
			var free, paid []kit.Choice
			for _, path := range d.pathsFrom(p.Lantern) {
				c := kit.Choice{Value: path.To, Label: d.spaceLabel(path.To)}
				if len(path.Cost) > 0 {
					c.Label += " (pay " + costText(path.Cost) + ")"
					paid = append(paid, c)
				} else {
					free = append(free, c)
				}
			}
			if len(free) > 0 {
				moves = append(moves, g.offer("advance", map[string][]kit.Choice{"to": free}))
			}
			if len(paid) > 0 {
				moves = append(moves, g.offer("advance_paying", map[string][]kit.Choice{"to": paid}))
			}
			moves = append(moves, g.offer("stop_advancing", nil))
		}
	}
	if seat == 0 && st.Solo {
		if h := st.head(Guards); h != nil && h.AwaitGuardsPay {
			moves = append(moves, g.offer("guards_pay", map[string][]kit.Choice{"can_pay": boolChoices(true, false)}))
		}
	}
	var late []int
	for loc := 1; loc <= 7; loc++ {
		toks := p.tokensIn(PlaceLocation, loc)
		if len(toks) == 0 || p.Tokens[toks[0]].Latecomer || !st.latecomerReady(seat, loc) {
			continue
		}
		adv := false
		for _, l := range p.AdvancedFrom {
			adv = adv || l == loc
		}
		if !adv {
			late = append(late, loc)
		}
	}
	if len(late) > 0 {
		moves = append(moves, g.offer("latecomer", map[string][]kit.Choice{"location": intChoices(late, func(n int) string {
			return fmt.Sprintf("%d %s", n, d.Locations.Value[n-1].Name)
		})}))
	}
	if !st.lanternEnded(p.Lantern) && len(d.pathsFrom(p.Lantern)) > 0 {
		moves = append(moves, g.offer("advance_lantern", nil))
	}
	moves = append(moves, g.offer("reserve_item", nil),
		g.offer("craft_item", map[string][]kit.Choice{"upgrade": boolChoices(false, true)}))
	if len(p.Reserved) > 0 && len(p.tokensIn(PlaceLocation, d.locationByName(d.CellBlock.Value))) > 0 {
		var items []kit.Choice
		seen := map[string]bool{}
		for _, r := range p.Reserved {
			if !seen[r] {
				seen[r] = true
				items = append(items, kit.Choice{Value: r, Label: r})
			}
		}
		moves = append(moves, g.offer("craft_reserved", map[string][]kit.Choice{"item": items, "upgrade": boolChoices(false, true)}))
	}
	moves = append(moves, g.offer("gain_item", nil))
	if len(p.MinionChoice) > 0 {
		var cards []kit.Choice
		for _, m := range p.MinionChoice {
			cards = append(cards, kit.Choice{Value: strconv.Itoa(m.ID), Label: minionLabel(m)})
		}
		moves = append(moves, g.offer("keep_minion", map[string][]kit.Choice{"card": cards}))
	} else {
		var spaces []int
		for i, m := range st.MinionRow {
			if m.Type != "" {
				spaces = append(spaces, i+1)
			}
		}
		if len(spaces) > 0 {
			moves = append(moves, g.offer("recruit", map[string][]kit.Choice{"space": intChoices(spaces, func(n int) string {
				return fmt.Sprintf("%d: %s", n, minionLabel(st.MinionRow[n-1]))
			})}))
		}
	}
	allow := boolChoices(false, true)
	if st.Phase == PhaseLegend {
		allow = boolChoices(true)
	}
	moves = append(moves, g.offer("play_tome", map[string][]kit.Choice{"text_allows": allow}))
	return moves
}

func (g *Game) scoringMoves(st *State, seat int) []kit.MoveSpec {
	p := &st.Players[seat]
	d := st.Data
	stars := g.offer("enter_stars", nil)
	stars.Args[0].Min = kit.IntPtr(p.recordedStars())
	moves := []kit.MoveSpec{stars}
	if st.Solo {
		gs := g.offer("enter_guard_stars", nil)
		gs.Args[0].Min = kit.IntPtr(st.GuardState.recordedStars())
		moves = append(moves, gs)
	}
	var cats []kit.Choice
	for _, c := range d.entryCategories() {
		cats = append(cats, kit.Choice{Value: c, Label: d.categoryLabel(c)})
	}
	moves = append(moves, g.offer("enter_scores", map[string][]kit.Choice{"category": cats}))
	var as []kit.Choice
	if p.Score.Counts["golems"] > 0 {
		if p.Score.Counts["dwarves"] > 0 {
			as = append(as, kit.Choice{Value: MinionDwarf, Label: "Dwarf"})
		}
		if p.Score.Counts["ratmen"] > 0 {
			as = append(as, kit.Choice{Value: MinionRatman, Label: "Ratman"})
		}
	}
	if len(as) > 0 {
		moves = append(moves, g.offer("choose_golems", map[string][]kit.Choice{"as": as}))
	}
	if st.finishProblem(p) == nil {
		moves = append(moves, g.offer("finish_scoring", nil))
	}
	return moves
}
