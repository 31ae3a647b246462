package nostromo

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func TestSetupErrors(t *testing.T) {
	g := New()
	kittest.SetupRefusals(t, g,
		kittest.SetupRefusal{Name: "ErrOnePlayer", Options: `{}`, Seats: 1, Code: "player_count"},
		kittest.SetupRefusal{Name: "ErrEightPlayers", Options: `{}`, Seats: 8, Code: "player_count"},
		kittest.SetupRefusal{Name: "ErrDifficulty", Options: `{"difficulty":"legend"}`, Seats: 3, Code: "bad_option", Rule: ruleOptions},
		kittest.SetupRefusal{Name: "ErrUnknownOption", Options: `{"speed":1}`, Seats: 3, Code: "bad_option"},
		kittest.SetupRefusal{Name: "ErrDataColors", Options: `{"data":{"colors":["a","b"]}}`, Seats: 3, Code: "bad_option", Rule: ruleComponents},
		kittest.SetupRefusal{Name: "ErrDataConnection", Options: `{"data":{"connections":[[1,11]]}}`, Seats: 3, Code: "bad_option"},
		kittest.SetupRefusal{Name: "ErrDataUnknownKey", Options: `{"data":{"rooms":[]}}`, Seats: 3, Code: "bad_option"},
		kittest.SetupRefusal{Name: "ErrSurvivalNamesTheBook", Options: `{"survival":"yes"}`, Seats: 3, Code: "bad_option", Rule: ruleOptions},
		kittest.SetupRefusal{Name: "ErrSelfConnectionNamesTheBook", Options: `{"data":{"connections":[[1,1]]}}`, Seats: 3, Code: "bad_option", Rule: ruleComponents},
	)
	t.Run("OKDataOverride", func(t *testing.T) {
		st, err := g.Setup(json.RawMessage(`{"data":{"procedures":["P1","P2","P3","P4","P5"],"connections":[[1,2]]}}`), []string{"a", "b"}, kit.NewCtx(1, 0, kittest.Epoch))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if got, want := s.Data.Procedures[4], "P5"; got != want {
			t.Fatalf("procedure = %q, want %q", got, want)
		}
		if got, want := s.Data.Sources["connections"], "table-entered"; got != want {
			t.Fatalf("connections source = %q, want %q", got, want)
		}
		if got, want := s.Data.Connected(1), []int{2}; !reflect.DeepEqual(got, want) {
			t.Fatalf("Connected(1) = %v, want %v", got, want)
		}
	})
}

func TestSetupComponents(t *testing.T) {
	x := newTG(t, 3, "")
	s := x.st
	if got, want := s.Deck.Len()+2, 40; got != want {
		t.Fatalf("Mission cards = %d, want %d", got, want)
	}
	weyland := 0
	for c := 1; c <= 40; c++ {
		if s.Data.IsWeyland(c) {
			weyland++
		}
	}
	if weyland != 15 {
		t.Fatalf("Weyland protocols = %d, want 15", weyland)
	}
	if got, want := s.Behaviour.Len(), 9; got != want {
		t.Fatalf("Behaviour deck = %d, want %d", got, want)
	}
	if got, want := s.Items, []Item{{FlameThrower, 6, -1}, {MotionDetector, 9, -1}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Items = %v, want %v", got, want)
	}
	if got, want := s.BlipReserve, []string{BlipAlien, BlipJonesy, BlipBreakdown}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Blips = %v, want %v", got, want)
	}
	if got, want := 4-s.Breakdowns, 3; got != want {
		t.Fatalf("Breakdown stock = %d, want %d", got, want)
	}
	for _, seat := range []int{1, 2} {
		if got, want := len(s.Hands[seat]), 1; got != want {
			t.Fatalf("seat %d hand = %d cards, want %d", seat, got, want)
		}
	}
	if got := len(s.Hands[0]); got != 0 {
		t.Fatalf("Alien hand = %d cards, want 0", got)
	}
}

