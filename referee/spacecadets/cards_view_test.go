package spacecadets

import (
	"encoding/json"
	"strings"
	"testing"

	"tablewarden/referee/kit"
)

// offeredChoices returns the choices of a move's argument as v is offered
// them (every offer of that type).
func (tb *table) offeredChoices(v kit.Viewer, typ, arg string) []kit.Choice {
	var out []kit.Choice
	for _, m := range tb.g.View(tb.s, v).Moves {
		if m.Type != typ {
			continue
		}
		for _, a := range m.Args {
			if a.Name == arg {
				out = append(out, a.Choices...)
			}
		}
	}
	return out
}

// TestCardLabels checks what a player reads of the Experimental Equipment
// cards: the starting choices and the Science panel give each card's
// Science points and its use, its name where the data has one, and never
// the data's placeholder name.
func TestCardLabels(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 3)
	tb.rigStart("Geoffrey Tubes", "Beam Bias", "Nukes", "Experimental Equipment 05", "Experimental Equipment 06")
	labels := map[string]string{}
	for _, c := range tb.offeredChoices(viewerOf(captain), "keep_starting", "card") {
		labels[c.Value.(string)] = c.Label
	}
	for name, want := range map[string]string{
		"Beam Bias":                 "Beam Bias: 2 Science points, one use",
		"Nukes":                     "Nukes: X Science points (1 to 3), as many uses as its level",
		"Experimental Equipment 05": "Card 5: ",
	} {
		if got := labels[name]; !strings.HasPrefix(got, want) {
			t.Errorf("keep_starting choice %q reads %q, want it to begin %q", name, got, want)
		}
	}
	for name, l := range labels {
		if strings.Contains(l, "Experimental Equipment") || !strings.Contains(l, "Science point") {
			t.Errorf("keep_starting choice %q reads %q: want its points and no placeholder name", name, l)
		}
	}
	var pv struct {
		Stations []struct {
			Station string     `json:"station"`
			Cards   []cardView `json:"cards"`
		} `json:"stations"`
	}
	raw, _ := json.Marshal(tb.g.View(tb.s, viewerOf(officer)).Private)
	if err := json.Unmarshal(raw, &pv); err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, st := range pv.Stations {
		for _, c := range st.Cards {
			found++
			if c.Points == "" || strings.Contains(c.Title, "Experimental Equipment") || !strings.Contains(c.Label, c.Points) {
				t.Errorf("Science panel card %+v: want a title, its points and a label with them", c)
			}
		}
	}
	if found != 5 {
		t.Fatalf("the Science panel shows %d cards, want the 5 drawn", found)
	}
}

// TestComponentLabels checks that the Component cards to set aside are
// offered by the pieces they show, not by the data's number.
func TestComponentLabels(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 11)
	tb.buildFaceDown()
	tb.do(captain, "start_timer", map[string]any{"name": "science"})
	cs := tb.offeredChoices(viewerOf(officer), "set_aside_component", "card")
	if len(cs) != 3 {
		t.Fatalf("set-aside choices = %v, want 3", cs)
	}
	for _, c := range cs {
		if strings.Contains(c.Label, "Component 0") || strings.Contains(c.Label, "Component 1") || !strings.HasPrefix(c.Label, "Component card: ") {
			t.Errorf("set-aside choice %v: want the card's pieces, not its number", c)
		}
	}
}

// TestSciencePromptMatchesOffers checks, at the Science step, that the
// Captain is told of Research exactly when the Science Officer is offered
// it, and that a build the Science Officer cannot announce is not asked
// of anyone.
func TestSciencePromptMatchesOffers(t *testing.T) {
	t.Run("Research", func(t *testing.T) {
		tb := newTable(t, `{"mission":"10"}`, 4, 5)
		tb.to("step1")
		tb.to("science")
		if !tb.offered(viewerOf(officer), "research") {
			t.Fatal("the Science Officer is not offered Research")
		}
		if got := tb.g.View(tb.s, viewerOf(captain)).Prompt.Text; !strings.Contains(got, "Research of 1 to 3 Science points") {
			t.Fatalf("the Captain's prompt %q does not name the Research the Science Officer is offered", got)
		}
		if got := tb.g.View(tb.s, kit.HostViewer).Prompt.Text; !strings.Contains(got, "Research") {
			t.Fatalf("the host's prompt %q does not name the Research", got)
		}
		tb.s.Science.CompDeck.Cards = tb.s.Science.CompDeck.Cards[:2]
		if got := tb.g.View(tb.s, viewerOf(officer)).Prompt.Text; !strings.Contains(got, "Research of 1 Science point,") {
			t.Fatalf("with 2 Component cards left the Science Officer's prompt reads %q, want Research of 1 Science point", got)
		}
		tb.s.Science.CompDeck.Cards = tb.s.Science.CompDeck.Cards[:1]
		if tb.offered(viewerOf(officer), "research") {
			t.Fatal("Research is offered with 1 Component card left")
		}
		if got := tb.g.View(tb.s, viewerOf(captain)).Prompt.Text; strings.Contains(got, "Research") {
			t.Fatalf("the Captain's prompt %q names Research, which is not offered", got)
		}
	})
	t.Run("CannotBuild", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 11)
		tb.startWith()
		tb.selectScience("Beam Bias")
		tb.s.Science.CompDeck.Cards = tb.s.Science.CompDeck.Cards[:2] // Beam Bias needs 3
		if tb.offered(viewerOf(officer), "science_build") {
			t.Fatal("science_build is offered with too few Component cards")
		}
		for _, v := range []kit.Viewer{viewerOf(officer), viewerOf(captain)} {
			if got := tb.g.View(tb.s, v).Prompt.Text; strings.Contains(got, "announce the build") || !strings.Contains(got, "cannot be built") {
				t.Errorf("seat %d's prompt reads %q, want that Beam Bias cannot be built", v.Seat, got)
			}
		}
	})
}

// viewerOf is the phone of a seat's actor.
func viewerOf(a kit.Actor) kit.Viewer { return kit.SeatViewer(a.Seat) }

// TestStep1CaptainPrompt checks that the Captain's prompt in Step 1 names
// what the Science Officer is offered there: drawing, then selecting.
func TestStep1CaptainPrompt(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 11)
	tb.to("step1")
	if !tb.offered(viewerOf(officer), "science_draw") {
		t.Fatal("the Science Officer is not offered science_draw")
	}
	if got := tb.g.View(tb.s, viewerOf(captain)).Prompt.Text; !strings.Contains(got, "Di (Science Officer) draws 3") {
		t.Fatalf("the Captain's Step 1 prompt reads %q, want the Science Officer's draw", got)
	}
	tb.do(officer, "science_draw", nil)
	if got := tb.g.View(tb.s, viewerOf(captain)).Prompt.Text; !strings.Contains(got, "may select one of the cards drawn") {
		t.Fatalf("the Captain's Step 1 prompt reads %q after the draw, want the Science Officer's selection", got)
	}
}
