package lockup

// ScorePadRules is what a phone needs, during final scoring, to show the
// running total of a score pad before it is sent: the scoring tables of
// the game data and, per player, the points the app already knows. The
// total of a pad is the sum of scoreLine's categories:
//
//   - stars: the entry (the track, which includes the ESCAPED and loot
//     stars; the pad's lower bound is those stars);
//   - catacombs: Players[seat].Catacombs;
//   - dwarves, ratmen: table(DwarfTable, dwarves), table(RatmanTable,
//     ratmen), where table(t, n) is t[n] and, beyond the table, each extra
//     card adds the table's last step;
//   - golems: each as a Dwarf or a Ratman, only as a type the player has
//     one of, the split that adds the most to those two tables;
//   - dryads × (barrels + CrewBoardBarrels) × DryadStarsPerBarrel;
//   - fungoids × Players[seat].LootTokens × FungoidStarsPerLoot;
//   - for each valuable type v: table(ValuableTables[v], valuable_v +
//     wild_as_v);
//   - base_other as entered. The guards' stars (solo) are not the
//     player's.
type ScorePadRules struct {
	DwarfTable          []int            `json:"dwarf_table"`
	RatmanTable         []int            `json:"ratman_table"`
	ValuableTables      map[string][]int `json:"valuable_tables"`
	CrewBoardBarrels    int              `json:"crew_board_barrels"`
	DryadStarsPerBarrel int              `json:"dryad_stars_per_barrel"`
	FungoidStarsPerLoot int              `json:"fungoid_stars_per_loot"`
	Players             []ScorePadKnown  `json:"players"`
}

// ScorePadKnown is what the app knows of one player's final score before
// the pad: the points of the lantern's final space and the loot tokens
// kept (for the Fungoids).
type ScorePadKnown struct {
	Seat       int `json:"seat"`
	Catacombs  int `json:"catacombs"`
	LootTokens int `json:"loot_tokens"`
}

// scorePadRules returns the rules of the running total, or nil outside
// final scoring.
func (st *State) scorePadRules() *ScorePadRules {
	if st.Phase != PhaseFinalScoring {
		return nil
	}
	d := st.Data
	sc := d.Scoring.Value
	r := &ScorePadRules{DwarfTable: sc.DwarfTable, RatmanTable: sc.RatmanTable, ValuableTables: map[string][]int{},
		CrewBoardBarrels: d.CrewBoardBarrels.Value, DryadStarsPerBarrel: d.DryadStarsPerBarrel.Value,
		FungoidStarsPerLoot: d.FungoidStarsPerLoot.Value}
	for _, v := range sc.Valuables {
		r.ValuableTables[v.Type] = v.Table
	}
	for s, p := range st.Players {
		cp, _ := st.catacombPoints(p.Lantern)
		r.Players = append(r.Players, ScorePadKnown{Seat: s, Catacombs: cp, LootTokens: len(p.Loot)})
	}
	return r
}
