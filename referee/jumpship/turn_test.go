package jumpship

import (
	"slices"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// withHand arranges that the current seat has drawn the given tokens.
func (tb *table) withHand(kinds ...string) {
	tb.t.Helper()
	for _, k := range kinds {
		tb.take(k, 1)
	}
	tb.st.Hand = append([]string{}, kinds...)
	tb.st.Phase = PhaseGive
	tb.check()
}

func countdowns(st *State) int {
	n := 0
	for _, t := range st.Countdown {
		n += t.Count
	}
	return n
}

func TestDraw(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		tb := std7(t)
		bag := tb.st.Bag.Len()
		res := tb.drawUntil(0, func(st *State) bool { return len(st.Hand) == 2 })
		if !res.Reveals {
			t.Fatalf("draw: Reveals = false, want true")
		}
		if got, want := tb.st.Bag.Len(), bag-2; got != want {
			t.Fatalf("bag = %d, want %d", got, want)
		}
		if got, want := tb.st.Phase, PhaseGive; got != want {
			t.Fatalf("phase = %q, want %q", got, want)
		}
		if !kittest.HasEvent(res.Events, "drew") || res.Events[0].To != nil {
			t.Fatalf("draw events %v, want a public drew event", res.Events)
		}
	})
	t.Run("CountdownPlacedAtOnce", func(t *testing.T) {
		tb := std7(t)
		tb.drawUntil(0, func(st *State) bool { return len(st.Hand) == 1 })
		if got, want := tb.st.Countdown[0].Count, 1; got != want {
			t.Fatalf("quarantine track = %d, want %d", got, want)
		}
		if slices.Contains(tb.st.Hand, Countdown) {
			t.Fatalf("hand %v holds a Countdown", tb.st.Hand)
		}
	})
	t.Run("TwoCountdownsEndTheTurn", func(t *testing.T) {
		tb := std7(t)
		tb.drawUntil(0, func(st *State) bool { return countdowns(st) == 2 })
		if got, want := tb.turn(), 1; got != want || tb.st.Phase != PhaseTurn {
			t.Fatalf("turn = %d (%s), want %d (turn)", got, tb.st.Phase, want)
		}
	})
	t.Run("SecondCountdownGoesOnTheNextTrack", func(t *testing.T) {
		tb := std7(t)
		tb.setCountdown(0, 4)
		tb.drawUntil(0, func(st *State) bool { return st.Countdown[1].Count == 1 })
		// The quarantine track is complete and resolves at once (the hand
		// is empty); the second token waits on the Eject track.
		if tb.st.Countdown[0].Count != 5 || tb.st.Countdown[1].Count != 1 {
			t.Fatalf("tracks = %+v, want quarantine full and 1 on eject", tb.st.Countdown)
		}
		if !kittest.HasEvent(tb.last.Events, "countdown_complete") || !kittest.HasEvent(tb.last.Events, "captain_tiebreak") {
			t.Fatalf("events %v, want the track completed and the Captain asked (all tied at 0)", tb.last.Events)
		}
	})
	t.Run("EventWaitsForTheGives", func(t *testing.T) {
		tb := std7(t)
		tb.setCountdown(0, 4)
		tb.drawUntil(0, func(st *State) bool {
			return st.Countdown[0].Count == 5 && len(st.Hand) == 1 && st.Hand[0] != Repair && st.Hand[0] != Command
		})
		if got, want := tb.st.Pending, []string{EventQuarantine}; !slices.Equal(got, want) || tb.st.Choice != nil {
			t.Fatalf("pending = %v, choice %v; want %v and no choice until the gives", got, tb.st.Choice, want)
		}
		tb.do(0, MoveGive, GiveArgs{Token: tb.st.Hand[0], To: 1})
		if got, want := tb.st.Phase, PhaseCaptainTiebreak; got != want {
			t.Fatalf("phase after the give = %q, want %q", got, want)
		}
	})
	t.Run("ErrAlreadyDrawn", func(t *testing.T) {
		tb := std7(t)
		tb.drawUntil(0, func(st *State) bool { return len(st.Hand) == 2 })
		tb.wantRefused(0, MoveDraw, nil, "already_drawn")
	})
	t.Run("ErrNotYourTurn", func(t *testing.T) {
		tb := std7(t)
		tb.wantRefused(1, MoveDraw, nil, "not_your_turn")
	})
	t.Run("ErrSeatOnly", func(t *testing.T) {
		tb := std7(t)
		tb.wantRefused(-1, MoveDraw, nil, "not_a_player")
	})
	t.Run("ErrUnknownMove", func(t *testing.T) {
		tb := std7(t)
		tb.wantRefused(0, "steal", nil, "unknown_move")
	})
	t.Run("ErrBadArgs", func(t *testing.T) {
		tb := std7(t)
		tb.wantRefused(0, MoveDraw, map[string]int{"n": 3}, "bad_args")
	})
}

