package nostromo

// The hiding phase's flow: whose step it is (1 - Hiding Phase).

// startRound starts a game turn with its hiding phase.
func startRound(a *turn) {
	s := a.S
	s.Round++
	s.Phase, s.Stage = PhaseHiding, ""
	s.Posture = ""
	s.ActivatedThisTurn = 0
	s.clearNoOrders()
	s.Attack = nil
	s.AlienRoom, s.JonesyRoom, s.HuntLeft, s.AttackRoom, s.Resolving = 0, 0, 0, 0, 0
	s.Acting, s.ToApply = nil, nil
	s.BlipReserve = []string{BlipAlien, BlipJonesy}
	for i := 0; i < s.Breakdowns; i++ {
		s.BlipReserve = append(s.BlipReserve, BlipBreakdown)
	}
	a.Public("round", "Game turn %d: hiding phase. All Crew tokens and Blip tokens are face down.", s.Round)
	if s.twoPlayers() {
		alienStep(a)
	} else {
		crewStep(a)
	}
}

// crewStep starts a crew placement step (Step 1): each Crew player with
// tokens places in turn, clockwise from the Alien player's left.
func crewStep(a *turn) {
	s := a.S
	var order []int
	for _, seat := range s.crewSeats() {
		if len(s.placeable(seat)) > 0 {
			order = append(order, seat)
		}
	}
	if len(order) == 0 {
		if len(s.BlipReserve) > 0 {
			alienStep(a)
		} else {
			endHiding(a)
		}
		return
	}
	s.Stage, s.HideOrder, s.HideIdx, s.Placed = stCrew, order, 0, 0
}

// alienStep starts the Alien's placement step (Step 2), asking the crew
// for mission orders first.
func alienStep(a *turn) {
	s := a.S
	s.Stage, s.Placed, s.HideOrder, s.HideIdx = stAlien, 0, nil, 0
	s.push(Task{Kind: taskWindow, Reason: "before the Alien player places Blip tokens"})
}

// endHiding asks for mission orders before the posture phase.
func endHiding(a *turn) {
	s := a.S
	s.Stage, s.HideOrder, s.HideIdx, s.Placed = stEnding, nil, 0, 0
	s.push(Task{Kind: taskWindow, Reason: "before the posture phase"})
}

// hidingPlacer is the seat placing now, or -1.
func (s *State) hidingPlacer() int {
	if s.Phase != PhaseHiding || len(s.Tasks) > 0 {
		return -1
	}
	switch s.Stage {
	case stCrew:
		if s.HideIdx < len(s.HideOrder) {
			return s.HideOrder[s.HideIdx]
		}
	case stAlien:
		return s.Alien
	}
	return -1
}

// mustPlaceAll reports whether the placer must place all remaining tokens:
// with 2 players, or when the other side has no tokens left.
func (s *State) mustPlaceAll() bool {
	if s.twoPlayers() {
		return true
	}
	if s.Stage == stAlien {
		return !s.crewHasTokens()
	}
	return len(s.BlipReserve) == 0
}

// afterCrewPlacement passes to the next Crew player or to the Alien.
func afterCrewPlacement(a *turn) {
	s := a.S
	s.Placed = 0
	for s.HideIdx++; s.HideIdx < len(s.HideOrder); s.HideIdx++ {
		if len(s.placeable(s.HideOrder[s.HideIdx])) > 0 {
			return
		}
	}
	switch {
	case s.twoPlayers():
		endHiding(a)
	case len(s.BlipReserve) > 0:
		alienStep(a)
	case s.crewHasTokens():
		crewStep(a)
	default:
		endHiding(a)
	}
}

// afterAlienPlacement passes to the crew.
func afterAlienPlacement(a *turn) {
	s := a.S
	s.Placed = 0
	switch {
	case s.crewHasTokens():
		crewStep(a)
	case len(s.BlipReserve) > 0:
		alienStep(a)
	default:
		endHiding(a)
	}
}

func startPosture(a *turn) {
	s := a.S
	s.Phase, s.Stage = PhasePosture, stChoose
	a.Public("posture_phase", "The hiding phase is over: nobody may look at the Crew tokens or Blip tokens any more. Posture phase.")
}
