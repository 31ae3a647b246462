package lockup

import (
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
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

// pad returns a whole score pad for seat s: every entry at its lowest
// bound, then the values given as name, value pairs.
func pad(st *State, s int, kv ...any) M {
	m := M{}
	for _, f := range st.scorePad(s) {
		m[f.Name] = f.Min
	}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

// submit submits seat s's score pad.
func submit(t *testing.T, st *State, s int, kv ...any) *State {
	t.Helper()
	st, _ = play(t, st, seat(s), "submit_final_score", pad(st, s, kv...))
	return st
}

func TestFinalScoring(t *testing.T) {
	t.Run("OneMoveWithBounds", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		moves := New().View(st, kit.SeatViewer(0)).Moves
		if moves[0].Type != "submit_final_score" || !moves[0].Primary || moves[0].Confirm == "" {
			t.Fatalf("first move = %+v, want the score pad, primary, with a confirmation", moves[0])
		}
		if len(moves) != 1 {
			var types []string
			for _, m := range moves {
				types = append(types, m.Type)
			}
			t.Fatalf("moves in final scoring = %v, want the score pad alone", types)
		}
		for _, a := range moves[0].Args {
			if a.Kind == kit.ArgInt && (a.Min == nil || a.Max == nil) {
				t.Fatalf("score pad entry %s has no bounds", a.Name)
			}
			if a.Name == "dwarves" && *a.Max != 8 {
				t.Fatalf("dwarves max = %d, want the 8 Dwarves of the minion deck", *a.Max)
			}
		}
	})
	t.Run("ErrOneScorePadOnly", func(t *testing.T) {
		// The moves that entered one count at a time are gone: the score
		// pad is the one way to submit a score.
		st := atScoring(t, nil, "Ana")
		for _, m := range []struct {
			typ  string
			args any
		}{
			{"enter_stars", M{"value": 3}}, {"enter_guard_stars", M{"value": 3}},
			{"enter_scores", M{"category": "dwarves", "value": 1}}, {"choose_golems", M{"as": "dwarf"}}, {"finish_scoring", nil},
		} {
			refuse(t, st, seat(0), m.typ, m.args, "unknown_move")
		}
		if st.Players[0].Finished {
			t.Fatal("a removed move finished the scoring")
		}
	})
	t.Run("DryadsTwoWithFourBarrelsScore8", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		st = submit(t, st, 0, "dryads", 2, "barrels", 3) // + the crew board's barrel = 4
		if got := item(st.scoreLine(0), "dryads"); got != 8 {
			t.Fatalf("dryads = %d, want 8", got)
		}
	})
	t.Run("FungoidsTwoPerLootToken", func(t *testing.T) {
		st := atScoring(t, func(s *State) {
			s.Players[0].Loot = append(s.Players[0].Loot, s.LootBox[0], s.LootBox[1], s.LootBox[2])
			s.LootBox = s.LootBox[3:]
		}, "Ana", "Bia")
		st = submit(t, st, 0, "fungoids", 2)
		if got := item(st.scoreLine(0), "fungoids"); got != 12 {
			t.Fatalf("fungoids = %d, want 2 × 2 × 3 loot = 12", got)
		}
	})
	t.Run("GolemsCountOnlyAsATypeTheOwnerHas", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		// Neither Dwarves nor Ratmen: Golems do not count.
		s := submit(t, st, 0, "golems", 2)
		if l := s.scoreLine(0); item(l, "golems") != 0 || l.Total != 0 {
			t.Fatalf("2 golems alone = %d (total %d), want 0", item(l, "golems"), l.Total)
		}
		// Dwarf table 0,1,3,6,10: 2 → 4 dwarves adds 10-3 = 7; Ratman
		// table 0,2,4,6: 1 → 3 ratmen adds 4; one of each adds 3+2 = 5.
		s = submit(t, st, 0, "golems", 2, "dwarves", 2, "ratmen", 1)
		if got := item(s.scoreLine(0), "golems"); got != 7 {
			t.Fatalf("golems = %d, want the best 7 (both as Dwarves)", got)
		}
		// Ratmen only: both count as Ratmen (table 0,2,4,6,8: 1 → 3 adds 4).
		s = submit(t, st, 0, "golems", 2, "ratmen", 1)
		if got := item(s.scoreLine(0), "golems"); got != 4 {
			t.Fatalf("golems with Ratmen only = %d, want 4", got)
		}
		refuse(t, s, seat(0), "submit_final_score", pad(s, 0), "scoring_finished")
		// The Golems' type is no entry of the pad: the referee works it out.
		refuse(t, st, seat(0), "submit_final_score", pad(st, 0, "golems_as", "dwarf"), "score_pad_invalid")
	})
	t.Run("GolemsEachCountAsTheBetterType", func(t *testing.T) {
		// A table's own scoring tables where one Golem as each type is
		// worth more than both as either: 1 Dwarf + 1 Ratman + 2 Golems.
		flat := `{"game_data":{"scoring":{"value":{"dwarf_table":[0,4,6,7],"ratman_table":[0,4,6,7]}}}}`
		for _, c := range []struct {
			name            string
			kv              []any
			golems, total   int
			dwarves, ratmen int
			note            string
		}{
			// both as Dwarves: 7-4 = 3; both as Ratmen: 3; one each: 2+2 = 4.
			{"OneOfEach", []any{"dwarves", 1, "ratmen", 1, "golems", 2}, 4, 4 + 4 + 4, 1, 1, "§note.golems_split(dwarves=1;ratmen=1)"},
			// 3 Golems (the table goes on by its last step: 4 cards 8): all
			// as one type 8-4 = 4; 2 as Dwarves and 1 as a Ratman 3+2 = 5,
			// as many as 1 and 2: the tie goes to more Dwarves.
			{"ThreeGolems", []any{"dwarves", 1, "ratmen", 1, "golems", 3}, 5, 4 + 4 + 5, 2, 1, "§note.golems_split(dwarves=2;ratmen=1)"},
			// Dwarves only: every Golem is a Dwarf, however the table runs.
			{"DwarvesOnly", []any{"dwarves", 1, "golems", 2}, 3, 4 + 3, 2, 0, "§note.golems_as.dwarf(n=2)"},
		} {
			t.Run(c.name, func(t *testing.T) {
				st := setup(t, 21, flat, "Ana", "Bia")
				st = withTunnels(st, "", "", "", "", "", "", "")
				st = rollCall(t, st, nil, nil)
				st.Round = 6
				st = hostResolvesLegend(t, st)
				st, _ = play(t, st, kit.HostActor, "finish_raid", nil)
				st = submit(t, st, 0, c.kv...)
				l := st.scoreLine(0)
				if got := item(l, "golems"); got != c.golems || l.Total != c.total {
					t.Fatalf("golems = %d (total %d), want %d (total %d)", got, l.Total, c.golems, c.total)
				}
				if dw, rt, _, _ := st.golemSplit(st.Players[0].Score.Counts); dw != c.dwarves || rt != c.ratmen {
					t.Fatalf("split = %d as Dwarves, %d as Ratmen; want %d and %d", dw, rt, c.dwarves, c.ratmen)
				}
				for _, it := range l.Categories {
					if it.Category == "golems" && it.Note != c.note {
						t.Fatalf("golems note = %q, want %q", it.Note, c.note)
					}
				}
			})
		}
	})
	t.Run("WildValuablesCountAsAType", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		st = submit(t, st, 0, "valuable_gold", 2, "wild_as_gold", 1)
		l := st.scoreLine(0)
		if got, want := item(l, "valuables"), 3; got != want {
			t.Fatalf("valuables = %d, want %d", got, want)
		}
		if got, want := item(l, "wild_valuables"), 3; got != want { // gold 2 → 3 adds 6-3
			t.Fatalf("wild valuables = %d, want %d", got, want)
		}
	})
	t.Run("ErrOutOfBounds", func(t *testing.T) {
		st := atScoring(t, func(s *State) {
			for i, m := range s.MinionDeck {
				if m.Type == MinionDwarf {
					s.Players[1].Minions = append(s.Players[1].Minions, m)
					s.MinionDeck = append(s.MinionDeck[:i:i], s.MinionDeck[i+1:]...)
					break
				}
			}
		}, "Ana", "Bia")
		// 8 Dwarves in the deck, one recruited by Bia: Ana can hold 7.
		_, err := New().Apply(st, seat(0), kittest.MakeMove("submit_final_score", pad(st, 0, "dwarves", 500)), kit.NewCtx(7, st.Moves+1, kittest.Epoch))
		re, _ := kit.AsRuleError(err)
		if re == nil || re.Code != "score_out_of_bounds" || re.Rule != secMinions || re.Params["max"] != "7" {
			t.Fatalf("500 Dwarves: %v, want score_out_of_bounds up to 7 naming %s", err, secMinions)
		}
		refuse(t, st, seat(0), "submit_final_score", pad(st, 0, "dwarves", 8), "score_out_of_bounds")
		refuse(t, st, seat(0), "submit_final_score", pad(st, 0, "barrels", -1), "score_out_of_bounds")
		refuse(t, st, seat(0), "submit_final_score", pad(st, 0, "base_other", 100000), "score_out_of_bounds")
		refuse(t, st, seat(0), "submit_final_score", pad(st, 0, "hats", 1), "score_pad_invalid")
		refuse(t, st, seat(0), "submit_final_score", pad(st, 0, "dwarves", "many"), "score_pad_invalid")
		refuse(t, st, seat(0), "submit_final_score", pad(st, 0, "guard_stars", 3), "score_pad_invalid")
		p := pad(st, 0)
		delete(p, "ratmen")
		refuse(t, st, seat(0), "submit_final_score", p, "score_missing")
		submit(t, st, 0, "dwarves", 7)
	})
	t.Run("EscapedOwnLineNeverCountedTwice", func(t *testing.T) {
		st := atScoring(t, func(s *State) {
			s.Players[0].Lantern, s.Players[0].EscapedRound, s.Players[0].EscapedStars = "ESCAPED", 4, 23
		}, "Ana", "Bia")
		refuse(t, st, seat(0), "submit_final_score", pad(st, 0, "stars", 22), "score_out_of_bounds")
		st = submit(t, st, 0, "stars", 40) // track shows 40 including the 23
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
		st = submit(t, st, 0, "stars", 20)
		if New().Outcome(st) != nil {
			t.Fatal("Outcome before everyone finished")
		}
		st = submit(t, st, 1, "stars", 5, "base_other", 15)
		st = submit(t, st, 2, "stars", 10)
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
		if o.ReasonCode != "outcome.final" || o.ReasonParams["rounds"] != "6" {
			t.Fatalf("reason = %q %v, want outcome.final with the rounds", o.ReasonCode, o.ReasonParams)
		}
		refuse(t, st, seat(0), "submit_final_score", pad(st, 0), "game_over")
	})
	t.Run("SharedWhenTieBreaksTie", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		st = submit(t, st, 0)
		st = submit(t, st, 1)
		if o := New().Outcome(st); len(o.Winners) != 2 {
			t.Fatalf("winners = %v, want both sharing", o.Winners)
		}
	})
	t.Run("SoloMustBeatTheGuards", func(t *testing.T) {
		st := atScoring(t, nil, "Ana")
		refuse(t, st, seat(0), "submit_final_score", pad(st, 0, "guard_stars", -1), "score_out_of_bounds")
		lost := submit(t, st, 0, "guard_stars", 12, "stars", 12)
		if o := New().Outcome(lost); len(o.Winners) != 0 || o.Side != "guards" || o.ReasonCode != "outcome.solo_lost" {
			t.Fatalf("outcome = %+v, want the guards to win a 12–12 tie", o)
		}
		won := submit(t, st, 0, "guard_stars", 12, "stars", 13)
		if o := New().Outcome(won); len(o.Winners) != 1 || o.ReasonCode != "outcome.solo_won" {
			t.Fatalf("outcome = %+v, want the player to win 13–12", o)
		}
	})
	t.Run("HostSeesWhoHasNotFinished", func(t *testing.T) {
		st := atScoring(t, nil, "Ana", "Bia")
		st = submit(t, st, 0)
		v := New().View(st, kit.HostViewer)
		if got := v.Public.(publicView).Scoring; len(got) != 1 || got[0] != (waitingView{Seat: 1, Label: "Bia"}) {
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

// TestFinishRaidByHostOrFirstPlayer: the host or the first player's phone
// ends the last raid, as before the move table; another phone may not.
func TestFinishRaidByHostOrFirstPlayer(t *testing.T) {
	st := atLegend(t, "Ana", "Bia", "Caio")
	st.Round = 6
	st = hostResolvesLegend(t, st)
	if st.Phase != PhaseLastRaid {
		t.Fatalf("phase = %s, want last_raid", st.Phase)
	}
	first := st.FirstPlayer
	other := (first + 1) % 3
	refuse(t, st, seat(other), "finish_raid", nil, "host_only")
	if offeredTo(st, other, "finish_raid") || !offeredTo(st, first, "finish_raid") || !offeredTo(st, -1, "finish_raid") {
		t.Fatal("finish_raid must be offered to the host and the first player only")
	}
	byHost, _ := play(t, st, kit.HostActor, "finish_raid", nil)
	byFirst, _ := play(t, st, seat(first), "finish_raid", nil)
	if byFirst.Phase != PhaseFinalScoring || string(kittest.Encode(t, byFirst)) != string(kittest.Encode(t, byHost)) {
		t.Fatal("the first player's phone ending the last raid differs from the host's")
	}
	if got := New().View(st, kit.SeatViewer(first)).Prompt.Code; got != "prompt.first_last_raid" {
		t.Fatalf("first player's prompt = %s, want prompt.first_last_raid", got)
	}
}
