package jumpship

import (
	"slices"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// noCaptain is a 5-player table without a Captain: Bo (Pilot) starts; Cy is
// the Alien and Di the Queen.
func noCaptain(t *testing.T) *table {
	return newTable(t,
		[]string{Chef, Pilot, Doctor, Engineer, Stowaway},
		[]string{Human, Human, Alien, Queen, Human})
}

func TestQuarantine(t *testing.T) {
	t.Run("MostCommandChooses", func(t *testing.T) {
		tb := std7(t)
		tb.hold(3, Command, 2)
		tb.hold(1, Command, 1)
		tb.completeTrack(0, Target, 0, 2)
		if got, want := tb.st.Phase, PhaseQuarantine; got != want || tb.st.Choice.Chooser != 3 {
			t.Fatalf("phase = %q, choice %+v; want %q by seat 3", got, tb.st.Choice, want)
		}
		tb.wantRefused(0, MoveQuarantine, TargetArgs{Target: 2}, "not_your_choice")
		tb.wantRefused(0, MoveDraw, nil, "event_pending")
		tb.wantRefused(3, MoveKill, TargetArgs{Target: 2}, "no_event_choice")
		tb.wantRefused(3, MoveQuarantine, TargetArgs{Target: 12}, "unknown_seat")
		tb.do(3, MoveQuarantine, TargetArgs{Target: 4})
		if got, want := tb.st.Quarantined, 4; got != want {
			t.Fatalf("quarantined = %d, want %d", got, want)
		}
		if got, want := tb.st.Bag.Count(Command), 10; got != want {
			t.Fatalf("Command in bag = %d, want %d: all Command tokens return", got, want)
		}
		if got, want := tb.st.Countdown[0], (CountdownTrack{Resolved: true}); got != want {
			t.Fatalf("quarantine track = %+v, want %+v", got, want)
		}
		if got, want := tb.turn(), 1; got != want || tb.st.Phase != PhaseTurn {
			t.Fatalf("turn = %d (%s), want %d: play continues where it left off", got, tb.st.Phase, want)
		}
		if v := tb.g.View(tb.st, kit.SeatViewer(0)); v.Seats[4].Facts["quarantine"] != tb.st.Card.Name {
			t.Fatalf("Ed's facts %v lack the Quarantine card", v.Seats[4].Facts)
		}
	})
	t.Run("TieWithoutCaptainQuarantinesNoOne", func(t *testing.T) {
		tb := noCaptain(t)
		tb.hold(0, Command, 2)
		tb.hold(2, Command, 2)
		res := tb.completeTrack(0, Target, 1, 3)
		if got, want := tb.st.Quarantined, -1; got != want {
			t.Fatalf("quarantined = %d, want %d", got, want)
		}
		if !kittest.HasEvent(res.Events, "quarantine_tie") || tb.st.Bag.Count(Command) != 10 || !tb.st.Countdown[0].Resolved {
			t.Fatalf("after a tie: events %v, %d Command in bag, track %+v", res.Events, tb.st.Bag.Count(Command), tb.st.Countdown[0])
		}
		tb.wantTurn(2)
	})
	t.Run("CaptainChoosesTheChooser", func(t *testing.T) {
		tb := std7(t)
		tb.hold(2, Command, 2)
		tb.hold(5, Command, 2)
		tb.completeTrack(0, Target, 0, 1)
		if got, want := tb.st.Phase, PhaseCaptainTiebreak; got != want || !slices.Equal(tb.st.Choice.Tied, []int{2, 5}) {
			t.Fatalf("phase = %q, choice %+v; want %q among [2 5]", got, tb.st.Choice, want)
		}
		tb.wantRefused(0, MoveCaptainBreak, SeatArgs{Seat: 0}, "not_tied")
		tb.wantRefused(2, MoveCaptainBreak, SeatArgs{Seat: 2}, "not_your_choice")
		tb.do(0, MoveCaptainBreak, SeatArgs{Seat: 5})
		if got, want := tb.st.Phase, PhaseQuarantine; got != want || tb.st.Choice.Chooser != 5 {
			t.Fatalf("phase = %q, choice %+v; want %q by seat 5", got, tb.st.Choice, want)
		}
		tb.do(5, MoveQuarantine, TargetArgs{Target: 2})
		if got, want := tb.st.Quarantined, 2; got != want {
			t.Fatalf("quarantined = %d, want %d", got, want)
		}
	})
	t.Run("CaptainMayChooseHerself", func(t *testing.T) {
		tb := std7(t)
		tb.hold(0, Command, 1)
		tb.hold(5, Command, 1)
		tb.completeTrack(0, Target, 0, 1)
		tb.do(0, MoveCaptainBreak, SeatArgs{Seat: 0})
		tb.do(0, MoveQuarantine, TargetArgs{Target: 0})
		if got, want := tb.st.Quarantined, 0; got != want {
			t.Fatalf("quarantined = %d, want %d", got, want)
		}
	})
	t.Run("AllZeroIsATie", func(t *testing.T) {
		tb := std7(t)
		tb.completeTrack(0, Target, 0, 1)
		if got, want := len(tb.st.Choice.Tied), 7; got != want || tb.st.Phase != PhaseCaptainTiebreak {
			t.Fatalf("tied = %v (%s), want all %d seats", tb.st.Choice.Tied, tb.st.Phase, want)
		}
	})
}

func TestEject(t *testing.T) {
	t.Run("MostTargetEjectedSecretly", func(t *testing.T) {
		tb := std7(t)
		tb.hold(3, Target, 3)
		tb.hold(3, Scan, 2)
		tb.hold(5, Target, 2)
		res := tb.completeTrack(1, Medical, 0, 1)
		if got, want := tb.st.Seats[3].Status, Ejected; got != want {
			t.Fatalf("Di = %q, want %q", got, want)
		}
		if s := tb.st.Seats[3]; s.Target+s.Scan+s.Medical+s.Command != 0 {
			t.Fatalf("ejected Di still holds tokens: %s", seatsStr(tb.st))
		}
		if got, want := tb.st.Bag.Count(Countdown), 15; got != want {
			t.Fatalf("Countdown in bag = %d, want %d", got, want)
		}
		for _, e := range res.Events {
			if strings.Contains(e.Text, Human) {
				t.Fatalf("event %q reveals the ejected Bio ID", e.Text)
			}
		}
		if tb.st.End != nil || tb.st.Phase != PhaseTurn {
			t.Fatalf("game ended (%+v) after ejecting a Human", tb.st.End)
		}
		tb.withHand(Target)
		tb.wantRefused(tb.turn(), MoveGive, GiveArgs{Token: Target, To: 3}, "not_aboard")
	})
	t.Run("MedicalCancelsTarget", func(t *testing.T) {
		tb := std7(t)
		tb.hold(3, Target, 3)
		tb.hold(3, Medical, 2)
		tb.hold(5, Target, 2)
		tb.completeTrack(1, Scan, 0, 1)
		if tb.st.Seats[5].Status != Ejected || tb.st.Seats[3].Status != Aboard {
			t.Fatalf("seats %s, want Flo (net 2) ejected, not Di (net 1)", seatsStr(tb.st))
		}
	})
	t.Run("TieWithoutCaptainEjectsNoOne", func(t *testing.T) {
		tb := noCaptain(t)
		tb.hold(0, Target, 2)
		tb.hold(2, Target, 2)
		tb.completeTrack(1, Scan, 1, 3)
		for i, s := range tb.st.Seats {
			if s.Status != Aboard {
				t.Fatalf("seat %d is %s after a tie", i, s.Status)
			}
		}
		if !tb.st.Countdown[1].Resolved || tb.st.Bag.Count(Countdown) != 15 {
			t.Fatalf("eject track %+v, %d Countdown in bag; want its tokens back in the bag", tb.st.Countdown[1], tb.st.Bag.Count(Countdown))
		}
	})
	t.Run("CaptainBreaksTheTie", func(t *testing.T) {
		tb := std7(t)
		tb.hold(3, Target, 2)
		tb.hold(5, Target, 2)
		tb.completeTrack(1, Scan, 0, 1)
		tb.do(0, MoveCaptainBreak, SeatArgs{Seat: 3})
		if got, want := tb.st.Seats[3].Status, Ejected; got != want {
			t.Fatalf("Di = %q, want %q", got, want)
		}
		tb.wantTurn(1)
	})
	t.Run("QueenEjectedHumansWin", func(t *testing.T) {
		tb := std7(t)
		tb.hold(4, Target, 3)
		res := tb.completeTrack(1, Scan, 0, 1)
		o := tb.g.Outcome(tb.st)
		if o == nil || o.Side != "humans" || !slices.Equal(o.Winners, []int{0, 1, 3, 5, 6}) {
			t.Fatalf("outcome = %+v, want Humans [0 1 3 5 6]", o)
		}
		if !res.Reveals || len(o.Revealed.([]RevealedBioID)) != 7 || o.Rule != ruleEject {
			t.Fatalf("outcome reveals %v (%s), want all 7 Bio IDs under %s", o.Revealed, o.Rule, ruleEject)
		}
		tb.wantRefused(1, MoveDraw, nil, "game_over")
	})
}

func TestKill(t *testing.T) {
	// Part 3 resolves after Ada's give; Ada is the Captain, who plays no
	// part in the Kill.
	killTable := std7
	t.Run("MostCommandKillsTheQueen", func(t *testing.T) {
		tb := killTable(t)
		tb.hold(3, Command, 2)
		tb.completeTrack(2, Scan, 0, 1)
		if got, want := tb.st.Phase, PhaseKill; got != want || tb.st.Choice.Chooser != 3 {
			t.Fatalf("phase = %q, choice %+v; want %q by seat 3", got, tb.st.Choice, want)
		}
		tb.wantRefused(0, MoveKill, TargetArgs{Target: 4}, "not_your_choice")
		tb.do(3, MoveKill, TargetArgs{Target: 4})
		if o := tb.g.Outcome(tb.st); o == nil || o.Side != "humans" || tb.st.Seats[4].Status != Killed {
			t.Fatalf("outcome = %+v, want Humans after killing the Queen", o)
		}
	})
	t.Run("KillingAHumanAliensWin", func(t *testing.T) {
		tb := killTable(t)
		tb.hold(3, Command, 2)
		tb.completeTrack(2, Scan, 0, 1)
		tb.do(3, MoveKill, TargetArgs{Target: 5})
		if o := tb.g.Outcome(tb.st); o == nil || o.Side != "aliens" || !slices.Equal(o.Winners, []int{2, 4}) {
			t.Fatalf("outcome = %+v, want Aliens [2 4]", o)
		}
	})
	t.Run("KillNobodyAliensWin", func(t *testing.T) {
		tb := killTable(t)
		tb.hold(3, Command, 2)
		tb.completeTrack(2, Scan, 0, 1)
		tb.do(3, MoveKillNobody, nil)
		tb.wantSide(SideAliens)
	})
	t.Run("ErrNotAboard", func(t *testing.T) {
		tb := killTable(t)
		tb.st.Seats[6].Status = Ejected
		tb.hold(3, Command, 2)
		tb.completeTrack(2, Scan, 0, 1)
		tb.wantRefused(3, MoveKill, TargetArgs{Target: 6}, "not_aboard")
	})
	t.Run("CommandTieMostTargetKilledCaptainCannotOverride", func(t *testing.T) {
		tb := killTable(t)
		tb.hold(1, Command, 1)
		tb.hold(2, Command, 1)
		tb.hold(4, Target, 3)
		tb.hold(4, Medical, 1)
		tb.hold(5, Target, 1)
		tb.completeTrack(2, Scan, 0, 3)
		if tb.st.Seats[4].Status != Killed || tb.st.Choice != nil {
			t.Fatalf("seats %s, choice %+v; want Ed (net 2 Target) killed with no Captain's choice", seatsStr(tb.st), tb.st.Choice)
		}
		tb.wantSide(SideHumans)
	})
	t.Run("CommandTieMedicalCancels", func(t *testing.T) {
		tb := killTable(t)
		tb.hold(4, Target, 3)
		tb.hold(4, Medical, 2)
		tb.hold(5, Target, 2)
		tb.completeTrack(2, Scan, 0, 3)
		if tb.st.Seats[5].Status != Killed {
			t.Fatalf("seats %s, want Flo (net 2) killed, not Ed (net 1)", seatsStr(tb.st))
		}
		tb.wantSide(SideAliens)
	})
	t.Run("DoubleTieNobodyKilled", func(t *testing.T) {
		tb := killTable(t)
		tb.hold(4, Target, 2)
		tb.hold(5, Target, 2)
		res := tb.completeTrack(2, Scan, 0, 3)
		for i, s := range tb.st.Seats {
			if s.Status != Aboard {
				t.Fatalf("seat %d is %s after a double tie", i, s.Status)
			}
		}
		if o := tb.g.Outcome(tb.st); o == nil || o.Side != "aliens" || !kittest.HasEvent(res.Events, "kill_target_tie") {
			t.Fatalf("outcome = %+v, want Aliens after nobody is killed", o)
		}
	})
}

func TestShipRepair(t *testing.T) {
	t.Run("FifthBringsScannersOnline", func(t *testing.T) {
		tb := std7(t)
		tb.setRepair(4)
		tb.withHand(Repair)
		res := tb.do(0, MovePlaceRepair, nil)
		if !tb.st.scannersOnline() || !kittest.HasEvent(res.Events, "scanners_online") {
			t.Fatalf("scanners offline at 5 Repair")
		}
	})
	t.Run("NinthEndsTheGame", func(t *testing.T) {
		tb := std7(t)
		tb.setRepair(8)
		tb.resolveTrack(0, Repair, Target)
		res := tb.do(0, MovePlaceRepair, nil)
		o := tb.g.Outcome(tb.st)
		if o == nil || o.Side != "aliens" || o.Rule != ruleShipRepair || !res.Reveals {
			t.Fatalf("outcome = %+v, want Aliens by Ship Repair", o)
		}
		if tb.st.Choice != nil || tb.st.Quarantined != -1 {
			t.Fatalf("the pending Quarantine resolved after the engines were repaired")
		}
		for i, r := range o.Revealed.([]RevealedBioID) {
			if r.BioID != tb.st.Seats[i].BioID {
				t.Fatalf("revealed %+v, want %s", r, tb.st.Seats[i].BioID)
			}
		}
	})
}
