package lockup

import (
	"fmt"
	"sort"
	"strings"

	"tablewarden/referee/kit"
)

// Score categories entered by each player with "enter_scores" (counts,
// except base_other which is points). Valuable counts are
// "valuable_<type>" and wild valuable assignments "wild_as_<type>".
var baseEntryCategories = []string{"dwarves", "ratmen", "golems", "dryads", "fungoids", "barrels", "wild_valuables", "base_other"}

// entryCategories lists every category "enter_scores" accepts.
func (d *Data) entryCategories() []string {
	out := append([]string(nil), baseEntryCategories...)
	for _, v := range d.Scoring.Value.Valuables {
		out = append(out, "valuable_"+v.Type)
	}
	for _, v := range d.Scoring.Value.Valuables {
		out = append(out, "wild_as_"+v.Type)
	}
	return out
}

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

func checkValue(v int) error {
	if v < 0 || v > maxEntry {
		return ruleErr("bad_args", secEnd)
	}
	return nil
}

// enterStars records the reputation stars on the player's track, which
// include the ESCAPED and loot stars already scored (they are shown apart
// and never counted twice). Codes: "scoring_finished", "bad_args",
// "stars_below_recorded".
type enterStarsArgs struct {
	Value int `json:"value"`
}

func enterStars(t *kit.Turn[State], seat int, a enterStarsArgs) error {
	p := (&t.S.Players[seat])
	if p.Finished {
		return ruleErr("scoring_finished", secEnd)
	}
	if err := checkValue(a.Value); err != nil {
		return err
	}
	if r := p.recordedStars(); a.Value < r {
		return ruleErr("stars_below_recorded", secEnd, "recorded", fmt.Sprint(r))
	}
	p.Score.StarsTrack = a.Value
	t.Log(event("score_entered", []int{seat}, "category", label(categoryTexts, "stars_in_play"), "value", fmt.Sprint(a.Value)))
	return nil
}

// enterGuardStars records, in solo mode, the stars on the guards' track.
// Codes: "solo_only", "scoring_finished", "bad_args",
// "stars_below_recorded".
type enterGuardStarsArgs struct {
	Value int `json:"value"`
}

func enterGuardStars(t *kit.Turn[State], seat int, a enterGuardStarsArgs) error {
	st := t.S
	if !st.Solo {
		return ruleErr("solo_only", secEnd)
	}
	if (&t.S.Players[seat]).Finished {
		return ruleErr("scoring_finished", secEnd)
	}
	if err := checkValue(a.Value); err != nil {
		return err
	}
	if r := st.GuardState.recordedStars(); a.Value < r {
		return ruleErr("stars_below_recorded", secEnd, "recorded", fmt.Sprint(r))
	}
	st.GuardState.StarsTrack = a.Value
	t.Log(event("score_entered", []int{seat}, "category", "guards", "value", fmt.Sprint(a.Value)))
	return nil
}

// enterScores records one count (or points) of the player's final scoring.
// Codes: "scoring_finished", "unknown_category", "bad_args".
type enterScoresArgs struct {
	Category string `json:"category"`
	Value    int    `json:"value"`
}

func enterScores(t *kit.Turn[State], seat int, a enterScoresArgs) error {
	st, p := t.S, (&t.S.Players[seat])
	if p.Finished {
		return ruleErr("scoring_finished", secEnd)
	}
	known := false
	for _, c := range st.Data.entryCategories() {
		known = known || c == a.Category
	}
	if !known {
		return ruleErr("unknown_category", secEnd, "category", a.Category)
	}
	if err := checkValue(a.Value); err != nil {
		return err
	}
	p.Score.Counts[a.Category] = a.Value
	t.Log(event("score_entered", []int{seat}, "category", st.Data.categoryLabel(a.Category), "value", fmt.Sprint(a.Value)))
	return nil
}

// chooseGolems records whether the player's Golems count as Dwarves or
// Ratmen. Codes: "scoring_finished", "bad_args", "golem_needs_type" (a
// Golem counts as a type only if the owner has at least one of it).
type chooseGolemsArgs struct {
	As string `json:"as"`
}

