package jumpship

import (
	"fmt"
	"testing"
)

// TestComponents checks every count the book's Components list states
// against the built-in data and a new game's table. The 2 Ship Boards hold
// the tracks (the state's Repair and countdown tracks) and are not counted
// as such.
func TestComponents(t *testing.T) {
	for kind, want := range map[string]int{Countdown: 15, Target: 15, Scan: 15, Command: 10, Repair: 10, Medical: 4} {
		if got := data.Tokens.Counts[kind]; got != want {
			t.Errorf("%s tokens = %d, want %d", kind, got, want)
		}
	}
	if got, want := len(data.Tokens.Counts), 6; got != want {
		t.Errorf("token kinds = %d, want %d", got, want)
	}
	if got, want := totalTokens(), 69; got != want {
		t.Errorf("Action Tokens = %d, want %d", got, want)
	}
	if got, want := len(data.Roles.Rank), 10; got != want {
		t.Errorf("Role Cards = %d, want %d", got, want)
	}
	if got, want := len(data.QuarantineCards.Cards), 3; got != want {
		t.Errorf("Quarantine Cards = %d, want %d", got, want)
	}
	// The 15 Countdown tokens fill the three countdown tracks.
	sum := 0
	for _, n := range data.CountdownTracks.Lengths {
		sum += n
	}
	if got, want := len(data.CountdownTracks.Lengths), 3; got != want || sum != data.Tokens.Counts[Countdown] {
		t.Errorf("countdown tracks = %d with %d slots, want %d with %d", got, sum, want, data.Tokens.Counts[Countdown])
	}
	for n := 5; n <= 10; n++ {
		t.Run(fmt.Sprintf("%dPlayers", n), func(t *testing.T) {
			st, err := setup(t, n, "", 3)
			if err != nil {
				t.Fatal(err)
			}
			// The 1 Token Bag holds every Action Token at the start.
			if got, want := st.Bag.Len(), 69; got != want {
				t.Errorf("bag = %d tokens, want %d", got, want)
			}
			// One Role and one Bio ID card each, from 10 Role and 11 Bio ID cards.
			roles, bio := map[string]bool{}, map[string]int{}
			for _, s := range st.Seats {
				if roles[s.Role] {
					t.Errorf("role %s dealt twice", s.Role)
				}
				roles[s.Role] = true
				bio[s.BioID]++
			}
			humans, aliens, _ := bioChart(n)
			if bio[Human] != humans || bio[Alien] != aliens || bio[Queen] != 1 || humans+aliens+1 > 11 {
				t.Errorf("Bio IDs dealt = %v, want %d Humans, %d Aliens and the Queen (of 11 cards)", bio, humans, aliens)
			}
		})
	}
}
