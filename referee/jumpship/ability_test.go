package jumpship

import (
	"slices"
	"strings"
	"testing"

	"tablewarden/referee/kit/kittest"
)

// scanner is std7 with repair tokens on the Ship Repair board (5 bring the
// scanners online) and seat to play, holding scans Scan tokens.
func scanner(t *testing.T, repair, seat, scans int) *table {
	tb := std7(t)
	tb.setRepair(repair)
	if seat != tb.turn() {
		tb.setTurn(seat)
	}
	tb.hold(seat, Scan, scans)
	return tb
}

func TestScan(t *testing.T) {
	// std7: Ada Captain 0, Bo First Mate 1, Cy Pilot 2 (Alien), Di
	// Scientist 3, Ed Diplomat 4 (Queen), Flo Doctor 5, Gus Security 6.
	t.Run("OK", func(t *testing.T) {
		tb := scanner(t, 5, 0, 4)
		bag := tb.st.Bag.Count(Scan)
		res := tb.do(0, MoveScan, TargetArgs{Target: 4})
		if got, want := tb.st.Seats[0].Scan, 1; got != want {
			t.Fatalf("Scan kept = %d, want %d", got, want)
		}
		if got, want := tb.st.Bag.Count(Scan), bag+3; got != want {
			t.Fatalf("Scan in bag = %d, want %d", got, want)
		}
		if got, want := tb.st.Seats[0].Scans, []ScanRecord{{Target: 4, BioID: Queen}}; !slices.Equal(got, want) {
			t.Fatalf("scans = %v, want %v", got, want)
		}
		if !res.Reveals {
			t.Fatalf("scan: Reveals = false, want true")
		}
		for _, e := range res.Events {
			if strings.Contains(e.Text, Queen) && !slices.Equal(e.To, []int{0}) {
				t.Fatalf("event %+v shows the Bio ID to others than the scanner", e)
			}
		}
		if !kittest.HasEvent(res.Events, "scan_result") {
			t.Fatalf("no private scan_result event in %v", res.Events)
		}
		if got, want := tb.turn(), 1; got != want {
			t.Fatalf("turn = %d, want %d: scanning takes the turn", got, want)
		}
	})
	t.Run("MoreThanNeededKeepsTheRest", func(t *testing.T) {
		tb := scanner(t, 5, 0, 6)
		tb.do(0, MoveScan, TargetArgs{Target: 2})
		if got, want := tb.st.Seats[0].Scan, 3; got != want {
			t.Fatalf("Scan kept = %d, want %d", got, want)
		}
	})
	t.Run("ScientistNeedsThreeReturnsTwo", func(t *testing.T) {
		tb := scanner(t, 5, 3, 3)
		tb.do(3, MoveScan, TargetArgs{Target: 2})
		if got, want := tb.st.Seats[3].Scan, 1; got != want {
			t.Fatalf("Scientist's Scan kept = %d, want %d", got, want)
		}
	})
	t.Run("EjectedCanBeScanned", func(t *testing.T) {
		tb := scanner(t, 5, 0, 4)
		tb.st.Seats[2].Status = Ejected
		tb.do(0, MoveScan, TargetArgs{Target: 2})
		if got, want := tb.st.Seats[0].Scans[0].BioID, Alien; got != want {
			t.Fatalf("scan = %q, want %q", got, want)
		}
	})
	for _, tc := range []struct {
		name                        string
		repair, seat, scans, target int
		drawn                       bool
		code                        string
	}{
		{"ErrScannersOffline", 4, 0, 4, 2, false, "scanners_offline"},
		{"ErrNotEnoughScans", 5, 0, 3, 2, false, "not_enough_scans"},
		{"ErrNotEnoughScansScientist", 5, 3, 2, 2, false, "not_enough_scans"},
		{"ErrScanFirstMate", 5, 0, 4, 1, false, "scan_first_mate"},
		{"ErrScanSelf", 5, 0, 4, 0, false, "scan_self"},
		{"ErrUnknownSeat", 5, 0, 4, 9, false, "unknown_seat"},
		{"ErrAlreadyDrawn", 5, 0, 4, 2, true, "already_drawn"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := scanner(t, tc.repair, tc.seat, tc.scans)
			if tc.drawn {
				tb.withHand(Target)
			}
			tb.wantRefused(tc.seat, MoveScan, TargetArgs{Target: tc.target}, tc.code)
		})
	}
}

