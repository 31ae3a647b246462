package lockup

import (
	"testing"

	"tablewarden/referee/kit"
)

// atScoring returns a game in final scoring (round 6 ended, last raid
// done).
func atScoring(t *testing.T, edit func(*State), seats ...string) *State {
	st := atLegend(t, seats...)
	st.Round = 6
	if edit != nil {
		edit(st)
	}
	st = hostResolvesLegend(t, st)
	if st.Phase != PhaseLastRaid {
		t.Fatalf("phase = %s after round 6, want last_raid", st.Phase)
	}
	st, _ = play(t, st, kit.HostActor, "finish_raid", nil)
	return st
}

func item(l kit.ScoreLine, cat string) int {
	for _, c := range l.Categories {
		if c.Category == cat {
			return c.Points
		}
	}
	return -1
}

func enter(t *testing.T, st *State, s int, kv ...any) *State {
	t.Helper()
	for i := 0; i+1 < len(kv); i += 2 {
		st, _ = play(t, st, seat(s), "enter_scores", M{"category": kv[i], "value": kv[i+1]})
	}
	return st
}

func TestFinalScoring(t *testing.T) {
	t.Run("DryadsTwoWithFourBarrelsScore8", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		st = enter(t, st, 0, "dryads", 2, "barrels", 3) // + the crew board's barrel = 4
		if got := item(st.scoreLine(0), "dryads"); got != 8 {
			t.Fatalf("dryads = %d, want 8", got)
		}
	})
	t.Run("FungoidsTwoPerLootToken", func(t *testing.T) {
		st := atScoring(t, func(s *State) {
			s.Players[0].Loot = append(s.Players[0].Loot, s.LootBox[0], s.LootBox[1], s.LootBox[2])
			s.LootBox = s.LootBox[3:]
		}, "Ana", "Bia")
		st = enter(t, st, 0, "fungoids", 2)
		if got := item(st.scoreLine(0), "fungoids"); got != 12 {
			t.Fatalf("fungoids = %d, want 2 × 2 × 3 loot = 12", got)
		}
	})
	t.Run("GolemsChoiceAndPreview", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		st = enter(t, st, 0, "golems", 2)
		// Neither Dwarves nor Ratmen: Golems do not count, and no choice is needed.
		refuse(t, st, seat(0), "choose_golems", M{"as": "dwarf"}, "golem_needs_type")
		if got := item(st.scoreLine(0), "golems"); got != 0 {
			t.Fatalf("golems without a type = %d, want 0", got)
		}
		st = enter(t, st, 0, "dwarves", 2, "ratmen", 1)
		refuse(t, st, seat(0), "finish_scoring", nil, "golems_unchosen")
		prev := New().View(st, kit.SeatViewer(0)).Private.(privateView).Scoring.GolemPreview
		// Dwarf table 0,1,3,6,10: 2 → 4 dwarves adds 10-3 = 7; Ratman 0,2,4,6: 1 → 3 adds 4.
		if prev["dwarf"] != "+7" || prev["ratman"] != "+4" {
			t.Fatalf("golem preview = %v, want dwarf +7, ratman +4", prev)
		}
		st, _ = play(t, st, seat(0), "choose_golems", M{"as": "dwarf"})
		if got := item(st.scoreLine(0), "golems"); got != 7 {
			t.Fatalf("golems as dwarves = %d, want 7", got)
		}
		st, _ = play(t, st, seat(0), "finish_scoring", nil)
		refuse(t, st, seat(0), "enter_scores", M{"category": "dwarves", "value": 1}, "scoring_finished")
	})
	t.Run("WildValuablesAssignedAtFinalScoring", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		st = enter(t, st, 0, "valuable_gold", 2, "wild_valuables", 1)
		refuse(t, st, seat(0), "finish_scoring", nil, "wild_unassigned")
		st = enter(t, st, 0, "wild_as_gold", 1)
		l := st.scoreLine(0)
		if got, want := item(l, "valuables"), 3; got != want {
			t.Fatalf("valuables = %d, want %d", got, want)
		}
		if got, want := item(l, "wild_valuables"), 3; got != want { // gold 2 → 3 adds 6-3
			t.Fatalf("wild valuables = %d, want %d", got, want)
		}
		play(t, st, seat(0), "finish_scoring", nil)
	})
	t.Run("ErrUnknownCategory", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		refuse(t, st, seat(0), "enter_scores", M{"category": "hats", "value": 1}, "unknown_category")
		refuse(t, st, seat(0), "enter_scores", M{"category": "dwarves", "value": -1}, "bad_args")
	})
	t.Run("EscapedOwnLineNeverCountedTwice", func(t *testing.T) {
		st := atScoring(t, func(s *State) {
			s.Players[0].Lantern, s.Players[0].EscapedRound, s.Players[0].EscapedStars = "ESCAPED", 4, 23
		}, "Ana", "Bia")
		refuse(t, st, seat(0), "enter_stars", M{"value": 22}, "stars_below_recorded")
		st, _ = play(t, st, seat(0), "enter_stars", M{"value": 40}) // track shows 40 including the 23
		l := st.scoreLine(0)
		if item(l, "escaped") != 23 || item(l, "stars_in_play") != 17 || item(l, "catacombs") != 0 || l.Total != 40 {
			t.Fatalf("breakdown = %+v, want escaped 23, stars in play 17, catacombs 0, total 40", l)
		}
	})
	t.Run("TombScores15", func(t *testing.T) {
		st := atScoring(t, func(s *State) { s.Players[1].Lantern = "TOMB" }, "Ana", "Bia")
		if got := item(st.scoreLine(1), "catacombs"); got != 15 {
			t.Fatalf("TOMB = %d, want 15", got)
		}
	})
	t.Run("WinnerAndTieBreak", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia", "Caio")
		st, _ = play(t, st, seat(0), "enter_stars", M{"value": 20})
		st = enter(t, st, 1, "base_other", 15)
		st, _ = play(t, st, seat(1), "enter_stars", M{"value": 5})
		st, _ = play(t, st, seat(2), "enter_stars", M{"value": 10})
		for s := 0; s < 3; s++ {
			if New().Outcome(st) != nil {
				t.Fatal("Outcome before everyone finished")
			}
			st, _ = play(t, st, seat(s), "finish_scoring", nil)
		}
		o := New().Outcome(st)
		// Ana 20 and Bia 20 tie on total; Ana has more stars in play.
		if len(o.Winners) != 1 || o.Winners[0] != 0 {
			t.Fatalf("winners = %v, want [0] by the stars-in-play tie-break", o.Winners)
		}
		ranks := map[int]int{}
		for _, l := range o.Scores {
			ranks[l.Seat] = l.Rank
			if l.Total != l.Sum() {
				t.Fatalf("seat %d total %d != sum %d", l.Seat, l.Total, l.Sum())
			}
		}
		if ranks[0] != 1 || ranks[1] != 2 || ranks[2] != 3 {
			t.Fatalf("ranks = %v, want Ana 1, Bia 2, Caio 3", ranks)
		}
		refuse(t, st, seat(0), "enter_stars", M{"value": 1}, "game_over")
	})
	t.Run("SharedWhenTieBreaksTie", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		st, _ = play(t, st, seat(0), "finish_scoring", nil)
		st, _ = play(t, st, seat(1), "finish_scoring", nil)
		if o := New().Outcome(st); len(o.Winners) != 2 {
			t.Fatalf("winners = %v, want both sharing", o.Winners)
		}
	})
	t.Run("SoloMustBeatTheGuards", func(t *testing.T) {
		st := atScoring(t, nil, "Ana")
		refuse(t, st, seat(0), "enter_guard_stars", M{"value": -1}, "bad_args")
		st, _ = play(t, st, seat(0), "enter_guard_stars", M{"value": 12})
		st, _ = play(t, st, seat(0), "enter_stars", M{"value": 12})
		lost, _ := play(t, st, seat(0), "finish_scoring", nil)
		if o := New().Outcome(lost); len(o.Winners) != 0 || o.Side != "Guards" {
			t.Fatalf("outcome = %+v, want the guards to win a 12–12 tie", o)
		}
		st, _ = play(t, st, seat(0), "enter_stars", M{"value": 13})
		won, _ := play(t, st, seat(0), "finish_scoring", nil)
		if o := New().Outcome(won); len(o.Winners) != 1 {
			t.Fatalf("outcome = %+v, want the player to win 13–12", o)
		}
	})
	t.Run("ErrGuardStarsSoloOnly", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		refuse(t, st, seat(0), "enter_guard_stars", M{"value": 3}, "solo_only")
	})
	t.Run("HostSeesWhoHasNotFinished", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		st, _ = play(t, st, seat(0), "finish_scoring", nil)
		v := New().View(st, kit.HostViewer)
		if got := v.Public.(publicView).Scoring; len(got) != 1 || got[0] != "Bia" {
			t.Fatalf("not finished = %v, want [Bia]", got)
		}
		if got := v.Turn; len(got) != 1 || got[0] != 1 {
			t.Fatalf("turn = %v, want [1]", got)
		}
	})
	t.Run("MinionCountsPrefilled", func(t *testing.T) {
		st := atScoring(t, func(s *State) {
			s.Players[0].Minions = append(s.Players[0].Minions, s.MinionDeck[0])
			s.MinionDeck = s.MinionDeck[1:]
		}, "Ana", "Bia")
		m := st.Players[0].Minions[0]
		if c, ok := minionCountCategory[m.Type]; ok && st.Players[0].Score.Counts[c] != 1 {
			t.Fatalf("%s count = %d, want 1 prefilled", c, st.Players[0].Score.Counts[c])
		}
	})
}
