package nostromo

import (
	"fmt"
	"testing"
)

// TestComponents checks every count the book's Component List states
// against the built-in data and a new game's table.
func TestComponents(t *testing.T) {
	d := defaultData
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"numbered rooms", len(d.Rooms), 10},
		{"colours of the Crew tokens and Reminder cards", len(d.Colors), 6},
		{"Crew Member cards", len(d.CrewMembers), 6},
		{"Behavior cards", d.BehaviourCards, 9},
		{"Weyland Protocol cards", d.WeylandProtocols, 15},
		{"Emergency Procedure cards", len(d.Procedures) * d.ProcedureCards, 25},
		{"emergency procedures", len(d.Procedures), 5},
		{"Mission cards", d.MissionCards(), 40},
		{"Flame-thrower's room (the Armory)", d.FlameThrowerRoom, 6},
		{"Motion detector's room (the Shed)", d.MotionDetectorRoom, 9},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.what, c.got, c.want)
		}
	}
	for n := 2; n <= 7; n++ {
		t.Run(fmt.Sprintf("%dPlayers", n), func(t *testing.T) {
			x := newTG(t, n, "")
			s := x.st
			cards := s.Deck.Len()
			for _, h := range s.Hands {
				cards += len(h)
			}
			if got, want := cards, 40; got != want {
				t.Errorf("Mission cards in the deck and the hands = %d, want %d", got, want)
			}
			if got, want := s.Behaviour.Len(), 9; got != want {
				t.Errorf("Behaviour deck = %d cards, want %d", got, want)
			}
			if got, want := len(s.Items), 2; got != want {
				t.Errorf("Item tokens = %d, want %d", got, want)
			}
			// 12 Crew tokens: a Passage and a Presence token of each colour.
			kinds := map[string]int{}
			for _, r := range s.Reserve {
				for _, tok := range r {
					kinds[tok.Kind+" "+tok.Color]++
				}
			}
			for _, tok := range s.Pool {
				kinds[tok.Kind+" "+tok.Color]++
			}
			for _, b := range s.Board {
				kinds[b.Token.Kind+" "+b.Token.Color]++
			}
			total := 0
			for k, v := range kinds {
				if v != 1 {
					t.Errorf("%s: %d tokens, want 1", k, v)
				}
				total += v
			}
			if total != 12 {
				t.Errorf("Crew tokens = %d (%v), want 12", total, kinds)
			}
			// 6 Blip tokens: the Alien plays the Alien, Jonesy and one of the
			// 4 Breakdown tokens; Focused adds the others, never a fifth.
			blips := len(s.BlipReserve) + len(s.Blips)
			if got, want := blips, 3; got != want {
				t.Errorf("the Alien's Blip tokens at the start = %d, want %d", got, want)
			}
			s.Breakdowns = 4
			if err := x.g.Invariants(s); err != nil {
				t.Errorf("4 Breakdown tokens: %v", err)
			}
			s.Breakdowns = 5
			if err := x.g.Invariants(s); err == nil {
				t.Error("a fifth Breakdown token passes the invariants; the box has 4")
			}
		})
	}
}
