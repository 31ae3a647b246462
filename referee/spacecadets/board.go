package spacecadets

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// boardOf is the drawable board, the same for every screen: the mission's
// map tiles and the squares where something stands (the ship, enemies,
// crystals and Gates, the Kraken, the entry squares), laid out from the
// mission's board data; the tracks as counters; the stations as slots.
// Face-down things (H4's planet tokens, Mission 8's enemy deck, the
// Component cards) appear only as backs or counts. Every mission but 7
// gives its tiles their rows and columns and its squares their row and
// column, so the board page draws the map as a grid; Mission 7's tiles,
// each its own 5×5 drawn apart, keep their squares hanging from them.
func boardOf(s *State) *kit.BoardView {
	d := s.D()
	md := s.missionData()
	b := &boardBuilder{s: s, tiles: md.Board.Tiles, nodes: map[string]int{}}
	if len(b.tiles) == 0 {
		b.tiles = []TileBox{{Label: "The map", Row: 1, Col: 1, Rows: md.Grid[0], Cols: md.Grid[1], W: 1, H: 1}}
	}
	b.view = &kit.BoardView{Title: "Mission " + md.ID + ": " + md.Name}
	b.addTiles()
	b.addMission()
	if s.Ship.Row > 0 && s.Ship.Col > 0 {
		b.piece(b.currentTile(), s.Ship.Row, s.Ship.Col, kit.Piece{Kind: "marker", Label: "The ship, facing " + facingLabel(s.Ship.Facing), Short: facingArrows[s.Ship.Facing]}, "ship")
	}
	for _, e := range s.Enemies {
		if !e.onMap() {
			continue
		}
		label := s.enemyLabel(e)
		switch {
		case e.Attached:
			label += ", attached"
		case e.Deactivated:
			label += ", deactivated"
		case e.Locked:
			label += ", locked on"
		}
		p := kit.Piece{Kind: "enemy", Label: label}
		if e.Row == 0 || e.Col == 0 {
			b.unplaced(p)
			continue
		}
		tile := 0
		if s.Rabbit != nil {
			tile = e.Tile
		}
		b.piece(tile, e.Row, e.Col, p)
	}
	b.counters(d)
	b.stations(d)
	return b.view
}

// boardBuilder collects the board's nodes by id.
type boardBuilder struct {
	s     *State
	tiles []TileBox
	view  *kit.BoardView
	nodes map[string]int
}

// currentTile is the Mission 7 tile the players are on (0 elsewhere).
func (b *boardBuilder) currentTile() int {
	if b.s.Rabbit != nil {
		return b.s.Rabbit.Tile
	}
	return 0
}

// box finds the tile box holding a square: in Mission 7 the tile's own box,
// elsewhere the box whose squares cover it.
func (b *boardBuilder) box(tile, row, col int) (TileBox, bool) {
	if tile > 0 {
		if tile <= len(b.tiles) {
			return b.tiles[tile-1], true
		}
		return TileBox{}, false
	}
	for _, t := range b.tiles {
		if row >= t.Row && row < t.Row+t.Rows && col >= t.Col && col < t.Col+t.Cols {
			return t, true
		}
	}
	return TileBox{}, false
}

func (b *boardBuilder) addTiles() {
	for i, t := range b.tiles {
		// A tile is drawn at the top of its box, over its squares.
		n := kit.BoardNode{ID: "tile-" + strconv.Itoa(i+1), Label: t.Label, X: round3(t.X + t.W/2), Y: round3(t.Y), Tags: []string{"tile"}}
		if b.s.Rabbit == nil {
			// The map is drawn as a grid of its squares; Mission 7's
			// tiles (each its own 5×5) hang their few squares instead.
			n.Row, n.Col, n.Rows, n.Cols = t.Row, t.Col, t.Rows, t.Cols
		} else {
			n.Label = fmt.Sprintf("Tile %d of %d", i+1, len(b.tiles))
		}
		if r := b.s.Rabbit; r != nil {
			switch {
			case i+1 < r.Tile:
				n.Tags, n.Note = append(n.Tags, "closed"), "left behind"
			case i+1 == r.Tile:
				n.Tags, n.Note = append(n.Tags, "current"), "map tile: "+r.TileNames[i]
			case i+1 == r.Tile+1 && r.GateOpen:
				n.Note = "map tile: " + r.TileNames[i] + ", through the open Gate"
			default:
				n.Tags, n.Note = append(n.Tags, "hidden"), "not drawn yet"
			}
		}
		b.view.Nodes = append(b.view.Nodes, n)
		if b.s.Rabbit != nil && i > 0 {
			e := kit.BoardEdge{From: "tile-" + strconv.Itoa(i), To: "tile-" + strconv.Itoa(i+1), Label: "Gate", Tags: []string{"closed", "one-way"}}
			if b.s.Rabbit.GateOpen && i == b.s.Rabbit.Tile || i < b.s.Rabbit.Tile {
				e.Tags[0] = "open"
			}
			b.view.Edges = append(b.view.Edges, e)
		}
	}
}