func chooseGolems(t *kit.Turn[State], seat int, a chooseGolemsArgs) error {
	p := (&t.S.Players[seat])
	if p.Finished {
		return ruleErr("scoring_finished", secEnd)
	}
	var cat string
	switch a.As {
	case MinionDwarf:
		cat = "dwarves"
	case MinionRatman:
		cat = "ratmen"
	default:
		return ruleErr("bad_args", secMinions)
	}
	if p.Score.Counts[cat] == 0 {
		return ruleErr("golem_needs_type", secMinions, "type", label(categoryTexts, a.As))
	}
	p.Score.GolemsAs = a.As
	t.Log(event("score_entered", []int{seat}, "category", label(categoryTexts, "golems"), "value", a.As))
	return nil
}

// finishProblem returns the rule error that keeps a player from finishing
// their scoring, or nil.
func (st *State) finishProblem(p *Player) *kit.RuleError {
	c := p.Score.Counts
	if c["golems"] > 0 && (c["dwarves"] > 0 || c["ratmen"] > 0) {
		cat := map[string]string{MinionDwarf: "dwarves", MinionRatman: "ratmen"}[p.Score.GolemsAs]
		if cat == "" || c[cat] == 0 {
			return ruleErr("golems_unchosen", secMinions)
		}
	}
	assigned := 0
	for _, v := range st.Data.Scoring.Value.Valuables {
		assigned += c["wild_as_"+v.Type]
	}
	if assigned != c["wild_valuables"] {
		return ruleErr("wild_unassigned", secIcons, "n", fmt.Sprint(c["wild_valuables"]), "assigned", fmt.Sprint(assigned))
	}
	return nil
}

// finishScoring marks the player's entries complete; when every player has
// finished, the game ends. Codes: "scoring_finished", "golems_unchosen",
// "wild_unassigned".
func finishScoring(t *kit.Turn[State], seat int) error {
	st, p := t.S, (&t.S.Players[seat])
	if p.Finished {
		return ruleErr("scoring_finished", secEnd)
	}
	if err := st.finishProblem(p); err != nil {
		return err
	}
	p.Finished = true
	t.Log(event("scoring_finished", nil, "seat", t.S.name(seat)))
	for _, q := range st.Players {
		if !q.Finished {
			return nil
		}
	}
	st.Phase = PhaseGameOver
	var parts []string
	for _, l := range st.scoreLines() {
		parts = append(parts, fmt.Sprintf("%s %d", st.Seats[l.Seat], l.Total))
	}
	if st.Solo {
		parts = append(parts, fmt.Sprintf("the guards %d", st.guardsLine().Total))
	}
	t.Log(event("game_ended", nil, "scores", strings.Join(parts, ", ")))
	return nil
}

// golemPoints is what the player's Golems add when counted as a type; ok
// is false when the player has none of that type.
func (st *State) golemPoints(c map[string]int, as string) (int, bool) {
	sc := st.Data.Scoring.Value
	switch as {
	case MinionDwarf:
		if c["dwarves"] == 0 {
			return 0, false
		}
		return tableScore(sc.DwarfTable, c["dwarves"]+c["golems"]) - tableScore(sc.DwarfTable, c["dwarves"]), true
	case MinionRatman:
		if c["ratmen"] == 0 {
			return 0, false
		}
		return tableScore(sc.RatmanTable, c["ratmen"]+c["golems"]) - tableScore(sc.RatmanTable, c["ratmen"]), true
	}
	return 0, false
}

