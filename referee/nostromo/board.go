package nostromo

import (
	"strconv"

	"tablewarden/referee/kit"
)

// The board page's drawing of the Nostromo: the 10 rooms at the assumed
// layout of data.json, the connections, what lies in each room, and the
// counters and slots beside the board. Face-down Crew tokens and Blips are
// drawn as backs ("back"), counted by who placed them: never their
// identity, for any viewer, the placer included.

func (s *State) boardView() *kit.BoardView {
	d := s.Data
	b := &kit.BoardView{Title: "The Nostromo"}
	for r := 1; r <= len(d.Rooms); r++ {
		n := kit.BoardNode{ID: strconv.Itoa(r), Label: d.RoomName(r)}
		if r-1 < len(d.Layout) {
			n.X, n.Y = d.Layout[r-1][0], d.Layout[r-1][1]
		}
		n.Tags, n.Note = s.roomTags(r)
		n.Pieces = s.roomPieces(r)
		b.Nodes = append(b.Nodes, n)
	}
	for _, p := range d.Connections {
		b.Edges = append(b.Edges, kit.BoardEdge{From: strconv.Itoa(p[0]), To: strconv.Itoa(p[1])})
	}
	b.Counters = []kit.BoardCounter{
		{Label: "Game turn", Value: strconv.Itoa(s.Round)},
		{Label: "Phase", Value: s.phaseLabel()},
		{Label: "Mission deck", Value: strconv.Itoa(s.Deck.Len())},
		{Label: "Discard pile", Value: strconv.Itoa(len(s.Discard))},
		{Label: "Emergency procedures", Value: strconv.Itoa(len(s.Activated)) + " of " + strconv.Itoa(len(d.Procedures))},
		{Label: "Crew members captured", Value: strconv.Itoa(s.capturedCards()) + " of " + strconv.Itoa(len(s.CrewCards))},
	}
	if s.Posture != "" {
		b.Counters = append(b.Counters, kit.BoardCounter{Label: "Posture", Value: postureLabel(s.Posture)})
	}
	if s.Phase == PhaseHunting {
		b.Counters = append(b.Counters, kit.BoardCounter{Label: "Hunting actions left", Value: strconv.Itoa(s.HuntLeft)})
	}
	active := map[int]int{}
	for _, c := range s.Activated {
		active[d.Procedure(c)] = c
	}
	for p, name := range d.Procedures {
		sl := kit.BoardSlot{Key: "procedure:" + strconv.Itoa(p), Label: name}
		if c, ok := active[p]; ok {
			sl.Value, sl.Tags = "Activated ("+d.CardName(c)+")", []string{"activated"}
		}
		b.Slots = append(b.Slots, sl)
	}
	for i, c := range s.CrewCards {
		sl := kit.BoardSlot{Key: "crew_card:" + strconv.Itoa(i), Label: c.Name}
		switch {
		case c.Captured:
			sl.Value, sl.Tags = "Captured: face down with the Alien player", []string{"captured"}
		case c.Presence != "":
			sl.Value, sl.Tags = "Power used ("+c.Presence+" Presence token)", []string{"used"}
		}
		b.Slots = append(b.Slots, sl)
	}
	return b
}

// roomTags marks a room: where the Alien attacks, the room being resolved
// (neither once the game is over: nothing is under way then).
func (s *State) roomTags(r int) ([]string, string) {
	var tags []string
	note := ""
	over := s.Winner != ""
	if s.AttackRoom == r && !over {
		tags, note = append(tags, "danger"), "Alien attack"
	}
	if s.Resolving == r && !over {
		tags, note = append(tags, "current"), "Being resolved"
	}
	if r == RoomShuttle {
		tags = append(tags, "exit")
	}
	return tags, note
}

// roomPieces lists what lies in room r: face-down Crew tokens as backs
// counted per placer, face-up Crew tokens, Blips (backs until flipped),
// the Alien and Jonesy tokens, and Items.
func (s *State) roomPieces(r int) []kit.Piece {
	var out []kit.Piece
	down := map[int]int{}
	var placers []int
	for _, t := range s.Board {
		if t.Room != r || t.Shown != nil {
			continue
		}
		if down[t.Placer] == 0 {
			placers = append(placers, t.Placer)
		}
		down[t.Placer]++
	}
	for _, p := range placers {
		seat := p
		out = append(out, kit.Piece{Kind: "back", Label: "Crew token placed by " + s.name(p), Seat: &seat, Count: down[p]})
	}
	for _, t := range s.Board {
		if t.Room == r && t.Shown != nil {
			owner := s.owner(t.Shown.Color)
			out = append(out, kit.Piece{Kind: "token", Label: "#" + strconv.Itoa(t.Handle) + " " + tokenLabel(*t.Shown), Seat: &owner})
		}
	}
	for _, bl := range s.Blips {
		if bl.Room != r {
			continue
		}
		if bl.Shown == "" {
			out = append(out, kit.Piece{Kind: "back", Label: "Blip", Count: 1})
		} else {
			out = append(out, kit.Piece{Kind: "marker", Label: blipLabel(bl.Shown) + " Blip"})
		}
	}
	if s.AlienRoom == r {
		out = append(out, kit.Piece{Kind: "enemy", Label: "Alien"})
	}
	if s.JonesyRoom == r {
		out = append(out, kit.Piece{Kind: "character", Label: "Jonesy"})
	}
	for _, it := range s.roomItems(r) {
		out = append(out, kit.Piece{Kind: "marker", Label: itemLabel(it)})
	}
	return out
}