// square returns the node of a square, adding it on first use.
func (b *boardBuilder) square(tile, row, col int, tags ...string) *kit.BoardNode {
	id := fmt.Sprintf("sq-%d-%d-%d", tile, row, col)
	if i, ok := b.nodes[id]; ok {
		n := &b.view.Nodes[i]
		for _, t := range tags {
			n.Tags = appendNew(n.Tags, t)
		}
		return n
	}
	t, ok := b.box(tile, row, col)
	if !ok {
		return nil
	}
	n := kit.BoardNode{ID: id, Label: "Row " + strconv.Itoa(row) + ", column " + strconv.Itoa(col),
		X: round3(t.X + t.W*(float64(col-t.Col)+0.5)/float64(t.Cols)), Y: round3(t.Y + t.H*(float64(row-t.Row)+0.5)/float64(t.Rows)), Tags: tags,
		Row: row, Col: col}
	if tile > 0 {
		// Mission 7: the square hangs from its tile by a line, so its
		// label stays short enough to read from a metre.
		b.view.Edges = append(b.view.Edges, kit.BoardEdge{From: "tile-" + strconv.Itoa(tile), To: id, Tags: []string{"on-tile"}})
	}
	b.nodes[id] = len(b.view.Nodes)
	b.view.Nodes = append(b.view.Nodes, n)
	return &b.view.Nodes[len(b.view.Nodes)-1]
}

// piece puts a piece on a square.
func (b *boardBuilder) piece(tile, row, col int, p kit.Piece, tags ...string) {
	if n := b.square(tile, row, col, tags...); n != nil {
		n.Pieces = append(n.Pieces, p)
	}
}

// unplaced holds the enemies the table places on squares the app does not
// know (H1's revealed tiles, H2 and H3's squares shown in the book).
func (b *boardBuilder) unplaced(p kit.Piece) {
	id := "unplaced"
	i, ok := b.nodes[id]
	if !ok {
		i = len(b.view.Nodes)
		b.nodes[id] = i
		b.view.Nodes = append(b.view.Nodes, kit.BoardNode{ID: id, Label: "On the squares shown in the mission", X: 0.5, Y: 0.97, Tags: []string{"off-map"}})
	}
	b.view.Nodes[i].Pieces = append(b.view.Nodes[i].Pieces, p)
}

// addMission adds each mission's own places: Gates, the enemies' path,
// crystals, the Kraken, the Orbital Platform, entry squares.
func (b *boardBuilder) addMission() {
	s := b.s
	d := s.D()
	switch {
	case s.Rabbit != nil:
		r := s.Rabbit
		last := len(d.M7.TileNames)
		gate := func(tile int, sq Square, open bool) {
			label := "Gate (crystal), closed"
			switch {
			case tile == last && r.Stabilized:
				label = "Gate Stabilizer, tractored"
			case tile == last:
				label = "Gate Stabilizer (crystal)"
			case open:
				label = "Gate (crystal), open"
			}
			if sq[0] > 0 {
				b.piece(tile, sq[0], sq[1], kit.Piece{Kind: "token", Label: label}, "gate")
			}
		}
		gate(r.Tile, r.Gate, r.GateOpen)
		if r.GateOpen && r.Tile < last {
			gate(r.Tile+1, r.NextGate, false)
		}
	case s.Siege != nil:
		path := d.M8.Path
		for i, sq := range path {
			n := b.square(0, sq[0], sq[1], "path")
			if n == nil {
				continue
			}
			if i == 0 {
				n.Tags, n.Note = appendNew(n.Tags, "start"), "Enemy Start square"
			}
			// The cell shows the square's place along the path (1 is the
			// Enemy Start square), so the table can count an enemy's move.
			n.Mark = strconv.Itoa(i + 1)
			if i > 0 {
				b.view.Edges = append(b.view.Edges, kit.BoardEdge{From: fmt.Sprintf("sq-0-%d-%d", path[i-1][0], path[i-1][1]), To: n.ID, Tags: []string{"one-way"}})
			}
		}
	case s.Kestrel != nil:
		for i, sq := range d.M9.CrystalSquares {
			label := "Crystal " + strconv.Itoa(i+1)
			if slices.Contains(s.Kestrel.Crystals, i+1) {
				label += ", tractored"
			}
			b.piece(0, sq[0], sq[1], kit.Piece{Kind: "token", Label: label}, "crystal")
		}
	case s.Kraken != nil:
		for _, sq := range d.Kraken.Beak {
			b.piece(0, sq[0], sq[1], kit.Piece{Kind: "marker", Label: "Beak"}, "danger")
		}
		for _, t := range s.Kraken.Tentacles {
			p := kit.Piece{Kind: "enemy", Label: t.Name + " (Active)", Short: d.tentacleLetter(t.ID)}
			if t.Subdued {
				p.Label, p.Tags = t.Name+" (Subdued)", []string{"subdued"}
			}
			b.piece(0, t.Row, t.Col, p)
		}
	case s.Invisible != nil:
		for i, sq := range d.H4.Crystals {
			b.piece(0, sq[0], sq[1], kit.Piece{Kind: "token", Label: "Crystal " + strconv.Itoa(i+1)}, "crystal")
			under := kit.Piece{Kind: "back", Label: "Face-down planet token"}
			switch s.Invisible.Revealed[i] {
			case "dummy":
				under = kit.Piece{Kind: "token", Label: "Dummy token"}
			case "":
			default:
				under = kit.Piece{Kind: "token", Label: "The Invisible Planet"}
			}
			b.piece(0, sq[0], sq[1], under)
		}
		for i, sq := range d.H4.EntrySquares {
			if n := b.square(0, sq[0], sq[1], "entry"); n != nil && n.Note == "" {
				n.Note = "Enemy entry square " + strconv.Itoa(i+1)
				n.Mark = strconv.Itoa(i + 1)
			}
		}
	}
	if s.Mission == "H2" {
		p := d.H2.Platform
		b.piece(0, p[0], p[1], kit.Piece{Kind: "token", Label: fmt.Sprintf("Orbital Platform (range %d, damage %d)", 4+s.Nemesis, s.Nemesis)}, "danger")
	}
}

