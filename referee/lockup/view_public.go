package lockup

import (
	"fmt"
	"sort"
	"strconv"

	"tablewarden/referee/kit"
)

// publicView is what every screen sees.
type publicView struct {
	Round       int            `json:"round"`
	Rounds      int            `json:"rounds"`
	Phase       string         `json:"phase"`
	FirstPlayer string         `json:"first_player"`
	Turn        string         `json:"turn,omitempty"`
	Waiting     []string       `json:"waiting,omitempty"`
	Locations   []locationView `json:"locations"`
	Legend      legendView     `json:"legend"`
	Catacombs   catacombView   `json:"catacombs"`
	Minions     minionsView    `json:"minions"`
	Players     []playerView   `json:"players"`
	Guards      *guardsView    `json:"guards,omitempty"`
	Scoring     []string       `json:"scoring_not_finished,omitempty"`
	ScoreChart  *ScoreChart    `json:"score_chart,omitempty"`
	// ScorePad is given during final scoring, for the pads' running
	// totals (view_scorepad.go).
	ScorePad *ScorePadRules `json:"score_pad,omitempty"`
}

type locationView struct {
	Number   int      `json:"number"`
	Name     string   `json:"name"`
	Tunnel   string   `json:"tunnel,omitempty"`
	Tokens   []string `json:"tokens,omitempty"`
	Guards   string   `json:"guard_card,omitempty"`
	Resolved bool     `json:"resolved,omitempty"`
}

type legendView struct {
	Active    string   `json:"active"`
	DeckSize  int      `json:"deck_size"`
	Tokens    []string `json:"tokens,omitempty"`
	GuardCard string   `json:"guard_card,omitempty"`
	Ranking   []string `json:"ranking,omitempty"`
}

type catacombView struct {
	BoardSource string         `json:"board_source"`
	Lanterns    []string       `json:"lanterns"`
	LootStacks  map[string]int `json:"loot_stacks"`
	Spaces      []string       `json:"spaces"`
	Paths       []string       `json:"paths"`
}

type minionsView struct {
	Row      []string `json:"row"`
	DeckSize int      `json:"deck_size"`
	Discard  int      `json:"discard"`
}

type playerView struct {
	Name         string   `json:"name"`
	Lantern      string   `json:"lantern"`
	Loot         []string `json:"loot,omitempty"`
	LootStars    int      `json:"loot_stars,omitempty"`
	Escaped      string   `json:"escaped,omitempty"`
	Minions      []string `json:"minions,omitempty"`
	Items        []string `json:"items,omitempty"`
	Reserved     int      `json:"reserved_items,omitempty"`
	AdvancedFrom []int    `json:"advanced_from,omitempty"`
}

type guardsView struct {
	Lantern     string   `json:"lantern"`
	Loot        []string `json:"loot,omitempty"`
	LegendStars int      `json:"legend_stars"`
	Escaped     string   `json:"escaped,omitempty"`
	Difficulty  string   `json:"difficulty"`
	DeckSize    int      `json:"deck_size"`
}

// ScoreChart is the final scores in a chart-friendly shape: one series per
// player (and the solo guards), one value per category in Categories order.
type ScoreChart struct {
	Categories []string      `json:"categories"`
	Series     []chartSeries `json:"series"`
}

type chartSeries struct {
	Name   string `json:"name"`
	Seat   int    `json:"seat"`
	Points []int  `json:"points"`
	Total  int    `json:"total"`
	Rank   int    `json:"rank,omitempty"`
}

// publicToken shows a token on a location or the legend as the table sees
// it.
func (st *State) publicToken(s int, tk CrewToken) string {
	if tk.FaceDown && !tk.Revealed {
		return st.Seats[s] + ": " + term("face_down_token")
	}
	return st.Seats[s] + ": " + tokenLabel(tk)
}

