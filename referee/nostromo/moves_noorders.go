package nostromo

import (
	"strings"

	"tablewarden/referee/kit"
)

// "I have no mission orders this turn": a Crew player may say so once
// instead of passing in every mission-order window. The referee then
// passes for him in every window until the next game turn, unless he
// resumes. A window waits for the Crew players who did not say so; when
// none is left, the referee closes it. A player who could use an Item in
// an attack is still asked then: the switch is about mission orders.

// noOrders reports whether seat said it has no mission orders this turn.
func (s *State) noOrders(seat int) bool {
	return seat >= 0 && seat < len(s.NoOrders) && s.NoOrders[seat]
}

// skipsWindow reports whether the referee answers the open window for
// seat: it said it has no mission orders and cannot use an Item now.
func (s *State) skipsWindow(seat int) bool {
	return s.noOrders(seat) && !(s.AttackRoom != 0 && s.itemCheck(seat) == nil && len(s.usableItems(seat)) > 0)
}

// windowSeats lists the Crew players the open window waits for.
func (s *State) windowSeats() []int {
	var out []int
	for _, seat := range s.crewSeats() {
		if !s.skipsWindow(seat) {
			out = append(out, seat)
		}
	}
	return out
}

// autoPass closes the open mission-order window when every Crew player
// said he has no mission orders this turn, and reports whether it did.
func autoPass(a *turn) bool {
	s := a.S
	t := s.top()
	if t == nil || t.Kind != taskWindow || len(s.windowSeats()) > 0 {
		return false
	}
	reason := t.Reason
	s.pop()
	a.Public("orders_pass_auto", "No mission order (%s): the Crew players said they have none this turn.", reason)
	return true
}

// skipOrders is "I have no mission orders this turn". Codes: not_crew,
// no_window, and those of ordersCheck.
func skipOrders(a *turn, seat int) error {
	s := a.S
	if err := s.ordersCheck(seat); err != nil {
		return err
	}
	if len(s.NoOrders) != len(s.Names) {
		s.NoOrders = make([]bool, len(s.Names))
	}
	s.NoOrders[seat] = true
	a.Public("no_orders", "%s has no mission orders this turn: the referee passes for %s until the next game turn.", s.name(seat), s.name(seat))
	return nil
}

func offerSkipOrders(s *State, seat int) *kit.MoveSpec {
	if s.noOrders(seat) || offerPassOrders(s, seat) == nil {
		return nil
	}
	spec := specOf(MoveSkipOrders)
	return &spec
}

// resumeOrders takes "I have no mission orders this turn" back. Codes:
// not_crew, orders_not_skipped.
func resumeOrders(a *turn, seat int) error {
	s := a.S
	if !s.isCrew(seat) {
		return kit.Errorf("not_crew", ruleMissionOrders, "Only Crew players play mission orders.")
	}
	if !s.noOrders(seat) {
		return kit.Errorf("orders_not_skipped", ruleMissionOrders, "You have not said that you have no mission orders this turn.")
	}
	s.NoOrders[seat] = false
	a.Public("orders_resumed", "%s may play mission orders again: the crew is asked in every window.", s.name(seat))
	return nil
}

func offerResumeOrders(s *State, seat int) *kit.MoveSpec {
	if !s.isCrew(seat) || !s.noOrders(seat) {
		return nil
	}
	spec := specOf(MoveResumeOrders)
	return &spec
}

// clearNoOrders forgets every "no mission orders this turn" at the start
// of a game turn.
func (s *State) clearNoOrders() { s.NoOrders = nil }

// noOrdersNames names the Crew players who said they have none this turn.
func (s *State) noOrdersNames() string {
	var out []string
	for seat := range s.Names {
		if s.noOrders(seat) {
			out = append(out, s.name(seat))
		}
	}
	return strings.Join(out, ", ")
}
