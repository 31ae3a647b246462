package lockup

import (
	"strconv"

	"tablewarden/referee/kit"
)

// privateView is what only the viewing seat sees.
type privateView struct {
	HoldingCell  []tokenView `json:"holding_cell"`
	FaceDown     []tokenView `json:"face_down,omitempty"`
	FaceDownLeft int         `json:"face_down_left"`
	// LootStack is the loot stack the player looks at, as loot kinds.
	LootStack       []string `json:"loot_stack_seen,omitempty"`
	LootStackLabels []string `json:"loot_stack_seen_labels,omitempty"`
	Reserved        []string `json:"reserved_items,omitempty"`
	// MinionChoice are the minion types the player chooses among.
	MinionChoice       []string     `json:"minion_choice,omitempty"`
	MinionChoiceLabels []string     `json:"minion_choice_labels,omitempty"`
	Scoring            *scoringView `json:"scoring,omitempty"`
}

// tokenView is one of the player's own crew tokens: its id ("crew2",
// "explorer"), its strength, and where it lies face down (Location 0 with
// Legend for the legend card). Term and Params name the token as data (the
// catalog's "term.<Term>" with Params filled: "token" with n and strength,
// or "explorer" with strength); Label is the line in the table's language
// ("legend card: crew token 6 (strength 5)").
type tokenView struct {
	ID       string            `json:"id"`
	Strength int               `json:"strength"`
	Explorer bool              `json:"explorer,omitempty"`
	Location int               `json:"location,omitempty"`
	Legend   bool              `json:"legend,omitempty"`
	Term     string            `json:"term" enum:"token,explorer"`
	Params   map[string]string `json:"params"`
	Label    string            `json:"label"`
}

// scoringView is the player's final-scoring panel: before submitting, what
// the app already knows (the stars it saw scored, the minions recruited
// through it); after, the pad as submitted and its breakdown.
type scoringView struct {
	RecordedStars int            `json:"recorded_stars"`
	Recruited     map[string]int `json:"recruited,omitempty"`
	Entries       map[string]int `json:"entries,omitempty"`
	StarsTrack    int            `json:"stars_track,omitempty"`
	Breakdown     *kit.ScoreLine `json:"breakdown,omitempty"`
	Finished      bool           `json:"finished"`
}

// View returns what v may see: face-down tokens show only as "face-down
// token" except to their owner until revealed; the loot stack a player looks
// at is only in that player's Private; deck orders are never shown. Its
// words are in v.Lang (English unless "pt-BR"): the terms that name the
// game's things are written out (terms.go), and the things a program reads
// carry their codes, and their terms as data, beside them.
func (g *Game) View(s kit.State, v kit.Viewer) kit.View {
	view := g.view(s, v)
	return kit.RewriteStrings(view, func(x string) string { return expandTerms(x, v.Lang) })
}

// view is View with its words as terms.
func (g *Game) view(s kit.State, v kit.Viewer) kit.View {
	st, err := moves.State(s)
	if err != nil {
		return kit.View{Game: info.ID, Moves: []kit.MoveSpec{}}
	}
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
			status = "passed"
		} else if st.Turn == s {
			status = "assigning"
		}
	case PhaseFinalScoring, PhaseGameOver:
		if p.Finished {
			status = "scoring_finished"
		} else {
			status = "scoring_not_finished"
		}
	}
	onBoard := 0
	for _, tk := range p.Tokens {
		if tk.Place == PlaceLocation && tk.FaceDown && !tk.Revealed {
			onBoard++
		}
	}
	facts := map[string]any{
		"holding_cell":  p.inCell(),
		"lantern":       p.Lantern,
		"lantern_label": st.Data.spaceTerm(p.Lantern),
		"loot_tokens":   len(p.Loot),
		"minions":       len(p.Minions),
		"face_down":     onBoard,
		"first_player":  s == st.FirstPlayer,
	}
	if p.EscapedStars > 0 {
		facts["escaped_stars"] = p.EscapedStars
	}
	sv := kit.SeatView{Seat: s, Name: st.Seats[s], Status: status, Facts: facts}
	if status != "" {
		sv.StatusLabel = label(statusTexts, status)
	}
	return sv
}

func (st *State) privateView(s int) privateView {
	p := &st.Players[s]
	d := st.Data
	pv := privateView{HoldingCell: []tokenView{}, FaceDownLeft: max(0, d.faceDownLimit(len(st.Seats))-p.FaceDown), Reserved: p.Reserved}
	for _, tk := range p.Tokens {
		code, params := tokenTerm(tk)
		tv := tokenView{ID: tk.ID, Strength: tk.Strength, Explorer: tk.Explorer, Term: code, Params: params, Label: tokenLabel(tk)}
		switch {
		case tk.Place == PlaceCell:
			pv.HoldingCell = append(pv.HoldingCell, tv)
		case tk.FaceDown && tk.Place == PlaceLegend:
			tv.Legend, tv.Label = true, term("legend_place")+": "+tv.Label
			pv.FaceDown = append(pv.FaceDown, tv)
		case tk.FaceDown:
			tv.Location, tv.Label = tk.Location, term("location_n", "n", strconv.Itoa(tk.Location))+": "+tv.Label
			pv.FaceDown = append(pv.FaceDown, tv)
		}
	}
	for _, l := range p.Peek {
		pv.LootStack, pv.LootStackLabels = append(pv.LootStack, l), append(pv.LootStackLabels, d.lootTerm(l))
	}
	for _, m := range p.MinionChoice {
		pv.MinionChoice, pv.MinionChoiceLabels = append(pv.MinionChoice, m.Type), append(pv.MinionChoiceLabels, minionLabel(m))
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
			sv.Entries, sv.StarsTrack, sv.Breakdown = p.Score.Counts, p.Score.StarsTrack, &l
		}
		pv.Scoring = sv
	}
	return pv
}
