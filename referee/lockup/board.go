package lockup

import (
	"strconv"

	"tablewarden/referee/kit"
)

// boardTexts are the board page's fixed words ("board.<key>").
var boardTexts = map[string]text{
	"board.title":        {"Kulbak: the prison and its catacombs", "Kulbak: a prisão e suas catacumbas"},
	"board.single":       {"Single tunnel", "Túnel simples"},
	"board.double":       {"Double tunnel", "Túnel duplo"},
	"board.face_down":    {"face-down token", "ficha virada para baixo"},
	"board.lantern":      {"lantern", "lanterna"},
	"board.guards":       {"the guards", "os guardas"},
	"board.guard_card":   {"guard card", "carta de guarda"},
	"board.loot":         {"Loot: {n}", "Saque: {n}"},
	"board.legend":       {"Legend:", "Lenda:"},
	"board.round":        {"Round", "Rodada"},
	"board.round_of":     {"{round} of {rounds}", "{round} de {rounds}"},
	"board.phase":        {"Phase", "Fase"},
	"board.legend_deck":  {"Legend deck", "Baralho de lendas"},
	"board.minion_deck":  {"Minion deck", "Baralho de capangas"},
	"board.active":       {"Active legend card", "Carta de lenda ativa"},
	"board.minion_space": {"Minion space {n}", "Espaço de capanga {n}"},
	"board.first_player": {"First player", "Primeiro jogador"},
}

// btext returns a board word as a term (terms.go).
func btext(key string, kv ...string) string { return term(key, kv...) }

// board draws locations 1–7 with their tunnel markers and crew tokens
// (face-down ones as backs, in placing order), the legend card with the
// tokens on it, and the catacomb graph with every lantern, plus the round,
// phase, decks and minion row. It is the same for every viewer.
func (st *State) board() *kit.BoardView {
	d := st.Data
	b := &kit.BoardView{Title: btext("board.title")}
	at := st.layout()
	placed := st.onBoard()
	for i, l := range d.Locations.Value {
		id := "location:" + strconv.Itoa(l.Number)
		n := kit.BoardNode{ID: id, Label: st.locName(l.Number), X: at[id].X, Y: at[id].Y}
		if tn := st.Tunnels[i]; tn != "" {
			n.Tags = append(n.Tags, "tunnel-"+tn)
			n.Note = btext("board." + tn)
		}
		if st.Resolved[i] && st.Phase != PhaseRollCall {
			n.Tags = append(n.Tags, "resolved")
		}
		if g := st.GuardState; g != nil && i < len(g.OnLocations) {
			c := g.OnLocations[i]
			n.Pieces = append(n.Pieces, kit.Piece{Kind: "enemy", Label: guardTerm(c.Colour, c.Strength)})
		}
		n.Pieces = append(n.Pieces, tokenPieces(placed[l.Number])...)
		b.Nodes = append(b.Nodes, n)
	}
	lg := kit.BoardNode{ID: "legend", Label: btext("board.legend") + " " + legendTerm(st.ActiveLegend), X: at["legend"].X, Y: at["legend"].Y, Tags: []string{"legend"}}
	if st.Phase == PhaseLegend {
		lg.Tags = append(lg.Tags, "current")
	}
	lg.Pieces = tokenPieces(placed[0])
	if g := st.GuardState; g != nil && g.OnLegend.Colour != "" {
		p := kit.Piece{Kind: "back", Label: btext("board.guard_card")}
		if g.LegendRevealed {
			p = kit.Piece{Kind: "enemy", Label: guardTerm(g.OnLegend.Colour, g.OnLegend.Strength)}
		}
		lg.Pieces = append(lg.Pieces, p)
	}
	b.Nodes = append(b.Nodes, lg)
	for _, sp := range d.Board.Value.Spaces {
		n := kit.BoardNode{ID: sp.ID, Label: d.spaceTerm(sp.ID), X: at[sp.ID].X, Y: at[sp.ID].Y}
		switch sp.End {
		case EndTomb:
			n.Tags = append(n.Tags, "tomb")
		case EndEscaped:
			n.Tags = append(n.Tags, "exit")
		}
		if sp.Loot {
			n.Tags = append(n.Tags, "loot")
			n.Note = btext("board.loot", "n", strconv.Itoa(len(st.LootStacks[sp.ID])))
		}
		for s, p := range st.Players {
			if p.Lantern == sp.ID {
				n.Pieces = append(n.Pieces, kit.Piece{Kind: "marker", Label: btext("board.lantern"), Seat: &s})
			}
		}
		if g := st.GuardState; g != nil && g.Lantern == sp.ID {
			n.Pieces = append(n.Pieces, kit.Piece{Kind: "enemy", Label: btext("board.guards")})
		}
		b.Nodes = append(b.Nodes, n)
	}
	for _, p := range d.Board.Value.Paths {
		e := kit.BoardEdge{From: p.From, To: p.To, Tags: []string{"one-way"}}
		if len(p.Cost) > 0 {
			e.Label = costText(p.Cost)
			e.Tags = append(e.Tags, "cost")
		}
		b.Edges = append(b.Edges, e)
	}
	b.Counters = []kit.BoardCounter{
		{Label: btext("board.round"), Value: btext("board.round_of", "round", strconv.Itoa(st.Round), "rounds", strconv.Itoa(d.Rounds.Value))},
		{Label: btext("board.phase"), Value: term("phase." + st.Phase)},
		{Label: btext("board.first_player"), Value: st.Seats[st.FirstPlayer]},
		{Label: btext("board.legend_deck"), Value: strconv.Itoa(len(st.LegendDeck))},
		{Label: btext("board.minion_deck"), Value: strconv.Itoa(len(st.MinionDeck))},
	}
	b.Slots = []kit.BoardSlot{{Key: "legend", Label: btext("board.active"), Value: legendTerm(st.ActiveLegend)}}
	for i, m := range st.MinionRow {
		sl := kit.BoardSlot{Key: "minion:" + strconv.Itoa(i+1), Label: btext("board.minion_space", "n", strconv.Itoa(i+1))}
		if m.Type != "" {
			sl.Value = minionLabel(m)
		}
		b.Slots = append(b.Slots, sl)
	}
	return b
}

