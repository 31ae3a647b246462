package spacecadets

import (
	"fmt"
	"slices"

	"tablewarden/referee/kit"
)

// The checks below refuse a move made by the wrong player or at the wrong
// moment. seat is the move's seat, -1 for the host's screen.

// firstRefusal returns the first refusal among checks, nil when every
// check passes. The checks only read the state, so a handler may evaluate
// its guards together and still refuse with the first one that fails.
func firstRefusal(checks ...error) error {
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	return nil
}

func isCaptain(t *turn, seat int) bool { return seat >= 0 && seat == t.S.Roles.Captain }

// hostOrCaptain allows the host's screen and the Captain's phone.
func hostOrCaptain(t *turn, seat int, section string) error {
	if seat < 0 || isCaptain(t, seat) {
		return nil
	}
	return kit.Errorf("host_or_captain", rule(section), "Only the host or the Captain (%s) can do that.", seatName(t.S, t.S.Roles.Captain))
}

func needCaptain(t *turn, seat int, section string) error {
	if isCaptain(t, seat) {
		return nil
	}
	return kit.Errorf("not_captain", rule(section), "Only the Captain (%s) can do that.", seatName(t.S, t.S.Roles.Captain))
}

func needScienceOfficer(t *turn, seat int) error {
	if seat >= 0 && seat == t.S.Roles.ScienceOfficer {
		return nil
	}
	return kit.Errorf("not_science_officer", rule(secScience), "Only the Science Officer (%s) can do that.", seatName(t.S, t.S.Roles.ScienceOfficer))
}

func needSensors(t *turn, seat int, section string, captainToo bool) error {
	if seat >= 0 && (seat == t.S.Roles.Sensors || captainToo && seat == t.S.Roles.Captain) {
		return nil
	}
	return kit.Errorf("not_sensors", rule(section), "Only the Sensors player (%s) can do that.", seatName(t.S, t.S.Roles.Sensors))
}

func inStep(t *turn, section string, want ...string) error {
	if slices.Contains(want, t.S.Step) {
		return nil
	}
	labels := make([]string, len(want))
	for i, w := range want {
		labels[i] = stepLabels[w]
	}
	return kit.Errorf("wrong_step", rule(section), "That is done in %s; it is now %s.", kit.ListOr(labels), stepLabels[t.S.Step])
}

// running refuses moves of the game proper during setup.
func running(t *turn, section string) error {
	if t.S.Step == "setup" {
		return kit.Errorf("wrong_step", rule(section), "Finish choosing the starting Experimental Equipment first.")
	}
	return nil
}

func inMission(t *turn, section string, ids ...string) error {
	if slices.Contains(ids, t.S.Mission) {
		return nil
	}
	return kit.Errorf("not_in_mission", rule(section), "That is not part of Mission %s.", t.S.Mission)
}

func seatName(s *State, i int) string {
	if i >= 0 && i < len(s.Seats) {
		return s.Seats[i]
	}
	return fmt.Sprintf("Player %d", i+1)
}
