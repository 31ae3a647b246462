package captainisdead

// drawAlert turns up the top alert card: yellow first, then orange, then
// red. The table reads it and applies it through the primitive moves. An
// empty deck when an alert is due loses the game (Losing The Game).
func (s *State) drawAlert(kind string, t *turn) {
	colour := s.Deck.Top()
	switch colour {
	case "Yellow":
		s.Deck.Yellow--
	case "Orange":
		s.Deck.Orange--
	case "Red":
		s.Deck.Red--
	default:
		s.finish(false, "lost_alert_deck", lostAlertDeckReason, ruleLosing, t)
		return
	}
	s.Deck.Drawn++
	s.Foreseen = max(0, s.Foreseen-1)
	s.Alert = &Alert{No: s.Deck.Drawn, Colour: colour, Kind: kind}
	s.Phase = PhaseAlert
	t.Reveal()
	t.Public("alert_drawn", "Draw the top alert card (%s, alert %d, %s alert) and read it aloud.", colour, s.Deck.Drawn, kind)
}

// nextAlert ends the current alert and goes on: a bonus alert that came
// due, the next setup alert, the first turn, the next player's turn after
// an end-of-turn alert, or back to the turn a bonus alert interrupted.
func (s *State) nextAlert(t *turn) {
	s.Alert = nil
	switch {
	case s.End != nil, s.deckEndLoses(t):
	case s.PendingBonus > 0:
		s.PendingBonus--
		s.drawAlert(AlertBonus, t)
	case s.SetupAlertsLeft > 0:
		s.SetupAlertsLeft--
		s.drawAlert(AlertSetup, t)
	case !s.Started:
		s.Started = true
		s.Turn = len(s.Order) - 1
		s.advanceTurn(t)
	case s.TurnOver:
		s.TurnOver = false
		s.advanceTurn(t)
	default:
		s.Phase = PhaseTurn
		t.Public("turn_resumed", "%s goes on with %s left.", s.who(s.active()), actionsText(s.actionsLeft()))
	}
}

// advanceTurn passes play to the next player by rank whose game is not
// over (Continuing Play).
func (s *State) advanceTurn(t *turn) {
	n := len(s.Order)
	for i := 1; i <= n; i++ {
		j := (s.Turn + i) % n
		seat := s.Order[j]
		if s.Players[seat].Out {
			continue
		}
		s.Turn, s.ActionsUsed, s.Phase = j, 0, PhaseTurn
		if s.Players[seat].Alive {
			t.Public("turn", "%s's turn: %s.", s.who(seat), actionsText(s.role(seat).Actions))
		} else {
			t.Public("turn", "%s's turn: their character is dead.", s.Players[seat].Name)
		}
		return
	}
	s.finish(false, "lost_no_player", "No player is left in the game.", ruleLosing, t)
}

// finish ends the game.
func (s *State) finish(won bool, code, reason, rule string, t *turn) {
	if s.End != nil {
		return
	}
	s.End = &End{Won: won, Reason: reason, Rule: rule, Code: code}
	s.Phase = PhaseOver
	s.Alert = nil
	t.Public("game_over", "%s", reason)
}
