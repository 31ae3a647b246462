package lockup

import (
	"fmt"
	"sort"
	"strconv"

	"tablewarden/referee/kit"
)

// categoryLabel names a score category or score pad entry; valuable
// entries are "valuable_<type>" and wild valuables "wild_as_<type>".
func (d *Data) categoryLabel(c string) string {
	for _, v := range d.Scoring.Value.Valuables {
		switch c {
		case "valuable_" + v.Type:
			return "Valuables: " + v.Label
		case "wild_as_" + v.Type:
			return "Wild valuables counted as " + v.Label
		}
	}
	return label(categoryTexts, c)
}

// recordedStars are the stars the app saw scored in play: ESCAPED and loot
// tokens scored as a star.
func (p *Player) recordedStars() int { return p.EscapedStars + p.LootStars }

func (g *GuardsState) recordedStars() int { return g.EscapedStars + g.LegendStars }

// wildValuables counts the wild valuables entered, type by type.
func (st *State) wildValuables(c map[string]int) int {
	n := 0
	for _, v := range st.Data.Scoring.Value.Valuables {
		n += c["wild_as_"+v.Type]
	}
	return n
}

// golemSplit is how the player's Golems count: each as a Dwarf or a
// Ratman, but only as a type the owner has at least one of (Novos Tipos de
// Capangas), so with neither type none counts (ok false). The owner
// chooses per Golem; the split that scores the most is taken, ties going
// to more Dwarves. points is what the Golems add to the Dwarves' and
// Ratmen's own points.
func (st *State) golemSplit(c map[string]int) (asDwarves, asRatmen, points int, ok bool) {
	sc := st.Data.Scoring.Value
	d, r, g := c["dwarves"], c["ratmen"], c["golems"]
	if d == 0 && r == 0 {
		return 0, 0, 0, false
	}
	best := -1
	for k := g; k >= 0; k-- {
		if (k > 0 && d == 0) || (g-k > 0 && r == 0) {
			continue
		}
		pts := tableScore(sc.DwarfTable, d+k) - tableScore(sc.DwarfTable, d) +
			tableScore(sc.RatmanTable, r+g-k) - tableScore(sc.RatmanTable, r)
		if pts > best {
			best, asDwarves, asRatmen = pts, k, g-k
		}
	}
	return asDwarves, asRatmen, best, true
}

// catacombPoints scores a lantern's final space: TOMB 15, ESCAPED nothing
// more (it scored at once), otherwise the space's points.
func (st *State) catacombPoints(space string) (int, string) {
	sp, _ := st.Data.space(space)
	switch sp.End {
	case EndTomb:
		return st.Data.TombPoints.Value, categoryTerm("tomb")
	case EndEscaped:
		return 0, term("note.escaped")
	}
	return sp.Points, st.Data.spaceTerm(space)
}

// scoreLine is one player's breakdown.
func (st *State) scoreLine(seat int) kit.ScoreLine {
	p := &st.Players[seat]
	c := p.Score.Counts
	d := st.Data
	sc := d.Scoring.Value
	track := max(p.Score.StarsTrack, p.recordedStars())
	var items []kit.ScoreItem
	add := func(cat string, pts int, note string) {
		items = append(items, kit.ScoreItem{Category: cat, Points: pts, Note: note})
	}
	add("stars_in_play", track-p.EscapedStars, term("note.track_loot", "track", strconv.Itoa(track), "loot", strconv.Itoa(p.LootStars)))
	esc := ""
	if p.EscapedRound > 0 {
		esc = term("note.round", "n", strconv.Itoa(p.EscapedRound))
	}
	add("escaped", p.EscapedStars, esc)
	cp, cn := st.catacombPoints(p.Lantern)
	add("catacombs", cp, cn)
	add("dwarves", tableScore(sc.DwarfTable, c["dwarves"]), fmt.Sprintf("%d", c["dwarves"]))
	add("ratmen", tableScore(sc.RatmanTable, c["ratmen"]), fmt.Sprintf("%d", c["ratmen"]))
	gp, gnote := 0, ""
	if c["golems"] > 0 {
		dw, rt, pts, ok := st.golemSplit(c)
		switch {
		case !ok:
			gnote = term("note.golems_unused", "n", strconv.Itoa(c["golems"]))
		case rt == 0:
			gp, gnote = pts, term("note.golems_as."+MinionDwarf, "n", strconv.Itoa(dw))
		case dw == 0:
			gp, gnote = pts, term("note.golems_as."+MinionRatman, "n", strconv.Itoa(rt))
		default:
			gp, gnote = pts, term("note.golems_split", "dwarves", strconv.Itoa(dw), "ratmen", strconv.Itoa(rt))
		}
	}
	add("golems", gp, gnote)
	barrels := c["barrels"] + d.CrewBoardBarrels.Value
	add("dryads", c["dryads"]*barrels*d.DryadStarsPerBarrel.Value, term("note.dryads", "n", strconv.Itoa(c["dryads"]), "barrels", strconv.Itoa(barrels)))
	add("fungoids", c["fungoids"]*len(p.Loot)*d.FungoidStarsPerLoot.Value, term("note.fungoids", "n", strconv.Itoa(c["fungoids"]), "loot", strconv.Itoa(len(p.Loot))))
	val, wild := 0, 0
	for _, v := range sc.Valuables {
		n, w := c["valuable_"+v.Type], c["wild_as_"+v.Type]
		val += tableScore(v.Table, n)
		wild += tableScore(v.Table, n+w) - tableScore(v.Table, n)
	}
	add("valuables", val, "")
	add("wild_valuables", wild, fmt.Sprintf("%d", st.wildValuables(c)))
	add("base_other", c["base_other"], "")
	l := kit.ScoreLine{Seat: seat, Categories: items}
	l.Total = l.Sum()
	return l
}