// catacombPoints scores a lantern's final space: TOMB 15, ESCAPED nothing
// more (it scored at once), otherwise the space's points.
func (st *State) catacombPoints(space string) (int, string) {
	sp, _ := st.Data.space(space)
	switch sp.End {
	case EndTomb:
		return st.Data.TombPoints.Value, "TOMB"
	case EndEscaped:
		return 0, "ESCAPED scored in play"
	}
	return sp.Points, sp.Label
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
	add("stars_in_play", track-p.EscapedStars, fmt.Sprintf("track %d, of which %d loot stars", track, p.LootStars))
	esc := ""
	if p.EscapedRound > 0 {
		esc = fmt.Sprintf("round %d", p.EscapedRound)
	}
	add("escaped", p.EscapedStars, esc)
	cp, cn := st.catacombPoints(p.Lantern)
	add("catacombs", cp, cn)
	add("dwarves", tableScore(sc.DwarfTable, c["dwarves"]), fmt.Sprintf("%d", c["dwarves"]))
	add("ratmen", tableScore(sc.RatmanTable, c["ratmen"]), fmt.Sprintf("%d", c["ratmen"]))
	gp, gnote := 0, ""
	if c["golems"] > 0 {
		var ok bool
		gp, ok = st.golemPoints(c, p.Score.GolemsAs)
		if ok {
			gnote = fmt.Sprintf("%d as %s", c["golems"], label(categoryTexts, p.Score.GolemsAs))
		} else {
			gp, gnote = 0, fmt.Sprintf("%d, not counted", c["golems"])
		}
	}
	add("golems", gp, gnote)
	barrels := c["barrels"] + d.CrewBoardBarrels.Value
	add("dryads", c["dryads"]*barrels*d.DryadStarsPerBarrel.Value, fmt.Sprintf("%d × %d barrels", c["dryads"], barrels))
	add("fungoids", c["fungoids"]*len(p.Loot)*d.FungoidStarsPerLoot.Value, fmt.Sprintf("%d × %d loot tokens", c["fungoids"], len(p.Loot)))
	val, wild := 0, 0
	for _, v := range sc.Valuables {
		n, w := c["valuable_"+v.Type], c["wild_as_"+v.Type]
		val += tableScore(v.Table, n)
		wild += tableScore(v.Table, n+w) - tableScore(v.Table, n)
	}
	add("valuables", val, "")
	add("wild_valuables", wild, fmt.Sprintf("%d", c["wild_valuables"]))
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
		{Category: "stars_in_play", Points: track - g.EscapedStars, Note: fmt.Sprintf("track %d, of which %d legend stars", track, g.LegendStars)},
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

func (st *State) scoring(seat int) bool {
	return !st.Players[seat].Finished
}

func offerEnterStars(st *State, seat int) *kit.MoveSpec {
	if !st.scoring(seat) {
		return nil
	}
	m := offer(MoveEnterStars, nil)
	m.Args[0].Min = kit.IntPtr(st.Players[seat].recordedStars())
	return m
}

func offerEnterGuardStars(st *State, seat int) *kit.MoveSpec {
	if !st.scoring(seat) || !st.Solo {
		return nil
	}
	m := offer(MoveEnterGuardStar, nil)
	m.Args[0].Min = kit.IntPtr(st.GuardState.recordedStars())
	return m
}

func offerEnterScores(st *State, seat int) *kit.MoveSpec {
	if !st.scoring(seat) {
		return nil
	}
	var cats []kit.Choice
	for _, c := range st.Data.entryCategories() {
		cats = append(cats, kit.Choice{Value: c, Label: st.Data.categoryLabel(c)})
	}
	return offer(MoveEnterScores, map[string][]kit.Choice{"category": cats})
}

func offerChooseGolems(st *State, seat int) *kit.MoveSpec {
	if !st.scoring(seat) {
		return nil
	}
	p := &st.Players[seat]
	var as []kit.Choice
	if p.Score.Counts["golems"] > 0 {
		if p.Score.Counts["dwarves"] > 0 {
			as = append(as, kit.Choice{Value: MinionDwarf, Label: "Dwarf"})
		}
		if p.Score.Counts["ratmen"] > 0 {
			as = append(as, kit.Choice{Value: MinionRatman, Label: "Ratman"})
		}
	}
	if len(as) == 0 {
		return nil
	}
	return offer(MoveChooseGolems, map[string][]kit.Choice{"as": as})
}

func offerFinishScoring(st *State, seat int) *kit.MoveSpec {
	if !st.scoring(seat) || st.finishProblem(&st.Players[seat]) != nil {
		return nil
	}
	return offer(MoveFinishScoring, nil)
}
