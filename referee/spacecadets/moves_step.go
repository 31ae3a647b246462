package spacecadets

import (
	"fmt"
	"slices"
	"strconv"

	"tablewarden/referee/kit"
)

// nextStep moves the table to the next step of the turn, cancelling the
// step's timers and applying what the missions do on entering and leaving
// steps. Codes: host_or_captain, wrong_step, science_in_progress,
// kraken_pending, arrival_pending.
func nextStep(t *turn, seat int) error {
	if err := firstRefusal(hostOrCaptain(t, seat, secTurn), running(t, secScience)); err != nil {
		return err
	}
	s := t.S
	if s.Step == "science" && s.Science.Attempt != nil {
		return kit.Errorf("science_in_progress", rule(secScience), "Finish the Science attempt first: report the Workbench or abort.")
	}
	if s.Rabbit != nil && (s.Rabbit.PendingRow || s.Rabbit.PendingCol) {
		return kit.Errorf("arrival_pending", rule(secM7), "The Captain must first choose the arrival row or column (a 6 was rolled).")
	}
	if s.Step == "step7" && s.Kraken != nil && krakenMustActivate(t.S) {
		return kit.Errorf("kraken_pending", rule(secM10), "In Step 7 the tentacle on the players' tile activates: report where it moved first.")
	}
	cancelStepTimers(t)
	switch s.Step {
	case "step1":
		leaveStep1(t)
		if s.Science.Selected != nil || (s.Mission == "10" && !s.Science.DrewEE) {
			enter(t, "science")
		} else {
			enter(t, "step2")
		}
	case "science":
		if sel := s.Science.Selected; sel != nil {
			s.Science.Discard = append(s.Science.Discard, sel.Card)
			t.Public("science_skipped", "No build announced: %s goes to the discard pile.", s.D().eeTitle(sel.Card))
			s.Science.Selected = nil
		}
		enter(t, "step2")
	case "step7":
		endTurn(t)
		if s.End == nil {
			enter(t, "step1")
		}
	default:
		i := slices.Index(steps, s.Step)
		enter(t, steps[i+1])
	}
	return nil
}

func enter(t *turn, step string) {
	s := t.S
	s.Step = step
	t.Public("step", "Turn %d: %s.", s.Turn, stepLabels[step])
	switch step {
	case "step1":
		parasiteEffect(t, "ripper")
	case "step2":
		parasiteEffect(t, "energy")
	case "step3a", "step3b":
		if (step == "step3b") == (s.EngineeringStep == "3B") {
			t.Public("engineering", "Engineering is performed in %s.", stepLabels[step])
		}
	case "step4":
		parasiteEffect(t, "shield")
	case "step6":
		parasiteEffect(t, "weapon")
		if s.Mission == "H1" {
			t.Public("h1_torpedo", "Escape from Mercury: each torpedo fired does -1 damage.")
		}
	case "step7":
		step7(t)
	}
}

// leaveStep1 discards the drawn cards that were not selected.
func leaveStep1(t *turn) {
	sc := &t.S.Science
	for _, c := range sc.Drawn {
		if sc.Selected != nil && sc.Selected.Card == c {
			continue
		}
		sc.Discard = append(sc.Discard, c)
	}
	sc.Drawn = nil
}

// parasiteEffect applies or announces the attached parasites' effect of a
// step. The Ripper Parasite draws a Component card and removes it from the
// game in Step 1.
func parasiteEffect(t *turn, kind string) {
	s := t.S
	for _, e := range s.Enemies {
		if !e.onMap() || !e.Attached || s.enemyCard(e).Parasite != kind {
			continue
		}
		switch kind {
		case "ripper":
			c, ok := s.Science.CompDeck.Draw()
			if !ok {
				t.Public("ripper", "%s: no Component card left to draw.", s.enemyLabel(e))
				continue
			}
			s.Science.CompRemoved = append(s.Science.CompRemoved, c)
			t.Reveal()
			t.Public("ripper", "%s draws %s: discard the components shown (%s) along with the card.", s.enemyLabel(e), s.D().Components[c].Name, piecesText(s.D().Components[c].Pieces))
		case "energy":
			t.Public("parasite", "%s: take one fewer Engineering tile this Step 2.", s.enemyLabel(e))
		case "shield":
			t.Public("parasite", "%s: reduce each shield strength by one, right after shield strength is determined.", s.enemyLabel(e))
		case "weapon":
			t.Public("parasite", "%s: reduce torpedo damage by one this Step 6.", s.enemyLabel(e))
		}
	}
}

