package nostromo

import (
	"fmt"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func viewOf(t *testing.T, g *Game, st *State, v kit.Viewer) string {
	return kittest.ViewJSON(t, g.View(st, v))
}

// sameFor checks that the views of a and b are byte-identical for every
// viewer except those in differ, which must differ.
func sameFor(t *testing.T, a, b *tg, differ ...int) {
	t.Helper()
	for _, v := range kittest.Viewers(len(a.st.Names)) {
		va, vb := viewOf(t, a.g, a.st, v), viewOf(t, b.g, b.st, v)
		want := true
		for _, d := range differ {
			if v.IsSeat(d) {
				want = false
			}
		}
		if got := va == vb; got != want {
			t.Fatalf("viewer %+v: views identical = %v, want %v\n%s\n%s", v, got, want, va, vb)
		}
	}
}

func TestLeakCrewTokens(t *testing.T) {
	a, b := newTG(t, 3, ""), newTG(t, 3, "")
	a.ok(1, "place_crew_token", map[string]any{"token": tokenValue(a.st.Reserve[1][0]), "room": 4})
	b.ok(1, "place_crew_token", map[string]any{"token": tokenValue(b.st.Reserve[1][1]), "room": 4})
	// During hiding the crew seats see the tokens; the Alien, host and board do not.
	sameFor(t, a, b, 1, 2)
	for _, v := range []kit.Viewer{kit.SeatViewer(0), kit.SeatViewer(2), kit.HostViewer, kit.BoardViewer} {
		if kittest.EventsJSON(t, a.last.Events, v) != kittest.EventsJSON(t, b.last.Events, v) {
			t.Fatalf("viewer %+v sees which token was placed in the log", v)
		}
	}
	// Finish hiding identically (all other tokens to room 4).
	for _, x := range []*tg{a, b} {
		for len(x.st.Reserve[1]) > 0 {
			x.ok(1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": 4})
		}
		for len(x.st.Reserve[2]) > 0 {
			x.ok(2, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[2][0]), "room": 4})
		}
		x.pass()
		x.ok(0, "place_blip", map[string]any{"blip": BlipAlien, "room": 1})
		x.ok(0, "place_blip", map[string]any{"blip": BlipJonesy, "room": 2})
		x.ok(0, "place_blip", map[string]any{"blip": BlipBreakdown, "room": 3})
		x.pass()
	}
	if a.st.Phase != PhasePosture {
		t.Fatalf("phase = %s, want posture", a.st.Phase)
	}
	// Once hiding is over nobody sees a face-down token's identity, its
	// owner included (1 - Hiding Phase: "Players can NOT look at the Crew
	// tokens or the Blip tokens anymore"); the hands were dealt alike (same
	// seed), so every view is identical.
	sameFor(t, a, b)
	// Nor does any log entry of the game so far, for any viewer: the log
	// keeps the hiding phase's entries, so they never name the token.
	sameLog(t, a, b)
}

// sameLog checks that every viewer, each seat included, sees the same log
// of a whole game in a and b.
func sameLog(t *testing.T, a, b *tg) {
	t.Helper()
	for _, v := range kittest.Viewers(len(a.st.Names)) {
		if la, lb := kittest.EventsJSON(t, a.events, v), kittest.EventsJSON(t, b.events, v); la != lb {
			t.Fatalf("viewer %+v: the log names a face-down token after hiding:\n%s\n%s", v, la, lb)
		}
	}
}

