package nostromo

import (
	"reflect"
	"slices"
	"testing"
)

// toHunting plays to the start of the hunting phase of a 2-player game
// with the given posture (the Behaviour effect, if any, closed at once).
func toHunting(t *testing.T, opts, posture string, a int, crew ...pl) *tg {
	x := toPosture(t, opts, a, crew...)
	x.ok(0, "choose_posture", map[string]any{"posture": posture})
	if posture == Instinctive {
		x.ok(0, "play_behaviour", map[string]any{"card": x.st.BehaviourDrawn[0]})
		x.ok(0, "end_effect", nil)
	}
	for x.st.top() != nil && x.st.top().Kind == taskEffect {
		x.ok(0, "end_effect", nil)
	}
	return x
}

func TestHunting(t *testing.T) {
	x := toHunting(t, "", Instinctive, 9, pl{"Red/presence", 10}, pl{"Blue/presence", 4})
	if x.st.Phase != PhaseHunting || !x.windowOpen() {
		t.Fatalf("phase %s, window %v: want hunting with a window before the hunting action", x.st.Phase, x.windowOpen())
	}
	x.fail(0, "hunt", map[string]any{"room": 4}, "wrong_phase")
	x.pass()
	x.fail(1, "hunt", map[string]any{"room": 4}, "not_alien")
	x.fail(0, "hunt", map[string]any{"room": 9}, "same_room")
	x.fail(0, "hunt", map[string]any{"room": 2}, "jonesy_room")
	x.ok(0, "hunt", map[string]any{"room": 10}) // the Shuttle is now allowed
	// The window opens after the move, before the reveal.
	red := x.boardToken("Red/presence")
	if !x.windowOpen() || red.Shown != nil {
		t.Fatal("the Crew tokens were flipped before the crew was asked for mission orders")
	}
	x.hand(1, epA1, epB1)
	x.ok(1, "play_mission_order", map[string]any{"card": epA1})
	x.fail(0, "effect_move_token", map[string]any{"token": red.Handle, "room": 5}, "not_your_effect")
	x.ok(1, "effect_move_token", map[string]any{"token": red.Handle, "room": 5})
	x.ok(1, "end_effect", nil)
	if !x.windowOpen() {
		t.Fatal("the window did not reopen after the mission order")
	}
	x.pass()
	if x.st.AttackRoom != 0 {
		t.Fatal("attack although the Presence token left the room before the reveal")
	}
	x.pass()
	x.ok(0, "hunt", map[string]any{"room": 4})
	x.pass()
	if got, want := x.st.AttackRoom, 4; got != want {
		t.Fatalf("attack room = %d, want %d", got, want)
	}
	if !x.last.Reveals {
		t.Fatal("Reveals = false for the reveal after a hunting action")
	}
	x.pass() // no save: Blue is captured
	x.fail(0, "give_crew_card", map[string]any{"crew_card": 0}, "not_your_turn")
	x.ok(1, "give_crew_card", map[string]any{"crew_card": 2})
	if !x.st.CrewCards[2].Captured {
		t.Fatal("crew member card not captured")
	}
	// Hunting actions used up: window before the action phase.
	if x.st.Phase != PhaseHunting || !x.windowOpen() {
		t.Fatalf("phase %s: want a window before the action phase", x.st.Phase)
	}
	x.pass()
	if got, want := x.st.Phase, PhaseAction; got != want {
		t.Fatalf("phase = %s, want %s", got, want)
	}
	if x.st.AlienRoom != 0 || x.st.JonesyRoom != 0 {
		t.Fatal("the Jonesy and Alien tokens did not leave the board")
	}
}

