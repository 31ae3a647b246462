package spacecadets

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func TestSetupErrors(t *testing.T) {
	for _, tc := range []struct {
		name, opts string
		seats      int
		want       string
	}{
		{"ErrTwoPlayersMission7", `{"mission":"7"}`, 2, "player_count"},
		{"ErrTwoPlayersKraken", `{"mission":"10"}`, 2, "player_count"},
		{"ErrOnePlayer", `{"mission":"8"}`, 1, "player_count"},
		{"ErrSevenPlayers", `{"mission":"8"}`, 7, "player_count"},
		{"ErrUnknownMission", `{"mission":"11"}`, 4, "bad_option"},
		{"ErrCaptainSeat", `{"captain_seat":4}`, 4, "bad_option"},
		{"ErrGameData", `{"game_data":{"shields":["Fore"]}}`, 4, "bad_option"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			names := make([]string, tc.seats)
			for i := range names {
				names[i] = "p"
			}
			_, err := New().Setup(json.RawMessage(tc.opts), names, kit.NewCtx(1, 0, kittest.Epoch))
			if got := kit.ErrorCode(err); got != tc.want {
				t.Fatalf("Setup error = %q (%v), want %q", got, err, tc.want)
			}
		})
	}
}

// TestMissionCards checks each mission's briefing as the book gives it.
func TestMissionCards(t *testing.T) {
	intp := func(v int) *int { return &v }
	for _, tc := range []struct {
		id         string
		speed      *int
		nemesis    *int // nil: not used
		inactive   []string
		twoPlayers bool
	}{
		{"7", intp(2), intp(6), nil, false},
		{"8", nil, nil, []string{"Helm", "Jump"}, true},
		{"9", intp(2), nil, []string{"Weapons", "Jump"}, true},
		{"10", intp(0), nil, nil, false},
		{"H1", intp(1), intp(5), []string{"Shields", "Jump"}, true},
		{"H2", intp(1), intp(1), []string{"Jump"}, false}, // Normal: box 1
		{"H3", intp(1), nil, []string{"Jump"}, false},
		{"H4", intp(3), intp(6), []string{"Jump"}, false},
	} {
		t.Run("Mission"+tc.id, func(t *testing.T) {
			tb := newTable(t, `{"mission":"`+tc.id+`"}`, 4, 7)
			s := tb.s
			if got, want := s.Speed, tc.speed; (got == nil) != (want == nil) || got != nil && *got != *want {
				t.Fatalf("speed = %v, want %v", got, want)
			}
			if got, want := s.NemesisUsed, tc.nemesis != nil; got != want {
				t.Fatalf("nemesis used = %v, want %v", got, want)
			}
			if tc.nemesis != nil && s.Nemesis != *tc.nemesis {
				t.Fatalf("nemesis = %d, want %d", s.Nemesis, *tc.nemesis)
			}
			if got := s.missionData().Inactive; !slices.Equal(got, tc.inactive) && !(len(got) == 0 && len(tc.inactive) == 0) {
				t.Fatalf("inactive = %v, want %v", got, tc.inactive)
			}
			if got := s.missionData().TwoPlayers; got != tc.twoPlayers {
				t.Fatalf("two players = %v, want %v", got, tc.twoPlayers)
			}
			v := New().View(s, kit.BoardViewer)
			pub := v.Public.(publicView)
			if !slices.Equal(pub.Mission.InactiveStations, s.missionData().Inactive) || pub.Mission.MinorObjective == "" {
				t.Fatalf("view mission = %+v", pub.Mission)
			}
		})
	}
}

func TestH2NemesisByDifficulty(t *testing.T) {
	for diff, want := range map[string]int{"easy": 0, "normal": 1, "hard": 2} {
		tb := newTable(t, `{"mission":"H2","difficulty":"`+diff+`"}`, 4, 1)
		if got := tb.s.Nemesis; got != want {
			t.Fatalf("%s: nemesis = %d, want %d", diff, got, want)
		}
	}
}