func TestReminderChart(t *testing.T) {
	for _, c := range []struct {
		players int
		want    []int // sets per crew seat 1..n-1 after the extras
	}{
		{2, []int{6}}, {3, []int{3, 3}}, {4, []int{2, 2, 2}}, {5, []int{2, 2, 1, 1}},
		{6, []int{2, 1, 1, 1, 1}}, {7, []int{1, 1, 1, 1, 1, 1}},
	} {
		t.Run(names[c.players-1], func(t *testing.T) {
			x := newTG(t, c.players, `{"heroic":true}`)
			for i, want := range c.want {
				seat := i + 1
				if got := len(x.st.setsOf(seat)); got != want {
					t.Fatalf("seat %d holds %d sets, want %d", seat, got, want)
				}
				if got := len(x.st.Reserve[seat]); got != 2*want {
					t.Fatalf("seat %d holds %d Crew tokens, want %d", seat, got, 2*want)
				}
				if got := len(x.st.ownCrewCards(seat)); got != want {
					t.Fatalf("Heroic: seat %d owns %d crew member cards, want %d", seat, got, want)
				}
			}
			if x.st.Phase != PhaseHiding {
				t.Fatalf("phase = %s, want hiding", x.st.Phase)
			}
		})
	}
}

func TestSetupMoves(t *testing.T) {
	g := New()
	st, _ := g.Setup(nil, names[:5], kit.NewCtx(1, 0, kittest.Epoch))
	x := &tg{t: t, g: g, st: st.(*State), seed: 1}
	x.refuse("ErrHostOnly", 1, "designate_alien", map[string]any{"seat": 1}, "host_only")
	x.refuse("ErrBadSeat", -1, "designate_alien", map[string]any{"seat": 9}, "bad_seat")
	x.host("designate_alien", map[string]any{"seat": 2})
	if got, want := x.st.Stage, stExtraSets; got != want {
		t.Fatalf("stage = %s, want %s", got, want)
	}
	x.refuse("ErrNotAlien", 1, "choose_extra_set", map[string]any{"seat": 1}, "not_alien")
	x.refuse("ErrNotCrew", 2, "choose_extra_set", map[string]any{"seat": 2}, "not_crew")
	x.refuse("ErrDesignateTwice", -1, "designate_alien", map[string]any{"seat": 1}, "wrong_phase")
	x.ok(2, "choose_extra_set", map[string]any{"seat": 4})
	x.refuse("ErrAlreadyChosen", 2, "choose_extra_set", map[string]any{"seat": 4}, "already_chosen")
	x.ok(2, "choose_extra_set", map[string]any{"seat": 0})
	if got, want := len(x.st.setsOf(0)), 2; got != want {
		t.Fatalf("seat 0 sets = %d, want %d", got, want)
	}
	// Crew placement starts at the Alien's left (seat 3).
	if got, want := x.st.hidingPlacer(), 3; got != want {
		t.Fatalf("first placer = %d, want %d", got, want)
	}
	t.Run("ErrGameNotOver", func(t *testing.T) {
		if g.Outcome(x.st) != nil {
			t.Fatal("Outcome is set while the game runs")
		}
	})
}

func TestBadArgsAndUnknownMove(t *testing.T) {
	x := newTG(t, 3, "")
	x.fail(1, "teleport", nil, "unknown_move")
	x.fail(1, "place_crew_token", map[string]any{"token": "Red/presence", "room": 1, "extra": 1}, "bad_args")
	x.fail(-1, "place_crew_token", map[string]any{"token": "Red/presence", "room": 1}, "seat_only")
}

// TestSetupLog: the set-up is logged, publicly (nothing secret is dealt
// before the host records the Alien player).
func TestSetupLog(t *testing.T) {
	g := New()
	st := kittest.Setup(t, g, json.RawMessage(`{"heroic":true}`), 4, 1)
	evs := kit.SetupEvents(g, st)
	var text string
	for _, e := range evs {
		if e.To != nil {
			t.Fatalf("setup event %s is private: %+v", e.Code, e)
		}
		text += e.Text + "\n"
	}
	for _, want := range []string{"Flame-thrower starts in 6 Armory", "Motion detector starts in 9 Shed", "40 Mission cards", "Heroic mode", "Crew member A"} {
		if !strings.Contains(text, want) {
			t.Fatalf("setup log lacks %q:\n%s", want, text)
		}
	}
}

// TestDataRefusalInWords: a refused connection is named by its two rooms,
// not printed as a Go array ("[1 11]").
func TestDataRefusalInWords(t *testing.T) {
	_, err := New().Setup([]byte(`{"data":{"connections":[[1,11]]}}`), names[:3], kit.NewCtx(1, 0, kittest.Epoch))
	re, ok := kit.AsRuleError(err)
	if !ok || re.Code != "bad_option" || strings.Contains(re.Message, "[") || !strings.Contains(re.Message, "from 1 to 11") {
		t.Fatalf("error = %v, want bad_option naming the connection from 1 to 11 in words", err)
	}
}