// guardsLine is the solo guards' breakdown (Seat = Guards).
func (st *State) guardsLine() kit.ScoreLine {
	g := st.GuardState
	track := max(g.StarsTrack, g.recordedStars())
	cp, cn := st.catacombPoints(g.Lantern)
	l := kit.ScoreLine{Seat: Guards, Categories: []kit.ScoreItem{
		{Category: "stars_in_play", Points: track - g.EscapedStars, Note: term("note.track_legend", "track", strconv.Itoa(track), "legend", strconv.Itoa(g.LegendStars))},
		{Category: "escaped", Points: g.EscapedStars},
		{Category: "catacombs", Points: cp, Note: cn},
	}}
	l.Total = l.Sum()
	return l
}

// tieKey returns a line's value for a tie-break criterion.
func (st *State) tieKey(l kit.ScoreLine, crit string) int {
	switch crit {
	case "loot_tokens":
		return len(st.Players[l.Seat].Loot)
	}
	for _, c := range l.Categories {
		if c.Category == crit {
			return c.Points
		}
	}
	return 0
}

// better reports whether line a ranks above b: higher total, then the
// tie-break criteria of the game data in order.
func (st *State) better(a, b kit.ScoreLine) bool {
	if a.Total != b.Total {
		return a.Total > b.Total
	}
	for _, c := range st.Data.Scoring.Value.TieBreak {
		if x, y := st.tieKey(a, c), st.tieKey(b, c); x != y {
			return x > y
		}
	}
	return false
}

// scoreLines returns every player's breakdown with ranks; players tied on
// the total and every tie-break share a rank.
func (st *State) scoreLines() []kit.ScoreLine {
	lines := make([]kit.ScoreLine, len(st.Players))
	for s := range st.Players {
		lines[s] = st.scoreLine(s)
	}
	for i := range lines {
		r := 1
		for j := range lines {
			if st.better(lines[j], lines[i]) {
				r++
			}
		}
		lines[i].Rank = r
	}
	if st.Solo && !st.soloWins(lines[0]) {
		lines[0].Rank = 2
	}
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].Rank < lines[j].Rank })
	return lines
}

// soloWins applies the solo victory rule of the game data.
func (st *State) soloWins(l kit.ScoreLine) bool {
	g := st.guardsLine().Total
	if st.Data.Scoring.Value.SoloVictory == "at_least_guards" {
		return l.Total >= g
	}
	return l.Total > g
}

// tableScore reads a scoring table: points for n cards; beyond the table
// each extra card adds the table's last step.
func tableScore(t []int, n int) int {
	if n <= 0 || len(t) == 0 {
		return 0
	}
	if n < len(t) {
		return t[n]
	}
	last := t[len(t)-1]
	step := 0
	if len(t) >= 2 {
		step = last - t[len(t)-2]
	}
	return last + step*(n-len(t)+1)
}
