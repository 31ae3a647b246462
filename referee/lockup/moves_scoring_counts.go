package lockup

import (
	"slices"
	"strconv"

	"tablewarden/referee/kit"
)

// The moves that enter final scoring one count at a time, as the published
// API had them before the score pad. Clients written against it keep
// working: they change the same entries as the score pad, within the same
// bounds (refused as "score_out_of_bounds", naming the same rule), and a
// player who finishes with them scores exactly what the same entries on
// the score pad score. The score pad stays the primary way.
const (
	MoveEnterStars      = "enter_stars"
	MoveEnterGuardStars = "enter_guard_stars"
	MoveEnterScores     = "enter_scores"
	MoveChooseGolems    = "choose_golems"
	MoveFinishScoring   = "finish_scoring"
)

// wildTotal is the category of enter_scores that gives how many wild
// valuables the player has in all; when entered, finish_scoring checks
// that as many were entered by the type they count as. The score pad has
// no such line: its wild valuables are entered by type only.
const wildTotal = "wild_valuables"

// valueArgs are the arguments of enter_stars and enter_guard_stars.
type valueArgs struct {
	Value int `json:"value"`
}

// enterScoresArgs are the arguments of enter_scores.
type enterScoresArgs struct {
	Category string `json:"category"`
	Value    int    `json:"value"`
}

// chooseGolemsArgs are the arguments of choose_golems.
type chooseGolemsArgs struct {
	As string `json:"as"`
}

// padEntry returns the score pad entry name of seat's pad, or false.
func (st *State) padEntry(seat int, name string) (padField, bool) {
	for _, f := range st.scorePad(seat) {
		if f.Name == name {
			return f, true
		}
	}
	return padField{}, false
}

// countFields lists the categories enter_scores accepts for seat, with
// their bounds: every count of the score pad (not the stars, which have
// their own moves) and the total of wild valuables.
func (st *State) countFields(seat int) []padField {
	var out []padField
	for _, f := range st.scorePad(seat) {
		if f.Name == "stars" || f.Name == "guard_stars" {
			continue
		}
		out = append(out, f)
		if f.Name == "barrels" {
			out = append(out, padField{wildTotal, label(categoryTexts, wildTotal), 0,
				st.Data.ScorePadMax.Value["wild_valuables"] * len(st.Data.Scoring.Value.Valuables), secIcons})
		}
	}
	return out
}

// inBounds refuses a value outside an entry's bounds, as the score pad
// does.
func inBounds(f padField, v int) error {
	if v < f.Min || v > f.Max {
		return ruleErr("score_out_of_bounds", f.Rule, "category", fieldTerm(f), "value", strconv.Itoa(v),
			"min", strconv.Itoa(f.Min), "max", strconv.Itoa(f.Max))
	}
	return nil
}

// boundedValue is an int argument with an entry's bounds.
func boundedValue(f padField) kit.ArgSpec {
	a := arg("value", kit.ArgInt)
	a.Min, a.Max = kit.IntPtr(f.Min), kit.IntPtr(f.Max)
	return a
}

// scoringOpen reports whether seat may still enter counts.
func (st *State) scoringOpen(seat int) bool {
	return seat >= 0 && seat < len(st.Players) && !st.Players[seat].Finished
}

func offerEnterStars(st *State, seat int) *kit.MoveSpec {
	if !st.scoringOpen(seat) {
		return nil
	}
	f, _ := st.padEntry(seat, "stars")
	sp := catalogSpecs[MoveEnterStars]
	sp.Args = []kit.ArgSpec{boundedValue(f)}
	return &sp
}

func offerEnterGuardStars(st *State, seat int) *kit.MoveSpec {
	if !st.Solo || !st.scoringOpen(seat) {
		return nil
	}
	f, _ := st.padEntry(seat, "guard_stars")
	sp := catalogSpecs[MoveEnterGuardStars]
	sp.Args = []kit.ArgSpec{boundedValue(f)}
	return &sp
}

// offerEnterScores offers one entry per category, each with that
// category's bounds, so that every offered value is one the move accepts.
func offerEnterScores(st *State, seat int) []kit.MoveSpec {
	if !st.scoringOpen(seat) {
		return nil
	}
	var out []kit.MoveSpec
	for _, f := range st.countFields(seat) {
		sp := catalogSpecs[MoveEnterScores]
		cat := arg("category", kit.ArgEnum)
		cat.Choices = []kit.Choice{{Value: f.Name, Label: f.Label}}
		sp.Args = []kit.ArgSpec{cat, boundedValue(f)}
		out = append(out, sp)
	}
	return out
}

func offerChooseGolems(st *State, seat int) *kit.MoveSpec {
	if !st.scoringOpen(seat) {
		return nil
	}
	c := st.Players[seat].Score.Counts
	var as []kit.Choice
	for _, m := range []string{MinionDwarf, MinionRatman} {
		if c[minionCountCategory[m]] > 0 {
			as = append(as, kit.Choice{Value: m, Label: label(categoryTexts, m)})
		}
	}
	if len(as) == 0 {
		return nil
	}
	return offer(MoveChooseGolems, map[string][]kit.Choice{"as": as})
}

