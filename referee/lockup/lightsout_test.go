package lockup

import (
	"testing"

	"tablewarden/referee/kit/kittest"

	"tablewarden/referee/kit"
)

// tunnelGame is a 3-player game with a single tunnel on location 2 and a
// double on location 3; location 1 has none.
func tunnelGame(t *testing.T) *State {
	st := setup(t, 11, "", "Ana", "Bia", "Caio")
	return withTunnels(st, "", "single", "double", "", "", "", "")
}

func head(st *State) (Advance, bool) {
	if len(st.Queue) == 0 {
		return Advance{}, false
	}
	return st.Queue[0], true
}

func TestTunnelResolution(t *testing.T) {
	t.Run("LoneExplorerAdvancesOneOnSingle", func(t *testing.T) {
		st := rollCall(t, tunnelGame(t), map[int][]put{0: {{"explorer", 2, false}}}, nil)
		h, ok := head(st)
		if !ok || h.Seat != 0 || h.StepsLeft != 1 || st.Phase != PhaseLightsOut {
			t.Fatalf("queue head = %+v (%v), phase %s; want Ana with 1 step", h, ok, st.Phase)
		}
		refuse(t, st, seat(1), "advance", M{"to": "STAIRS"}, "not_advancing")
		st, _ = play(t, st, seat(0), "advance", M{"to": "STAIRS"})
		if got, want := st.Players[0].Lantern, "STAIRS"; got != want {
			t.Fatalf("lantern = %s, want %s", got, want)
		}
		if _, ok := head(st); ok || st.Phase != PhaseLegend {
			t.Fatalf("after 1 space on a single tunnel: queue %v phase %s, want done and legend", st.Queue, st.Phase)
		}
	})
	t.Run("DoubleTunnelTwoSpaces", func(t *testing.T) {
		st := rollCall(t, tunnelGame(t), map[int][]put{0: {{"explorer", 3, false}}}, nil)
		st, _ = play(t, st, seat(0), "advance", M{"to": "STAIRS"})
		st, _ = play(t, st, seat(0), "advance_paying", M{"to": "FLOODED_HALL"})
		if got, want := st.Players[0].Lantern, "FLOODED_HALL"; got != want {
			t.Fatalf("lantern = %s, want %s", got, want)
		}
		refuse(t, st, seat(0), "advance", M{"to": "CROSSROADS"}, "not_advancing")
	})
	t.Run("MostStrengthAmongExplorers", func(t *testing.T) {
		st := rollCall(t, tunnelGame(t), map[int][]put{
			0: {{"explorer", 3, false}, {"crew3", 3, false}}, // 1 + 2
			1: {{"explorer", 3, false}, {"crew6", 3, true}},  // 1 + 5, face down
			2: {{"crew5", 3, false}},                         // strength 4, no explorer
		}, nil)
		if h, _ := head(st); h.Seat != 1 || h.StepsLeft != 2 {
			t.Fatalf("queue head = %+v, want Bia with 2 steps", h)
		}
	})
	for _, tc := range []struct {
		name  string
		first int
		want  int
	}{{"TieFirstPlayerAna", 0, 0}, {"TieFirstPlayerBia", 1, 1}, {"TieClockwiseFromCaio", 2, 0}} {
		t.Run(tc.name, func(t *testing.T) {
			st := tunnelGame(t)
			st.FirstPlayer, st.Turn = tc.first, tc.first
			st = rollCall(t, st, map[int][]put{0: {{"explorer", 2, false}}, 1: {{"explorer", 2, false}}}, nil)
			if h, _ := head(st); h.Seat != tc.want {
				t.Fatalf("tie winner = seat %d, want %d", h.Seat, tc.want)
			}
		})
	}
	t.Run("NoExplorerNobodyAdvances", func(t *testing.T) {
		st := rollCall(t, tunnelGame(t), map[int][]put{0: {{"crew6", 2, false}}}, nil)
		if len(st.Queue) != 0 || st.Phase != PhaseLegend {
			t.Fatalf("queue = %v, want empty", st.Queue)
		}
	})
	t.Run("EndedLanternStillBlocks", func(t *testing.T) {
		st := tunnelGame(t)
		st.Players[0].Lantern = "TOMB"
		st = rollCall(t, st, map[int][]put{0: {{"explorer", 2, false}, {"crew6", 2, false}}, 1: {{"explorer", 2, false}}}, nil)
		if len(st.Queue) != 0 {
			t.Fatalf("queue = %v: Ana at TOMB wins location 2 and blocks Bia, want no advance", st.Queue)
		}
	})
	t.Run("DeclineThenLatecomer", func(t *testing.T) {
		st := rollCall(t, tunnelGame(t), map[int][]put{0: {{"explorer", 2, false}}}, nil)
		st, res := play(t, st, seat(0), "stop_advancing", nil)
		if !kittest.HasEvent(res.Events, "advance_declined") {
			t.Fatal("no advance_declined event")
		}
		st, _ = play(t, st, seat(0), "latecomer", M{"location": 2})
		refuse(t, st, seat(0), "latecomer", M{"location": 2}, "already_latecomer")
	})
	t.Run("ErrAdvancedNoLibrary", func(t *testing.T) {
		st := rollCall(t, tunnelGame(t), map[int][]put{0: {{"explorer", 2, false}}}, nil)
		st, _ = play(t, st, seat(0), "advance", M{"to": "STAIRS"})
		refuse(t, st, seat(0), "latecomer", M{"location": 2}, "advanced_no_library")
	})
	t.Run("ErrNotResolvedYet", func(t *testing.T) {
		st := rollCall(t, tunnelGame(t), map[int][]put{0: {{"explorer", 2, false}}, 1: {{"crew2", 5, false}}}, nil)
		refuse(t, st, seat(1), "latecomer", M{"location": 5}, "not_resolved_yet")
		refuse(t, st, seat(0), "latecomer", M{"location": 2}, "not_resolved_yet")
		refuse(t, st, seat(2), "latecomer", M{"location": 2}, "no_tokens_there")
	})
}