func TestAttackSaves(t *testing.T) {
	t.Run("MissionOrderSave", func(t *testing.T) {
		x := toHunting(t, "", Focused, 9, pl{"Red/presence", 9}, pl{"Blue/presence", 9})
		if got, want := x.st.AttackRoom, 9; got != want {
			t.Fatalf("attack room = %d, want %d", got, want)
		}
		x.hand(1, epA1)
		red := x.boardToken("Red/presence")
		x.ok(1, "play_mission_order", map[string]any{"card": epA1})
		x.fail(1, "effect_save", map[string]any{"token": 999}, "not_in_attack")
		x.ok(1, "effect_save", map[string]any{"token": red.Handle})
		x.ok(1, "end_effect", nil)
		x.pass()
		if tp := x.st.top(); tp == nil || tp.Kind != taskCapture || tp.Color != "Blue" || len(x.st.Tasks) != 2 {
			t.Fatalf("tasks = %+v, want only Blue captured", x.st.Tasks)
		}
		x.ok(1, "give_crew_card", map[string]any{"crew_card": 0})
		x.fail(1, "give_crew_card", map[string]any{"crew_card": 0}, "wrong_phase")
	})
	t.Run("ErrNestProtected", func(t *testing.T) {
		x := toHunting(t, "", Focused, 7, pl{"Red/presence", 7})
		x.hand(1, epA1)
		red := x.boardToken("Red/presence")
		x.ok(1, "play_mission_order", map[string]any{"card": epA1})
		x.fail(1, "effect_save", map[string]any{"token": red.Handle}, "nest_protected")
		x.fail(1, "effect_move_token", map[string]any{"token": red.Handle, "room": 1}, "nest_protected")
	})
	t.Run("FlameThrower", func(t *testing.T) {
		x := toHunting(t, "", Focused, 9, pl{"Red/presence", 9}, pl{"Blue/presence", 9})
		x.st.Items[0].Holder, x.st.Items[0].Room = 1, 0
		x.hand(1)
		discard := len(x.st.Discard)
		x.ok(1, "use_item", map[string]any{"item": FlameThrower})
		if got, want := len(x.st.faceUpPresence(9)), 0; got != want {
			t.Fatalf("Presence tokens left = %d, want %d", got, want)
		}
		if got, want := len(x.st.Hands[1]), 2; got != want {
			t.Fatalf("hand = %d cards, want %d (1 per token saved)", got, want)
		}
		if got, want := len(x.st.Discard), discard-2; got != want {
			t.Fatalf("discard = %d, want %d", got, want)
		}
		if got, want := x.st.Items[0], (Item{FlameThrower, 9, -1}); got != want {
			t.Fatalf("Flame-thrower = %v, want %v (stays in the room)", got, want)
		}
		x.pass()
		if x.st.capturedCards() != 0 {
			t.Fatal("captures after the Flame-thrower saved all")
		}
	})
	t.Run("MotionDetector", func(t *testing.T) {
		x := toHunting(t, "", Focused, 9, pl{"Red/presence", 9})
		x.st.Items[1].Holder, x.st.Items[1].Room = 1, 0
		red := x.boardToken("Red/presence")
		x.fail(1, "use_item", map[string]any{"item": FlameThrower}, "not_holding_item")
		x.ok(1, "use_item", map[string]any{"item": MotionDetector})
		x.fail(1, "detector_move", map[string]any{"token": red.Handle, "room": 1}, "not_connected")
		x.ok(1, "detector_move", map[string]any{"token": red.Handle, "room": 8})
		if got, want := x.boardToken("Red/presence").Room, 8; got != want {
			t.Fatalf("Red room = %d, want %d", got, want)
		}
		if got, want := x.st.Items[1], (Item{MotionDetector, 9, -1}); got != want {
			t.Fatalf("Motion detector = %v, want %v", got, want)
		}
	})
	t.Run("ErrItemsAggressive", func(t *testing.T) {
		x := toHunting(t, `{"difficulty":"experienced"}`, Aggressive, 9, pl{"Red/presence", 9})
		x.st.Items[0].Holder, x.st.Items[0].Room = 1, 0
		x.hand(1, epA1)
		x.fail(1, "use_item", map[string]any{"item": FlameThrower}, "items_forbidden_aggressive")
		x.fail(1, "play_mission_order", map[string]any{"card": epA1}, "orders_forbidden_aggressive")
		// The capture comes at once; the capture drops the held Item.
		x.ok(1, "give_crew_card", map[string]any{"crew_card": 0})
		if got, want := x.st.Items[0], (Item{FlameThrower, 9, -1}); got != want {
			t.Fatalf("Flame-thrower = %v, want %v (dropped in the capture room)", got, want)
		}
	})
	t.Run("ErrItemsOutsideAttack", func(t *testing.T) {
		x := toHunting(t, "", Focused, 9)
		x.st.Items[0].Holder, x.st.Items[0].Room = 1, 0
		x.fail(1, "use_item", map[string]any{"item": FlameThrower}, "items_only_in_attack")
	})
	t.Run("DropItemChoice", func(t *testing.T) {
		x := toHunting(t, "", Focused, 9, pl{"Red/presence", 9})
		for i := range x.st.Items {
			x.st.Items[i].Holder, x.st.Items[i].Room = 1, 0
		}
		x.ok(1, "pass_mission_orders", nil)
		x.ok(1, "give_crew_card", map[string]any{"crew_card": 0})
		x.ok(1, "drop_item", map[string]any{"item": MotionDetector})
		if got, want := x.st.heldItems(1), []string{FlameThrower}; !reflect.DeepEqual(got, want) {
			t.Fatalf("held = %v, want %v", got, want)
		}
	})
}

