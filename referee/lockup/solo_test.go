package lockup

import (
	"testing"

	"tablewarden/referee/kit"
)

// soloGame is a solo game with a double tunnel on location 2 and the
// guard card of strength g there (no guard strength elsewhere).
func soloGame(t *testing.T, opts string, g int, explorer bool) *State {
	st := setup(t, 31, opts, "Ana")
	st = withTunnels(st, "", "double", "", "", "", "", "")
	for i := range st.GuardState.OnLocations {
		st.GuardState.OnLocations[i].Strength = 0
		st.GuardState.OnLocations[i].Explorer = false
	}
	st.GuardState.OnLocations[1].Strength = g
	st.GuardState.OnLocations[1].Explorer = explorer
	return st
}

func TestSoloGuards(t *testing.T) {
	t.Run("MostStrengthWithoutExplorerOneSpaceThroughDouble", func(t *testing.T) {
		st := rollCall(t, soloGame(t, "", 3, false), map[int][]put{0: {{"crew3", 2, false}}}, nil)
		if got, want := st.GuardState.Lantern, "STAIRS"; got != want {
			t.Fatalf("guards' lantern = %s, want %s (one space only)", got, want)
		}
		if len(st.Queue) != 0 {
			t.Fatalf("queue = %v, want empty", st.Queue)
		}
	})
	t.Run("NotMostStrengthNoAdvance", func(t *testing.T) {
		st := rollCall(t, soloGame(t, "", 2, false), map[int][]put{0: {{"crew3", 2, false}}}, nil)
		if got := st.GuardState.Lantern; got != SpaceEntrance {
			t.Fatalf("guards' lantern = %s, want ENTRANCE (tie goes to the player, assumed)", got)
		}
	})
	for _, tc := range []struct {
		name  string
		pay   bool
		space string
	}{{"ForkCostPathWhenTheyCanPay", true, "FLOODED_HALL"}, {"ForkOtherPathOtherwise", false, "OSSUARY"}} {
		t.Run(tc.name, func(t *testing.T) {
			st := soloGame(t, "", 3, false)
			st.GuardState.Lantern = "STAIRS"
			st = rollCall(t, st, nil, nil)
			refuse(t, st, seat(0), "guards_pay", M{"can_pay": tc.pay, "x": 1}, "bad_args")
			top := st.LootStacks["OSSUARY"][0]
			st, _ = play(t, st, seat(0), "guards_pay", M{"can_pay": tc.pay})
			if got := st.GuardState.Lantern; got != tc.space {
				t.Fatalf("guards went to %s, want %s", got, tc.space)
			}
			if tc.space == "OSSUARY" {
				if got := st.GuardState.Loot; len(got) != 1 || got[0] != top {
					t.Fatalf("guards' loot = %v, want the top token [%s]", got, top)
				}
			}
			refuse(t, st, seat(0), "guards_pay", M{"can_pay": true}, "guards_not_waiting")
		})
	}
	t.Run("LoneExplorerStrongerGuardsBoth", func(t *testing.T) {
		st := rollCall(t, soloGame(t, "", 3, false), map[int][]put{0: {{"explorer", 2, false}}}, nil)
		if h, _ := head(st); h.Seat != 0 || h.StepsLeft != 2 || len(st.Queue) != 2 || st.Queue[1].Seat != Guards {
			t.Fatalf("queue = %+v, want Ana (2 spaces) then the guards", st.Queue)
		}
		st, _ = play(t, st, seat(0), "advance", M{"to": "STAIRS"})
		st, _ = play(t, st, seat(0), "stop_advancing", nil)
		if got := st.GuardState.Lantern; got != "STAIRS" {
			t.Fatalf("guards' lantern = %s, want STAIRS after the player", got)
		}
	})
	t.Run("LoneExplorerStrongerGuardsGuardsOnly", func(t *testing.T) {
		opts := `{"game_data":{"lone_explorer_vs_stronger_guards":{"value":"guards_only"}}}`
		st := rollCall(t, soloGame(t, opts, 3, false), map[int][]put{0: {{"explorer", 2, false}}}, nil)
		if len(st.Queue) != 0 || st.GuardState.Lantern != "STAIRS" || st.Players[0].Lantern != SpaceEntrance {
			t.Fatalf("queue %v guards %s player %s: want only the guards to advance", st.Queue, st.GuardState.Lantern, st.Players[0].Lantern)
		}
	})
	t.Run("BothExplorersGuardsStronger", func(t *testing.T) {
		st := rollCall(t, soloGame(t, "", 3, true), map[int][]put{0: {{"explorer", 2, false}}}, nil)
		if len(st.Queue) != 0 || st.GuardState.Lantern != "STAIRS" || st.Players[0].Lantern != SpaceEntrance {
			t.Fatalf("queue %v guards %s player %s: want only the guards", st.Queue, st.GuardState.Lantern, st.Players[0].Lantern)
		}
	})
	t.Run("BothExplorersPlayerStronger", func(t *testing.T) {
		st := rollCall(t, soloGame(t, "", 3, true), map[int][]put{0: {{"explorer", 2, false}, {"crew4", 2, false}}}, nil)
		if h, _ := head(st); h.Seat != 0 || len(st.Queue) != 1 {
			t.Fatalf("queue = %+v, want only Ana", st.Queue)
		}
	})
	t.Run("LegendRewardTwoStars", func(t *testing.T) {
		st := rollCall(t, soloGame(t, "", 0, false), nil, nil)
		st, _ = play(t, st, kit.HostActor, "resolve_legend", M{"guards_rewarded": true})
		if got := st.GuardState.LegendStars; got != 2 {
			t.Fatalf("guards' legend stars = %d, want 2", got)
		}
	})
}