// TestTwoPlayerEngineering: with 2 players Engineering moves to Step 3B in
// Missions 8 and H1, as the book says, and not in Mission 9, whose page
// does not say so; the table may choose otherwise by option.
func TestTwoPlayerEngineering(t *testing.T) {
	for _, tc := range []struct {
		opts  string
		seats int
		want  string
	}{
		{`{"mission":"8"}`, 2, "3B"},
		{`{"mission":"H1"}`, 2, "3B"},
		{`{"mission":"9"}`, 2, "3A"},
		{`{"mission":"9"}`, 4, "3A"},
		{`{"mission":"8"}`, 4, "3A"},
		{`{"mission":"9","engineering_step":"3B"}`, 2, "3B"},
		{`{"mission":"8","engineering_step":"3A"}`, 2, "3A"},
	} {
		tb := newTable(t, tc.opts, tc.seats, 1)
		if got := tb.s.EngineeringStep; got != tc.want {
			t.Fatalf("%s with %d players: engineering step = %s, want %s", tc.opts, tc.seats, got, tc.want)
		}
	}
	tb := newTable(t, `{"mission":"8","captain_seat":0}`, 2, 1)
	// 2 players: seat 1 is the Science Officer and Sensors.
	tb.rigStart("Geoffrey Tubes", "Beam Bias", "Experimental Equipment 05", "Experimental Equipment 06", "Experimental Equipment 07 (Helm)")
	tb.do(captain, "keep_starting", map[string]any{"card": "Geoffrey Tubes"})
	tb.do(captain, "keep_starting", map[string]any{"card": "Beam Bias"})
	tb.do(captain, "finish_starting", nil)
	tb.to("step3b")
	if ev := tb.last.Events; !slices.ContainsFunc(ev, func(e kit.Event) bool { return e.Code == "engineering" }) {
		t.Fatalf("entering Step 3B with 2 players: events %v lack the Engineering notice", ev)
	}
}

// TestInactiveStationDamageIgnored: damage cards on inactive stations are
// ignored; on active ones they count.
func TestInactiveStationDamageIgnored(t *testing.T) {
	tb := newTable(t, `{"mission":"9"}`, 4, 1)
	tb.to("step2")
	tb.do(crew, "damage_card", map[string]any{"station": "Weapons"})
	if got := tb.s.StationDamage["Weapons"]; got != 0 {
		t.Fatalf("Weapons damage = %d, want 0 (inactive)", got)
	}
	if !tb.hasEvent("damage_ignored") {
		t.Fatal("no damage_ignored event")
	}
	tb.do(crew, "damage_card", map[string]any{"station": "Helm"})
	if got := tb.s.StationDamage["Helm"]; got != 1 {
		t.Fatalf("Helm damage = %d, want 1", got)
	}
	tb.do(crew, "repair", map[string]any{"station": "Helm"})
	tb.fail(crew, "repair", map[string]any{"station": "Helm"}, "not_damaged")
	tb.fail(crew, "damage_card", map[string]any{"station": "Galley"}, "bad_station")
}

func TestActors(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 1)
	tb.to("step2")
	tb.fail(crew, "next_step", nil, "host_or_captain")
	tb.do(kit.HostActor, "next_step", nil)
	tb.fail(crew, "nonsense", nil, "unknown_move")
	tb.fail(kit.SystemActor, "next_step", nil, "system_only")
	tb.fail(kit.HostActor, "ship_moved", map[string]any{"row": 1, "col": 1, "facing": "N"}, "seats_only")
	tb.fail(crew, "ship_moved", map[string]any{"row": 1, "col": 1, "facing": "N", "x": 1}, "bad_args")
	tb.fail(crew, "ship_moved", map[string]any{"row": 9, "col": 1, "facing": "N"}, "off_map")
	tb.do(captain, "declare_loss", map[string]any{"reason": "ship destroyed"})
	if o := tb.g.Outcome(tb.s); o == nil || len(o.Winners) != 0 {
		t.Fatalf("outcome = %+v, want a loss", o)
	}
	tb.fail(captain, "next_step", nil, "game_over")
}

// TestMovesOnlyWhenOffered: a move its handler would take but no screen
// is offered is refused (the move table's offer check). The shared dice are
// offered once the mission runs, not while the starting equipment is
// chosen; the old dispatch took them.
func TestMovesOnlyWhenOffered(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 1)
	tb.fail(crew, MoveRoll, map[string]any{"dice": 2}, "not_offered")
	tb.fail(kit.HostActor, MoveRollHalf, nil, "not_offered")
	tb.startWith()
	tb.do(crew, MoveRoll, map[string]any{"dice": 2})
	tb.do(kit.HostActor, MoveRollHalf, nil)
}

