package jumpship

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// counter returns a board counter's value by label.
func counter(t *testing.T, b *kit.BoardView, label string) string {
	t.Helper()
	for _, c := range b.Counters {
		if c.Label == label {
			return c.Value
		}
	}
	t.Fatalf("board has no counter %q: %+v", label, b.Counters)
	return ""
}

// TestBoard checks the board: the bag's count, the tracks, the scanners,
// the Quarantine card's holder, and the turn order with the current player
// and who is ejected or quarantined.
func TestBoard(t *testing.T) {
	t.Run("Start", func(t *testing.T) {
		tb := std7(t)
		b := tb.g.View(tb.st, kit.BoardViewer).Board
		for label, want := range map[string]string{
			"Tokens in the bag": "69", "Countdown to Quarantine": "0 of 5", "Countdown to Eject": "0 of 5",
			"Countdown to Kill": "0 of 5", "Ship Repair": "0 of 9", "Scanners": "Offline",
		} {
			if got := counter(t, b, label); got != want {
				t.Fatalf("counter %s = %q, want %q", label, got, want)
			}
		}
		if got, want := len(b.Slots), 1+7; got != want {
			t.Fatalf("%d slots, want %d (the card and each seat)", got, want)
		}
		if s := b.Slots[1]; s.Label != "1. Ada (Captain)" || !slices.Contains(s.Tags, "current") {
			t.Fatalf("first seat slot = %+v, want Ada current", s)
		}
		if s := b.Slots[0]; s.Value != "" || !strings.Contains(s.Label, tb.st.Card.Name) {
			t.Fatalf("card slot = %+v, want the card, held by nobody", s)
		}
	})
	t.Run("EjectedAndQuarantined", func(t *testing.T) {
		tb := std7(t)
		tb.st.Seats[1].Status = Ejected
		tb.st.Quarantined = 3
		tb.setRepair(5)
		tb.setCountdown(0, 2)
		tb.withHand(Target)
		b := tb.g.View(tb.st, kit.BoardViewer).Board
		if got, want := counter(t, b, "Tokens in the bag"), "61"; got != want {
			t.Fatalf("bag = %s, want %s (5 Repair, 2 Countdown and 1 drawn out)", got, want)
		}
		if counter(t, b, "Scanners") != "Online" || counter(t, b, "Countdown to Quarantine") != "2 of 5" {
			t.Fatalf("counters %+v", b.Counters)
		}
		if s := b.Slots[0]; s.Value != "Di holds it" {
			t.Fatalf("card slot = %+v, want Di holding it", s)
		}
		if s := b.Slots[2]; s.Value != "Ejected" || !slices.Contains(s.Tags, "ejected") {
			t.Fatalf("Bo's slot = %+v, want ejected", s)
		}
		if s := b.Slots[4]; s.Value != "In Quarantine" || !slices.Contains(s.Tags, "quarantined") {
			t.Fatalf("Di's slot = %+v, want quarantined", s)
		}
	})
	t.Run("TracksListEveryStep", func(t *testing.T) {
		tb := std7(t)
		tr := tb.g.View(tb.st, kit.BoardViewer).Tracks
		if len(tr) != 4 {
			t.Fatalf("%d tracks, want 3 countdown tracks and the repair track", len(tr))
		}
		for i := range 3 {
			if len(tr[i].Steps) != tb.st.TrackLengths[i]+1 || !strings.HasSuffix(tr[i].Steps[tr[i].Max], "event") {
				t.Fatalf("track %s steps %q", tr[i].Name, tr[i].Steps)
			}
		}
		rep := tr[3]
		if len(rep.Steps) != 10 || !strings.Contains(rep.Steps[5], "Scanners online") || !strings.Contains(rep.Steps[9], "Engines repaired") {
			t.Fatalf("repair steps %q, want the scanners at 5 and the engines at 9", rep.Steps)
		}
	})
}

// TestBoardHoldsNoSecret plays random games with scans and checks, at
// every step and for every viewer, that the board names no Bio ID before
// the end: no seat's secret reaches the shared board.
func TestBoardHoldsNoSecret(t *testing.T) {
	g := New()
	for seed := uint64(1); seed <= 8; seed++ {
		n := 5 + int(seed%6)
		randomGame(t, n, "", seed, func(st *State, no int) {
			if st.End != nil {
				return
			}
			for _, v := range kittest.Viewers(n) {
				b, err := json.Marshal(g.View(st, v).Board)
				if err != nil {
					t.Fatal(err)
				}
				for _, secret := range []string{Human, Alien, Queen} {
					if strings.Contains(string(b), secret) {
						t.Fatalf("seed %d move %d: the %s %d board names %q: %s", seed, no, v.Role, v.Seat, secret, b)
					}
				}
			}
		})
	}
}

// TestGiveAndRedrawChoices checks the phone's taps: give and redraw offer
// exactly the kinds in hand, with readable labels, and give a seat
// argument for the receiver.
func TestGiveAndRedrawChoices(t *testing.T) {
	tb := std7(t)
	tb.withHand(Scan, Repair)
	ms := tb.g.View(tb.st, kit.SeatViewer(0)).Moves
	give := findMove(t, ms, MoveGive)
	if got, want := give.Args[0].Choices, []kit.Choice{{Value: Scan, Label: "Scan token"}}; !slices.Equal(got, want) {
		t.Fatalf("give choices = %v, want %v", got, want)
	}
	if give.Args[1].Kind != kit.ArgSeat || give.Args[1].Name != "to" || len(give.Args[1].Choices) != 6 {
		t.Fatalf("give's receiver arg = %+v, want a seat arg over the 6 others", give.Args[1])
	}
	redraw := findMove(t, ms, MoveRedraw)
	want := []kit.Choice{{Value: Scan, Label: "Scan token"}, {Value: Repair, Label: "Repair token"}, {Value: RedrawBoth, Label: "Both tokens"}}
	if got := redraw.Args[0].Choices; !slices.Equal(got, want) {
		t.Fatalf("redraw choices = %v, want %v", got, want)
	}
}
