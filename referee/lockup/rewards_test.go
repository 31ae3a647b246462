package lockup

import (
	"testing"
)

// TestLocationRewardThenNoLibrary: advancing by the Advance lantern icon
// of a location's reward is receiving that location's reward, so the
// player's tokens there go back to the holding cell, never to the
// LIBRARY, whichever move comes first (Resolvendo Localizações de Túnel,
// step 3 and its Nota).
func TestLocationRewardThenNoLibrary(t *testing.T) {
	st := atLegend(t, "Ana", "Bia", "Caio") // every token but the last on location 1
	t.Run("ErrAdvancedNoLibrary", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "advance_lantern", M{"source": "location:1"})
		waiting := s
		s, _ = play(t, s, seat(0), "advance", M{"to": "STAIRS"})
		refuse(t, s, seat(0), "latecomer", M{"location": 1}, "advanced_no_library")
		if offeredTo(s, 0, "latecomer") {
			t.Fatal("latecomer is still offered after the location's reward moved the lantern")
		}
		if got := s.Players[0].AdvancedFrom; len(got) != 1 || got[0] != 1 {
			t.Fatalf("advanced_from = %v, want [1]", got)
		}
		// While the advance waits, the reward is not yet taken or declined.
		refuse(t, waiting, seat(0), "latecomer", M{"location": 1}, "not_resolved_yet")
	})
	t.Run("ErrLibraryThenReward", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "latecomer", M{"location": 1})
		refuse(t, s, seat(0), "advance_lantern", M{"source": "location:1"}, "icon_source_unknown")
	})
	t.Run("DeclinedRewardLeavesTheLibrary", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "advance_lantern", M{"source": "location:1"})
		s, _ = play(t, s, seat(0), "stop_advancing", nil)
		s, _ = play(t, s, seat(0), "latecomer", M{"location": 1})
		if s.Players[0].Lantern != "ENTRANCE" {
			t.Fatalf("lantern = %s, want ENTRANCE", s.Players[0].Lantern)
		}
	})
	t.Run("OtherPlayersUnaffected", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "advance_lantern", M{"source": "location:1"})
		s, _ = play(t, s, seat(0), "advance", M{"to": "STAIRS"})
		play(t, s, seat(1), "latecomer", M{"location": 1})
	})
}

// TestCellBlockRewardThenNoLibrary: a reserved item is crafted at the CELL
// BLOCK as that location's reward (Reservar Item), so tokens sent from
// there to the LIBRARY craft nothing, and tokens that crafted there go
// back to the holding cell.
func TestCellBlockRewardThenNoLibrary(t *testing.T) {
	st := atLegend(t, "Ana", "Bia") // location 1 is the CELL BLOCK
	st, _ = play(t, st, seat(0), "reserve_item", M{"item": "Rope"})
	t.Run("ErrCellBlockLatecomers", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "latecomer", M{"location": 1})
		refuse(t, s, seat(0), "craft_reserved", M{"item": "Rope", "upgrade": true}, "cell_block_latecomers")
		refuse(t, s, seat(0), "craft_reserved", M{"item": "Rope", "upgrade": false}, "cell_block_latecomers")
		if offeredTo(s, 0, "craft_reserved") {
			t.Fatal("craft_reserved is still offered after the CELL BLOCK's tokens went to the LIBRARY")
		}
		if got := s.Players[0].Reserved; len(got) != 1 {
			t.Fatalf("reserved = %v, want the Rope still reserved", got)
		}
	})
	t.Run("ErrRewardedNoLibrary", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "craft_reserved", M{"item": "Rope", "upgrade": true})
		refuse(t, s, seat(0), "latecomer", M{"location": 1}, "rewarded_no_library")
		if offeredTo(s, 0, "latecomer") {
			t.Fatal("latecomer is still offered after a reserved item was crafted at the CELL BLOCK")
		}
		play(t, s, seat(1), "latecomer", M{"location": 1})
	})
	t.Run("NextRoundFresh", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "craft_reserved", M{"item": "Rope", "upgrade": false})
		s = rollCall(t, hostResolvesLegend(t, s), nil, nil)
		if s.Round != 2 || s.Phase != PhaseLegend {
			t.Fatalf("round %d phase %s, want round 2 legend", s.Round, s.Phase)
		}
		play(t, s, seat(0), "latecomer", M{"location": 1})
	})
}

// TestTomeIconOnlyWhileItsPlayResolves: a tome's Advance lantern icon is
// used as the tome is played; it is not kept for the legend card (where
// tomes cannot be played: Resolvendo a Carta de Lenda) nor for a later
// round.
func TestTomeIconOnlyWhileItsPlayResolves(t *testing.T) {
	st := rollCall(t, tunnelGame(t), map[int][]put{0: {{"explorer", 2, false}}}, nil)
	if st.Phase != PhaseLightsOut {
		t.Fatalf("phase = %s, want lights_out while Ana's advance waits", st.Phase)
	}
	st, _ = play(t, st, seat(1), "play_tome", M{"tome": "Tome of Ash", "text_allows": false})
	t.Run("OKWhileItsPlayResolves", func(t *testing.T) {
		s, _ := play(t, st, seat(1), "advance_lantern", M{"source": "tome:0"})
		s, _ = play(t, s, seat(0), "advance", M{"to": "STAIRS"})
		s, _ = play(t, s, seat(1), "advance", M{"to": "STAIRS"})
		if s.Players[1].Lantern != "STAIRS" {
			t.Fatalf("Bia's lantern = %s, want STAIRS", s.Players[1].Lantern)
		}
	})
	t.Run("ErrInTheLegendPhase", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "advance", M{"to": "STAIRS"})
		if s.Phase != PhaseLegend {
			t.Fatalf("phase = %s, want legend", s.Phase)
		}
		refuse(t, s, seat(1), "advance_lantern", M{"source": "tome:0"}, "icon_source_unknown")
		for _, c := range offeredChoices(t, s, 1, "advance_lantern", "source") {
			if c == "tome:0" {
				t.Fatal("the tome's icon is offered in the legend phase")
			}
		}
	})
	t.Run("ErrNextRound", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "advance", M{"to": "STAIRS"})
		s = hostResolvesLegend(t, s)
		s = rollCall(t, s, map[int][]put{0: {{"explorer", 2, false}}}, nil)
		if s.Phase != PhaseLightsOut || s.Round != 2 {
			t.Fatalf("round %d phase %s, want round 2 lights_out", s.Round, s.Phase)
		}
		refuse(t, s, seat(1), "advance_lantern", M{"source": "tome:0"}, "icon_source_unknown")
	})
	t.Run("TomePlayedInTheLegendWhereItsTextAllows", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "advance", M{"to": "STAIRS"})
		s, _ = play(t, s, seat(2), "play_tome", M{"tome": "Tome of Bells", "text_allows": true})
		s, _ = play(t, s, seat(2), "advance_lantern", M{"source": "tome:0"})
		s, _ = play(t, s, seat(2), "advance", M{"to": "STAIRS"})
		if s.Players[2].Lantern != "STAIRS" {
			t.Fatalf("Caio's lantern = %s, want STAIRS", s.Players[2].Lantern)
		}
	})
}