// abilityTable seats Chef, role (Pilot or Engineer), Doctor, Security and
// Stowaway, Human, Alien, Human, Alien Queen and Human, with seat turn to
// play.
func abilityTable(t *testing.T, role string, turn int) *table {
	t.Helper()
	tb := newTable(t, []string{Chef, role, Doctor, Security, Stowaway}, []string{Human, Alien, Human, Queen, Human})
	tb.setTurn(turn)
	return tb
}

func TestChef(t *testing.T) {
	chef := func(t *testing.T) *table { return abilityTable(t, Pilot, 0) }
	t.Run("OK", func(t *testing.T) {
		tb := chef(t)
		tb.setCountdown(0, 3)
		tb.do(0, MoveChef, ChefArgs{Track: EventQuarantine})
		if got, want := tb.st.Countdown[0].Count, 2; got != want {
			t.Fatalf("quarantine track = %d, want %d", got, want)
		}
		if got, want := tb.st.Bag.Count(Countdown), 13; got != want {
			t.Fatalf("Countdown in bag = %d, want %d", got, want)
		}
	})
	t.Run("ErrNoCountdownToRemove", func(t *testing.T) {
		tb := chef(t)
		tb.wantRefused(0, MoveChef, ChefArgs{Track: EventQuarantine}, "no_countdown_to_remove")
		tb.wantRefused(0, MoveChef, ChefArgs{Track: "dinner"}, "unknown_track")
	})
	t.Run("ErrTrackFinished", func(t *testing.T) {
		tb := chef(t)
		tb.st.Countdown[0] = CountdownTrack{Resolved: true}
		tb.setCountdown(1, 2)
		tb.wantRefused(0, MoveChef, ChefArgs{Track: EventQuarantine}, "track_finished")
		tb.do(0, MoveChef, ChefArgs{Track: EventEject})
	})
	t.Run("ErrWrongRole", func(t *testing.T) {
		tb := chef(t)
		tb.setCountdown(0, 2)
		tb.setTurn(1)
		tb.wantRefused(1, MoveChef, ChefArgs{Track: EventQuarantine}, "wrong_role")
	})
}

func TestDoctor(t *testing.T) {
	doc := func(t *testing.T) *table { return abilityTable(t, Pilot, 2) }
	t.Run("OK", func(t *testing.T) {
		tb := doc(t)
		tb.hold(0, Medical, 1)
		tb.do(2, MoveDoctor, DoctorArgs{Transfer: "0>2"})
		if tb.st.Seats[0].Medical != 0 || tb.st.Seats[2].Medical != 1 {
			t.Fatalf("seats %s, want the Medical moved to the Doctor", seatsStr(tb.st))
		}
	})
	t.Run("OKFromTo", func(t *testing.T) {
		tb := doc(t)
		tb.hold(0, Medical, 1)
		from, to := 0, 2
		tb.do(2, MoveDoctor, DoctorArgs{From: &from, To: &to})
		if tb.st.Seats[0].Medical != 0 || tb.st.Seats[2].Medical != 1 {
			t.Fatalf("seats %s, want the Medical moved to the Doctor", seatsStr(tb.st))
		}
	})
	t.Run("ErrNoMedicalInPlay", func(t *testing.T) {
		tb := doc(t)
		tb.wantRefused(2, MoveDoctor, DoctorArgs{Transfer: "0>1"}, "no_medical_in_play")
	})
	t.Run("ErrNoMedicalHeld", func(t *testing.T) {
		tb := doc(t)
		tb.hold(0, Medical, 1)
		tb.wantRefused(2, MoveDoctor, DoctorArgs{Transfer: "1>3"}, "no_medical_held")
	})
	t.Run("ErrMedicalToSamePlayer", func(t *testing.T) {
		tb := doc(t)
		tb.hold(0, Medical, 1)
		tb.wantRefused(2, MoveDoctor, DoctorArgs{Transfer: "0>0"}, "medical_to_same_player")
	})
	t.Run("ErrNotAboard", func(t *testing.T) {
		tb := doc(t)
		tb.hold(0, Medical, 1)
		tb.st.Seats[4].Status = Ejected
		tb.wantRefused(2, MoveDoctor, DoctorArgs{Transfer: "0>4"}, "not_aboard")
	})
	t.Run("ErrWrongRole", func(t *testing.T) {
		tb := doc(t)
		tb.hold(0, Medical, 1)
		tb.setTurn(1)
		tb.wantRefused(1, MoveDoctor, DoctorArgs{Transfer: "0>1"}, "wrong_role")
	})
}

