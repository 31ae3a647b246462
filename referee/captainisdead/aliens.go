package captainisdead

import "strings"

// addAlien puts an alien of a rank into a room. When none of that rank is
// left off board, the next higher rank comes instead; when all four
// Commanders are aboard the Concealment Level goes to SET TO KILL (How
// Aliens Work).
func (s *State) addAlien(rank, room int, t *turn) {
	aboard := s.aboard()
	r := rank
	for r < numRanks && aboard[r] >= s.Data.alienSupply[r] {
		r++
	}
	if r == numRanks {
		t.Public("no_alien_left", "No %s nor any higher-ranking alien is left off board: none is added to the %s.", Ranks[rank], s.roomName(room))
		return
	}
	s.Rooms[room].Aliens[r]++
	if r != rank {
		t.Public("alien_added", "No %s is left off board: %s, the next higher rank, appears in the %s instead.", Ranks[rank], strings.ToLower(anAlien(r)[:1])+anAlien(r)[1:], s.roomName(room))
	} else {
		t.Public("alien_added", "%s appears in the %s.", anAlien(r), s.roomName(room))
	}
	s.checkCommanders(t)
}

// checkCommanders moves the Concealment Level to SET TO KILL when all four
// Commanders are on the ship.
func (s *State) checkCommanders(t *turn) {
	if s.aboard()[Commander] >= s.Data.alienSupply[Commander] && s.Concealment.Pos != 0 {
		s.Concealment.Pos = 0
		t.Public("set_to_kill", "All four Commanders are on the ship: the Concealment Level goes to SET TO KILL.")
	}
}

// killAliens kills the n lowest-ranking aliens of a room in rank order,
// one alarm each (How Aliens Work, Concealment Level).
func (s *State) killAliens(room, n int, why string, t *turn) {
	for range n {
		k := s.Rooms[room].lowest()
		if k < 0 {
			return
		}
		s.Rooms[room].Aliens[k]--
		t.Public("alien_killed", "%s is killed in the %s (%s).", anAlien(k), s.roomName(room), why)
		s.alarm("alien killed", t)
	}
}

// rankIndex returns the index of a rank name, or -1.
func rankIndex(name string) int {
	for i, r := range Ranks {
		if r == name {
			return i
		}
	}
	return -1
}

// bonus applies the Ship Control bonus condition after the last alien left
// the ship: one step up and an extra alert at once, before the end-of-turn
// alert (Ship Control). It fires once per emptying of the ship: while the
// ship stays empty nothing more happens.
func (s *State) bonus(t *turn) {
	s.raiseShipControl("no aliens on the ship", t)
	if s.End != nil {
		return
	}
	if s.Phase == PhaseTurn {
		s.drawAlert(AlertBonus, t)
		return
	}
	s.PendingBonus++
	t.Public("bonus_alert_due", "A bonus alert will be drawn when this alert is finished.")
}

// raiseShipControl moves Ship Control one step toward WIN!.
func (s *State) raiseShipControl(why string, t *turn) {
	if s.ShipControl.Pos < ShipControlDef.Max() {
		s.ShipControl.Pos++
	}
	t.Public("ship_control", "Ship Control rises to %s (%s).", ShipControlDef.StepLabel(s.ShipControl.Pos), why)
	if s.ShipControl.Pos == ShipControlDef.Max() {
		s.finish(true, "won_ship_control", "Ship Control reached WIN!: the crew has regained its ship.", ruleWinning, t)
	}
}

// alienKey and parseAlienKey encode "rank|room" choice values.
func alienKey(rank int, room string) string { return Ranks[rank] + "|" + room }

func (s *State) parseAlienKey(v string) (rank, room int, ok bool) {
	a, b, found := strings.Cut(v, "|")
	if !found {
		return 0, 0, false
	}
	rank, room = rankIndex(a), s.Data.room(b)
	return rank, room, rank >= 0 && room >= 0
}

// anAlien names one alien of a rank for the log: "An Infantry alien".
func anAlien(rank int) string {
	if rank == Infantry {
		return "An Infantry alien"
	}
	return "A " + Ranks[rank] + " alien"
}