// step7 applies what happens at the start of Step 7.
func step7(t *turn) {
	s := t.S
	switch s.Mission {
	case "7":
		var acting []string
		for _, e := range s.Enemies {
			if e.onMap() && e.Tile == s.Rabbit.Tile {
				acting = append(acting, s.enemyLabel(e))
			}
		}
		note := ""
		if s.Rabbit.ArrivedNow {
			note = " Surprised on the arrival turn, they do not lock on unless shot."
		}
		t.Public("m7_acting", "Only enemies on the players' tile act: %s.%s", listOrNone(acting), note)
	case "8":
		siegeMove(t)
	case "H2":
		platformAttack(t)
	case "H3":
		thrallMove(t)
	case "10":
		if krakenMustActivate(t.S) {
			t.Public("kraken_turn", "The Kraken stirs: report where the active tentacle moves.")
		}
	}
	for _, e := range s.Enemies {
		if e.onMap() && e.Attached {
			t.Public("parasite_damage", "%s causes 1 internal damage.", s.enemyLabel(e))
		}
	}
}

// endTurn applies the end of Step 7 and resets the turn.
func endTurn(t *turn) {
	s := t.S
	switch s.Mission {
	case "8":
		siegeNextEnemy(t)
	case "H4":
		invisibleNewEnemy(t)
	}
	moveNemesis(t)
	if s.End != nil {
		return
	}
	for i := range s.Enemies {
		s.Enemies[i].Shot = false
	}
	if s.Rabbit != nil {
		s.Rabbit.ArrivedNow = false
	}
	if s.Siege != nil {
		s.Siege.MovementDie = 0
	}
	if s.Kraken != nil {
		s.Kraken.Activated = false
	}
	sc := &s.Science
	sc.DrewEE, sc.Researched, sc.ExtraDraws = false, false, 0
	s.Turn++
}

// moveNemesis moves the Nemesis marker at the end of the turn.
func moveNemesis(t *turn) {
	s := t.S
	if !s.NemesisUsed {
		return
	}
	tr := s.D().NemesisTrack
	switch s.missionData().NemesisRule {
	case "m7":
		if s.Rabbit.Tile >= len(s.D().M7.TileNames) {
			return
		}
		if s.Nemesis <= tr.Min {
			end(t, false, "", why("outcome.m7_nemesis", fmt.Sprintf("the Nemesis marker had to move past %d.", tr.Min), "min", strconv.Itoa(tr.Min)), secM7)
			return
		}
		s.Nemesis--
		t.Public("nemesis", "Nemesis marker moves down to %d.", s.Nemesis)
	case "down":
		if s.Nemesis > tr.Min {
			s.Nemesis--
			t.Public("nemesis", "Nemesis marker moves down to %d.", s.Nemesis)
			if s.Nemesis == 0 {
				t.Public("nemesis_zero", "The Nemesis marker is on 0: apply the base game's Nemesis rules.")
			}
		}
	case "h2":
		if s.Nemesis < tr.Max {
			s.Nemesis++
			t.Public("nemesis", "Nemesis marker moves right to %d: platform range %d, damage %d.", s.Nemesis, 4+s.Nemesis, s.Nemesis)
		}
	}
}

func listOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	out := xs[0]
	for _, x := range xs[1:] {
		out += ", " + x
	}
	return out
}