func offerFinishScoring(st *State, seat int) *kit.MoveSpec {
	if !st.scoringOpen(seat) || st.finishProblem(&st.Players[seat]) != nil {
		return nil
	}
	return offer(MoveFinishScoring, nil)
}

// enterStars records the stars on the player's track, which include the
// ESCAPED and loot stars already scored (shown apart, never counted
// twice). Codes: "scoring_finished", "score_out_of_bounds" (below the
// stars recorded in play or above the score pad's maximum).
func enterStars(t *kit.Turn[State], seat int, a valueArgs) error {
	st, p := t.S, &t.S.Players[seat]
	if p.Finished {
		return ruleErr("scoring_finished", secEnd)
	}
	f, _ := st.padEntry(seat, "stars")
	return recordEntry(t, seat, f, a.Value, func() { p.Score.StarsTrack = a.Value })
}

// enterGuardStars records, in solo mode, the stars on the guards' track.
// Codes: "solo_only", "scoring_finished", "score_out_of_bounds".
func enterGuardStars(t *kit.Turn[State], seat int, a valueArgs) error {
	st := t.S
	if !st.Solo {
		return ruleErr("solo_only", secEnd)
	}
	if st.Players[seat].Finished {
		return ruleErr("scoring_finished", secEnd)
	}
	f, _ := st.padEntry(seat, "guard_stars")
	return recordEntry(t, seat, f, a.Value, func() { st.GuardState.StarsTrack = a.Value })
}

// enterScores records one count (or points) of the player's final scoring.
// Codes: "scoring_finished", "unknown_category", "score_out_of_bounds".
func enterScores(t *kit.Turn[State], seat int, a enterScoresArgs) error {
	st, p := t.S, &t.S.Players[seat]
	if p.Finished {
		return ruleErr("scoring_finished", secEnd)
	}
	i := slices.IndexFunc(st.countFields(seat), func(f padField) bool { return f.Name == a.Category })
	if i < 0 {
		return ruleErr("unknown_category", secEnd, "category", a.Category)
	}
	f := st.countFields(seat)[i]
	return recordEntry(t, seat, f, a.Value, func() { p.Score.Counts[a.Category] = a.Value })
}

// recordEntry checks value against the bounds of the score pad entry f
// ("score_out_of_bounds"), then records it with set and tells seat.
func recordEntry(t *kit.Turn[State], seat int, f padField, value int, set func()) error {
	if err := inBounds(f, value); err != nil {
		return err
	}
	set()
	t.Log(event("score_entered", []int{seat}, "category", fieldTerm(f), "value", strconv.Itoa(value)))
	return nil
}

// chooseGolems records whether the player's Golems count as Dwarves or
// Ratmen. Codes: "scoring_finished", "bad_args" (neither type),
// "golem_needs_type" (a Golem counts as a type only if the owner has at
// least one of it).
func chooseGolems(t *kit.Turn[State], seat int, a chooseGolemsArgs) error {
	p := &t.S.Players[seat]
	if p.Finished {
		return ruleErr("scoring_finished", secEnd)
	}
	cat, ok := map[string]string{MinionDwarf: "dwarves", MinionRatman: "ratmen"}[a.As]
	if !ok {
		return ruleErr("bad_args", secMinions)
	}
	if p.Score.Counts[cat] == 0 {
		return ruleErr("golem_needs_type", secMinions, "type", categoryTerm(a.As))
	}
	p.Score.GolemsAs = a.As
	t.Log(event("score_entered", []int{seat}, "category", categoryTerm("golems"), "value", categoryTerm(a.As)))
	return nil
}

// finishProblem returns the rule error that keeps a player from finishing
// their scoring one count at a time, or nil: Golems that could count as
// Dwarves or Ratmen need the type chosen, and a total of wild valuables,
// once entered, must match those entered by type.
func (st *State) finishProblem(p *Player) *kit.RuleError {
	c := p.Score.Counts
	if c["golems"] > 0 && (c["dwarves"] > 0 || c["ratmen"] > 0) {
		cat := map[string]string{MinionDwarf: "dwarves", MinionRatman: "ratmen"}[p.Score.GolemsAs]
		if cat == "" || c[cat] == 0 {
			return ruleErr("golems_unchosen", secMinions)
		}
	}
	if n, entered := c[wildTotal]; entered {
		if assigned := st.wildValuables(c); assigned != n {
			return ruleErr("wild_unassigned", secIcons, "n", strconv.Itoa(n), "assigned", strconv.Itoa(assigned))
		}
	}
	return nil
}

// finishScoring marks the player's entries complete; when every player has
// finished, the game ends. Codes: "scoring_finished", "golems_unchosen",
// "wild_unassigned".
func finishScoring(t *kit.Turn[State], seat int) error {
	st, p := t.S, &t.S.Players[seat]
	if p.Finished {
		return ruleErr("scoring_finished", secEnd)
	}
	if err := st.finishProblem(p); err != nil {
		return err
	}
	st.scoreSubmitted(t, seat)
	return nil
}
