package nostromo

import (
	"slices"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// Stages inside phases.
const (
	stDesignate  = "designate"
	stExtraSets  = "extra_sets"
	stCrew       = "crew"
	stAlien      = "alien"
	stEnding     = "ending"
	stChoose     = "choose"
	stDone       = "done"
	stApply      = "apply"
	stAskMove    = "ask_move"
	stMove       = "move"
	stAskReveal  = "ask_reveal"
	stReveal     = "reveal"
	stAskEnd     = "ask_end"
	stEnd        = "end"
	stAskRoom    = "ask_room"
	stChooseRoom = "choose_room"
	stActing     = "acting"
	stFinish     = "finish"
	stPassing    = "passing"
)

// runPhase runs the phase's next automatic step and reports whether it
// made progress; false means the game waits for a move.
func runPhase(a *turn) bool {
	s := a.S
	switch s.Phase {
	case PhaseHiding:
		if s.Stage == stEnding {
			startPosture(a)
			return true
		}
	case PhasePosture:
		if s.Stage == stDone {
			startAppearance(a)
			return true
		}
	case PhaseAppearance:
		return appearanceStep(a)
	case PhaseHunting:
		return huntingStep(a)
	case PhaseAction:
		return actionStep(a)
	case PhaseEndOfTurn:
		startRound(a)
		return true
	}
	return false
}

// startAppearance flips all Blip tokens face up at once; their effects
// are applied one by one, the Alien token last (3 - Appearance Phase).
func startAppearance(a *turn) {
	s := a.S
	s.Phase, s.Stage = PhaseAppearance, stApply
	var names []string
	var alien []int
	s.ToApply = nil
	for i := range s.Blips {
		b := &s.Blips[i]
		b.Shown = b.Kind
		names = append(names, "#"+strconv.Itoa(b.Handle)+" "+blipLabel(b.Kind)+" in "+s.Data.RoomName(b.Room))
		if b.Kind == BlipAlien {
			alien = append(alien, b.Handle)
		} else {
			s.ToApply = append(s.ToApply, b.Handle)
		}
	}
	s.ToApply = append(s.ToApply, alien...)
	a.Reveal()
	a.Public("appearance", "Appearance phase: the Blip tokens are flipped face up: %s.", strings.Join(names, ", "))
}

func appearanceStep(a *turn) bool {
	s := a.S
	if len(s.ToApply) == 0 {
		s.Phase, s.Stage = PhaseHunting, stAskMove
		s.HuntLeft = 2
		if s.Posture == Aggressive && !s.blueSide() {
			s.HuntLeft = 1
		}
		a.Public("hunting_phase", "Hunting phase: the Alien has %d hunting action(s).", s.HuntLeft)
		return true
	}
	h := s.ToApply[0]
	s.ToApply = s.ToApply[1:]
	var b BlipToken
	for i, x := range s.Blips {
		if x.Handle == h {
			b = x
			s.Blips = append(s.Blips[:i:i], s.Blips[i+1:]...)
			break
		}
	}
	switch b.Kind {
	case BlipJonesy:
		s.JonesyRoom = b.Room
		a.Public("jonesy", "Jonesy is in %s: the Alien cannot move there this hunting phase and no Crew token is flipped there.", s.Data.RoomName(b.Room))
	case BlipBreakdown:
		down := kit.Count(s.Board, func(t BoardToken) bool { return t.Room == b.Room && t.Shown == nil })
		n := 0
		switch down {
		case 0:
			n = 2
		case 1:
			n = 1
		}
		a.Public("breakdown", "Breakdown in %s with %d face-down Crew token(s): %d card(s) discarded from the Mission deck. The Breakdown token leaves the board.", s.Data.RoomName(b.Room), down, n)
		if n > 0 {
			s.push(Task{Kind: taskDiscardDeck, N: n, Reason: "Breakdown"})
		}
	case BlipAlien:
		s.AlienRoom = b.Room
		a.Public("alien_appears", "The Alien appears in %s.", s.Data.RoomName(b.Room))
		alienCheck(a)
	}
	return true
}

// huntingStep runs the hunting phase (4 - Hunting Phase). Mission order
// windows open before each move, after each move before the reveal, and
// before the phase ends, unless the Alien is Aggressive.
func huntingStep(a *turn) bool {
	s := a.S
	ordersOK := s.Posture != Aggressive
	if s.Stage != stAskReveal && alienCheck(a) {
		return true
	}
	switch s.Stage {
	case stAskMove:
		if s.HuntLeft == 0 {
			s.Stage = stAskEnd
			return true
		}
		s.Stage = stMove
		if ordersOK {
			s.push(Task{Kind: taskWindow, Reason: "before the Alien's hunting action"})
		}
		return true
	case stAskReveal:
		s.Stage = stReveal
		if ordersOK {
			s.push(Task{Kind: taskWindow, Reason: "the Alien has moved: before the Crew tokens in its room are flipped"})
		}
		return true
	case stReveal:
		s.Stage = stAskMove
		return true
	case stAskEnd:
		s.Stage = stEnd
		if ordersOK {
			s.push(Task{Kind: taskWindow, Reason: "before the action phase"})
		}
		return true
	case stEnd:
		s.AlienRoom, s.JonesyRoom = 0, 0
		s.Attack = nil
		s.Phase, s.Stage = PhaseAction, stAskRoom
		a.Public("action_phase", "The Jonesy and Alien tokens leave the board. Action phase.")
		return true
	}
	return false
}

// actionStep runs the action phase (5 - Action Phase).
func actionStep(a *turn) bool {
	s := a.S
	switch s.Stage {
	case stAskRoom:
		if s.hasCrewTokens(0) {
			s.Stage = stChooseRoom
			s.push(Task{Kind: taskWindow, Reason: "before the next room is resolved"})
		} else {
			s.Stage = stFinish
			s.push(Task{Kind: taskWindow, Reason: "before the end of the turn"})
		}
		return true
	case stChooseRoom:
		if !s.hasCrewTokens(0) {
			s.Stage = stFinish
			return true
		}
	case stActing:
		left := s.handlesIn(s.Acting, s.Resolving)
		s.Acting = left
		if len(left) == 0 {
			a.Public("room_resolved", "%s is resolved.", s.Data.RoomName(s.Resolving))
			s.Resolving = 0
			s.Stage = stAskRoom
			return true
		}
	case stFinish:
		endOfTurn(a)
		return true
	}
	return false
}

// endOfTurn gives every token back and passes Reminder sets (End of Turn).
func endOfTurn(a *turn) {
	s := a.S
	s.Phase, s.Stage = PhaseEndOfTurn, stPassing
	s.Board, s.Removed, s.Blips, s.BlipReserve = nil, nil, nil, nil
	for i := range s.CrewCards {
		s.CrewCards[i].Presence = ""
	}
	returnTokens(a)
	a.Public("end_of_turn", "End of turn %d: every Crew token goes back to its owner and every Blip token to the Alien player.", s.Round)
	crew := s.crewSeats()
	var givers, takers []int
	switch len(s.Names) {
	case 5:
		for _, seat := range crew {
			switch len(s.setsOf(seat)) {
			case 2:
				givers = append(givers, seat)
			case 1:
				takers = append(takers, seat)
			}
		}
	case 6:
		for i, seat := range crew {
			if len(s.setsOf(seat)) == 2 {
				givers = []int{seat}
				takers = []int{crew[(i+1)%len(crew)]}
			}
		}
	}
	if len(givers) > 0 {
		s.push(Task{Kind: taskPassSet, Handles: givers, Takers: takers})
	}
}

// returnTokens puts every Crew token not kept by the Alien back in front of
// its owner (or in the Survival pool).
func returnTokens(a *turn) {
	s := a.S
	for i := range s.Reserve {
		s.Reserve[i] = nil
	}
	s.Pool = nil
	for c, color := range s.Data.Colors {
		toks := []CrewToken{{Color: color, Kind: Presence}, {Color: color, Kind: Passage}}
		if slices.Contains(s.Captured, color) {
			toks = toks[1:]
		}
		if s.Options.Survival {
			s.Pool = append(s.Pool, toks...)
		} else {
			s.Reserve[s.Sets[c]] = append(s.Reserve[s.Sets[c]], toks...)
		}
	}
}
