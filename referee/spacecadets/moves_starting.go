package spacecadets

import (
	"fmt"
	"slices"

	"tablewarden/referee/kit"
)

// choosingStart refuses a move on the starting Experimental Equipment
// outside setup ("wrong_step") or by another seat than the Captain or the
// Science Officer ("not_captain").
func choosingStart(t *turn, seat int) error {
	if err := inStep(t, secScience, "setup"); err != nil {
		return err
	}
	if isCaptain(t, seat) || seat >= 0 && seat == t.S.Roles.ScienceOfficer {
		return nil
	}
	return kit.Errorf("not_captain", rule(secScience), "The Captain or the Science Officer chooses the starting Experimental Equipment.")
}

// keptIndex returns the index in kept of card, or -1.
func keptIndex(kept []Kept, card int) int {
	return slices.IndexFunc(kept, func(k Kept) bool { return k.Card == card })
}

func keptPoints(k []Kept) int {
	t := 0
	for _, x := range k {
		t += x.Level
	}
	return t
}

// bestStartPoints is the starting Science points the crew must keep: the
// book's 3 when some choice of the drawn cards makes exactly 3, otherwise
// the largest total below 3 (the book is silent; the team's decision).
func bestStartPoints(d *GameData, drawn []int) int {
	target := d.StartSciencePoints
	reach := map[int]bool{0: true}
	for _, c := range drawn {
		opts := []int{d.Equipment[c].Cost}
		if opts[0] == 0 {
			opts = []int{1, 2, 3}
		}
		next := map[int]bool{}
		for v := range reach {
			next[v] = true
			for _, o := range opts {
				if v+o <= target {
					next[v+o] = true
				}
			}
		}
		reach = next
	}
	best := 0
	for v := range reach {
		best = max(best, v)
	}
	return best
}

// keepStarting keeps one of the five starting cards. Codes: wrong_step,
// not_captain, not_in_draw, already_kept, need_level, not_x,
// over_three_points.
func keepStarting(t *turn, seat int, args cardArgs) error {
	if err := choosingStart(t, seat); err != nil {
		return err
	}
	sc := &t.S.Science
	card := t.S.D().equipmentIndex(args.Card)
	if card < 0 || !slices.Contains(sc.StartDraw, card) {
		return kit.Errorf("not_in_draw", rule(secScience), "%q is not among the five cards drawn at the start.", args.Card)
	}
	if keptIndex(sc.StartKept, card) >= 0 {
		return kit.Errorf("already_kept", rule(secScience), "%s is already kept.", args.Card)
	}
	lv, err := level(t, card, args.Level)
	if err != nil {
		return err
	}
	if keptPoints(sc.StartKept)+lv > t.S.D().StartSciencePoints {
		return kit.Errorf("over_three_points", rule(secScience), "Keeping %s at %d would exceed the %d starting Science points.", args.Card, lv, t.S.D().StartSciencePoints)
	}
	sc.StartKept = append(sc.StartKept, Kept{Card: card, Level: lv})
	t.Public("start_kept", "Starting equipment: %s kept at %d.", t.S.D().eeTitle(card), lv)
	return nil
}

// unkeepStarting puts a kept starting card back. Codes: wrong_step,
// not_captain, not_kept.
func unkeepStarting(t *turn, seat int, args cardArgs) error {
	if err := choosingStart(t, seat); err != nil {
		return err
	}
	sc := &t.S.Science
	card := t.S.D().equipmentIndex(args.Card)
	i := keptIndex(sc.StartKept, card)
	if i < 0 {
		return kit.Errorf("not_kept", rule(secScience), "%q is not kept.", args.Card)
	}
	sc.StartKept = slices.Delete(sc.StartKept, i, i+1)
	t.Public("start_unkept", "Starting equipment: %s put back.", t.S.D().eeTitle(card))
	return nil
}

// finishStarting gives the kept cards to the Captain, discards the rest
// and begins turn 1. Codes: wrong_step, not_captain, start_points.
func finishStarting(t *turn, seat int) error {
	if err := choosingStart(t, seat); err != nil {
		return err
	}
	s := t.S
	sc := &s.Science
	want := bestStartPoints(s.D(), sc.StartDraw)
	if got := keptPoints(sc.StartKept); got != want {
		msg := fmt.Sprintf("Keep exactly %d Science points of cards; %d are kept.", want, got)
		if want < s.D().StartSciencePoints {
			msg = fmt.Sprintf("No choice of these cards makes exactly %d points, so keep the most possible: %d; %d are kept.", s.D().StartSciencePoints, want, got)
		}
		return kit.Errorf("start_points", rule(secScience), "%s", msg)
	}
	for _, c := range sc.StartDraw {
		i := keptIndex(sc.StartKept, c)
		if i < 0 {
			sc.Discard = append(sc.Discard, c)
			continue
		}
		gain(t, sc.StartKept[i])
	}
	sc.StartDraw, sc.StartKept = nil, nil
	s.Turn = 1
	enter(t, "step1")
	return nil
}

// gain passes a built card to the Captain with its uses.
func gain(t *turn, k Kept) {
	c := t.S.D().Equipment[k.Card]
	uses := 1
	switch c.Use {
	case "permanent":
		uses = -1
	case "uses":
		uses = c.Uses
		if uses <= 0 {
			uses = k.Level
		}
	}
	t.S.Equipment = append(t.S.Equipment, Equipment{Card: k.Card, Name: c.Name, Level: k.Level, UsesLeft: uses, Helm: c.Helm})
	t.Public("equipment_gained", "The Captain gains %s (level %d, %s).", t.S.D().eeTitle(k.Card), k.Level, usesText(uses))
}

func usesText(u int) string {
	switch {
	case u < 0:
		return "permanent"
	case u == 1:
		return "1 use"
	}
	return fmt.Sprintf("%d uses", u)
}