func TestRedraw(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		tb := std7(t)
		tb.withHand(Target, Scan)
		res := tb.do(0, MoveRedraw, RedrawArgs{Tokens: Target})
		if got := len(tb.st.Hand) + countdowns(tb.st); got != 2 || !res.Reveals {
			t.Fatalf("after redrawing one: hand %v + %d countdowns, want 2 tokens; reveals %v", tb.st.Hand, countdowns(tb.st), res.Reveals)
		}
		if !slices.Contains(tb.st.Hand, Scan) {
			t.Fatalf("hand %v lost the kept Scan", tb.st.Hand)
		}
	})
	t.Run("Both", func(t *testing.T) {
		tb := std7(t)
		tb.withHand(Target, Target)
		tb.do(0, MoveRedraw, RedrawArgs{Tokens: RedrawBoth})
		if got := len(tb.st.Hand) + countdowns(tb.st); got != 2 {
			t.Fatalf("after redrawing both: %d tokens, want 2", got)
		}
	})
	t.Run("RepairMayBeRedrawn", func(t *testing.T) {
		tb := std7(t)
		tb.withHand(Repair, Target)
		tb.do(0, MoveRedraw, RedrawArgs{Tokens: Repair})
	})
	t.Run("ErrRedrawLimit", func(t *testing.T) {
		tb := std7(t)
		tb.withHand(Target, Scan)
		tb.do(0, MoveRedraw, RedrawArgs{Tokens: Target})
		tb.wantRefused(0, MoveRedraw, RedrawArgs{Tokens: Scan}, "redraw_limit")
	})
	t.Run("PilotRedrawsTwice", func(t *testing.T) {
		tb := std7(t)
		tb.setTurn(2) // Cy the Pilot
		tb.withHand(Target, Scan)
		tb.do(2, MoveRedraw, RedrawArgs{Tokens: Scan})
		tb.doUntil(2, MoveRedraw, RedrawArgs{Tokens: Target}, func(st *State) bool { return len(st.Hand) == 2 })
		tb.wantRefused(2, MoveRedraw, RedrawArgs{Tokens: tb.st.Hand[0]}, "redraw_limit")
	})
	t.Run("ErrRedrawAfterGive", func(t *testing.T) {
		tb := std7(t)
		tb.withHand(Target, Scan)
		tb.do(0, MoveGive, GiveArgs{Token: Target, To: 3})
		tb.wantRefused(0, MoveRedraw, RedrawArgs{Tokens: Scan}, "redraw_after_give")
	})
	t.Run("ErrTokenNotHeld", func(t *testing.T) {
		tb := std7(t)
		tb.withHand(Target)
		tb.wantRefused(0, MoveRedraw, RedrawArgs{Tokens: Countdown}, "token_not_held")
		tb.wantRefused(0, MoveRedraw, RedrawArgs{Tokens: Scan}, "token_not_held")
		tb.wantRefused(0, MoveRedraw, RedrawArgs{Tokens: RedrawBoth}, "token_not_held")
	})
	t.Run("ErrDrawFirst", func(t *testing.T) {
		tb := std7(t)
		tb.wantRefused(0, MoveRedraw, RedrawArgs{Tokens: Target}, "draw_first")
		tb.wantRefused(0, MoveGive, GiveArgs{Token: Target, To: 1}, "draw_first")
		tb.wantRefused(0, MovePlaceRepair, nil, "draw_first")
	})
}

