package lockup

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"tablewarden/referee/kit"
)

// publicView is what every screen sees. Its fields a program reads hold
// codes (a space's id, a loot kind, a minion type, a category): their
// words for people sit beside them in the _label fields and labels, in
// the table's language (View writes the terms out, terms.go).
type publicView struct {
	Round       int            `json:"round"`
	Rounds      int            `json:"rounds"`
	Phase       string         `json:"phase" enum:"roll_call,lights_out,legend,last_raid,final_scoring,game_over"`
	PhaseLabel  string         `json:"phase_label"`
	FirstPlayer string         `json:"first_player"`
	Turn        string         `json:"turn,omitempty"`
	Waiting     []waitingView  `json:"waiting,omitempty"`
	Locations   []locationView `json:"locations"`
	Legend      legendView     `json:"legend"`
	Catacombs   catacombView   `json:"catacombs"`
	Minions     minionsView    `json:"minions"`
	Players     []playerView   `json:"players"`
	Guards      *guardsView    `json:"guards,omitempty"`
	Scoring     []waitingView  `json:"scoring_not_finished,omitempty"`
	ScoreChart  *ScoreChart    `json:"score_chart,omitempty"`
	// ScorePad is given during final scoring, for the pads' running
	// totals (view_scorepad.go).
	ScorePad *ScorePadRules `json:"score_pad,omitempty"`
}

type locationView struct {
	Number      int          `json:"number"`
	Name        string       `json:"name"`
	Tunnel      string       `json:"tunnel,omitempty"`
	TunnelLabel string       `json:"tunnel_label,omitempty"`
	Tokens      []placedView `json:"tokens,omitempty"`
	// GuardCard is the solo guards' card on the location.
	GuardCard      *guardCardView `json:"guard_card,omitempty"`
	GuardCardLabel string         `json:"guard_card_label,omitempty"`
	Resolved       bool           `json:"resolved,omitempty"`
}

// guardCardView is a guard card: its colour and strength, or only that it
// lies face down.
type guardCardView struct {
	Colour   string `json:"colour,omitempty"`
	Strength int    `json:"strength,omitempty"`
	FaceDown bool   `json:"face_down,omitempty"`
}

type legendView struct {
	// Active is the active legend card's number in the game data's list
	// (1 first; 0 none).
	Active         int            `json:"active"`
	ActiveLabel    string         `json:"active_label,omitempty"`
	DeckSize       int            `json:"deck_size"`
	Tokens         []placedView   `json:"tokens,omitempty"`
	GuardCard      *guardCardView `json:"guard_card,omitempty"`
	GuardCardLabel string         `json:"guard_card_label,omitempty"`
	Ranking        []rankView     `json:"ranking,omitempty"`
}

// placedView is a crew token on a location or the legend card as the
// table sees it: its owner, and, once face up, its id and strength. Term
// and Params name it as data (the catalog's "term.<Term>" with Params
// filled: "face_down_token" while it lies face down); Label is the whole
// line in the table's language ("Ana: crew token 2 (strength 1)").
type placedView struct {
	Seat     int               `json:"seat"`
	ID       string            `json:"id,omitempty"`
	Strength int               `json:"strength,omitempty"`
	FaceDown bool              `json:"face_down,omitempty"`
	Term     string            `json:"term"`
	Params   map[string]string `json:"params,omitempty"`
	Label    string            `json:"label"`
}

// rankView is one place of the legend's ranking: the seat, its strength
// there, and the line in words ("1. Ana (strength 3)").
type rankView struct {
	Rank     int    `json:"rank"`
	Seat     int    `json:"seat"`
	Strength int    `json:"strength"`
	Label    string `json:"label"`
}

// itemView is an item a player holds: its name as the game data writes
// it, how it was had ("crafted", "crafted_from_reserve", "gained") and
// whether it is upgraded, with the line in words.
type itemView struct {
	Item     string `json:"item"`
	How      string `json:"how" enum:"crafted,crafted_from_reserve,gained"`
	Upgraded bool   `json:"upgraded,omitempty"`
	Label    string `json:"label"`
}