// tokenPieces draws the crew tokens at a place in placing order: a token
// face down and not yet revealed is a back with its owner only.
func tokenPieces(placed []placedToken) []kit.Piece {
	var out []kit.Piece
	for _, pt := range placed {
		seat := pt.Seat
		if pt.Token.FaceDown && !pt.Token.Revealed {
			out = append(out, kit.Piece{Kind: "back", Label: btext("board.face_down"), Seat: &seat})
			continue
		}
		out = append(out, kit.Piece{Kind: "token", Label: tokenLabel(*pt.Token), Seat: &seat})
	}
	return out
}

// layout returns where each node is drawn: the data's layout, and for a
// catacomb space it does not place (a table's own board), a column by its
// distance from ENTRANCE.
func (st *State) layout() map[string]Point {
	d := st.Data
	at := map[string]Point{}
	for k, v := range d.BoardLayout.Value {
		at[k] = v
	}
	depth := map[string]int{SpaceEntrance: 0}
	for changed := true; changed; {
		changed = false
		for _, p := range d.Board.Value.Paths {
			if dp, ok := depth[p.From]; ok && depth[p.To] < dp+1 {
				depth[p.To] = dp + 1
				changed = true
			}
		}
	}
	deepest, rows := 1, map[int]int{}
	for _, v := range depth {
		deepest = max(deepest, v)
	}
	for _, sp := range d.Board.Value.Spaces {
		if _, ok := at[sp.ID]; ok {
			continue
		}
		dp := depth[sp.ID]
		at[sp.ID] = Point{X: 0.06 + 0.88*float64(dp)/float64(deepest), Y: 0.35 + 0.15*float64(rows[dp]%5)}
		rows[dp]++
	}
	for n := 1; n <= 7; n++ {
		if _, ok := at["location:"+strconv.Itoa(n)]; !ok {
			at["location:"+strconv.Itoa(n)] = Point{X: 0.06 + 0.12*float64(n-1), Y: 0.1}
		}
	}
	if _, ok := at["legend"]; !ok {
		at["legend"] = Point{X: 0.93, Y: 0.1}
	}
	return at
}
