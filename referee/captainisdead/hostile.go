package captainisdead

// hostileAlienActions runs PERFORM HOSTILE ALIEN ACTIONS at the end of an
// alert, step by step in the book's order (How Aliens Work). At SET TO
// KILL, every character sharing a room with an alien is killed instead of
// steps 1–3, whatever their room or role (Concealment Level Track).
func (s *State) hostileAlienActions(t *turn) {
	t.Public("hostile_actions", "Perform Hostile Alien Actions.")
	all := make([]int, len(s.Rooms))
	for i := range all {
		all[i] = i
	}
	s.discover(all, t)
	if s.End != nil {
		return
	}
	s.patrolStep(t)
	if s.End != nil {
		return
	}
	s.hackerStep(t)
}

// discover runs steps 1–3 (or the SET TO KILL kills) for some rooms.
func (s *State) discover(rooms []int, t *turn) {
	if s.setToKill() {
		for _, r := range rooms {
			if s.Rooms[r].total() == 0 {
				continue
			}
			for seat := range s.Players {
				if s.Players[seat].Alive && s.Players[seat].Room == r {
					s.killCharacter(seat, t)
				}
			}
		}
		return
	}
	// An alien finds a character who is away from their start location.
	found := make([][]int, len(s.Rooms))
	any := false
	for _, r := range rooms {
		if s.Rooms[r].total() == 0 {
			continue
		}
		for seat, p := range s.Players {
			if p.Alive && p.Room == r && r != s.Data.room(s.role(seat).Start) {
				found[r] = append(found[r], seat)
				any = true
			}
		}
	}
	if !any {
		return
	}
	// Step 1: one alarm per character found; never for the Sympathizer,
	// and the Hologram only outside the Computer Core (its start).
	for _, r := range rooms {
		for _, seat := range found[r] {
			if s.role(seat).Unseen {
				t.Public("not_noticed", "The aliens in the %s ignore %s.", s.roomName(r), s.who(seat))
				continue
			}
			s.alarm(s.who(seat)+" found in the "+s.roomName(r), t)
		}
	}
	// Step 2: a Patrol or Lieutenant injures everyone found there.
	for _, r := range rooms {
		if s.Rooms[r].Aliens[Patrol]+s.Rooms[r].Aliens[Lieutenant] == 0 {
			continue
		}
		for _, seat := range found[r] {
			if s.role(seat).Unharmed {
				continue
			}
			s.Players[seat].Injured = true
			t.Public("injured", "%s is injured in the %s.", s.who(seat), s.roomName(r))
		}
	}
	// Step 3: the lowest-ranking alien escorts them to the Infirmary.
	inf := s.Data.room("Infirmary")
	for _, r := range rooms {
		var escorted []int
		for _, seat := range found[r] {
			if !s.role(seat).Unharmed {
				escorted = append(escorted, seat)
			}
		}
		if len(escorted) == 0 || r == inf {
			continue
		}
		k := s.Rooms[r].lowest()
		s.Rooms[r].Aliens[k]--
		s.Rooms[inf].Aliens[k]++
		for _, seat := range escorted {
			s.Players[seat].Room = inf
			t.Public("escorted", "%s escorts %s from the %s to the Infirmary.", anAlien(k), s.who(seat), s.roomName(r))
		}
	}
}

// patrolStep is step 4: every Patrol on its path steps to the next room
// of the path; a Patrol off the path stays. When a Patrol enters a room
// with a character, steps 1–3 run again for that room.
func (s *State) patrolStep(t *turn) {
	moved := make([]int, len(s.Rooms))
	entered := make([]bool, len(s.Rooms))
	any := false
	for r := range s.Rooms {
		n := s.Rooms[r].Aliens[Patrol]
		next, ok := s.Data.pathNext[r]
		if n == 0 || !ok {
			continue
		}
		s.Rooms[r].Aliens[Patrol] -= n
		moved[next] += n
		entered[next] = true
		any = true
		t.Public("patrol_moved", "%d Patrol alien(s) move from the %s to the %s.", n, s.roomName(r), s.roomName(next))
	}
	if !any {
		return
	}
	var again []int
	for r := range s.Rooms {
		s.Rooms[r].Aliens[Patrol] += moved[r]
		if !entered[r] {
			continue
		}
		for _, p := range s.Players {
			if p.Alive && p.Room == r {
				again = append(again, r)
				break
			}
		}
	}
	if len(again) > 0 {
		s.discover(again, t)
	}
}

// hackerStep is step 5: a Hacker alien locks every system in its room; a
// system that was unlocked is relocked, which is an alarm.
func (s *State) hackerStep(t *turn) {
	for i, sy := range s.Data.Systems {
		r := s.Data.room(sy.Location)
		if s.Rooms[r].Aliens[HackerAlien] == 0 || s.Systems[i].Locked {
			continue
		}
		s.Systems[i].Locked = true
		t.Public("system_relocked", "A Hacker alien in the %s locks %s.", s.roomName(r), sy.Called())
		s.alarm(sy.Called()+" relocked", t)
	}
}
