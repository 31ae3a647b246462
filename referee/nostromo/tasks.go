package nostromo

// The task stack and the automatic steps the referee runs after every
// move until the game waits for one.

// Task kinds. Automatic tasks run as soon as they reach the top of the
// stack; the others wait for a move.
const (
	taskDiscardDeck    = "discard_deck"    // automatic: discard N cards one by one
	taskCaptureResolve = "capture_resolve" // automatic: remove the Presence tokens left
	taskAttackEnd      = "attack_end"      // automatic: the attack phase is over
	taskWindow         = "window"          // the crew answers play or pass
	taskEffect         = "effect"          // a card effect applied with effect moves
	taskBehaviour      = "behaviour"       // the Alien plays 1 drawn Behaviour card
	taskCapture        = "capture"         // one captured Presence token, in sub-steps
	taskDetector       = "detector"        // owners move their tokens (Motion detector)
	taskActivate       = "activate"        // activate 1 emergency procedure
	taskInfirmary      = "infirmary"       // take a card from the discard pile
	taskLiberate       = "liberate"        // liberate 1 crew member (Survival)
	taskPassSet        = "pass_set"        // pass Reminder sets (5–6 players)
)

// Effect sources.
const (
	srcMissionOrder = "mission_order"
	srcWeyland      = "weyland_protocol"
	srcBehaviour    = "behaviour"
	srcCrewPower    = "crew_power"
)

// Capture sub-steps.
const (
	capGive     = 0
	capDeck     = 1
	capHand     = 2
	capDropItem = 3
)

func (s *State) top() *Task {
	if len(s.Tasks) == 0 {
		return nil
	}
	return &s.Tasks[len(s.Tasks)-1]
}

func (s *State) push(t Task) { s.Tasks = append(s.Tasks, t) }

func (s *State) pop() { s.Tasks = s.Tasks[:len(s.Tasks)-1] }

// advance runs automatic steps until the game waits for a move or ends.
func advance(a *turn) {
	for i := 0; i < 100000; i++ {
		if checkEnd(a) {
			return
		}
		var progressed bool
		if t := a.S.top(); t != nil {
			progressed = runTask(a, t)
		} else {
			progressed = runPhase(a)
		}
		if !progressed {
			return
		}
	}
	panic("nostromo: advance does not settle")
}

// runTask runs the top task when it is automatic and reports whether it
// made progress; a task waiting for a move returns false.
func runTask(a *turn, t *Task) bool {
	s := a.S
	switch t.Kind {
	case taskDiscardDeck:
		t.N--
		why := t.Reason
		if t.N <= 0 {
			s.pop()
		}
		discardFromDeck(a, why)
		return true
	case taskCaptureResolve:
		room := t.Room
		s.pop()
		captureResolve(a, room)
		return true
	case taskAttackEnd:
		s.pop()
		s.AttackRoom = 0
		if s.Attack != nil {
			s.Attack.Over = true
		}
		a.Public("attack_over", "The attack phase in %s is over.", s.Data.RoomName(t.Room))
		return true
	case taskWindow:
		return autoPass(a)
	case taskCapture:
		return runCapture(a, t)
	case taskDetector:
		left := s.handlesIn(t.Handles, t.Room)
		t.Handles = left
		if len(left) == 0 {
			s.pop()
			return true
		}
		return false
	case taskActivate:
		if err := s.canActivate(t.Seat); err != nil {
			a.Public("no_activation", "%s cannot activate an emergency procedure: %s", s.name(t.Seat), err.Message)
			s.pop()
			return true
		}
		return false
	case taskInfirmary:
		if len(s.Discard) == 0 {
			a.Public("infirmary_empty", "The discard pile is empty: %s takes nothing.", s.name(t.Seat))
			s.pop()
			return true
		}
		return false
	case taskLiberate:
		if len(s.Captured) == 0 || s.capturedCards() == 0 {
			s.pop()
			return true
		}
		return false
	case taskPassSet:
		if len(t.Handles) == 0 {
			s.pop()
			return true
		}
		return false
	}
	return false
}

// The reasons the game ends (Game End), as message-catalog keys.
const (
	reasonCrewEscaped  = "crew_escaped"
	reasonAllCaptured  = "all_crew_captured"
	reasonDeckDepleted = "mission_deck_depleted"
)

// checkEnd ends the game as soon as a winning condition holds (Game End).
func checkEnd(a *turn) bool {
	s := a.S
	if s.Phase == PhaseOver {
		return true
	}
	if s.Phase == PhaseSetup {
		return false
	}
	done := map[int]bool{}
	for _, c := range s.Activated {
		done[s.Data.Procedure(c)] = true
	}
	switch {
	case len(done) == len(s.Data.Procedures):
		end(a, "Crew", reasonCrewEscaped, "All 5 different emergency procedures are activated: the crew escapes and the Nostromo self-destructs with the Alien.")
	case s.capturedCards() == len(s.CrewCards):
		end(a, "Alien", reasonAllCaptured, "All 6 crew member cards belong to the Alien player.")
	case s.Deck.Len() == 0 && !refillDeck(a):
		if s.Options.Survival {
			return false
		}
		end(a, "Alien", reasonDeckDepleted, "The Mission deck is depleted.")
	default:
		return false
	}
	return true
}

func end(a *turn, side, code, reason string) {
	s := a.S
	s.Phase, s.Stage, s.Winner, s.Reason, s.ReasonCode = PhaseOver, "", side, reason, code
	s.Tasks = nil
	s.AttackRoom = 0
	a.Public("game_over", "Game over: the %s wins. %s", side, reason)
}
