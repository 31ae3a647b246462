package nostromo

import (
	"slices"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func offered(x *tg, seat int, typ string) bool {
	for _, m := range x.g.View(x.st, kit.SeatViewer(seat)).Moves {
		if m.Type == typ {
			return true
		}
	}
	return false
}

// TestNoOrdersThisTurn: "I have no mission orders this turn" makes the
// referee pass for that player in every window until the next game turn.
func TestNoOrdersThisTurn(t *testing.T) {
	t.Run("TwoPlayers", func(t *testing.T) {
		x := toAction(t, "", 9)
		if !x.windowOpen() || !offered(x, 1, MoveSkipOrders) || offered(x, 0, MoveSkipOrders) {
			t.Fatal("skip_orders_this_turn is not offered with the pass (to the crew only)")
		}
		x.ok(1, MoveSkipOrders, nil)
		if x.windowOpen() || !kittest.HasEvent(x.last.Events, "orders_pass_auto") {
			t.Fatalf("the window was not passed for the crew: %v", x.eventCodes())
		}
		x.fail(1, MoveSkipOrders, nil, "no_window")
		if !offered(x, 1, MoveResumeOrders) {
			t.Fatal("resume is not offered")
		}
		x.ok(1, "resolve_room", map[string]any{"room": 8})
		for len(x.st.Acting) > 0 {
			x.ok(1, "action_draw", map[string]any{"token": x.st.Acting[0]})
		}
		// The window before the end of the turn passed by itself: turn 2,
		// the flag is gone and the crew is asked again.
		if got, want := x.st.Round, 2; got != want {
			t.Fatalf("round = %d, want %d (the window before the end of the turn was not passed)", got, want)
		}
		if x.st.noOrders(1) || !x.windowOpen() || !offered(x, 1, MovePassMissionOrders) {
			t.Fatal("the switch was not cleared at the next game turn")
		}
	})
	t.Run("ThreePlayers", func(t *testing.T) {
		x := newTG(t, 3, "")
		x.ok(1, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[1][0]), "room": 4}).ok(1, "done_placing", nil)
		x.ok(2, "place_crew_token", map[string]any{"token": tokenValue(x.st.Reserve[2][0]), "room": 4}).ok(2, "done_placing", nil)
		x.ok(1, MoveSkipOrders, nil)
		if !x.windowOpen() {
			t.Fatal("the window closed although Cat did not pass")
		}
		if got, want := x.g.View(x.st, kit.BoardViewer).Turn, []int{2}; !slices.Equal(got, want) {
			t.Fatalf("turn = %v, want %v", got, want)
		}
		x.fail(1, MovePassMissionOrders, nil, "orders_skipped")
		wantPrompt(t, x, kit.SeatViewer(1), "prompt.window_no_orders", "waiting for Cat")
		x.ok(1, MoveResumeOrders, nil)
		if !offered(x, 1, MovePassMissionOrders) {
			t.Fatal("pass not offered after resuming")
		}
		x.ok(2, MovePassMissionOrders, nil)
		if x.windowOpen() {
			t.Fatal("Cat's pass did not close the window")
		}
	})
}
