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
func (a *applier) nextStep(m kit.Move) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := a.hostOrCaptain(secTurn); err != nil {
		return err
	}
	if err := a.running(secScience); err != nil {
		return err
	}
	s := a.s
	if s.Step == "science" && s.Science.Attempt != nil {
		return kit.Errorf("science_in_progress", rule(secScience), "Finish the Science attempt first: report the Workbench or abort.")
	}
	if s.Rabbit != nil && (s.Rabbit.PendingRow || s.Rabbit.PendingCol) {
		return kit.Errorf("arrival_pending", rule(secM7), "The Captain must first choose the arrival row or column (a 6 was rolled).")
	}
	if s.Step == "step7" && s.Kraken != nil && a.krakenMustActivate() {
		return kit.Errorf("kraken_pending", rule(secM10), "In Step 7 the tentacle on the players' tile activates: report where it moved first.")
	}
	a.cancelStepTimers()
	switch s.Step {
	case "step1":
		a.leaveStep1()
		if s.Science.Selected != nil || (s.Mission == "10" && !s.Science.DrewEE) {
			a.enter("science")
		} else {
			a.enter("step2")
		}
	case "science":
		if sel := s.Science.Selected; sel != nil {
			s.Science.Discard = append(s.Science.Discard, sel.Card)
			a.log("science_skipped", "No build announced: %s goes to the discard pile.", s.D().Equipment[sel.Card].Name)
			s.Science.Selected = nil
		}
		a.enter("step2")
	case "step7":
		a.endTurn()
		if s.End == nil {
			a.enter("step1")
		}
	default:
		i := slices.Index(steps, s.Step)
		a.enter(steps[i+1])
	}
	return nil
}

func (a *applier) enter(step string) {
	s := a.s
	s.Step = step
	a.log("step", "Turn %d: %s.", s.Turn, stepLabels[step])
	switch step {
	case "step1":
		a.parasiteEffect("ripper")
	case "step2":
		a.parasiteEffect("energy")
	case "step3a", "step3b":
		if (step == "step3b") == (s.EngineeringStep == "3B") {
			a.log("engineering", "Engineering is performed in %s.", stepLabels[step])
		}
	case "step4":
		a.parasiteEffect("shield")
	case "step6":
		a.parasiteEffect("weapon")
		if s.Mission == "H1" {
			a.log("h1_torpedo", "Escape from Mercury: each torpedo fired does -1 damage.")
		}
	case "step7":
		a.step7()
	}
}

// leaveStep1 discards the drawn cards that were not selected.
func (a *applier) leaveStep1() {
	sc := &a.s.Science
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
func (a *applier) parasiteEffect(kind string) {
	s := a.s
	for _, e := range s.Enemies {
		if !e.onMap() || !e.Attached || s.enemyCard(e).Parasite != kind {
			continue
		}
		switch kind {
		case "ripper":
			c, ok := s.Science.CompDeck.Draw()
			if !ok {
				a.log("ripper", "%s: no Component card left to draw.", s.enemyLabel(e))
				continue
			}
			s.Science.CompRemoved = append(s.Science.CompRemoved, c)
			a.reveals = true
			a.log("ripper", "%s draws %s: discard the components shown (%s) along with the card.", s.enemyLabel(e), s.D().Components[c].Name, piecesText(s.D().Components[c].Pieces))
		case "energy":
			a.log("parasite", "%s: take one fewer Engineering tile this Step 2.", s.enemyLabel(e))
		case "shield":
			a.log("parasite", "%s: reduce each shield strength by one, right after shield strength is determined.", s.enemyLabel(e))
		case "weapon":
			a.log("parasite", "%s: reduce torpedo damage by one this Step 6.", s.enemyLabel(e))
		}
	}
}

// step7 applies what happens at the start of Step 7.
func (a *applier) step7() {
	s := a.s
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
		a.log("m7_acting", "Only enemies on the players' tile act: %s.%s", listOrNone(acting), note)
	case "8":
		a.siegeMove()
	case "H2":
		a.platformAttack()
	case "H3":
		a.thrallMove()
	case "10":
		if a.krakenMustActivate() {
			a.log("kraken_turn", "The Kraken stirs: report where the active tentacle moves.")
		}
	}
	for _, e := range s.Enemies {
		if e.onMap() && e.Attached {
			a.log("parasite_damage", "%s causes 1 internal damage.", s.enemyLabel(e))
		}
	}
}

// endTurn applies the end of Step 7 and resets the turn.
func (a *applier) endTurn() {
	s := a.s
	switch s.Mission {
	case "8":
		a.siegeNextEnemy()
	case "H4":
		a.invisibleNewEnemy()
	}
	a.moveNemesis()
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
func (a *applier) moveNemesis() {
	s := a.s
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
			a.end(false, "", why("outcome.m7_nemesis", fmt.Sprintf("the Nemesis marker had to move past %d.", tr.Min), "min", strconv.Itoa(tr.Min)), secM7)
			return
		}
		s.Nemesis--
		a.log("nemesis", "Nemesis marker moves down to %d.", s.Nemesis)
	case "down":
		if s.Nemesis > tr.Min {
			s.Nemesis--
			a.log("nemesis", "Nemesis marker moves down to %d.", s.Nemesis)
			if s.Nemesis == 0 {
				a.log("nemesis_zero", "The Nemesis marker is on 0: apply the base game's Nemesis rules.")
			}
		}
	case "h2":
		if s.Nemesis < tr.Max {
			s.Nemesis++
			a.log("nemesis", "Nemesis marker moves right to %d: platform range %d, damage %d.", s.Nemesis, 4+s.Nemesis, s.Nemesis)
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
