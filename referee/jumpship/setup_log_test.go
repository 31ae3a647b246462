package jumpship

import (
	"slices"
	"strings"
	"testing"

	"tablewarden/referee/kit"
)

// TestSetupLog checks the setup log: the bag, the Role cards, the turn
// order and the Quarantine card for everyone; each Bio ID to its seat
// alone; and to each alien alone who its fellow aliens are, the Queen
// marked. No public entry names a Bio ID.
func TestSetupLog(t *testing.T) {
	for n := 5; n <= 10; n++ {
		st, err := setup(t, n, "", uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		evs := kit.SetupEvents(New(), st)
		byCode := map[string][]kit.Event{}
		for _, e := range evs {
			byCode[e.Code] = append(byCode[e.Code], e)
			if e.To == nil && (strings.Contains(e.Text, Human) || strings.Contains(e.Text, Alien)) {
				t.Fatalf("%d players: public setup entry %q names a Bio ID", n, e.Text)
			}
		}
		for _, code := range []string{"setup_bag", "setup_roles", "setup_turn_order", "setup_quarantine_card"} {
			if len(byCode[code]) != 1 || byCode[code][0].To != nil {
				t.Fatalf("%d players: %s entries %v, want one public entry", n, code, byCode[code])
			}
		}
		if got, want := byCode["setup_bag"][0].Text, "The bag holds 69 tokens"; !strings.HasPrefix(got, want) {
			t.Fatalf("bag entry %q, want it to start %q", got, want)
		}
		first := st.Seats[st.Order.Seat()].Name
		if got := byCode["setup_turn_order"][0].Text; !strings.Contains(got, first+" starts") {
			t.Fatalf("turn order entry %q does not say %s starts", got, first)
		}
		bios := byCode["setup_bio_id"]
		if len(bios) != n {
			t.Fatalf("%d players: %d Bio ID entries", n, len(bios))
		}
		for i, e := range bios {
			if !slices.Equal(e.To, []int{i}) || !strings.Contains(e.Text, st.Seats[i].BioID+".") {
				t.Fatalf("Bio ID entry %d = %+v, want %q to seat %d alone", i, e, st.Seats[i].BioID, i)
			}
		}
		aliens := byCode["setup_fellow_aliens"]
		for _, e := range aliens {
			if len(e.To) != 1 || sideOf(st.Seats[e.To[0]].BioID) != SideAliens {
				t.Fatalf("fellow aliens entry %+v is addressed to a non-alien", e)
			}
			me := e.To[0]
			for i, s := range st.Seats {
				named := strings.Contains(e.Text, s.Name)
				if i != me && sideOf(s.BioID) == SideAliens && !named {
					t.Fatalf("entry %q to %s lacks the alien %s", e.Text, st.Seats[me].Name, s.Name)
				}
				if sideOf(s.BioID) == SideHumans && named {
					t.Fatalf("entry %q names the human %s", e.Text, s.Name)
				}
				if s.BioID == Queen && i != me && !strings.Contains(e.Text, s.Name+" (Queen)") {
					t.Fatalf("entry %q does not mark the Queen %s", e.Text, s.Name)
				}
			}
		}
		_, a, _ := bioChart(n)
		if got, want := len(aliens), a+1; got != want {
			t.Fatalf("%d players: %d fellow-aliens entries, want %d", n, got, want)
		}
	}
}
