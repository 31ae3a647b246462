package nostromo

import "testing"

// TestOrdersAlways: "Crew players can ALWAYS play mission orders during
// this phase" (1 - Hiding Phase, 5 - Action Phase). Besides the windows a
// crew player plays one during a crew player's placement step and while a
// room's Presence tokens take their actions: it is offered and accepted,
// and the game goes on where it was once the card's effect is applied.
func TestOrdersAlways(t *testing.T) {
	t.Run("PlacementStep", func(t *testing.T) {
		x := newTG(t, 3, "")
		x.ok(1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": 4})
		if x.windowOpen() || x.st.hidingPlacer() != 1 {
			t.Fatalf("want seat 1's placement step, no window: placer %d, tasks %+v", x.st.hidingPlacer(), x.st.Tasks)
		}
		for _, seat := range []int{1, 2} {
			x.hand(seat, wey1+seat)
			if !offered(x, seat, MovePlayMissionOrder) {
				t.Fatalf("seat %d: play_mission_order is not offered during a placement step", seat)
			}
			x.ok(seat, MovePlayMissionOrder, map[string]any{"card": wey1 + seat})
			x.ok(seat, MoveEndEffect, nil)
			if got := x.st.hidingPlacer(); got != 1 {
				t.Fatalf("after the mission order the placer is seat %d, want 1", got)
			}
		}
		x.fail(0, MovePlayMissionOrder, map[string]any{"card": wey1}, "not_crew")
		if offered(x, 1, MovePassMissionOrders) {
			t.Fatal("pass_mission_orders is offered with no window open")
		}
		x.ok(1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": 5})
	})
	t.Run("PresenceTokensActing", func(t *testing.T) {
		x := toAction(t, "", 9, pl{"Red/presence", 3}, pl{"Blue/presence", 3})
		x.pass()
		x.ok(1, "resolve_room", map[string]any{"room": 3})
		if len(x.st.Acting) != 2 || x.windowOpen() {
			t.Fatalf("want 2 Presence tokens acting in 3 Sleep Vault, no window: acting %v, tasks %+v", x.st.Acting, x.st.Tasks)
		}
		x.ok(1, "action_draw", map[string]any{"token": x.st.Acting[0]})
		x.hand(1, wey2)
		if !offered(x, 1, MovePlayMissionOrder) {
			t.Fatal("play_mission_order is not offered while Presence tokens act")
		}
		x.ok(1, MovePlayMissionOrder, map[string]any{"card": wey2})
		x.ok(1, MoveEndEffect, nil)
		if x.st.Stage != stActing || len(x.st.Acting) != 1 {
			t.Fatalf("after the mission order: stage %s, acting %v; want the last Presence token still to act", x.st.Stage, x.st.Acting)
		}
		x.ok(1, "action_draw", map[string]any{"token": x.st.Acting[0]})
	})
	t.Run("ChoosingTheNextRoom", func(t *testing.T) {
		x := toAction(t, "", 9, pl{"Red/presence", 3})
		x.pass()
		x.hand(1, wey3)
		x.ok(1, MovePlayMissionOrder, map[string]any{"card": wey3})
		x.ok(1, MoveEndEffect, nil)
		x.ok(1, "resolve_room", map[string]any{"room": 3})
	})
	t.Run("ErrDuringAnotherCardsEffect", func(t *testing.T) {
		x := newTG(t, 3, "")
		x.hand(1, wey1)
		x.hand(2, wey2)
		x.ok(1, MovePlayMissionOrder, map[string]any{"card": wey1})
		x.fail(2, MovePlayMissionOrder, map[string]any{"card": wey2}, "no_window")
		if offered(x, 2, MovePlayMissionOrder) {
			t.Fatal("play_mission_order is offered while another card's effect is applied")
		}
	})
	t.Run("ErrHuntingOutsideWindows", func(t *testing.T) {
		x := toHunting(t, "", Instinctive, 9)
		for x.windowOpen() {
			x.pass()
		}
		if x.st.Phase != PhaseHunting {
			t.Fatalf("phase = %s, want hunting", x.st.Phase)
		}
		x.hand(1, wey1)
		x.fail(1, MovePlayMissionOrder, map[string]any{"card": wey1}, "no_window")
	})
}
