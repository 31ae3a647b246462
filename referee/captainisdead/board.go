package captainisdead

import (
	"math"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// board is the drawable ship for the board page, the same for every
// screen: the rooms (laid out by the game data's drawing layout) with the
// characters and the aliens by rank in them, their systems Locked or
// Unlocked and their honeypots; the doors between them; the alert deck by
// colour and the other counts; the alert being resolved and what the
// Surveillance Scanners showed. Contraband never appears in it.
func (s *State) board() *kit.BoardView {
	b := &kit.BoardView{Title: "The ship"}
	n := len(s.Rooms)
	b.Nodes = make([]kit.BoardNode, n)
	for r := range s.Rooms {
		b.Nodes[r] = s.roomNode(r)
	}
	seen := map[[2]int]bool{}
	for _, c := range s.Data.Connections {
		a, z := s.Data.room(c.A), s.Data.room(c.B)
		if a > z {
			a, z = z, a
		}
		if a == z || seen[[2]int{a, z}] {
			continue
		}
		seen[[2]int{a, z}] = true
		b.Edges = append(b.Edges, kit.BoardEdge{From: s.roomName(a), To: s.roomName(z)})
	}
	count := func(label string, v int) {
		b.Counters = append(b.Counters, kit.BoardCounter{Label: label, Value: strconv.Itoa(v)})
	}
	count("Yellow alerts left", s.Deck.Yellow)
	count("Orange alerts left", s.Deck.Orange)
	count("Red alerts left", s.Deck.Red)
	count("Aliens aboard", s.aliensAboard())
	count("Honeypots off board", s.Data.Counts.Honeypots.Value-s.honeypotsPlaced())
	count("Grenades in the Grenade Locker", s.GrenadeLocker)
	count("Alarms sounded", s.Alarms.Sounded)
	alert := kit.BoardSlot{Key: "alert", Label: "Current alert"}
	if s.Alert != nil {
		alert.Value = s.Alert.Colour + " (" + alertKindLabels[s.Alert.Kind] + " alert)"
		alert.Tags = []string{strings.ToLower(s.Alert.Colour)}
	}
	b.Slots = append(b.Slots, alert)
	if s.Foreseen > 0 {
		b.Slots = append(b.Slots, kit.BoardSlot{Key: "foreseen", Label: "Seen by the Surveillance Scanners", Value: strings.Join(s.Deck.Next(s.Foreseen), ", ")})
	}
	if len(s.Suppressions) > 0 {
		b.Slots = append(b.Slots, kit.BoardSlot{Key: "suppressions", Label: "Next alarm suppressed by", Value: strings.Join(s.Suppressions, ", ")})
	}
	return b
}

// roomNode draws one room.
func (s *State) roomNode(r int) kit.BoardNode {
	name := s.roomName(r)
	x, y := s.roomPoint(r)
	node := kit.BoardNode{ID: name, Label: name, X: x, Y: y}
	var notes []string
	locked, unlocked := false, false
	for i, sy := range s.Data.Systems {
		if s.systemRoom(i) != r {
			continue
		}
		side := "Unlocked"
		if s.Systems[i].Locked {
			side, locked = "Locked", true
		} else {
			unlocked = true
		}
		// A system called by its spot ("Science Lab system") is, in its
		// own room, the room's system: the note stays short, so that the
		// ship keeps its size on the board.
		name := sy.Called()
		if name == sy.Location+" system" {
			name = "System"
		}
		notes = append(notes, name+": "+side)
	}
	node.Note = strings.Join(notes, " · ")
	if locked {
		node.Tags = append(node.Tags, "locked")
	}
	if unlocked {
		node.Tags = append(node.Tags, "unlocked")
	}
	if s.Rooms[r].Honeypot {
		node.Tags = append(node.Tags, "honeypot")
		node.Pieces = append(node.Pieces, kit.Piece{Kind: "marker", Label: "Honeypot"})
	}
	if s.Rooms[r].total() > 0 {
		node.Tags = append(node.Tags, "danger")
	}
	if s.Phase == PhaseTurn && s.Players[s.active()].Alive && s.Players[s.active()].Room == r {
		node.Tags = append(node.Tags, "current")
	}
	for i, p := range s.Players {
		if p.Alive && p.Room == r {
			// The pawn is the player's: the board's legend names the
			// player once ("An Ann"), and the seat list says the
			// character and whether it is injured, so the legend stays
			// short enough for one line.
			node.Pieces = append(node.Pieces, kit.Piece{Kind: "character", Label: p.Name, Seat: &i})
		}
	}
	for k, c := range s.Rooms[r].Aliens {
		if c > 0 {
			node.Pieces = append(node.Pieces, kit.Piece{Kind: "enemy", Label: Ranks[k], Count: c})
		}
	}
	return node
}

// roomPoint is a room's place on the drawing: from the layout, or on a
// circle for a room the layout leaves out.
func (s *State) roomPoint(r int) (float64, float64) {
	if p, ok := s.Data.Layout.Rooms[s.roomName(r)]; ok {
		return p.X, p.Y
	}
	a := 2 * math.Pi * float64(r) / float64(len(s.Rooms))
	return 0.5 + 0.4*math.Cos(a), 0.5 + 0.4*math.Sin(a)
}
