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

// privateView is what only the viewing seat sees.
type privateView struct {
	HoldingCell  []string     `json:"holding_cell"`
	FaceDown     []string     `json:"face_down,omitempty"`
	FaceDownLeft int          `json:"face_down_left"`
	LootStack    []string     `json:"loot_stack_seen,omitempty"`
	Reserved     []string     `json:"reserved_items,omitempty"`
	MinionChoice []string     `json:"minion_choice,omitempty"`
	Scoring      *scoringView `json:"scoring,omitempty"`
}

// scoringView is the player's final-scoring panel: before submitting, what
// the app already knows (the stars it saw scored, the minions recruited
// through it); after, the pad as submitted and its breakdown.
type scoringView struct {
	RecordedStars int            `json:"recorded_stars"`
	Recruited     map[string]int `json:"recruited,omitempty"`
	Entries       map[string]int `json:"entries,omitempty"`
	StarsTrack    int            `json:"stars_track,omitempty"`
	GolemsAs      string         `json:"golems_as,omitempty"`
	Breakdown     *kit.ScoreLine `json:"breakdown,omitempty"`
	Finished      bool           `json:"finished"`
}

// View returns what v may see: face-down tokens show only as "face-down
// token" except to their owner until revealed; the loot stack a player looks
// at is only in that player's Private; deck orders are never shown.
func (g *Game) View(s kit.State, v kit.Viewer) kit.View {
	st := s.(*State)
	view := kit.View{Game: "lockup", Phase: st.Phase, Turn: st.waitingSeats(), Moves: []kit.MoveSpec{}}
	roundTrack := kit.TrackDef{Name: "round", Label: "Round", Steps: roundSteps(st.Data.Rounds.Value)}
	view.Tracks = []kit.TrackView{roundTrack.View(kit.Track{Pos: st.Round - 1})}
	for s := range st.Seats {
		view.Seats = append(view.Seats, st.seatView(s))
	}
	view.Public = st.publicView()
	view.Board = st.board()
	if v.Role == kit.RoleSeat && v.Seat >= 0 && v.Seat < len(st.Seats) {
		view.Private = st.privateView(v.Seat)
	}
	seat := -1
	if v.Role == kit.RoleSeat {
		seat = v.Seat
	}
	if v.Role != kit.RoleBoard {
		view.Moves = moves.Offers(st, seat)
	}
	view.Outcome = g.Outcome(st)
	view.PhaseLabel = label(phaseTexts, st.Phase)
	view.Prompt = st.prompt(v, view.Outcome)
	return view
}