type catacombView struct {
	// BoardSource says where the catacomb board comes from: "rulebook",
	// "assumed" or "table-entered".
	BoardSource      string          `json:"board_source" enum:"rulebook,assumed,table-entered"`
	BoardSourceLabel string          `json:"board_source_label,omitempty"`
	Lanterns         []lanternView   `json:"lanterns"`
	LootStacks       []lootStackView `json:"loot_stacks"`
	Spaces           []spaceView     `json:"spaces"`
	Paths            []pathView      `json:"paths"`
}

// A structured value of the views (a loot stack, a space, a path, a place
// of the minion row, a token) carries its words for people in Label; the
// pages show an object with a label and no text as that label.

// lootStackView is the loot stack of one catacomb space: how many tokens.
type lootStackView struct {
	Space string `json:"space"`
	Count int    `json:"count"`
	Label string `json:"label"`
}

// spaceView is a catacomb space: its id, what it scores and ends, whether
// it holds loot.
type spaceView struct {
	ID     string `json:"id"`
	Points int    `json:"points"`
	End    string `json:"end,omitempty"`
	Loot   bool   `json:"loot,omitempty"`
	Label  string `json:"label"`
}

// pathView is a printed arrow of the catacomb board, with its cost in
// resources.
type pathView struct {
	From  string         `json:"from"`
	To    string         `json:"to"`
	Cost  map[string]int `json:"cost,omitempty"`
	Label string         `json:"label"`
}

type minionsView struct {
	Row      []minionSlotView `json:"row"`
	DeckSize int              `json:"deck_size"`
	Discard  int              `json:"discard"`
}

// minionSlotView is one place of the minion row (1 first): the minion's
// type, "" when the place is empty.
type minionSlotView struct {
	Place  int    `json:"place"`
	Type   string `json:"type"`
	Remove bool   `json:"remove,omitempty"`
	Label  string `json:"label"`
}

type playerView struct {
	Name          string       `json:"name"`
	Lantern       string       `json:"lantern"`
	LanternLabel  string       `json:"lantern_label"`
	Loot          []string     `json:"loot,omitempty"`
	LootLabels    []string     `json:"loot_labels,omitempty"`
	LootStars     int          `json:"loot_stars,omitempty"`
	Escaped       *escapedView `json:"escaped,omitempty"`
	Minions       []string     `json:"minions,omitempty"`
	MinionsLabels []string     `json:"minions_labels,omitempty"`
	Items         []itemView   `json:"items,omitempty"`
	Reserved      int          `json:"reserved_items,omitempty"`
	AdvancedFrom  []int        `json:"advanced_from,omitempty"`
}

type guardsView struct {
	Lantern      string       `json:"lantern"`
	LanternLabel string       `json:"lantern_label"`
	Loot         []string     `json:"loot,omitempty"`
	LootLabels   []string     `json:"loot_labels,omitempty"`
	LegendStars  int          `json:"legend_stars"`
	Escaped      *escapedView `json:"escaped,omitempty"`
	Difficulty   string       `json:"difficulty"`
	DeckSize     int          `json:"deck_size"`
}

// ScoreChart is the final scores in a chart-friendly shape: one series per
// player (and the solo guards), one value per category in Categories order
// (category codes; CategoriesLabels name them).
type ScoreChart struct {
	Categories       []string      `json:"categories"`
	CategoriesLabels []string      `json:"categories_labels"`
	Series           []chartSeries `json:"series"`
}

type chartSeries struct {
	Name   string `json:"name"`
	Seat   int    `json:"seat"`
	Points []int  `json:"points"`
	Total  int    `json:"total"`
	Rank   int    `json:"rank,omitempty"`
}

// waitingView is whom the table waits for (seat -1: the solo guards) and
// for what, in words.
type waitingView struct {
	Seat  int    `json:"seat"`
	Label string `json:"label"`
}

// lanternView is a party's lantern on the catacomb board (seat -1: the
// solo guards): the space's id.
type lanternView struct {
	Seat  int    `json:"seat"`
	Space string `json:"space"`
	Label string `json:"label"`
}

