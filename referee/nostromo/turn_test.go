package nostromo

import (
	"reflect"
	"testing"

	"tablewarden/referee/kit/kittest"
)

// toPosture plays a 2-player hiding phase: Alien in room a, Jonesy in
// room 2, the Breakdown in room 3, the listed crew tokens, the rest in 8.
func toPosture(t *testing.T, opts string, a int, crew ...pl) *tg {
	x := newTG(t, 2, opts)
	x.hide2(a, 2, []int{3}, crew, 8)
	x.pass()
	return x
}

func TestPosture(t *testing.T) {
	t.Run("ErrNotAlien", func(t *testing.T) {
		x := toPosture(t, "", 9)
		x.fail(1, "choose_posture", map[string]any{"posture": Aggressive}, "not_alien")
		x.fail(0, "choose_posture", map[string]any{"posture": "sleepy"}, "bad_posture")
	})
	t.Run("ErrOrdersInPosture", func(t *testing.T) {
		x := toPosture(t, "", 9)
		x.hand(1, epA1)
		x.fail(1, "play_mission_order", map[string]any{"card": epA1}, "orders_forbidden_phase")
		x.fail(1, "pass_mission_orders", nil, "orders_forbidden_phase")
	})
	for _, c := range []struct {
		opts       string
		hunts, beh int
		discards   int
	}{{"", 1, 2, 1}, {`{"difficulty":"experienced"}`, 2, 3, 2}, {`{"difficulty":"hardcore"}`, 2, 3, 2}} {
		t.Run("Aggressive"+c.opts, func(t *testing.T) {
			x := toPosture(t, c.opts, 9)
			x.ok(0, "choose_posture", map[string]any{"posture": Aggressive})
			if got, want := x.st.HuntLeft, c.hunts; got != want {
				t.Fatalf("hunting actions = %d, want %d", got, want)
			}
			if x.windowOpen() {
				t.Fatal("a mission-order window opened in an Aggressive hunting phase")
			}
			x.hand(1, epA1)
			x.fail(1, "play_mission_order", map[string]any{"card": epA1}, "orders_forbidden_aggressive")
		})
		t.Run("Instinctive"+c.opts, func(t *testing.T) {
			x := toPosture(t, c.opts, 9)
			deck := append([]int(nil), x.st.Behaviour.Cards...)
			x.ok(0, "choose_posture", map[string]any{"posture": Instinctive})
			if got, want := x.st.BehaviourDrawn, deck[:c.beh]; !reflect.DeepEqual(got, want) {
				t.Fatalf("drawn = %v, want %v", got, want)
			}
			x.fail(0, "play_behaviour", map[string]any{"card": deck[c.beh]}, "not_drawn")
			x.fail(1, "play_behaviour", map[string]any{"card": deck[1]}, "not_alien")
			x.ok(0, "play_behaviour", map[string]any{"card": deck[1]})
			rest := append([]int{deck[0]}, deck[2:c.beh]...)
			if got, want := x.st.Behaviour.Cards[len(x.st.Behaviour.Cards)-len(rest):], rest; !reflect.DeepEqual(got, want) {
				t.Fatalf("bottom of the Behaviour deck = %v, want %v", got, want)
			}
			if got, want := x.st.BehaviourDiscard, []int{deck[1]}; !reflect.DeepEqual(got, want) {
				t.Fatalf("Behaviour discard = %v, want %v", got, want)
			}
			if tp := x.st.top(); tp == nil || tp.Kind != taskEffect || tp.Source != srcBehaviour {
				t.Fatalf("top task = %+v, want the Behaviour effect", tp)
			}
			x.fail(1, "end_effect", nil, "not_your_effect")
			x.ok(0, "end_effect", nil)
			if got, want := x.st.Phase, PhaseHunting; got != want {
				t.Fatalf("phase = %s, want %s", got, want)
			}
		})
		t.Run("Focused"+c.opts, func(t *testing.T) {
			x := toPosture(t, c.opts, 9)
			x.stack(epA1, epA2, epB1)
			x.ok(0, "choose_posture", map[string]any{"posture": Focused})
			if got, want := x.st.Discard[:c.discards], []int{epA1, epA2}[:c.discards]; !reflect.DeepEqual(got, want) {
				t.Fatalf("discard = %v, want %v", got, want)
			}
			if got, want := x.st.Breakdowns, 2; got != want {
				t.Fatalf("Breakdowns = %d, want %d", got, want)
			}
		})
	}
	t.Run("FocusedWeyland", func(t *testing.T) {
		x := toPosture(t, "", 9)
		x.stack(wey1)
		x.ok(0, "choose_posture", map[string]any{"posture": Focused})
		tp := x.st.top()
		if tp == nil || tp.Kind != taskEffect || tp.Source != srcWeyland || tp.Card != wey1 || tp.Seat != 0 {
			t.Fatalf("top task = %+v, want the Alien's Weyland protocol effect", tp)
		}
		x.ok(0, "effect_move_token", map[string]any{"token": x.st.Board[0].Handle, "room": 7})
		x.ok(0, "end_effect", nil)
		if got, want := x.st.Phase, PhaseHunting; got != want {
			t.Fatalf("phase = %s, want %s", got, want)
		}
	})
	t.Run("FocusedStockEmpty", func(t *testing.T) {
		x := toPosture(t, "", 9)
		x.st.Breakdowns = 4
		x.ok(0, "choose_posture", map[string]any{"posture": Focused})
		if got, want := x.st.Breakdowns, 4; got != want {
			t.Fatalf("Breakdowns = %d, want %d", got, want)
		}
		if !kittest.HasEvent(x.last.Events, "breakdown_stock_empty") {
			t.Fatal("no breakdown_stock_empty event")
		}
	})
}