func (st *State) publicView() publicView {
	d := st.Data
	placed := st.onBoard()
	pv := publicView{Round: st.Round, Rounds: d.Rounds.Value, Phase: term("phase." + st.Phase), FirstPlayer: st.Seats[st.FirstPlayer]}
	if st.Phase == PhaseRollCall {
		pv.Turn = st.Seats[st.Turn]
	}
	for _, q := range st.Queue {
		who := st.name(q.Seat)
		w := who + ": " + term("up_to") + " " + spacesText(q.StepsLeft)
		if q.Location > 0 {
			w += " " + term("from_location", "n", strconv.Itoa(q.Location))
		}
		if q.AwaitLoot {
			w = who + ": " + term("choosing_loot")
		}
		if q.AwaitGuardsPay {
			w = term("guards_can_pay")
		}
		pv.Waiting = append(pv.Waiting, w)
	}
	for i, l := range d.Locations.Value {
		lv := locationView{Number: l.Number, Name: d.locationTerm(l.Number), Resolved: st.Resolved[i] && st.Phase != PhaseRollCall}
		if st.Tunnels[i] != "" {
			lv.Tunnel = tunnelTerm(st.Tunnels[i])
		}
		for _, pt := range placed[l.Number] {
			lv.Tokens = append(lv.Tokens, st.publicToken(pt.Seat, *pt.Token))
		}
		if g := st.GuardState; g != nil && i < len(g.OnLocations) {
			lv.Guards = guardTerm(g.OnLocations[i].Colour, g.OnLocations[i].Strength)
		}
		pv.Locations = append(pv.Locations, lv)
	}
	pv.Legend = legendView{Active: legendTerm(st.ActiveLegend), DeckSize: len(st.LegendDeck)}
	for _, pt := range placed[0] {
		pv.Legend.Tokens = append(pv.Legend.Tokens, st.publicToken(pt.Seat, *pt.Token))
	}
	if g := st.GuardState; g != nil && g.OnLegend.Colour != "" {
		if g.LegendRevealed {
			pv.Legend.GuardCard = guardTerm(g.OnLegend.Colour, g.OnLegend.Strength)
		} else {
			pv.Legend.GuardCard = term("guard_facedown")
		}
	}
	for i, r := range st.LegendRanking {
		pv.Legend.Ranking = append(pv.Legend.Ranking, fmt.Sprintf("%d. %s %s", i+1, st.name(r.Seat), term("strength", "n", strconv.Itoa(r.Strength))))
	}
	cv := catacombView{BoardSource: d.Board.Source, LootStacks: map[string]int{}}
	if d.Board.Source == "assumed" {
		cv.BoardSource = term("assumed_board")
	}
	for s, p := range st.Players {
		cv.Lanterns = append(cv.Lanterns, st.Seats[s]+": "+d.spaceTerm(p.Lantern))
	}
	if g := st.GuardState; g != nil {
		cv.Lanterns = append(cv.Lanterns, st.name(Guards)+": "+d.spaceTerm(g.Lantern))
	}
	for _, sp := range d.lootSpaces() {
		cv.LootStacks[d.spaceTerm(sp)] = len(st.LootStacks[sp])
	}
	for _, sp := range d.Board.Value.Spaces {
		x := d.spaceTerm(sp.ID)
		switch {
		case sp.End == EndTomb:
			x += " " + term("space_tomb", "stars", strconv.Itoa(d.TombPoints.Value))
		case sp.End == EndEscaped:
			x += " " + term("space_escaped")
		default:
			x += " " + term("space_points", "n", strconv.Itoa(sp.Points))
		}
		if sp.Loot {
			x += " " + term("space_loot")
		}
		cv.Spaces = append(cv.Spaces, x)
	}
	for _, p := range d.Board.Value.Paths {
		x := d.spaceTerm(p.From) + " → " + d.spaceTerm(p.To)
		if len(p.Cost) > 0 {
			x += " " + term("cost") + " " + costText(p.Cost) + ")"
		}
		cv.Paths = append(cv.Paths, x)
	}
	pv.Catacombs = cv
	mv := minionsView{DeckSize: len(st.MinionDeck), Discard: len(st.MinionDiscard)}
	for i, m := range st.MinionRow {
		if m.Type == "" {
			mv.Row = append(mv.Row, fmt.Sprintf("%d: %s", i+1, term("empty")))
		} else {
			mv.Row = append(mv.Row, fmt.Sprintf("%d: %s", i+1, minionLabel(m)))
		}
	}
	pv.Minions = mv
	for s, p := range st.Players {
		plv := playerView{Name: st.Seats[s], Lantern: d.spaceTerm(p.Lantern), LootStars: p.LootStars, Reserved: len(p.Reserved), AdvancedFrom: p.AdvancedFrom}
		for _, l := range p.Loot {
			plv.Loot = append(plv.Loot, d.lootTerm(l))
		}
		if p.EscapedRound > 0 {
			plv.Escaped = term("escaped_round", "round", strconv.Itoa(p.EscapedRound), "stars", strconv.Itoa(p.EscapedStars))
		}
		for _, m := range p.Minions {
			plv.Minions = append(plv.Minions, minionLabel(m))
		}
		for _, it := range p.Items {
			x := it.Name + " (" + term("how."+it.How) + ")"
			if it.Upgraded {
				x += term("upgraded")
			}
			plv.Items = append(plv.Items, x)
		}
		pv.Players = append(pv.Players, plv)
	}
	if g := st.GuardState; g != nil {
		gv := &guardsView{Lantern: d.spaceTerm(g.Lantern), LegendStars: g.LegendStars, Difficulty: st.Difficulty, DeckSize: len(g.Deck)}
		for _, l := range g.Loot {
			gv.Loot = append(gv.Loot, d.lootTerm(l))
		}
		if g.EscapedRound > 0 {
			gv.Escaped = term("escaped_round", "round", strconv.Itoa(g.EscapedRound), "stars", strconv.Itoa(g.EscapedStars))
		}
		pv.Guards = gv
	}
	if st.Phase == PhaseFinalScoring {
		for s, p := range st.Players {
			if !p.Finished {
				pv.Scoring = append(pv.Scoring, st.Seats[s])
			}
		}
		pv.ScorePad = st.scorePadRules()
	}
	if st.Phase == PhaseGameOver {
		pv.ScoreChart = st.chart()
	}
	return pv
}

// chart builds the final score chart.
func (st *State) chart() *ScoreChart {
	lines := st.scoreLines()
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].Seat < lines[j].Seat })
	c := &ScoreChart{}
	for _, it := range lines[0].Categories {
		c.Categories = append(c.Categories, categoryTerm(it.Category))
	}
	add := func(name string, l kit.ScoreLine) {
		pts := make([]int, len(c.Categories))
		for i := range pts {
			if i < len(l.Categories) {
				pts[i] = l.Categories[i].Points
			}
		}
		c.Series = append(c.Series, chartSeries{Name: name, Seat: l.Seat, Points: pts, Total: l.Total, Rank: l.Rank})
	}
	for _, l := range lines {
		add(st.Seats[l.Seat], l)
	}
	if st.Solo {
		add(st.name(Guards), st.guardsLine())
	}
	return c
}