func TestCapturePenalties(t *testing.T) {
	for _, c := range []struct {
		name       string
		opts       string
		deckDisc   int
		handChoice bool
		handLeft   int
		keepsToken bool
	}{
		{"Novice", ``, 0, false, 2, false},
		{"HardCore", `{"difficulty":"hardcore"}`, 1, false, 1, false},
		{"Survival", `{"survival":true}`, 1, true, 1, true},
		{"SurvivalHardCore", `{"survival":true,"difficulty":"hardcore"}`, 1, false, 1, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := toHunting(t, c.opts, Aggressive, 9, pl{"Red/presence", 9})
			x.hand(1, epA1, epB1)
			x.stack(epC1)
			disc := len(x.st.Discard)
			x.ok(1, "give_crew_card", map[string]any{"crew_card": 0})
			if c.handChoice {
				x.ok(1, "capture_discard", map[string]any{"card": epB1})
			} else {
				x.fail(1, "capture_discard", map[string]any{"card": epB1}, "wrong_phase")
			}
			if got, want := len(x.st.Hands[1]), c.handLeft; got != want {
				t.Fatalf("hand = %d, want %d", got, want)
			}
			if got, want := len(x.st.Discard)-disc, c.deckDisc+2-c.handLeft; got != want {
				t.Fatalf("discarded = %d, want %d", got, want)
			}
			if got := slices.Contains(x.st.Captured, "Red"); got != c.keepsToken {
				t.Fatalf("Alien keeps the Presence token = %v, want %v", got, c.keepsToken)
			}
		})
	}
	t.Run("HardCoreWeylandFromHand", func(t *testing.T) {
		x := toHunting(t, `{"difficulty":"hardcore"}`, Aggressive, 9, pl{"Red/presence", 9})
		x.hand(1, wey2)
		x.stack(epC1)
		x.ok(1, "give_crew_card", map[string]any{"crew_card": 0})
		tp := x.st.top()
		if tp == nil || tp.Kind != taskEffect || tp.Card != wey2 || tp.Seat != 0 {
			t.Fatalf("top = %+v, want the Alien applying Weyland protocol %d", tp, wey2)
		}
	})
	t.Run("ErrHeroicMustGiveOwn", func(t *testing.T) {
		x := toHunting(t, `{"heroic":true}`, Aggressive, 9, pl{"Red/presence", 9})
		// In 2 players the crew owns all 6 cards; hand one to nobody.
		x.st.CrewCards[0].Owner = -1
		x.fail(1, "give_crew_card", map[string]any{"crew_card": 0}, "must_give_own")
		x.ok(1, "give_crew_card", map[string]any{"crew_card": 1})
	})
}