func TestAppearance(t *testing.T) {
	// Alien in 9 with Red Presence and Red Passage; Jonesy in 2 with Blue
	// Presence; the Breakdown in 3 alone (discards 2); the rest in 8.
	x := toPosture(t, "", 9, pl{"Red/presence", 9}, pl{"Red/passage", 9}, pl{"Blue/presence", 2})
	x.stack(epA1, epB1, epC1)
	x.ok(0, "choose_posture", map[string]any{"posture": Focused})
	// Focused discarded epA1; the Breakdown discards 2 more.
	if got, want := x.st.Discard, []int{epA1, epB1, epC1}; !reflect.DeepEqual(got, want) {
		t.Fatalf("discard = %v, want %v", got, want)
	}
	if !x.last.Reveals {
		t.Fatal("Reveals = false, want true")
	}
	if got := x.boardToken("Blue/presence").Shown; got != nil {
		t.Fatalf("Crew token in Jonesy's room flipped: %v", got)
	}
	for _, tok := range []string{"Yellow/presence"} {
		if x.boardToken(tok).Shown != nil {
			t.Fatalf("%s flipped outside the Alien's room", tok)
		}
	}
	if got, want := x.st.AttackRoom, 9; got != want {
		t.Fatalf("attack room = %d, want %d", got, want)
	}
	if got, want := x.st.Removed, []CrewToken{{"Red", Passage}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("removed = %v, want %v (the Passage token revealed is removed)", got, want)
	}
	// Breakdown before Alien: the event order.
	var order []string
	for _, e := range x.events {
		switch e.Code {
		case "jonesy", "breakdown", "alien_appears":
			order = append(order, e.Code)
		}
	}
	if got, want := order, []string{"jonesy", "breakdown", "alien_appears"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Blip effects order = %v, want %v (the Alien last)", got, want)
	}
	if got, want := x.st.JonesyRoom, 2; got != want {
		t.Fatalf("Jonesy room = %d, want %d", got, want)
	}
	if len(x.st.Blips) != 0 {
		t.Fatalf("blips left = %v", x.st.Blips)
	}
}

func TestBreakdownCounts(t *testing.T) {
	for _, c := range []struct {
		name   string
		crew   []pl
		discds int
	}{
		{"None", nil, 2},
		{"One", []pl{{"Red/passage", 3}}, 1},
		{"Two", []pl{{"Red/passage", 3}, {"Blue/passage", 3}}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := toPosture(t, "", 9, c.crew...)
			x.stack(epA1, epB1, epC1)
			x.ok(0, "choose_posture", map[string]any{"posture": Aggressive})
			if got := len(x.st.Discard); got != c.discds {
				t.Fatalf("discarded = %d, want %d", got, c.discds)
			}
		})
	}
	t.Run("ErrOrdersWhileWeylandInAppearance", func(t *testing.T) {
		x := toPosture(t, "", 9)
		x.stack(wey1, epA1)
		x.hand(1, epB1)
		x.ok(0, "choose_posture", map[string]any{"posture": Instinctive})
		x.ok(0, "play_behaviour", map[string]any{"card": x.st.BehaviourDrawn[0]})
		x.ok(0, "end_effect", nil)
		if got := x.st.Phase; got != PhaseAppearance {
			t.Fatalf("phase = %s, want appearance (Weyland effect open)", got)
		}
		x.fail(1, "play_mission_order", map[string]any{"card": epB1}, "orders_forbidden_phase")
	})
}
