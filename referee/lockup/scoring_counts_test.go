package lockup

import (
	"encoding/json"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// countByCount plays seat s's final scoring with the moves of the
// published API, one count at a time: enter_stars, enter_guard_stars,
// enter_scores for each count, choose_golems, then finish_scoring.
func countByCount(t *testing.T, st *State, s int, pad M) *State {
	t.Helper()
	if v, ok := pad["stars"]; ok {
		st, _ = play(t, st, seat(s), "enter_stars", M{"value": v})
	}
	if v, ok := pad["guard_stars"]; ok {
		st, _ = play(t, st, seat(s), "enter_guard_stars", M{"value": v})
	}
	for _, f := range st.scorePad(s) {
		if v, ok := pad[f.Name]; ok && f.Name != "stars" && f.Name != "guard_stars" {
			st, _ = play(t, st, seat(s), "enter_scores", M{"category": f.Name, "value": v})
		}
	}
	if as, ok := pad["golems_as"]; ok {
		st, _ = play(t, st, seat(s), "choose_golems", M{"as": as})
	}
	st, _ = play(t, st, seat(s), "finish_scoring", nil)
	return st
}

// TestOneCountAtATimeScoresLikeThePad: the five moves of the published
// API lead to the same final scores as the score pad for the same entries.
func TestOneCountAtATimeScoresLikeThePad(t *testing.T) {
	cases := []struct {
		name  string
		seats []string
		pads  [][]any
	}{
		{"two players", []string{"Ana", "Bia"}, [][]any{
			{"stars", 21, "dwarves", 2, "ratmen", 1, "golems", 2, "golems_as", "ratman", "dryads", 1, "barrels", 3,
				"valuable_gold", 2, "wild_as_gold", 1, "wild_as_gems", 1, "base_other", 9},
			{"stars", 30, "fungoids", 1, "valuable_art", 3, "base_other", 4},
		}},
		{"solo", []string{"Ana"}, [][]any{
			{"stars", 15, "guard_stars", 17, "dwarves", 3, "golems", 1, "golems_as", "dwarf", "valuable_gems", 2},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			byPad := atScoring(t, nil, c.seats...)
			byCount := byPad
			for s, kv := range c.pads {
				byPad = submit(t, byPad, s, kv...)
				byCount = countByCount(t, byCount, s, pad(byCount, s, kv...))
			}
			a, b := New().Outcome(byPad), New().Outcome(byCount)
			if a == nil || b == nil {
				t.Fatalf("outcome by pad %v, one count at a time %v: want both ended", a != nil, b != nil)
			}
			got, _ := json.Marshal(b)
			want, _ := json.Marshal(a)
			if string(got) != string(want) {
				t.Fatalf("one count at a time:\n%s\nscore pad:\n%s", got, want)
			}
			if a.Scores[0].Total == 0 {
				t.Fatal("the case scores nothing: it would not tell the paths apart")
			}
		})
	}
}

// TestOneCountAtATimeRefusals: the moves keep the codes they had, but
// with the score pad's bounds ("score_out_of_bounds", the same rule), only
// in final scoring, never primary.
func TestOneCountAtATimeRefusals(t *testing.T) {
	st := atScoring(t, nil, "Ana", "Bia")
	g := New()
	apply := func(typ string, args any) *kit.RuleError {
		t.Helper()
		_, err := g.Apply(st, seat(0), kittest.MakeMove(typ, args), kit.NewCtx(7, st.Moves+1, kittest.Epoch))
		re, _ := kit.AsRuleError(err)
		if re == nil {
			t.Fatalf("%s %v accepted, want a refusal", typ, args)
		}
		return re
	}
	t.Run("500DwarvesOutOfBoundsLikeThePad", func(t *testing.T) {
		re := apply("enter_scores", M{"category": "dwarves", "value": 500})
		_, padErr := g.Apply(st, seat(0), kittest.MakeMove("submit_final_score", pad(st, 0, "dwarves", 500)), kit.NewCtx(7, st.Moves+1, kittest.Epoch))
		pe, _ := kit.AsRuleError(padErr)
		if re.Code != "score_out_of_bounds" || pe == nil || re.Rule != pe.Rule || re.Params["max"] != "8" || re.Message != pe.Message {
			t.Fatalf("500 Dwarves = %+v, want the score pad's refusal %+v (up to 8)", re, pe)
		}
		play(t, st, seat(0), "enter_scores", M{"category": "dwarves", "value": 8})
	})
	t.Run("Bounds", func(t *testing.T) {
		for _, c := range []struct {
			typ  string
			args M
		}{
			{"enter_scores", M{"category": "barrels", "value": -1}},
			{"enter_scores", M{"category": "base_other", "value": 100000}},
			{"enter_stars", M{"value": 301}},
			{"enter_stars", M{"value": -1}},
		} {
			if re := apply(c.typ, c.args); re.Code != "score_out_of_bounds" {
				t.Errorf("%s %v: %s, want score_out_of_bounds", c.typ, c.args, re.Code)
			}
		}
		s := atScoring(t, func(s *State) { s.Players[0].EscapedStars = 23 }, "Ana", "Bia")
		refuse(t, s, seat(0), "enter_stars", M{"value": 22}, "score_out_of_bounds")
		play(t, s, seat(0), "enter_stars", M{"value": 23})
	})
	t.Run("OldCodes", func(t *testing.T) {
		for _, c := range []struct {
			typ  string
			args M
			code string
		}{
			{"enter_scores", M{"category": "hats", "value": 1}, "unknown_category"},
			{"enter_scores", M{"category": "dwarves", "value": "many"}, "bad_args"},
			{"enter_stars", M{"stars": 3}, "bad_args"},
			{"enter_guard_stars", M{"value": 3}, "solo_only"},
			{"choose_golems", M{"as": "dwarf"}, "golem_needs_type"},
			{"choose_golems", M{"as": "golem"}, "bad_args"},
		} {
			if re := apply(c.typ, c.args); re.Code != c.code {
				t.Errorf("%s %v: %s, want %s", c.typ, c.args, re.Code, c.code)
			}
		}
		s, _ := play(t, st, seat(0), "enter_scores", M{"category": "golems", "value": 1})
		s, _ = play(t, s, seat(0), "enter_scores", M{"category": "dwarves", "value": 1})
		refuse(t, s, seat(0), "finish_scoring", nil, "golems_unchosen")
		s, _ = play(t, s, seat(0), "choose_golems", M{"as": "dwarf"})
		s, _ = play(t, s, seat(0), "enter_scores", M{"category": "wild_valuables", "value": 2})
		s, _ = play(t, s, seat(0), "enter_scores", M{"category": "wild_as_gold", "value": 1})
		refuse(t, s, seat(0), "finish_scoring", nil, "wild_unassigned")
		s, _ = play(t, s, seat(0), "enter_scores", M{"category": "wild_as_art", "value": 1})
		s, _ = play(t, s, seat(0), "finish_scoring", nil)
		refuse(t, s, seat(0), "enter_scores", M{"category": "dwarves", "value": 1}, "scoring_finished")
		refuse(t, s, seat(0), "finish_scoring", nil, "scoring_finished")
		refuse(t, s, seat(0), "submit_final_score", pad(s, 0), "scoring_finished")
	})
	t.Run("OnlyInFinalScoring", func(t *testing.T) {
		s := atLegend(t, "Ana", "Bia")
		refuse(t, s, seat(0), "enter_stars", M{"value": 3}, "wrong_phase")
		refuse(t, s, seat(0), "finish_scoring", nil, "wrong_phase")
		for _, typ := range []string{"enter_stars", "enter_scores", "choose_golems", "finish_scoring"} {
			if offeredTo(s, 0, typ) {
				t.Errorf("%s offered in %s", typ, s.Phase)
			}
		}
		if !offeredTo(st, 0, "enter_scores") || !offeredTo(st, 0, "finish_scoring") || offeredTo(st, -1, "enter_scores") {
			t.Error("enter_scores and finish_scoring must be offered to a player in final scoring, and not to the host")
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