func TestGive(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		tb := std7(t)
		tb.withHand(Target, Medical)
		tb.do(0, MoveGive, GiveArgs{Token: Target, To: 3})
		tb.do(0, MoveGive, GiveArgs{Token: Medical, To: 4})
		if s3, s4 := tb.st.Seats[3], tb.st.Seats[4]; s3.Target != 1 || s4.Medical != 1 {
			t.Fatalf("seats %s, want Di 1 Target and Ed 1 Medical", seatsStr(tb.st))
		}
		if got, want := tb.turn(), 1; got != want || tb.st.Phase != PhaseTurn {
			t.Fatalf("turn = %d, want %d: the turn ends when every token is given", got, want)
		}
	})
	t.Run("CommandAndScan", func(t *testing.T) {
		tb := std7(t)
		tb.withHand(Command, Scan)
		tb.do(0, MoveGive, GiveArgs{Token: Command, To: 1})
		tb.do(0, MoveGive, GiveArgs{Token: Scan, To: 2})
		if tb.st.Seats[1].Command != 1 || tb.st.Seats[2].Scan != 1 {
			t.Fatalf("seats %s, want Bo 1 Command, Cy 1 Scan", seatsStr(tb.st))
		}
	})
	t.Run("GivingIsNotOptional", func(t *testing.T) {
		tb := std7(t)
		tb.withHand(Target, Scan)
		tb.do(0, MoveGive, GiveArgs{Token: Target, To: 3})
		tb.wantRefused(1, MoveDraw, nil, "not_your_turn")
		tb.wantRefused(0, MoveDraw, nil, "already_drawn")
		for _, m := range tb.g.View(tb.st, kit.SeatViewer(0)).Moves {
			if m.Type != MoveGive {
				t.Fatalf("with a token left, move %q is offered; only give may be", m.Type)
			}
		}
	})
	for _, tc := range []struct {
		name    string
		hand    []string
		arrange func(tb *table)
		give    GiveArgs
		code    string
	}{
		{"ErrGiveToSelf", []string{Target}, nil, GiveArgs{Token: Target, To: 0}, "give_to_self"},
		{"ErrGiveTwiceToPlayer", []string{Target, Scan}, func(tb *table) { tb.do(0, MoveGive, GiveArgs{Token: Target, To: 3}) },
			GiveArgs{Token: Scan, To: 3}, "give_twice_to_player"},
		{"ErrNotAboard", []string{Target}, func(tb *table) { tb.st.Seats[5].Status = Ejected }, GiveArgs{Token: Target, To: 5}, "not_aboard"},
		{"ErrTokenNotHeld", []string{Target}, nil, GiveArgs{Token: Scan, To: 1}, "token_not_held"},
		{"ErrRepairNotGiven", []string{Repair}, nil, GiveArgs{Token: Repair, To: 1}, "repair_not_given"},
		{"ErrUnknownSeat", []string{Target}, nil, GiveArgs{Token: Target, To: 7}, "unknown_seat"},
		{"ErrNegativeSeat", []string{Target}, nil, GiveArgs{Token: Target, To: -1}, "unknown_seat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := std7(t)
			tb.withHand(tc.hand...)
			if tc.arrange != nil {
				tc.arrange(tb)
			}
			tb.wantRefused(0, MoveGive, tc.give, tc.code)
		})
	}
	t.Run("PlaceRepair", func(t *testing.T) {
		tb := std7(t)
		tb.withHand(Repair, Target)
		tb.do(0, MovePlaceRepair, nil)
		if got, want := tb.st.Repair, 1; got != want {
			t.Fatalf("repair = %d, want %d", got, want)
		}
		tb.wantRefused(0, MovePlaceRepair, nil, "no_repair_held")
	})
	t.Run("DiplomatGivesHimselfOne", func(t *testing.T) {
		tb := std7(t)
		tb.setTurn(4) // Ed the Diplomat
		tb.withHand(Scan, Target)
		tb.do(4, MoveGive, GiveArgs{Token: Scan, To: 4})
		if got, want := tb.st.Seats[4].Scan, 1; got != want {
			t.Fatalf("Diplomat's Scan = %d, want %d", got, want)
		}
		tb.wantRefused(4, MoveGive, GiveArgs{Token: Target, To: 4}, "diplomat_self_limit")
		tb.do(4, MoveGive, GiveArgs{Token: Target, To: 0})
	})
}

func TestTurnOrder(t *testing.T) {
	t.Run("CaptainFirstThenClockwise", func(t *testing.T) {
		tb := newTable(t,
			[]string{Chef, Stowaway, Captain, Pilot, Engineer},
			[]string{Human, Human, Alien, Human, Queen})
		if got, want := tb.st.Order.Order, []int{2, 3, 4, 0, 1}; !slices.Equal(got, want) {
			t.Fatalf("order = %v, want %v", got, want)
		}
		for _, want := range []int{2, 3, 4, 0, 1, 2} {
			if got := tb.turn(); got != want {
				t.Fatalf("turn = %d, want %d", got, want)
			}
			tb.drawUntil(want, func(st *State) bool { return countdowns(st) == 0 })
			tb.giveAll()
		}
	})
	t.Run("HighestRankWithoutCaptain", func(t *testing.T) {
		tb := newTable(t,
			[]string{Chef, Stowaway, Doctor, Pilot, Engineer},
			[]string{Human, Human, Alien, Human, Queen})
		if got, want := tb.turn(), 3; got != want {
			t.Fatalf("first = %d, want %d (the Pilot)", got, want)
		}
	})
	t.Run("EjectedTakeNoTurns", func(t *testing.T) {
		tb := std7(t)
		tb.st.Seats[1].Status = Ejected
		tb.withHand(Target)
		tb.do(0, MoveGive, GiveArgs{Token: Target, To: 3})
		if got, want := tb.turn(), 2; got != want {
			t.Fatalf("turn = %d, want %d (Bo is ejected)", got, want)
		}
	})
	t.Run("ErrGameOver", func(t *testing.T) {
		tb := std7(t)
		tb.st.End = &End{Side: SideHumans, Reason: "test", Rule: ruleKill}
		tb.st.Phase = PhaseOver
		tb.wantRefused(0, MoveDraw, nil, "game_over")
	})
}

func TestHostHasNoMoves(t *testing.T) {
	tb := std7(t)
	for _, v := range []kit.Viewer{kit.HostViewer, kit.BoardViewer} {
		if got := tb.g.View(tb.st, v).Moves; len(got) != 0 {
			t.Fatalf("%s moves = %v, want none", v.Role, got)
		}
	}
}