func roundSteps(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

// waitingSeats lists the seats the game waits for now.
func (st *State) waitingSeats() []int {
	switch st.Phase {
	case PhaseRollCall:
		return []int{st.Turn}
	case PhaseLightsOut, PhaseLegend:
		if len(st.Queue) > 0 {
			if st.Queue[0].Seat == Guards {
				return []int{0}
			}
			return []int{st.Queue[0].Seat}
		}
		var w []int
		for s, p := range st.Players {
			if len(p.MinionChoice) > 0 {
				w = append(w, s)
			}
		}
		if len(w) == 0 && st.Phase == PhaseLegend {
			w = []int{st.FirstPlayer}
		}
		return nonNil(w)
	case PhaseLastRaid:
		return []int{st.FirstPlayer}
	case PhaseFinalScoring:
		var w []int
		for s, p := range st.Players {
			if !p.Finished {
				w = append(w, s)
			}
		}
		return nonNil(w)
	}
	return []int{}
}

func nonNil(x []int) []int {
	if x == nil {
		return []int{}
	}
	return x
}

func (st *State) seatView(s int) kit.SeatView {
	p := &st.Players[s]
	status := ""
	switch st.Phase {
	case PhaseRollCall:
		if p.Passed {
			status = label(statusTexts, "passed")
		} else if st.Turn == s {
			status = label(statusTexts, "assigning")
		}
	case PhaseFinalScoring, PhaseGameOver:
		if p.Finished {
			status = label(statusTexts, "scoring_finished")
		} else {
			status = label(statusTexts, "scoring_not_finished")
		}
	}
	onBoard := 0
	for _, tk := range p.Tokens {
		if tk.Place == PlaceLocation && tk.FaceDown && !tk.Revealed {
			onBoard++
		}
	}
	facts := map[string]string{
		"holding_cell": strconv.Itoa(p.inCell()),
		"lantern":      st.Data.spaceLabel(p.Lantern),
		"loot_tokens":  strconv.Itoa(len(p.Loot)),
		"minions":      strconv.Itoa(len(p.Minions)),
		"face_down":    strconv.Itoa(onBoard),
	}
	if s == st.FirstPlayer {
		facts["first_player"] = "yes"
	}
	if p.EscapedStars > 0 {
		facts["escaped_stars"] = strconv.Itoa(p.EscapedStars)
	}
	return kit.SeatView{Seat: s, Name: st.Seats[s], Status: status, Facts: facts}
}

// publicToken shows a token on a location or the legend as the table sees
// it.
func (st *State) publicToken(s int, tk CrewToken) string {
	if tk.FaceDown && !tk.Revealed {
		return st.Seats[s] + ": face-down token"
	}
	return st.Seats[s] + ": " + tokenLabel(tk)
}

func (st *State) publicView() publicView {
	d := st.Data
	pv := publicView{Round: st.Round, Rounds: d.Rounds.Value, Phase: label(phaseTexts, st.Phase), FirstPlayer: st.Seats[st.FirstPlayer]}
	if st.Phase == PhaseRollCall {
		pv.Turn = st.Seats[st.Turn]
	}
	for _, q := range st.Queue {
		who := "the guards"
		if q.Seat != Guards {
			who = st.Seats[q.Seat]
		}
		w := fmt.Sprintf("%s: up to %s", who, spacesText(q.StepsLeft))
		if q.Location > 0 {
			w += fmt.Sprintf(" from location %d", q.Location)
		}
		if q.AwaitLoot {
			w = who + ": choosing a loot token"
		}
		if q.AwaitGuardsPay {
			w = "the guards: can they pay the path cost?"
		}
		pv.Waiting = append(pv.Waiting, w)
	}
	for i, l := range d.Locations.Value {
		lv := locationView{Number: l.Number, Name: l.Name, Resolved: st.Resolved[i] && st.Phase != PhaseRollCall}
		if st.Tunnels[i] != "" {
			lv.Tunnel = st.Tunnels[i] + " tunnel"
		}
		for _, pt := range st.tokensAt(PlaceLocation, l.Number) {
			lv.Tokens = append(lv.Tokens, st.publicToken(pt.Seat, pt.Token))
		}
		if g := st.GuardState; g != nil && i < len(g.OnLocations) {
			lv.Guards = fmt.Sprintf("%s guard, strength %d", g.OnLocations[i].Colour, g.OnLocations[i].Strength)
		}
		pv.Locations = append(pv.Locations, lv)
	}
	pv.Legend = legendView{Active: st.ActiveLegend, DeckSize: len(st.LegendDeck)}
	for _, pt := range st.tokensAt(PlaceLegend, 0) {
		pv.Legend.Tokens = append(pv.Legend.Tokens, st.publicToken(pt.Seat, pt.Token))
	}
	if g := st.GuardState; g != nil && g.OnLegend.Colour != "" {
		if g.LegendRevealed {
			pv.Legend.GuardCard = fmt.Sprintf("%s guard, strength %d", g.OnLegend.Colour, g.OnLegend.Strength)
		} else {
			pv.Legend.GuardCard = "face-down guard card"
		}
	}
	for i, r := range st.LegendRanking {
		who := "the guards"
		if r.Seat != Guards {
			who = st.Seats[r.Seat]
		}
		pv.Legend.Ranking = append(pv.Legend.Ranking, fmt.Sprintf("%d. %s (strength %d)", i+1, who, r.Strength))
	}
	cv := catacombView{BoardSource: d.Board.Source, LootStacks: map[string]int{}}
	if d.Board.Source == "assumed" {
		cv.BoardSource = "ASSUMED default board (not in the book; the table can override it)"
	}
	for s, p := range st.Players {
		cv.Lanterns = append(cv.Lanterns, st.Seats[s]+": "+d.spaceLabel(p.Lantern))
	}
	if g := st.GuardState; g != nil {
		cv.Lanterns = append(cv.Lanterns, "the guards: "+d.spaceLabel(g.Lantern))
	}
	for _, sp := range d.lootSpaces() {
		cv.LootStacks[d.spaceLabel(sp)] = len(st.LootStacks[sp])
	}
	for _, sp := range d.Board.Value.Spaces {
		x := sp.Label
		switch {
		case sp.End == EndTomb:
			x += fmt.Sprintf(" (TOMB, %d stars)", d.TombPoints.Value)
		case sp.End == EndEscaped:
			x += " (ESCAPED)"
		default:
			x += fmt.Sprintf(" (%d points)", sp.Points)
		}
		if sp.Loot {
			x += " [loot]"
		}
		cv.Spaces = append(cv.Spaces, x)
	}
	for _, p := range d.Board.Value.Paths {
		x := d.spaceLabel(p.From) + " → " + d.spaceLabel(p.To)
		if len(p.Cost) > 0 {
			x += " (cost " + costText(p.Cost) + ")"
		}
		cv.Paths = append(cv.Paths, x)
	}
	pv.Catacombs = cv
	mv := minionsView{DeckSize: len(st.MinionDeck), Discard: len(st.MinionDiscard)}
	for i, m := range st.MinionRow {
		if m.Type == "" {
			mv.Row = append(mv.Row, fmt.Sprintf("%d: empty", i+1))
		} else {
			mv.Row = append(mv.Row, fmt.Sprintf("%d: %s", i+1, minionLabel(m)))
		}
	}
	pv.Minions = mv
	for s, p := range st.Players {
		plv := playerView{Name: st.Seats[s], Lantern: d.spaceLabel(p.Lantern), LootStars: p.LootStars, Reserved: len(p.Reserved), AdvancedFrom: p.AdvancedFrom}
		for _, l := range p.Loot {
			plv.Loot = append(plv.Loot, d.lootLabel(l))
		}
		if p.EscapedRound > 0 {
			plv.Escaped = fmt.Sprintf("round %d: %d stars", p.EscapedRound, p.EscapedStars)
		}
		for _, m := range p.Minions {
			plv.Minions = append(plv.Minions, minionLabel(m))
		}
		for _, it := range p.Items {
			x := it.Name + " (" + it.How
			if it.Upgraded {
				x += ", upgraded"
			}
			plv.Items = append(plv.Items, x+")")
		}
		pv.Players = append(pv.Players, plv)
	}
	if g := st.GuardState; g != nil {
		gv := &guardsView{Lantern: d.spaceLabel(g.Lantern), LegendStars: g.LegendStars, Difficulty: st.Difficulty, DeckSize: len(g.Deck)}
		for _, l := range g.Loot {
			gv.Loot = append(gv.Loot, d.lootLabel(l))
		}
		if g.EscapedRound > 0 {
			gv.Escaped = fmt.Sprintf("round %d: %d stars", g.EscapedRound, g.EscapedStars)
		}
		pv.Guards = gv
	}
	if st.Phase == PhaseFinalScoring {
		for s, p := range st.Players {
			if !p.Finished {
				pv.Scoring = append(pv.Scoring, st.Seats[s])
			}
		}
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
		c.Categories = append(c.Categories, label(categoryTexts, it.Category))
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
		add("the guards", st.guardsLine())
	}
	return c
}

func (st *State) privateView(s int) privateView {
	p := &st.Players[s]
	d := st.Data
	pv := privateView{HoldingCell: []string{}, FaceDownLeft: max(0, d.faceDownLimit(len(st.Seats))-p.FaceDown), Reserved: p.Reserved}
	for _, tk := range p.Tokens {
		switch {
		case tk.Place == PlaceCell:
			pv.HoldingCell = append(pv.HoldingCell, tokenLabel(tk))
		case tk.FaceDown && tk.Place == PlaceLegend:
			pv.FaceDown = append(pv.FaceDown, "legend card: "+tokenLabel(tk))
		case tk.FaceDown:
			pv.FaceDown = append(pv.FaceDown, fmt.Sprintf("location %d: %s", tk.Location, tokenLabel(tk)))
		}
	}
	for _, l := range p.Peek {
		pv.LootStack = append(pv.LootStack, d.lootLabel(l))
	}
	for _, m := range p.MinionChoice {
		pv.MinionChoice = append(pv.MinionChoice, minionLabel(m))
	}
	if st.Phase == PhaseFinalScoring || st.Phase == PhaseGameOver {
		sv := &scoringView{RecordedStars: p.recordedStars(), Finished: p.Finished}
		if !p.Finished {
			sv.Recruited = map[string]int{}
			for _, m := range p.Minions {
				if c, ok := minionCountCategory[m.Type]; ok {
					sv.Recruited[c]++
				}
			}
		} else {
			l := st.scoreLine(s)
			sv.Entries, sv.StarsTrack, sv.GolemsAs, sv.Breakdown = p.Score.Counts, p.Score.StarsTrack, st.golemsAs(p.Score), &l
		}
		pv.Scoring = sv
	}
	return pv
}