func TestEngineer(t *testing.T) {
	eng := func(t *testing.T) *table { return abilityTable(t, Engineer, 1) }
	t.Run("TakesScannersOffline", func(t *testing.T) {
		tb := eng(t)
		tb.setRepair(5)
		res := tb.do(1, MoveEngineer, nil)
		if got, want := tb.st.Repair, 4; got != want {
			t.Fatalf("repair = %d, want %d", got, want)
		}
		if tb.st.scannersOnline() || !kittest.HasEvent(res.Events, "scanners_offline") {
			t.Fatalf("scanners still online after the Engineer's removal")
		}
		tb.hold(2, Scan, 4)
		tb.wantRefused(2, MoveScan, TargetArgs{Target: 0}, "scanners_offline")
	})
	t.Run("ErrNoRepairOnTrack", func(t *testing.T) {
		tb := eng(t)
		tb.wantRefused(1, MoveEngineer, nil, "no_repair_on_track")
	})
	t.Run("ErrWrongRole", func(t *testing.T) {
		tb := eng(t)
		tb.setRepair(2)
		tb.setTurn(0)
		tb.wantRefused(0, MoveEngineer, nil, "wrong_role")
	})
}

func TestSecurity(t *testing.T) {
	sec := func(t *testing.T) *table { return abilityTable(t, Engineer, 3) }
	t.Run("TargetGoesToTheChosenPlayer", func(t *testing.T) {
		tb := sec(t)
		tb.do(3, MoveSecurity, nil)
		if got, want := tb.st.Bag.Count(Target), 14; got != want {
			t.Fatalf("Target in bag = %d, want %d", got, want)
		}
		tb.wantRefused(3, MoveGive, GiveArgs{Token: Target, To: 3}, "give_to_self")
		tb.wantRefused(3, MoveRedraw, RedrawArgs{Tokens: Target}, "redraw_not_drawn")
		tb.wantRefused(3, MoveDraw, nil, "already_drawn")
		tb.do(3, MoveGive, GiveArgs{Token: Target, To: 1})
		if got, want := tb.st.Seats[1].Target, 1; got != want {
			t.Fatalf("Bo's Target = %d, want %d", got, want)
		}
		tb.wantTurn(4)
	})
	t.Run("ErrNoTargetInBag", func(t *testing.T) {
		tb := sec(t)
		tb.hold(0, Target, 15)
		tb.wantRefused(3, MoveSecurity, nil, "no_target_in_bag")
	})
	t.Run("ErrWrongRole", func(t *testing.T) {
		tb := sec(t)
		tb.setTurn(0)
		tb.wantRefused(0, MoveSecurity, nil, "wrong_role")
	})
}

// TestAbilitiesReplaceTheDraw checks that the Chef's, Doctor's, Engineer's
// and Security's abilities are taken instead of drawing: accepted at the
// start of the turn, refused once the seat has drawn.
func TestAbilitiesReplaceTheDraw(t *testing.T) {
	for _, c := range []struct {
		seat int
		typ  string
		args any
	}{
		{0, MoveChef, ChefArgs{Track: EventQuarantine}},
		{1, MoveEngineer, nil},
		{2, MoveDoctor, DoctorArgs{Transfer: "4>0"}},
		{3, MoveSecurity, nil},
	} {
		t.Run(c.typ, func(t *testing.T) {
			tb := abilityTable(t, Engineer, c.seat)
			tb.setCountdown(0, 2)
			tb.setRepair(5)
			tb.hold(4, Medical, 1)
			before := tb.st
			tb.do(c.seat, c.typ, c.args)
			tb.st = before
			tb.withHand(Target)
			tb.wantRefused(c.seat, c.typ, c.args, "already_drawn")
		})
	}
}
