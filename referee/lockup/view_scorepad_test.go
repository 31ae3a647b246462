package lockup

import (
	"testing"

	"tablewarden/referee/kit"
)

// totalFromRules is the running total of a pad as ScorePadRules documents
// it, the way a phone computes it before sending.
func totalFromRules(r *ScorePadRules, seat int, e M) int {
	n := func(k string) int { v, _ := e[k].(int); return v }
	known := r.Players[seat]
	total := n("stars") + known.Catacombs + tableScore(r.DwarfTable, n("dwarves")) + tableScore(r.RatmanTable, n("ratmen"))
	d, rt, g := n("dwarves"), n("ratmen"), n("golems")
	best := 0
	for k := 0; k <= g && (d > 0 || rt > 0); k++ {
		if (k > 0 && d == 0) || (g-k > 0 && rt == 0) {
			continue
		}
		best = max(best, tableScore(r.DwarfTable, d+k)-tableScore(r.DwarfTable, d)+tableScore(r.RatmanTable, rt+g-k)-tableScore(r.RatmanTable, rt))
	}
	total += best
	total += n("dryads") * (n("barrels") + r.CrewBoardBarrels) * r.DryadStarsPerBarrel
	total += n("fungoids") * known.LootTokens * r.FungoidStarsPerLoot
	for v, tab := range r.ValuableTables {
		total += tableScore(tab, n("valuable_"+v)+n("wild_as_"+v))
	}
	return total + n("base_other")
}

// TestScorePadRulesGiveTheTotal: the rules the view gives for a pad's
// running total lead to the total the referee scores once the pad is
// sent, and are given in final scoring only.
func TestScorePadRulesGiveTheTotal(t *testing.T) {
	st := atScoring(t, func(s *State) {
		s.Players[0].Loot = append(s.Players[0].Loot, s.LootBox[0], s.LootBox[1])
		s.LootBox = s.LootBox[2:]
		s.Players[0].Lantern = "TOMB"
	}, "Ana", "Bia")
	for _, kv := range [][]any{
		{},
		{"stars", 21, "dwarves", 2, "ratmen", 1, "golems", 2, "dryads", 1, "barrels", 3, "fungoids", 2,
			"valuable_gold", 2, "wild_as_gold", 1, "wild_as_gems", 1, "base_other", 9},
		{"golems", 3, "ratmen", 4, "valuable_art", 7, "wild_as_art", 2},
	} {
		r := New().View(st, kit.SeatViewer(0)).Public.(publicView).ScorePad
		if r == nil {
			t.Fatal("no score pad rules in final scoring")
		}
		p := pad(st, 0, kv...)
		want := totalFromRules(r, 0, p)
		s := submit(t, st, 0, kv...)
		if got := s.scoreLine(0).Total; got != want {
			t.Fatalf("pad %v: the referee scores %d, the rules give %d", kv, got, want)
		}
	}
	if r := New().View(atLegend(t, "Ana", "Bia"), kit.SeatViewer(0)).Public.(publicView).ScorePad; r != nil {
		t.Fatal("score pad rules outside final scoring")
	}
}
