package captainisdead

import (
	"encoding/json"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// TestSurveillanceScanners checks the Surveillance Scanners show what is
// coming before it arrives (New Systems): the colours of the next alert
// cards, as a move that reveals (cannot be undone).
func TestSurveillanceScanners(t *testing.T) {
	ann := kit.SeatActor(0)
	s := playing(t, "", "Spy", "First Officer")
	at(s, 0, "Bridge Hallway")
	s.Systems[2].Locked = false
	s.Deck.Yellow, s.Deck.Orange, s.Deck.Drawn = 0, 4, s.Deck.Drawn+15
	res, err := try(s, ann, "use_system", systemArgs{"Surveillance Scanners"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Reveals {
		t.Fatal("the Surveillance Scanners show hidden cards: the move must be marked Reveals")
	}
	found := false
	for _, e := range res.Events {
		if e.Code == "scanned" && e.To == nil && strings.Contains(e.Text, "Orange") {
			found = true
		}
	}
	if !found {
		t.Fatalf("events = %+v, want a public scan naming the next alert's colour (Orange)", res.Events)
	}
}

// TestRefusalsNameTheBook checks the generic refusals name the game and a
// section of the book: bad arguments the move's section, bad options the
// section the option comes from, game_over the end of the game.
func TestRefusalsNameTheBook(t *testing.T) {
	ann := kit.SeatActor(0)
	s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
	t.Run("BadArgs", func(t *testing.T) {
		_, err := game.Apply(s, ann, kit.Move{Type: "move", Args: json.RawMessage(`{"to":3}`)}, kit.NewCtx(1, 1, kittest.Epoch))
		re, ok := kit.AsRuleError(err)
		if !ok || re.Code != "bad_args" || re.Rule != "The Captain Is Dead: Lockdown › Continuing Play" {
			t.Fatalf("error = %v, want bad_args naming Continuing Play", err)
		}
	})
	kittest.SetupRefusals(t, game,
		kittest.SetupRefusal{Name: "BadOptionElimination", Options: `{"elimination":"yes"}`, Seats: 2, Code: "bad_option", Rule: "The Captain Is Dead: Lockdown › Player Elimination"},
		kittest.SetupRefusal{Name: "BadOptionDifficulty", Options: `{"difficulty":"Insane"}`, Seats: 2, Code: "bad_option", Rule: "The Captain Is Dead: Lockdown › Setup"},
		kittest.SetupRefusal{Name: "BadOptionUnknown", Options: `{"captain":1}`, Seats: 2, Code: "bad_option", Rule: "The Captain Is Dead: Lockdown › Setup"},
		kittest.SetupRefusal{Name: "BadOptionGameData", Options: `{"game_data":{"rooms":[]}}`, Seats: 2, Code: "bad_option", Rule: "The Captain Is Dead: Lockdown › Setup"},
		kittest.SetupRefusal{Name: "BadOptionGameDataInconsistent", Options: `{"game_data":{"connections":[{"a":"Bridge","b":"Deck 9"}]}}`, Seats: 2, Code: "bad_option", Rule: "The Captain Is Dead: Lockdown › Setup"},
	)
	t.Run("GameOver", func(t *testing.T) {
		s := s.Clone()
		s.Deck = AlertDeck{Drawn: 44}
		s = apply(t, s, ann, "end_turn", nil)
		_, err := try(s, ann, "end_turn", nil)
		re, ok := kit.AsRuleError(err)
		if !ok || re.Code != "game_over" || re.Rule != "The Captain Is Dead: Lockdown › Losing The Game" {
			t.Fatalf("error = %v, want game_over naming Losing The Game", err)
		}
		o := game.Outcome(s)
		if o == nil || o.ReasonCode != "lost_alert_deck" {
			t.Fatalf("outcome = %+v, want reason code lost_alert_deck", o)
		}
	})
}

// TestSetupLog checks Setup logs what it placed and dealt, in public.
func TestSetupLog(t *testing.T) {
	s := setup(t, `{"elimination":true}`, 3)
	events := kit.SetupEvents(game, s)
	for _, code := range []string{"setup_tracks", "setup_systems", "setup_alerts_stacked", "setup_dealt", "setup_colour", "setup_elimination"} {
		if !kittest.HasEvent(events, code) {
			t.Fatalf("setup log %+v lacks %s", events, code)
		}
	}
	text := ""
	for _, e := range events {
		if e.To != nil {
			t.Fatalf("setup event %s is addressed; nothing dealt at setup is secret", e.Code)
		}
		text += e.Text + "\n"
	}
	for _, want := range []string{"Locked side up", "20 Yellow on top", s.Players[2].Name + " receives the " + s.Players[2].Colour} {
		if !strings.Contains(text, want) {
			t.Fatalf("setup log lacks %q:\n%s", want, text)
		}
	}
}
