package spacecadets

import (
	"encoding/json"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// sameViews fails when any viewer's view of a differs from its view of b.
func sameViews(t *testing.T, a, b *State) {
	t.Helper()
	g := New()
	for _, v := range kittest.Viewers(len(a.Seats)) {
		ja, _ := json.Marshal(g.View(a, v))
		jb, _ := json.Marshal(g.View(b, v))
		if string(ja) != string(jb) {
			t.Fatalf("%+v view depends on a hidden value:\n%s\n%s", v, ja, jb)
		}
	}
}

func TestLeakage(t *testing.T) {
	t.Run("Mission8EnemyDeck", func(t *testing.T) {
		tb := newTable(t, `{"mission":"8"}`, 4, 3)
		tb.to("step6")
		b := tb.s.Clone()
		b.Siege.Deck[0], b.Siege.Deck[2] = b.Siege.Deck[2], b.Siege.Deck[0] // both E
		sameViews(t, tb.s, b)
		for _, c := range tb.s.Siege.Deck {
			name := tb.s.D().Enemies[c].Name
			for _, v := range kittest.Viewers(4) {
				if strings.Contains(tb.viewJSON(v), name) {
					t.Fatalf("%+v view names the hidden deck card %s", v, name)
				}
			}
			for _, e := range tb.events {
				if strings.Contains(e.Text, name) {
					t.Fatalf("event %q names the hidden deck card %s", e.Text, name)
				}
			}
		}
	})
	t.Run("H4InvisiblePlanet", func(t *testing.T) {
		tb := newTable(t, `{"mission":"H4"}`, 4, 3)
		tb.to("step5")
		b := tb.s.Clone()
		b.Invisible.Planet = (b.Invisible.Planet + 1) % 3
		sameViews(t, tb.s, b)
	})
	t.Run("FaceDownComponents", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 3)
		tb.selectScience("Beam Bias")
		tb.do(officer, "science_build", nil)
		b := tb.s.Clone()
		b.Science.Attempt.FaceDown[0], b.Science.CompDeck.Cards[0] = b.Science.CompDeck.Cards[0], b.Science.Attempt.FaceDown[0]
		sameViews(t, tb.s, b)
		for _, c := range tb.s.Science.Attempt.FaceDown {
			name := tb.s.D().Components[c].Name
			for _, e := range tb.events {
				if strings.Contains(e.Text, name) {
					t.Fatalf("event %q names a face-down card", e.Text)
				}
			}
		}
	})
	t.Run("DeckOrders", func(t *testing.T) {
		tb := newTable(t, `{"mission":"10"}`, 4, 3)
		tb.to("step2")
		b := tb.s.Clone()
		d := b.Science.Deck.Cards
		d[0], d[len(d)-1] = d[len(d)-1], d[0]
		c := b.Science.CompDeck.Cards
		c[0], c[len(c)-1] = c[len(c)-1], c[0]
		sameViews(t, tb.s, b)
	})
}

// TestViewMoves checks that each screen is offered only its own moves.
func TestViewMoves(t *testing.T) {
	tb := newTable(t, `{"mission":"10"}`, 4, 3)
	tb.to("step1")
	for _, tc := range []struct {
		v    kit.Viewer
		typ  string
		want bool
	}{
		{kit.BoardViewer, "next_step", false},
		{kit.HostViewer, "next_step", true},
		{kit.HostViewer, "ship_moved", false},
		{kit.SeatViewer(0), "next_step", true},
		{kit.SeatViewer(1), "next_step", false},
		{kit.SeatViewer(3), "science_draw", true},
		{kit.SeatViewer(0), "science_draw", false},
		{kit.SeatViewer(1), "subdue_tentacle", true},
		{kit.SeatViewer(2), "subdue_tentacle", false},
		{kit.SeatViewer(2), "kraken_activate", false},
		{kit.HostViewer, "start_kraken_part2", false},
	} {
		if got := tb.offered(tc.v, tc.typ); got != tc.want {
			t.Fatalf("%+v offered %s = %v, want %v", tc.v, tc.typ, got, tc.want)
		}
	}
	for _, m := range tb.g.View(tb.s, kit.SeatViewer(1)).Moves {
		if m.Type == "subdue_tentacle" && len(m.Args[0].Choices) != 4 {
			t.Fatalf("subdue choices = %v, want the 4 active tentacles", m.Args[0].Choices)
		}
	}
}