func TestLegendCard(t *testing.T) {
	st := tunnelGame(t)
	st = rollCall(t, st, nil, map[int]string{0: "crew4", 1: "crew4", 2: "crew6"})
	t.Run("StrengthsRevealedAndRanked", func(t *testing.T) {
		if st.Phase != PhaseLegend {
			t.Fatalf("phase = %s, want legend", st.Phase)
		}
		var got []int
		for _, r := range st.LegendRanking {
			got = append(got, r.Seat)
		}
		if want := []int{2, 0, 1}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
			t.Fatalf("legend ranking = %v, want %v (Caio 5, then Ana and Bia tied at 3 in seating order)", got, want)
		}
		for s := range st.Players {
			if tk := st.Players[s].Tokens[st.Players[s].tokensIn(PlaceLegend, 0)[0]]; !tk.Revealed {
				t.Fatalf("seat %d's legend token is not revealed", s)
			}
		}
	})
	t.Run("ErrTomeDuringLegend", func(t *testing.T) {
		refuse(t, st, seat(0), "play_tome", M{"tome": "Tome of Ash", "text_allows": false}, "tome_during_legend")
		play(t, st, seat(0), "play_tome", M{"tome": "Tome of Ash", "text_allows": true})
	})
	t.Run("ErrSoloOnly", func(t *testing.T) {
		refuse(t, st, kit.HostActor, "resolve_legend", M{"guards_rewarded": true}, "solo_only")
	})
	t.Run("TokensReturnAndPatrol", func(t *testing.T) {
		old, next := st.ActiveLegend, st.LegendDeck[0]
		s := hostResolvesLegend(t, st)
		if s.Round != 2 || s.Phase != PhaseRollCall {
			t.Fatalf("round %d phase %s, want round 2 Roll Call", s.Round, s.Phase)
		}
		if got := s.LegendDeck[len(s.LegendDeck)-1]; got != old {
			t.Fatalf("bottom legend card = %s, want %s", got, old)
		}
		if s.ActiveLegend != next {
			t.Fatalf("active legend = %s, want %s", s.ActiveLegend, next)
		}
		for i, p := range s.Players {
			if p.inCell() != 7 {
				t.Fatalf("seat %d has %d tokens in the holding cell, want 7", i, p.inCell())
			}
		}
		if s.FirstPlayer != 1 || s.Turn != 1 {
			t.Fatalf("first player = %d, want 1 (marker passes clockwise, assumed)", s.FirstPlayer)
		}
	})
	t.Run("HostOrFirstPlayerResolves", func(t *testing.T) {
		if st.FirstPlayer != 0 {
			t.Fatalf("first player = %d, want 0", st.FirstPlayer)
		}
		refuse(t, st, seat(1), "resolve_legend", nil, "host_only")
		if offeredTo(st, 1, "resolve_legend") || !offeredTo(st, 0, "resolve_legend") || !offeredTo(st, -1, "resolve_legend") {
			t.Fatal("resolve_legend must be offered to the host and the first player only")
		}
		byHost := hostResolvesLegend(t, st)
		byFirst, _ := play(t, st, seat(0), "resolve_legend", nil)
		if got, want := string(kittest.Encode(t, byFirst)), string(kittest.Encode(t, byHost)); got != want {
			t.Fatal("the first player's phone resolving the legend card differs from the host's")
		}
	})
	t.Run("ErrPendingDecisions", func(t *testing.T) {
		s, _ := play(t, st, seat(1), "advance_lantern", M{"source": "legend"})
		refuse(t, s, kit.HostActor, "resolve_legend", nil, "pending_decisions")
	})
}
