package captainisdead

import (
	"strings"

	"tablewarden/referee/kit"
)

// The card-effect moves on the aliens: add, move, remove and kill them.

type addAlienArgs struct {
	Rank string `json:"rank"`
	Room string `json:"room"`
}

func offerAddAlien(s *State, _ int) *kit.MoveSpec {
	return with(specAddAlien, rankArg, choiceArg("room", "Room", s.Data.roomChoice))
}

// applyAddAlien adds an alien, with the shortage and Commander rules.
// Codes: "unknown_rank", "unknown_room".
func applyAddAlien(t *turn, _ int, a addAlienArgs) error {
	s := t.S
	k := rankIndex(a.Rank)
	if k < 0 {
		return kit.Errorf("unknown_rank", ruleHowAliens, "There is no alien rank %q.", a.Rank)
	}
	r, err := s.roomArg(a.Room)
	if err != nil {
		return err
	}
	s.addAlien(k, r, t)
	return nil
}

type moveAlienArgs struct {
	Move string `json:"move"`
}

// moveKey encodes "rank|from|to" choice values.
func moveKey(rank int, from, to string) string { return Ranks[rank] + "|" + from + "|" + to }

// alienPairs lists the (room, rank) pairs with an alien, room by room.
func (s *State) alienPairs() [][2]int {
	var out [][2]int
	for r := range s.Rooms {
		for k, c := range s.Rooms[r].Aliens {
			if c > 0 {
				out = append(out, [2]int{r, k})
			}
		}
	}
	return out
}

func offerMoveAlien(s *State, _ int) *kit.MoveSpec {
	pairs := s.alienPairs()
	if len(pairs) == 0 {
		return nil
	}
	cs := make([]kit.Choice, 0, len(pairs)*(len(s.Rooms)-1))
	for _, p := range pairs {
		for to := range s.Rooms {
			if to != p[0] {
				cs = append(cs, s.Data.moveChoice[p[0]][to][p[1]])
			}
		}
	}
	return with(specMoveAlien, choiceArg("move", "Alien and destination", cs))
}

// applyMoveAlien moves one alien to another room. Codes: "bad_alien",
// "no_such_alien", "same_room".
func applyMoveAlien(t *turn, _ int, a moveAlienArgs) error {
	s := t.S
	i := strings.LastIndex(a.Move, "|")
	if i < 0 {
		return kit.Errorf("bad_alien", ruleHowAliens, "Name the alien as rank|from|to.")
	}
	k, from, ok := s.parseAlienKey(a.Move[:i])
	to := s.Data.room(a.Move[i+1:])
	if !ok || to < 0 {
		return kit.Errorf("bad_alien", ruleHowAliens, "Name the alien as rank|from|to with a known rank and rooms.")
	}
	if s.Rooms[from].Aliens[k] == 0 {
		return kit.Errorf("no_such_alien", ruleHowAliens, "There is no %s in the %s.", Ranks[k], s.roomName(from))
	}
	if from == to {
		return kit.Errorf("same_room", ruleHowAliens, "The alien is already in the %s.", s.roomName(to))
	}
	s.Rooms[from].Aliens[k]--
	s.Rooms[to].Aliens[k]++
	t.Public("alien_moved", "%s moves from the %s to the %s.", anAlien(k), s.roomName(from), s.roomName(to))
	return nil
}

type alienArgs struct {
	Alien string `json:"alien"`
}

func offerRemoveAlien(s *State, _ int) *kit.MoveSpec {
	pairs := s.alienPairs()
	if len(pairs) == 0 {
		return nil
	}
	cs := make([]kit.Choice, len(pairs))
	for i, p := range pairs {
		cs[i] = s.Data.alienChoice[p[0]][p[1]]
	}
	return with(specRemoveAlien, choiceArg("alien", "Alien", cs))
}

// applyRemoveAlien takes an alien off the ship without killing it (no
// alarm). Codes: "bad_alien", "no_such_alien".
func applyRemoveAlien(t *turn, _ int, a alienArgs) error {
	s := t.S
	k, r, ok := s.parseAlienKey(a.Alien)
	if !ok {
		return kit.Errorf("bad_alien", ruleHowAliens, "Name the alien as rank|room.")
	}
	if s.Rooms[r].Aliens[k] == 0 {
		return kit.Errorf("no_such_alien", ruleHowAliens, "There is no %s in the %s.", Ranks[k], s.roomName(r))
	}
	s.Rooms[r].Aliens[k]--
	t.Public("alien_removed", "%s leaves the ship from the %s.", anAlien(k), s.roomName(r))
	return nil
}

type killAliensArgs struct {
	Room   string `json:"room"`
	All    bool   `json:"all"`
	Source string `json:"source,omitempty"`
}

func offerKillAliens(s *State, _ int) *kit.MoveSpec {
	if s.mayKill() != nil {
		return nil
	}
	var occupied []kit.Choice
	for r := range s.Rooms {
		if s.Rooms[r].total() > 0 {
			occupied = append(occupied, s.Data.roomChoice[r])
		}
	}
	if len(occupied) == 0 {
		return nil
	}
	return with(specKillAliens, choiceArg("room", "Room", occupied), allArg, sourceArg)
}

// applyKillAliens kills aliens by a card effect (the Rifle): every alien of
// the room, or its lowest-ranking one, in rank order, one alarm each.
// Codes: "unknown_room", "no_aliens_here", "sympathizer_never_kills".
func applyKillAliens(t *turn, _ int, a killAliensArgs) error {
	s := t.S
	r, err := s.roomArg(a.Room)
	if err != nil {
		return err
	}
	if s.Rooms[r].total() == 0 {
		return kit.Errorf("no_aliens_here", ruleHowAliens, "There is no alien in the %s.", a.Room)
	}
	if err := s.mayKill(); err != nil {
		return err
	}
	n := 1
	if a.All {
		n = s.Rooms[r].total()
	}
	s.killAliens(r, n, sourceText(a.Source), t)
	return nil
}
