package nostromo

import (
	"slices"

	"tablewarden/referee/kit"
)

// State queries: seats, colors, tokens and items.

// name is a seat's player name.
func (s *State) name(seat int) string {
	if seat >= 0 && seat < len(s.Names) {
		return s.Names[seat]
	}
	return "nobody"
}

// isCrew reports whether seat is a Crew player's seat.
func (s *State) isCrew(seat int) bool {
	return s.Alien >= 0 && seat >= 0 && seat < len(s.Names) && seat != s.Alien
}

// crewSeats lists the Crew players clockwise from the Alien player's left.
func (s *State) crewSeats() []int {
	n := len(s.Names)
	out := make([]int, 0, n-1)
	for i := 1; i < n; i++ {
		out = append(out, (s.Alien+i)%n)
	}
	return out
}

func (s *State) colorIndex(c string) int { return slices.Index(s.Data.Colors, c) }

// owner is the seat holding the Reminder card of a color.
func (s *State) owner(color string) int {
	if i := s.colorIndex(color); i >= 0 {
		return s.Sets[i]
	}
	return -1
}

// setsOf lists the color indexes of the Reminder sets a seat holds.
func (s *State) setsOf(seat int) []int {
	var out []int
	for c, o := range s.Sets {
		if o == seat {
			out = append(out, c)
		}
	}
	return out
}

func (s *State) twoPlayers() bool { return len(s.Names) == 2 }

func (s *State) veteran() bool { return s.Options.Difficulty == HardCore }

func (s *State) blueSide() bool { return s.Options.Difficulty != Novice }

// tokenIndex returns the index in Board of a handle, or -1.
func (s *State) tokenIndex(h int) int {
	return slices.IndexFunc(s.Board, func(t BoardToken) bool { return t.Handle == h })
}

// handlesIn keeps the handles of handles whose tokens are still on the
// board in room, in order.
func (s *State) handlesIn(handles []int, room int) []int {
	var left []int
	for _, h := range handles {
		if i := s.tokenIndex(h); i >= 0 && s.Board[i].Room == room {
			left = append(left, h)
		}
	}
	return left
}

func (s *State) itemIndex(name string) int {
	return slices.IndexFunc(s.Items, func(it Item) bool { return it.Name == name })
}

// hasCrewTokens reports whether a room holds any Crew token (room 0: any).
func (s *State) hasCrewTokens(room int) bool {
	for _, t := range s.Board {
		if room == 0 || t.Room == room {
			return true
		}
	}
	return false
}

// faceUpPresence lists the handles of face-up Presence tokens in a room.
func (s *State) faceUpPresence(room int) []int {
	var out []int
	for _, t := range s.Board {
		if t.Room == room && t.Shown != nil && t.Shown.Kind == Presence {
			out = append(out, t.Handle)
		}
	}
	return out
}

// hasFaceUpPresence reports whether seat owns a face-up Presence token in a room.
func (s *State) hasFaceUpPresence(seat, room int) bool {
	for _, h := range s.faceUpPresence(room) {
		if s.owner(s.Board[s.tokenIndex(h)].Shown.Color) == seat {
			return true
		}
	}
	return false
}

// crewHasTokens reports whether the Crew side still has tokens to place.
func (s *State) crewHasTokens() bool {
	if s.Options.Survival {
		return len(s.Pool) > 0
	}
	for _, seat := range s.crewSeats() {
		if len(s.Reserve[seat]) > 0 {
			return true
		}
	}
	return false
}

// placeable lists the tokens seat may place now (its own, or the pool).
func (s *State) placeable(seat int) []CrewToken {
	if s.Options.Survival {
		return s.Pool
	}
	return s.Reserve[seat]
}

func (s *State) heldItems(seat int) []string {
	var out []string
	for _, it := range s.Items {
		if it.Holder == seat {
			out = append(out, it.Name)
		}
	}
	return out
}

func (s *State) capturedCards() int {
	return kit.Count(s.CrewCards, func(c CrewCard) bool { return c.Captured })
}
