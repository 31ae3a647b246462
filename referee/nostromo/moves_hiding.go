package nostromo

import (
	"strings"

	"tablewarden/referee/kit"
)

func roomChoices(s *State, rooms []int) []kit.Choice {
	out := make([]kit.Choice, 0, len(rooms))
	for _, r := range rooms {
		out = append(out, kit.Choice{Value: r, Label: s.Data.RoomName(r)})
	}
	return out
}

func allRooms() []int { return []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10} }

func checkRoom(r int) error {
	if r < 1 || r > 10 {
		return kit.Errorf("bad_room", ruleTurn, "There is no room %d: the rooms are numbered 1 to 10.", r)
	}
	return nil
}

func parseToken(v string) (CrewToken, bool) {
	c, k, ok := strings.Cut(v, "/")
	if !ok || (k != Presence && k != Passage) {
		return CrewToken{}, false
	}
	return CrewToken{Color: c, Kind: k}, true
}

// placeCrewArgs are place_crew_token's arguments: "Red/presence" and a room.
type placeCrewArgs struct {
	Token string `json:"token"`
	Room  int    `json:"room"`
}

// placeCrewToken places one Crew token face down (Step 1). Codes:
// wrong_phase, not_your_turn, bad_room, not_your_token.
func placeCrewToken(a *turn, seat int, args placeCrewArgs) error {
	s := a.S
	if !s.standsAt(PhaseHiding, stCrew) {
		return notNow(s, ruleHiding3)
	}
	if seat != s.hidingPlacer() {
		return kit.Errorf("not_your_turn", ruleHiding3, "It is %s's turn to place Crew tokens.", s.name(s.hidingPlacer()))
	}
	if err := checkRoom(args.Room); err != nil {
		return err
	}
	tok, ok := parseToken(args.Token)
	pl := s.placeable(seat)
	idx := -1
	for i, t := range pl {
		if ok && t == tok {
			idx = i
			break
		}
	}
	if idx < 0 {
		if s.Options.Survival {
			return kit.Errorf("not_your_token", ruleSurvival, "That Crew token is not in the token pool.")
		}
		return kit.Errorf("not_your_token", ruleHiding3, "You can only place a Crew token you own: tokens are never exchanged between players.")
	}
	pl = append(pl[:idx:idx], pl[idx+1:]...)
	if s.Options.Survival {
		s.Pool = pl
	} else {
		s.Reserve[seat] = pl
	}
	h := s.NextHandle
	s.NextHandle++
	s.Board = append(s.Board, BoardToken{Handle: h, Room: args.Room, Placer: seat, Token: tok})
	s.Placed++
	a.Public("place_crew", "%s places Crew token #%d face down in %s.", s.name(seat), h, s.Data.RoomName(args.Room))
	if len(s.placeable(seat)) == 0 {
		afterCrewPlacement(a)
	}
	return nil
}

func offerPlaceCrew(s *State, seat int) *kit.MoveSpec {
	if s.Phase != PhaseHiding || s.Stage != stCrew || seat < 0 || seat != s.hidingPlacer() {
		return nil
	}
	ch := kit.DistinctChoices(s.placeable(seat), func(t CrewToken) kit.Choice {
		return kit.Choice{Value: tokenValue(t), Label: tokenLabel(t)}
	})
	spec := withChoices(withChoices(specOf(MovePlaceCrewToken), "token", ch), "room", roomChoices(s, allRooms()))
	return &spec
}

// blipRooms lists the rooms a Blip may go to: never the Shuttle, never a
// room already holding a Blip.
func (s *State) blipRooms() []int {
	var out []int
	for r := 1; r <= 9; r++ {
		free := true
		for _, b := range s.Blips {
			if b.Room == r {
				free = false
			}
		}
		if free {
			out = append(out, r)
		}
	}
	return out
}

// placeBlipArgs are place_blip's arguments.
type placeBlipArgs struct {
	Blip string `json:"blip"`
	Room int    `json:"room"`
}

// placeBlip places one Blip token face down (Step 2). Codes: wrong_phase,
// not_alien, bad_room, blip_in_shuttle, blip_room_taken, no_such_blip.
func placeBlip(a *turn, seat int, args placeBlipArgs) error {
	s := a.S
	if err := s.alienAt(seat, PhaseHiding, stAlien, ruleHiding3, "places Blip tokens"); err != nil {
		return err
	}
	if err := checkRoom(args.Room); err != nil {
		return err
	}
	if args.Room == RoomShuttle {
		return kit.Errorf("blip_in_shuttle", ruleHiding3, "A Blip token is NEVER placed in the Shuttle (room 10).")
	}
	for _, b := range s.Blips {
		if b.Room == args.Room {
			return kit.Errorf("blip_room_taken", ruleHiding3, "A Blip token is NEVER placed in a room already containing another Blip token.")
		}
	}
	left, ok := without(s.BlipReserve, args.Blip)
	if !ok {
		return kit.Errorf("no_such_blip", ruleHiding3, "You have no %s Blip token left to place.", blipLabel(args.Blip))
	}
	s.BlipReserve = left
	h := s.NextHandle
	s.NextHandle++
	s.Blips = append(s.Blips, BlipToken{Handle: h, Room: args.Room, Kind: args.Blip})
	s.Placed++
	a.Public("place_blip", "The Alien player places Blip token #%d face down in %s.", h, s.Data.RoomName(args.Room))
	if len(s.BlipReserve) == 0 {
		afterAlienPlacement(a)
	}
	return nil
}

func offerPlaceBlip(s *State, seat int) *kit.MoveSpec {
	if !s.standsAt(PhaseHiding, stAlien) || seat != s.Alien || len(s.BlipReserve) == 0 {
		return nil
	}
	ch := kit.DistinctChoices(s.BlipReserve, func(k string) kit.Choice { return kit.Choice{Value: k, Label: blipLabel(k)} })
	rooms := s.blipRooms()
	if len(rooms) == 0 {
		return nil
	}
	spec := withChoices(withChoices(specOf(MovePlaceBlip), "blip", ch), "room", roomChoices(s, rooms))
	return &spec
}

// donePlacing ends the current player's placement. Codes: wrong_phase,
// not_your_turn, must_place_one, must_place_all.
func donePlacing(a *turn, seat int) error {
	s := a.S
	p := s.hidingPlacer()
	if p < 0 {
		return notNow(s, ruleHiding3)
	}
	if seat != p {
		return kit.Errorf("not_your_turn", ruleHiding3, "It is %s's turn to place tokens.", s.name(p))
	}
	if s.Placed == 0 {
		return kit.Errorf("must_place_one", ruleHiding3, "You MUST place at least 1 token before passing to the other side.")
	}
	if s.mustPlaceAll() {
		rule := ruleHiding3
		if s.twoPlayers() {
			rule = ruleHiding2
		}
		return kit.Errorf("must_place_all", rule, "You must place ALL your remaining tokens now.")
	}
	a.Public("done_placing", "%s has finished placing tokens for this step.", s.name(seat))
	if seat == s.Alien && s.Stage == stAlien {
		afterAlienPlacement(a)
	} else {
		afterCrewPlacement(a)
	}
	return nil
}

func offerDonePlacing(s *State, seat int) *kit.MoveSpec {
	if p := s.hidingPlacer(); p < 0 || seat != p || s.Placed == 0 || s.mustPlaceAll() {
		return nil
	}
	spec := specOf(MoveDonePlacing)
	return &spec
}
