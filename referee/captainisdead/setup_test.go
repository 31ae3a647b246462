package captainisdead

import (
	"encoding/json"
	"reflect"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func TestSetup(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := setup(t, "", 3)
		wantShipControl(t, s, "Normal")
		wantConcealment(t, s, "100%")
		if got, want := s.Deck, (AlertDeck{Yellow: 20, Orange: 19, Red: 5}); got != want {
			t.Fatalf("deck = %+v, want %+v", got, want)
		}
		for i, sy := range s.Systems {
			if !sy.Locked {
				t.Fatalf("system %s starts unlocked, want Locked", s.Data.Systems[i].Name)
			}
		}
		if got, want := len(s.Systems), 9; got != want {
			t.Fatalf("systems = %d, want %d", got, want)
		}
		seen := map[string]bool{}
		for _, p := range s.Players {
			if seen[p.Colour] {
				t.Fatalf("colour %s dealt twice", p.Colour)
			}
			seen[p.Colour] = true
			if got, want := p.Skills, 4; got != want {
				t.Fatalf("skills = %d, want %d (5 dealt, 1 discarded to the cargo pod)", got, want)
			}
			if !p.Veteran {
				t.Fatal("no veteran ability dealt")
			}
		}
		if got, want := s.CargoPodSkills, 2+3; got != want {
			t.Fatalf("cargo pod skills = %d, want %d", got, want)
		}
		if got, want := len(s.CargoPodTools), 11; got != want {
			t.Fatalf("cargo pod tools = %d, want %d", got, want)
		}
		if got, want := s.GrenadeLocker, 3; got != want {
			t.Fatalf("grenades = %d, want %d", got, want)
		}
		if err := game.Invariants(s); err != nil {
			t.Fatal(err)
		}
	})
	for _, tc := range []struct{ difficulty, want string }{{"Novice", "Novice"}, {"Normal", "Normal"}, {"Veteran", "Veteran"}} {
		t.Run("Difficulty"+tc.difficulty, func(t *testing.T) {
			s := setup(t, `{"difficulty":"`+tc.difficulty+`"}`, 2)
			if got := shipControl(s); got != tc.want {
				t.Fatalf("Ship Control = %s, want %s", got, tc.want)
			}
		})
	}
	kittest.SetupRefusals(t, game,
		kittest.SetupRefusal{Name: "ErrDifficulty", Options: `{"difficulty":"Insane"}`, Seats: 2, Code: "bad_option"},
		kittest.SetupRefusal{Name: "ErrUnknownOption", Options: `{"captain":true}`, Seats: 2, Code: "bad_option"},
		kittest.SetupRefusal{Name: "ErrTooFew", Seats: 1, Code: "player_count"},
		kittest.SetupRefusal{Name: "ErrTooMany", Seats: 8, Code: "player_count"},
		kittest.SetupRefusal{Name: "ErrData", Options: `{"game_data":{"aliens":[]}}`, Seats: 2, Code: "bad_option"},
	)
	t.Run("ErrFiveCommanders", func(t *testing.T) {
		d := DefaultData()
		d.Aliens[Commander].Count = 5
		raw, _ := json.Marshal(map[string]any{"game_data": d})
		_, err := game.Setup(raw, names[:2], kit.NewCtx(1, 0, kittest.Epoch))
		if got, want := kit.ErrorCode(err), "bad_option"; got != want {
			t.Fatalf("error = %v, want %s", err, want)
		}
	})
	t.Run("AliasCPUCore", func(t *testing.T) {
		d := DefaultData()
		d.Aliases = []Alias{{Name: "CPU Core", Room: "Computer Core", sourced: kit.Sourced{Source: kit.SourceTableEntered}}}
		var locs []Location
		for _, l := range d.Locations {
			if l.Name != "CPU Core" {
				locs = append(locs, l)
			}
		}
		d.Locations = locs
		d.PatrolPath.Rooms = []string{"Bridge Hallway", "War Room", "Infirmary", "Science Lab", "Computer Core"}
		raw, _ := json.Marshal(map[string]any{"game_data": d})
		st, err := game.Setup(raw, names[:2], kit.NewCtx(1, 0, kittest.Epoch))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if got, want := s.Data.room("CPU Core"), s.Data.room("Computer Core"); got != want || got < 0 {
			t.Fatalf("CPU Core = room %d, want Computer Core's %d", got, want)
		}
	})
}

