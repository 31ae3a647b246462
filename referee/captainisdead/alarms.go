package captainisdead

import "slices"

// alarm sounds one alarm. An armed suppression absorbs it and is recorded;
// otherwise the Concealment Level goes down one step (Concealment Level,
// Alarms). An alarm during a player's turn comes from that player's own
// action and gives them contraband when they hold none (Contraband); a
// suppressed alarm was still triggered, so it counts too.
func (s *State) alarm(cause string, t *turn) {
	if s.End != nil {
		return
	}
	if len(s.Suppressions) > 0 {
		src := s.Suppressions[0]
		s.Suppressions = s.Suppressions[1:]
		s.Alarms.Suppressed[slices.Index(SuppressionSources, src)]++
		t.Public("alarm_suppressed", "Alarm (%s) suppressed by the %s: the Concealment Level stays at %s.", cause, src, ConcealmentDef.StepLabel(s.Concealment.Pos))
	} else {
		s.Alarms.Sounded++
		if s.Concealment.Pos > 0 {
			s.Concealment.Pos--
			t.Public("alarm", "Alarm (%s): the Concealment Level goes down to %s.", cause, ConcealmentDef.StepLabel(s.Concealment.Pos))
		} else {
			t.Public("alarm", "Alarm (%s): the Concealment Level is already at SET TO KILL.", cause)
		}
	}
	if s.Phase == PhaseTurn {
		s.gainContraband(s.active(), t)
	}
}

// gainContraband gives a seat a contraband card when it holds none and
// the contraband deck is not empty. Only the holder is told (Contraband).
func (s *State) gainContraband(seat int, t *turn) {
	p := &s.Players[seat]
	if !p.Alive || p.Contraband.Held || s.ContrabandSupply == 0 {
		return
	}
	s.ContrabandSupply--
	p.Contraband = Contraband{Held: true}
	t.Private("contraband_gained", "Your action triggered an alarm: take a Contraband card and keep it secret. Talking about it or showing it loses it.", seat)
}

// loseContraband removes a held contraband card from the game.
func (s *State) loseContraband(seat int) {
	p := &s.Players[seat]
	if p.Contraband.Held {
		s.ContrabandGone++
	}
	p.Contraband = Contraband{}
}