func TestRolls(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 3)
	tb.to("step2")
	for i := 0; i < 40; i++ {
		tb.do(crew, "roll_half", nil)
		r := tb.s.LastRoll
		if got, want := r.Total, (r.Dice[0]+1)/2; got != want || got < 1 || got > 3 {
			t.Fatalf("half damage of %d = %d, want %d", r.Dice[0], got, want)
		}
		tb.do(kit.HostActor, "roll_placement", nil)
		d := tb.s.LastRoll.Dice
		for j, v := range d {
			if v == 6 && j == len(d)-1 {
				t.Fatalf("placement ended on a 6: %v", d)
			}
		}
	}
	tb.do(crew, "roll", map[string]any{"dice": 3, "purpose": "torpedo"})
	if got := len(tb.s.LastRoll.Dice); got != 3 {
		t.Fatalf("dice = %d, want 3", got)
	}
	if !tb.hasEvent("roll") {
		t.Fatal("roll not logged")
	}
	tb.fail(crew, "roll", map[string]any{"dice": 9}, "bad_dice")
}

// TestSetupEvents: the setup log says what was placed (here Mission 9's
// enemies and crystals, Mission 10's tentacles), publicly, and never the
// hidden H4 planet or Mission 8 deck cards.
func TestSetupEvents(t *testing.T) {
	for _, m := range missionIDs {
		seats := 4
		tb := newTable(t, `{"mission":"`+m+`"}`, seats, 2)
		ev := kit.SetupEvents(tb.g, tb.s)
		if len(ev) == 0 || ev[0].Code != "setup_mission" {
			t.Fatalf("mission %s: setup log = %v, want it to begin with the mission", m, ev)
		}
		text := ""
		for _, e := range ev {
			if e.To != nil {
				t.Fatalf("mission %s: setup event %s is addressed to %v; nothing is dealt to one seat", m, e.Code, e.To)
			}
			text += e.Text + "\n"
		}
		enemies := 0
		for _, e := range ev {
			if e.Code == "setup_enemy" {
				enemies++
			}
		}
		if got, want := enemies, len(tb.s.Enemies); got != want {
			t.Fatalf("mission %s: %d enemies logged, want %d", m, got, want)
		}
		if g := tb.s.Siege; g != nil {
			for _, c := range g.Deck {
				if name := tb.s.D().Enemies[c].Name; strings.Contains(text, name+" (") {
					t.Fatalf("mission 8: the setup log names the hidden deck card %s", name)
				}
			}
		}
		if m == "9" && !strings.Contains(text, "Crystals are placed on") {
			t.Fatalf("mission 9: setup log %q lacks the crystals", text)
		}
		if m == "10" && !strings.Contains(text, "holds the four tentacle cards") {
			t.Fatalf("mission 10: setup log %q lacks the tentacle cards", text)
		}
	}
}

// TestRefusalsNameSections: bad options and bad arguments name the game
// and the book's section they come from, not "Setup" or "Move".
func TestRefusalsNameSections(t *testing.T) {
	g := New()
	for _, tc := range []struct {
		opts, rule string
	}{
		{`{"mission":"11"}`, "Space Cadets › Missions"},
		{`{"science_seconds":-4}`, "Space Cadets › Science"},
		{`{"science_seat":5}`, "Space Cadets › Science"},
		{`{"game_data":{"shields":["Fore"]}}`, "Space Cadets › Components"},
		{`{"no_such_option":1}`, "Space Cadets › Missions"},
	} {
		_, err := g.Setup(json.RawMessage(tc.opts), seatNames(4), kit.NewCtx(1, 0, kittest.Epoch))
		re, ok := kit.AsRuleError(err)
		if !ok || re.Code != "bad_option" || re.Rule != tc.rule {
			t.Fatalf("Setup(%s) = %v, want bad_option naming %q", tc.opts, err, tc.rule)
		}
	}
	tb := newTable(t, `{"mission":"7"}`, 4, 1)
	tb.to("step5")
	_, err := tb.try(crew, "ship_moved", map[string]any{"row": "two"})
	if re, ok := kit.AsRuleError(err); !ok || re.Code != "bad_args" || re.Rule != rule(secMissions) {
		t.Fatalf("ship_moved with a bad row = %v, want bad_args naming %q", err, rule(secMissions))
	}
	_, err = tb.try(captain, "start_timer", map[string]any{"timer": "step3a"})
	if re, ok := kit.AsRuleError(err); !ok || re.Code != "bad_args" || re.Rule != rule(secScience) {
		t.Fatalf("start_timer with a bad field = %v, want bad_args naming %q", err, rule(secScience))
	}
	if _, err := g.Apply(struct{}{}, captain, kit.Move{Type: "next_step"}, kit.NewCtx(1, 1, kittest.Epoch)); !errors.Is(err, kit.ErrStateType) {
		t.Fatalf("Apply on another game's state = %v, want kit.ErrStateType", err)
	}
}