func TestChooseRole(t *testing.T) {
	s := setup(t, "", 3)
	s.Players[0].Colour = colourOf(s.Data, "Hologram")
	s.Players[1].Colour = colourOf(s.Data, "Sympathizer")
	s.Players[2].Colour = colourOf(s.Data, "Spy")
	t.Run("ErrNotYourColour", func(t *testing.T) {
		refuse(t, s, kit.SeatActor(0), MoveChooseRole, roleArgs{"Spy"}, "not_your_colour")
	})
	t.Run("ErrHost", func(t *testing.T) {
		refuse(t, s, kit.HostActor, MoveChooseRole, roleArgs{"Spy"}, "seat_only")
	})
	s1 := apply(t, s, kit.SeatActor(0), MoveChooseRole, roleArgs{"Hologram"})
	t.Run("ErrRoleChosen", func(t *testing.T) {
		refuse(t, s1, kit.SeatActor(0), MoveChooseRole, roleArgs{"Hologram"}, "role_chosen")
	})
	t.Run("ErrTurnBeforeStart", func(t *testing.T) {
		refuse(t, s1, kit.SeatActor(0), MoveEndTurn, nil, "wrong_phase")
	})
	s2 := apply(t, s1, kit.SeatActor(1), MoveChooseRole, roleArgs{"Sympathizer"})
	res, err := try(s2, kit.SeatActor(2), MoveChooseRole, roleArgs{"Spy"})
	if err != nil {
		t.Fatal(err)
	}
	s3 := res.State.(*State)
	t.Run("StartLocations", func(t *testing.T) {
		for seat, want := range []string{"Computer Core", "War Room", "Infirmary"} {
			if got := s3.roomName(s3.Players[seat].Room); got != want {
				t.Fatalf("%s starts in %s, want %s", s3.Players[seat].Character, got, want)
			}
		}
	})
	t.Run("FirstSetupAlert", func(t *testing.T) {
		if !res.Reveals {
			t.Fatal("drawing an alert must be marked Reveals")
		}
		if got, want := *s3.Alert, (Alert{No: 1, Colour: "Yellow", Kind: AlertSetup}); !reflect.DeepEqual(got, want) {
			t.Fatalf("alert = %+v, want %+v", got, want)
		}
	})
	t.Run("FiveSetupAlertsThenTurnByRank", func(t *testing.T) {
		s := s3
		n := 0
		for s.Phase == PhaseAlert {
			n++
			s = apply(t, s, kit.HostActor, MoveFinishAlert, nil)
		}
		if got, want := n, 5; got != want {
			t.Fatalf("setup alerts = %d, want %d", got, want)
		}
		if got, want := s.Deck.Yellow, 15; got != want {
			t.Fatalf("yellow left = %d, want %d", got, want)
		}
		// Ranks (data): Spy 17, Hologram 19, Sympathizer 20.
		if got, want := s.Order, []int{2, 0, 1}; !reflect.DeepEqual(got, want) {
			t.Fatalf("order = %v, want %v", got, want)
		}
		if got, want := s.active(), 2; got != want || s.Phase != PhaseTurn {
			t.Fatalf("active = %d in %s, want %d in turn", got, s.Phase, want)
		}
	})
}

func TestAlertDeckOrder(t *testing.T) {
	s := begin(t, "", "Spy", "Hacker")
	s.Deck = AlertDeck{Yellow: 1, Orange: 1, Red: 1, Drawn: 41}
	var colours []string
	for range 3 {
		s = apply(t, s, kit.SeatActor(s.active()), MoveEndTurn, nil)
		colours = append(colours, s.Alert.Colour)
		s = apply(t, s, kit.HostActor, MoveFinishAlert, nil)
	}
	if got, want := colours, []string{"Yellow", "Orange", "Red"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("draws = %v, want %v", got, want)
	}
}
