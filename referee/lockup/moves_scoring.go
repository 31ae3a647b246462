package lockup

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// MoveSubmitFinalScore is the score pad: each player submits every final
// scoring count at once, from their own phone.
const MoveSubmitFinalScore = "submit_final_score"

// padField is one entry of the score pad with its bounds and the section
// of the book (or the state) that bounds it.
type padField struct {
	Name     string
	Label    string
	Min, Max int
	Rule     string
}

// scorePad lists the score pad of seat: the stars on the player's track
// (at least those the app saw scored: ESCAPED and loot stars), in solo the
// stars on the guards' track, the minions by type (no more than the
// minion deck holds, less those other players recruited through the app),
// barrel icons, valuables by type, wild valuables by the type they count
// as, and other base-game points.
func (st *State) scorePad(seat int) []padField {
	d := st.Data
	mx := d.ScorePadMax.Value
	pad := []padField{{"stars", label(categoryTexts, "stars_track"), st.Players[seat].recordedStars(), mx["stars"], secEnd}}
	if st.Solo {
		pad = append(pad, padField{"guard_stars", label(categoryTexts, "guard_stars"), st.GuardState.recordedStars(), mx["stars"], secEnd})
	}
	for _, m := range []string{MinionDwarf, MinionRatman, MinionGolem, MinionDryad, MinionFungoid} {
		cat := minionCountCategory[m]
		pad = append(pad, padField{cat, label(categoryTexts, cat), 0, st.minionsLeftFor(seat, m), secMinions})
	}
	pad = append(pad, padField{"barrels", label(categoryTexts, "barrels"), 0, mx["barrels"], secMinions})
	for _, v := range d.Scoring.Value.Valuables {
		pad = append(pad, padField{"valuable_" + v.Type, d.categoryLabel("valuable_" + v.Type), 0, mx["valuables"], secEnd})
	}
	for _, v := range d.Scoring.Value.Valuables {
		pad = append(pad, padField{"wild_as_" + v.Type, d.categoryLabel("wild_as_" + v.Type), 0, mx["wild_valuables"], secIcons})
	}
	return append(pad, padField{"base_other", label(categoryTexts, "base_other"), 0, mx["base_other"], secEnd})
}

// minionsLeftFor is how many minions of a type seat can hold: the deck's
// count less those the other players recruited.
func (st *State) minionsLeftFor(seat int, typ string) int {
	n := 0
	for _, e := range st.Data.Minions.Value.Deck {
		if e.Type == typ {
			n += e.Count
		}
	}
	for s, p := range st.Players {
		if s == seat {
			continue
		}
		for _, m := range p.Minions {
			if m.Type == typ {
				n--
			}
		}
	}
	return max(n, 0)
}

// padSpec is the score pad as a move: one int argument per entry, bounded.
// The Golems need no entry of their type: each counts as the type that
// scores the most (golemSplit).
func (st *State) padSpec(seat int) *kit.MoveSpec {
	sp := move(MoveSubmitFinalScore, secEnd)
	for _, f := range st.scorePad(seat) {
		sp.Args = append(sp.Args, kit.ArgSpec{Name: f.Name, Label: f.Label, Kind: kit.ArgInt, Min: kit.IntPtr(f.Min), Max: kit.IntPtr(f.Max)})
	}
	return &sp
}

// inBounds refuses a value outside an entry's bounds
// ("score_out_of_bounds", naming the bound and where it comes from).
func inBounds(f padField, v int) error {
	if v < f.Min || v > f.Max {
		return ruleErr("score_out_of_bounds", f.Rule, "category", fieldTerm(f), "value", strconv.Itoa(v),
			"min", strconv.Itoa(f.Min), "max", strconv.Itoa(f.Max))
	}
	return nil
}

func offerSubmitFinalScore(st *State, seat int) *kit.MoveSpec {
	if st.Players[seat].Finished {
		return nil
	}
	return st.padSpec(seat)
}

// submitFinalScore records the player's whole score pad at once; when every
// player has submitted, the game ends. Codes: "scoring_finished",
// "bad_args" (an entry missing, unknown or not a whole number),
// "score_out_of_bounds" (naming the bound and where it comes from). Every
// pad within the bounds is accepted: wild valuables are entered by the type
// they count as, and each Golem counts as a Dwarf or a Ratman, whichever
// scores more, among the types the owner has (golemSplit).
func submitFinalScore(t *kit.Turn[State], seat int, a map[string]json.RawMessage) error {
	st, p := t.S, &t.S.Players[seat]
	if p.Finished {
		return ruleErr("scoring_finished", secEnd)
	}
	pad := st.scorePad(seat)
	known := map[string]bool{}
	for _, f := range pad {
		known[f.Name] = true
	}
	for k := range a {
		if !known[k] {
			return ruleErr("score_pad_invalid", secEnd, "detail", term("no_entry", "name", k))
		}
	}
	vals := map[string]int{}
	for _, f := range pad {
		raw, ok := a[f.Name]
		if !ok {
			return ruleErr("score_missing", secEnd, "category", fieldTerm(f))
		}
		var v int
		if err := json.Unmarshal(raw, &v); err != nil {
			return ruleErr("score_pad_invalid", secEnd, "detail", term("whole_number", "name", f.Label))
		}
		if err := inBounds(f, v); err != nil {
			return err
		}
		vals[f.Name] = v
	}
	entries := Entries{StarsTrack: vals["stars"], Counts: map[string]int{}}
	for k, v := range vals {
		if k != "stars" && k != "guard_stars" {
			entries.Counts[k] = v
		}
	}
	p.Score = entries
	if st.Solo {
		st.GuardState.StarsTrack = vals["guard_stars"]
	}
	st.scoreSubmitted(t, seat)
	return nil
}

// scoreSubmitted marks seat's final scoring complete; when every player
// has finished, the game ends.
func (st *State) scoreSubmitted(t *kit.Turn[State], seat int) {
	st.Players[seat].Finished = true
	t.Log(event("score_submitted", nil, "seat", st.name(seat), "total", strconv.Itoa(st.scoreLine(seat).Total)))
	for _, q := range st.Players {
		if !q.Finished {
			return
		}
	}
	st.Phase = PhaseGameOver
	var parts []string
	for _, l := range st.scoreLines() {
		parts = append(parts, fmt.Sprintf("%s %d", st.Seats[l.Seat], l.Total))
	}
	if st.Solo {
		parts = append(parts, fmt.Sprintf("%s %d", st.name(Guards), st.guardsLine().Total))
	}
	t.Log(event("game_ended", nil, "scores", strings.Join(parts, ", ")))
}