// counters are the tracks and decks as big numbers.
func (b *boardBuilder) counters(d *GameData) {
	s := b.s
	add := func(label, value string) {
		b.view.Counters = append(b.view.Counters, kit.BoardCounter{Label: label, Value: value})
	}
	if s.Turn > 0 {
		add("Turn", strconv.Itoa(s.Turn))
	}
	add("Step", stepLabels[s.Step])
	if s.TimerPauses {
		add("House rule", "Timers can be paused")
	}
	if s.NemesisUsed {
		add("Nemesis marker", strconv.Itoa(s.Nemesis))
	}
	if s.Speed != nil {
		add("Ship speed", strconv.Itoa(*s.Speed))
	}
	switch {
	case s.Rabbit != nil:
		add("Tile", fmt.Sprintf("%d of %d", s.Rabbit.Tile, len(d.M7.TileNames)))
	case s.Siege != nil:
		add("Enemy deck", fmt.Sprintf("%d cards", len(s.Siege.Deck)))
		if s.Siege.MovementDie > 0 {
			add("Movement die", strconv.Itoa(s.Siege.MovementDie))
		}
	case s.Kestrel != nil:
		add("Crystals tractored", fmt.Sprintf("%d of %d needed", s.Kestrel.Tractored, s.Kestrel.Required))
	case s.Kraken != nil:
		add("Tentacles subdued", fmt.Sprintf("%d of 4", s.Kraken.subdued()))
		if s.Kraken.Part == 2 {
			add("Research", fmt.Sprintf("%d of %d Science points", s.Kraken.Research, d.variant(s.Kraken.Last).ResearchTarget))
		}
	}
	add("Experimental Equipment deck", strconv.Itoa(s.Science.Deck.Len()))
	add("Component cards", strconv.Itoa(s.Science.CompDeck.Len()))
	if r := s.LastRoll; r != nil {
		add("Last roll", r.Purpose+": "+diceText(r.Dice))
	}
}

// stations are one slot per station: inactive, damaged or ready.
func (b *boardBuilder) stations(d *GameData) {
	s := b.s
	for _, st := range d.Stations {
		slot := kit.BoardSlot{Key: "station:" + strings.ToLower(st), Label: st, Value: "Active"}
		switch {
		case s.inactive(st):
			slot.Value, slot.Tags = "Inactive", []string{"inactive"}
		case s.StationDamage[st] == 1:
			slot.Value, slot.Tags = "1 damage card", []string{"damaged"}
		case s.StationDamage[st] > 1:
			slot.Value, slot.Tags = strconv.Itoa(s.StationDamage[st])+" damage cards", []string{"damaged"}
		}
		b.view.Slots = append(b.view.Slots, slot)
	}
	if at := s.Science.Attempt; at != nil {
		what := fmt.Sprintf("Research of %d Science points", at.Level)
		if at.Kind == "build" {
			what = fmt.Sprintf("Building %s (%s)", d.eeTitle(at.Card), pointsText(at.Level))
		}
		b.view.Slots = append(b.view.Slots, kit.BoardSlot{Key: "science_attempt", Label: "Workbench", Value: what, Tags: []string{at.Status}})
	}
}

func appendNew(tags []string, t string) []string {
	for _, x := range tags {
		if x == t {
			return tags
		}
	}
	return append(tags, t)
}

func round3(x float64) float64 { return float64(int(x*1000+0.5)) / 1000 }
