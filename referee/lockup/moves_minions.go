package lockup

import (
	"fmt"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// Minion types the book names.
const (
	MinionDwarf        = "dwarf"
	MinionRatman       = "ratman"
	MinionDryad        = "dryad"
	MinionFungoid      = "fungoid"
	MinionGolem        = "golem"
	MinionShapeshifter = "shapeshifter"
)

// minionCountCategory maps minion types to their final-scoring count.
var minionCountCategory = map[string]string{
	MinionDwarf: "dwarves", MinionRatman: "ratmen", MinionDryad: "dryads", MinionFungoid: "fungoids", MinionGolem: "golems",
}

func minionLabel(m Minion) string {
	l := categoryTerm(m.Type)
	if m.Remove {
		l += " " + term("remove")
	}
	return l
}

func (st *State) minionRowText() string {
	var parts []string
	for i, m := range st.MinionRow {
		if m.Type == "" {
			parts = append(parts, fmt.Sprintf("%d: —", i+1))
		} else {
			parts = append(parts, fmt.Sprintf("%d: %s", i+1, minionLabel(m)))
		}
	}
	return strings.Join(parts, ", ")
}

// drawMinion takes the top minion card; when the deck runs out the discard
// pile is shuffled into a new deck (assumed, base game).
func (st *State) drawMinion(rng *kit.RNG) (Minion, bool) {
	if len(st.MinionDeck) == 0 && len(st.MinionDiscard) > 0 {
		st.MinionDeck, st.MinionDiscard = st.MinionDiscard, []Minion{}
		rng.Shuffle(len(st.MinionDeck), func(i, j int) { st.MinionDeck[i], st.MinionDeck[j] = st.MinionDeck[j], st.MinionDeck[i] })
	}
	if len(st.MinionDeck) == 0 {
		return Minion{}, false
	}
	m := st.MinionDeck[0]
	st.MinionDeck = st.MinionDeck[1:]
	return m, true
}

// refillMinionRow fills the empty spaces of the row, lowest first.
func (st *State) refillMinionRow(rng *kit.RNG) {
	for i := range st.MinionRow {
		if st.MinionRow[i].Type == "" {
			if m, ok := st.drawMinion(rng); ok {
				st.MinionRow[i] = m
			}
		}
	}
}

// patrolMinions advances the minion row during Patrol: each card moves one
// space on; a card leaving the last space is discarded (base game), and a
// card with the Remove minion icon or a Fungoid goes straight to the
// discard instead of advancing (so a Fungoid is recruitable for one round
// only). The empty spaces are then refilled.
func patrolMinions(t *kit.Turn[State]) {
	st := t.S
	k := len(st.MinionRow)
	for i := k - 1; i >= 0; i-- {
		m := st.MinionRow[i]
		if m.Type == "" {
			continue
		}
		st.MinionRow[i] = Minion{}
		switch {
		case m.Remove || m.Type == MinionFungoid:
			st.MinionDiscard = append(st.MinionDiscard, m)
			t.Log(event("minion_removed", nil, "minion", minionLabel(m), "space", fmt.Sprint(i+1)))
		case i == k-1:
			st.MinionDiscard = append(st.MinionDiscard, m)
		default:
			st.MinionRow[i+1] = m
		}
	}
	st.refillMinionRow(t.RNG)
	t.Log(event("minion_row", nil, "row", st.minionRowText()))
}

// recruit takes the minion on a row space. A Shapeshifter is discarded at
// once and the player draws 3 minions to keep 1. Codes:
// "minion_choice_pending", "empty_minion_space".
type recruitArgs struct {
	Space int `json:"space"`
}

func recruit(t *kit.Turn[State], seat int, a recruitArgs) error {
	st, p := t.S, (&t.S.Players[seat])
	if len(p.MinionChoice) > 0 {
		return ruleErr("minion_choice_pending", secMinions)
	}
	if a.Space < 1 || a.Space > len(st.MinionRow) || st.MinionRow[a.Space-1].Type == "" {
		return ruleErr("empty_minion_space", secMinions, "space", fmt.Sprint(a.Space))
	}
	mn := st.MinionRow[a.Space-1]
	st.MinionRow[a.Space-1] = Minion{}
	if mn.Type == MinionShapeshifter {
		st.MinionDiscard = append(st.MinionDiscard, mn)
		drawShapeshifter(t, seat)
		return nil
	}
	p.Minions = append(p.Minions, mn)
	t.Log(event("recruited", nil, "seat", t.S.name(seat), "minion", minionLabel(mn)))
	return nil
}

// drawShapeshifter draws the Shapeshifter's cards for the player.
func drawShapeshifter(t *kit.Turn[State], seat int) {
	st, p := t.S, (&t.S.Players[seat])
	n := st.Data.ShapeshifterDraw.Value
	p.MinionChoice = nil
	for i := 0; i < n; i++ {
		if c, ok := st.drawMinion(t.RNG); ok {
			p.MinionChoice = append(p.MinionChoice, c)
		}
	}
	t.Reveal()
	t.Log(event("shapeshifter", nil, "seat", t.S.name(seat), "n", fmt.Sprint(len(p.MinionChoice))))
	var ls []string
	for _, c := range p.MinionChoice {
		ls = append(ls, minionLabel(c))
	}
	t.Log(event("minions_drawn", []int{seat}, "minions", strings.Join(ls, ", ")))
}

// keepMinion keeps one of the cards a Shapeshifter drew and discards the
// others; keeping another Shapeshifter repeats the effect. Codes:
// "no_minion_choice", "unknown_minion".
type keepMinionArgs struct {
	Card string `json:"card"`
}

func keepMinion(t *kit.Turn[State], seat int, a keepMinionArgs) error {
	st, p := t.S, (&t.S.Players[seat])
	if len(p.MinionChoice) == 0 {
		return ruleErr("no_minion_choice", secMinions)
	}
	id, _ := strconv.Atoi(a.Card)
	k := -1
	for i, c := range p.MinionChoice {
		if c.ID == id {
			k = i
		}
	}
	if k < 0 {
		return ruleErr("unknown_minion", secMinions)
	}
	kept := p.MinionChoice[k]
	var gone []string
	for i, c := range p.MinionChoice {
		if i != k {
			st.MinionDiscard = append(st.MinionDiscard, c)
			gone = append(gone, minionLabel(c))
		}
	}
	p.MinionChoice = nil
	if kept.Type == MinionShapeshifter {
		st.MinionDiscard = append(st.MinionDiscard, kept)
		t.Log(event("minion_kept", nil, "seat", t.S.name(seat), "minion", minionLabel(kept), "discarded", strings.Join(gone, ", ")))
		drawShapeshifter(t, seat)
		return nil
	}
	p.Minions = append(p.Minions, kept)
	t.Log(event("minion_kept", nil, "seat", t.S.name(seat), "minion", minionLabel(kept), "discarded", strings.Join(gone, ", ")))
	return nil
}