func TestLeakBlips(t *testing.T) {
	a, b := newTG(t, 2, ""), newTG(t, 2, "")
	for i, x := range []*tg{a, b} {
		x.pass()
		x.ok(0, "place_blip", map[string]any{"blip": BlipAlien, "room": 1})
		first, second := BlipJonesy, BlipBreakdown
		if i == 1 {
			first, second = second, first
		}
		x.ok(0, "place_blip", map[string]any{"blip": first, "room": 4})
		x.ok(0, "place_blip", map[string]any{"blip": second, "room": 5})
	}
	sameFor(t, a, b, 0)
	for _, v := range []kit.Viewer{kit.SeatViewer(1), kit.HostViewer, kit.BoardViewer} {
		if kittest.EventsJSON(t, a.events, v) != kittest.EventsJSON(t, b.events, v) {
			t.Fatalf("viewer %+v sees which Blip was placed in the log", v)
		}
	}
	for _, x := range []*tg{a, b} {
		for len(x.st.Reserve[1]) > 0 {
			x.ok(1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": 8})
		}
		x.pass()
	}
	sameFor(t, a, b)
	sameLog(t, a, b)
}

func TestLeakHandsAndDecks(t *testing.T) {
	base := newTG(t, 4, "")
	variants := []struct {
		name   string
		change func(s *State)
		differ []int
	}{
		{"Hand", func(s *State) { s.Hands[2][0], s.Deck.Cards[5] = s.Deck.Cards[5], s.Hands[2][0] }, []int{2}},
		{"MissionDeckOrder", func(s *State) { s.Deck.Cards[0], s.Deck.Cards[9] = s.Deck.Cards[9], s.Deck.Cards[0] }, nil},
		{"BehaviourDeckOrder", func(s *State) {
			s.Behaviour.Cards[0], s.Behaviour.Cards[8] = s.Behaviour.Cards[8], s.Behaviour.Cards[0]
		}, nil},
	}
	for _, c := range variants {
		t.Run(c.name, func(t *testing.T) {
			other := &tg{t: t, g: base.g, st: base.st.Clone()}
			c.change(other.st)
			if err := base.g.Invariants(other.st); err != nil {
				t.Fatal(err)
			}
			sameFor(t, base, other, c.differ...)
		})
	}
	t.Run("BehaviourDrawn", func(t *testing.T) {
		x := toPosture(t, "", 9)
		x.ok(0, "choose_posture", map[string]any{"posture": Instinctive})
		other := &tg{t: t, g: x.g, st: x.st.Clone()}
		other.st.BehaviourDrawn[0], other.st.Behaviour.Cards[0] = other.st.Behaviour.Cards[0], other.st.BehaviourDrawn[0]
		sameFor(t, x, other, 0)
		for _, e := range x.last.Events {
			if e.Code == "behaviour_drawn" && fmt.Sprint(e.To) != "[0]" {
				t.Fatalf("drawn Behaviour cards shown to %v", e.To)
			}
		}
	})
}

func TestLeakDrawEvents(t *testing.T) {
	x := toAction(t, "", 9, pl{"Red/presence", 3})
	x.pass()
	x.ok(1, "resolve_room", map[string]any{"room": 3})
	x.ok(1, "action_draw", map[string]any{"token": x.boardToken("Red/presence").Handle})
	got := 0
	for _, e := range x.last.Events {
		if e.Code == "draw_private" {
			got++
			if fmt.Sprint(e.To) != "[1]" || e.VisibleTo(kit.HostViewer) || e.VisibleTo(kit.BoardViewer) || e.VisibleTo(kit.SeatViewer(0)) {
				t.Fatalf("the drawn card is visible beyond its drawer: %+v", e)
			}
		}
		if e.To == nil {
			for _, c := range x.st.Hands[1] {
				if containsStr(e.Text, x.st.Data.CardName(c)) {
					t.Fatalf("public event names a card in hand: %q", e.Text)
				}
			}
		}
	}
	if got != 1 {
		t.Fatalf("draw_private events = %d, want 1", got)
	}
	if !x.last.Reveals {
		t.Fatal("Reveals = false for a deck draw")
	}
}

func containsStr(s, sub string) bool {
	return len(sub) > 0 && len(s) >= len(sub) && (func() bool {
		for i := 0; i+len(sub) <= len(s); i++ {
			if s[i:i+len(sub)] == sub {
				return true
			}
		}
		return false
	})()
}