// escapedView says when a lantern escaped and what it scored.
type escapedView struct {
	Round int    `json:"round"`
	Stars int    `json:"stars"`
	Label string `json:"label"`
}

// revealedView is what the end of a solo game reveals: the guards' points
// by category, with their total.
type revealedView struct {
	Guards map[string]int `json:"guards"`
}

// publicToken shows a token on a location or the legend as the table sees
// it.
func (st *State) publicToken(s int, tk CrewToken) placedView {
	if tk.FaceDown && !tk.Revealed {
		return placedView{Seat: s, FaceDown: true, Term: "face_down_token", Label: st.Seats[s] + ": " + term("face_down_token")}
	}
	code, params := tokenTerm(tk)
	return placedView{Seat: s, ID: tk.ID, Strength: tk.Strength, Term: code, Params: params, Label: st.Seats[s] + ": " + tokenLabel(tk)}
}

func (st *State) publicView() publicView {
	d := st.Data
	placed := st.onBoard()
	pv := publicView{Round: st.Round, Rounds: d.Rounds.Value, Phase: st.Phase, PhaseLabel: term("phase." + st.Phase), FirstPlayer: st.Seats[st.FirstPlayer]}
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
		pv.Waiting = append(pv.Waiting, waitingView{Seat: q.Seat, Label: w})
	}
	for i, l := range d.Locations.Value {
		lv := locationView{Number: l.Number, Name: d.locationTerm(l.Number), Resolved: st.Resolved[i] && st.Phase != PhaseRollCall}
		if st.Tunnels[i] != "" {
			lv.Tunnel, lv.TunnelLabel = st.Tunnels[i], tunnelTerm(st.Tunnels[i])
		}
		for _, pt := range placed[l.Number] {
			lv.Tokens = append(lv.Tokens, st.publicToken(pt.Seat, *pt.Token))
		}
		if g := st.GuardState; g != nil && i < len(g.OnLocations) {
			c := g.OnLocations[i]
			lv.GuardCard, lv.GuardCardLabel = &guardCardView{Colour: c.Colour, Strength: c.Strength}, guardTerm(c.Colour, c.Strength)
		}
		pv.Locations = append(pv.Locations, lv)
	}
	pv.Legend = legendView{Active: slices.Index(d.LegendCards.Value, st.ActiveLegend) + 1, DeckSize: len(st.LegendDeck)}
	if st.ActiveLegend != "" {
		pv.Legend.ActiveLabel = legendTerm(st.ActiveLegend)
	}
	for _, pt := range placed[0] {
		pv.Legend.Tokens = append(pv.Legend.Tokens, st.publicToken(pt.Seat, *pt.Token))
	}
	if g := st.GuardState; g != nil && g.OnLegend.Colour != "" {
		if g.LegendRevealed {
			pv.Legend.GuardCard = &guardCardView{Colour: g.OnLegend.Colour, Strength: g.OnLegend.Strength}
			pv.Legend.GuardCardLabel = guardTerm(g.OnLegend.Colour, g.OnLegend.Strength)
		} else {
			pv.Legend.GuardCard, pv.Legend.GuardCardLabel = &guardCardView{FaceDown: true}, term("guard_facedown")
		}
	}
	for i, r := range st.LegendRanking {
		pv.Legend.Ranking = append(pv.Legend.Ranking, rankView{Rank: i + 1, Seat: r.Seat, Strength: r.Strength,
			Label: fmt.Sprintf("%d. %s %s", i+1, st.name(r.Seat), term("strength", "n", strconv.Itoa(r.Strength)))})
	}
	cv := catacombView{BoardSource: d.Board.Source, Lanterns: []lanternView{}, LootStacks: []lootStackView{}, Spaces: []spaceView{}, Paths: []pathView{}}
	if d.Board.Source == "assumed" {
		cv.BoardSourceLabel = term("assumed_board")
	}
	for s, p := range st.Players {
		cv.Lanterns = append(cv.Lanterns, lanternView{Seat: s, Space: p.Lantern, Label: st.Seats[s] + ": " + d.spaceTerm(p.Lantern)})
	}
	if g := st.GuardState; g != nil {
		cv.Lanterns = append(cv.Lanterns, lanternView{Seat: Guards, Space: g.Lantern, Label: st.name(Guards) + ": " + d.spaceTerm(g.Lantern)})
	}
	for _, sp := range d.lootSpaces() {
		cv.LootStacks = append(cv.LootStacks, lootStackView{Space: sp, Count: len(st.LootStacks[sp]), Label: d.spaceTerm(sp) + ": " + strconv.Itoa(len(st.LootStacks[sp]))})
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
		cv.Spaces = append(cv.Spaces, spaceView{ID: sp.ID, Points: sp.Points, End: sp.End, Loot: sp.Loot, Label: x})
	}
	for _, p := range d.Board.Value.Paths {
		x := d.spaceTerm(p.From) + " → " + d.spaceTerm(p.To)
		if len(p.Cost) > 0 {
			x += " " + term("cost") + " " + costText(p.Cost) + ")"
		}
		cv.Paths = append(cv.Paths, pathView{From: p.From, To: p.To, Cost: p.Cost, Label: x})
	}
	pv.Catacombs = cv
	mv := minionsView{Row: []minionSlotView{}, DeckSize: len(st.MinionDeck), Discard: len(st.MinionDiscard)}
	for i, m := range st.MinionRow {
		slot := minionSlotView{Place: i + 1, Type: m.Type, Remove: m.Remove, Label: term("empty")}
		if m.Type != "" {
			slot.Label = minionLabel(m)
		}
		mv.Row = append(mv.Row, slot)
	}
	pv.Minions = mv
	for s, p := range st.Players {
		plv := playerView{Name: st.Seats[s], Lantern: p.Lantern, LanternLabel: d.spaceTerm(p.Lantern), LootStars: p.LootStars, Reserved: len(p.Reserved), AdvancedFrom: p.AdvancedFrom}
		for _, l := range p.Loot {
			plv.Loot, plv.LootLabels = append(plv.Loot, l), append(plv.LootLabels, d.lootTerm(l))
		}
		if p.EscapedRound > 0 {
			plv.Escaped = &escapedView{Round: p.EscapedRound, Stars: p.EscapedStars, Label: term("escaped_round", "round", strconv.Itoa(p.EscapedRound), "stars", strconv.Itoa(p.EscapedStars))}
		}
		for _, m := range p.Minions {
			plv.Minions, plv.MinionsLabels = append(plv.Minions, m.Type), append(plv.MinionsLabels, minionLabel(m))
		}
		for _, it := range p.Items {
			x := it.Name + " (" + term("how."+it.How) + ")"
			if it.Upgraded {
				x += term("upgraded")
			}
			plv.Items = append(plv.Items, itemView{Item: it.Name, How: it.How, Upgraded: it.Upgraded, Label: x})
		}
		pv.Players = append(pv.Players, plv)
	}
	if g := st.GuardState; g != nil {
		gv := &guardsView{Lantern: g.Lantern, LanternLabel: d.spaceTerm(g.Lantern), LegendStars: g.LegendStars, Difficulty: st.Difficulty, DeckSize: len(g.Deck)}
		for _, l := range g.Loot {
			gv.Loot, gv.LootLabels = append(gv.Loot, l), append(gv.LootLabels, d.lootTerm(l))
		}
		if g.EscapedRound > 0 {
			gv.Escaped = &escapedView{Round: g.EscapedRound, Stars: g.EscapedStars, Label: term("escaped_round", "round", strconv.Itoa(g.EscapedRound), "stars", strconv.Itoa(g.EscapedStars))}
		}
		pv.Guards = gv
	}
	if st.Phase == PhaseFinalScoring {
		for s, p := range st.Players {
			if !p.Finished {
				pv.Scoring = append(pv.Scoring, waitingView{Seat: s, Label: st.Seats[s]})
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
		c.Categories = append(c.Categories, it.Category)
		c.CategoriesLabels = append(c.CategoriesLabels, categoryTerm(it.Category))
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
