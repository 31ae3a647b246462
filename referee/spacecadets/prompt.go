package spacecadets

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// prompter builds one viewer's prompt: the sentence saying what this
// viewer does next, or whom the table waits for, with names, never seat
// numbers.
type prompter struct {
	s                         *State
	v                         kit.Viewer
	seat                      bool
	captain, officer, sensors bool
}

// say fills a prompt's {placeholders} from kv (name, value pairs).
func say(code, tmpl string, kv ...string) *kit.Prompt {
	p := &kit.Prompt{Code: code, Params: map[string]string{}}
	text := tmpl
	for i := 0; i+1 < len(kv); i += 2 {
		p.Params[kv[i]] = kv[i+1]
		text = strings.ReplaceAll(text, "{"+kv[i]+"}", kv[i+1])
	}
	if len(p.Params) == 0 {
		p.Params = nil
	}
	p.Text = text
	return p
}

// promptFor returns the prompt of viewer v in state s.
func promptFor(s *State, v kit.Viewer) *kit.Prompt {
	seat := v.Role == kit.RoleSeat && v.Seat >= 0 && v.Seat < len(s.Seats)
	p := prompter{s: s, v: v, seat: seat}
	if seat {
		p.captain = v.Seat == s.Roles.Captain
		p.officer = v.Seat == s.Roles.ScienceOfficer
		p.sensors = v.Seat == s.Roles.Sensors
	}
	return p.prompt()
}

func (p prompter) name(seat int) string { return p.s.Seats[seat] }

func (p prompter) captainName() string { return p.name(p.s.Roles.Captain) }

func (p prompter) officerName() string { return p.name(p.s.Roles.ScienceOfficer) }

func (p prompter) host() bool { return p.v.Role == kit.RoleHost }

func (p prompter) board() bool { return !p.seat && !p.host() }

// stepWhat is what the table does in the current step ("Helm: the ship
// moves"), from the game data.
func (p prompter) stepWhat() string {
	if w := p.s.D().StepNotes[p.s.Step]; w != "" {
		return w
	}
	return "play the step as the base game says"
}

func (p prompter) stepName() string { return stepLabels[p.s.Step] }

func (p prompter) prompt() *kit.Prompt {
	s := p.s
	switch {
	case s.End != nil:
		if s.End.Won {
			return say("prompt.won", "Mission won: {reason}", "reason", s.End.Reason)
		}
		return say("prompt.lost", "Mission lost: {reason}", "reason", s.End.Reason)
	case s.Step == "setup":
		return p.setup()
	}
	if r := s.Rabbit; r != nil && (r.PendingRow || r.PendingCol) {
		what := "row and column"
		switch {
		case !r.PendingCol:
			what = "row"
		case !r.PendingRow:
			what = "column"
		}
		if p.captain {
			return say("prompt.choose_arrival", "Captain: a 6 was rolled for the arrival square: choose the {what}.", "what", what)
		}
		return say("prompt.wait_arrival", "Waiting for {captain} (Captain) to choose the arrival {what}.", "captain", p.captainName(), "what", what)
	}
	if k := s.Kraken; k != nil && k.Part == 1 && k.Last != "" {
		return p.krakenHandOff()
	}
	if s.Step == "step7" && s.Kraken != nil && krakenMustActivate(s) {
		t := s.activeTentacle()
		if p.seat {
			return say("prompt.kraken_activate", "Step 7: {tentacle} moves towards the ship: report the square it reaches.", "tentacle", t.Name)
		}
		return say("prompt.wait_kraken", "Step 7: waiting for the crew to report where {tentacle} moved.", "tentacle", t.Name)
	}
	switch s.Step {
	case "step1":
		if p.officer {
			if pr := p.step1Officer(); pr != nil {
				return pr
			}
		}
		// The Captain moves on from Step 1: say what the Science Officer
		// still has to do there, as the Science Officer's phone offers it.
		if sc := s.Science; (p.captain || p.host()) && s.Roles.ScienceOfficer != s.Roles.Captain && sc.Selected == nil {
			if !sc.DrewEE && (sc.Deck.Len() > 0 || len(sc.Discard) > 0) {
				return say("prompt.captain_step1_draw", "Step 1: {officer} (Science Officer) draws {n} Experimental Equipment cards and may select one to build; tap Next step when the crew is done.", "officer", p.officerName(), "n", strconv.Itoa(s.D().Step1Draw))
			}
			if sc.DrewEE {
				return say("prompt.captain_step1_select", "Step 1: {officer} (Science Officer) may select one of the cards drawn to build; tap Next step when the crew is done.", "officer", p.officerName())
			}
		}
	case "science":
		return p.science()
	case "step3a", "step3b":
		return p.timedStep()
	}
	return p.plainStep()
}

func (p prompter) setup() *kit.Prompt {
	s := p.s
	d := s.D()
	target := bestStartPoints(d, s.Science.StartDraw)
	kept := keptPoints(s.Science.StartKept)
	pts := strconv.Itoa(target)
	if p.captain || p.officer {
		if kept == target {
			return say("prompt.setup_done", "{points} Science points of starting equipment are kept: tap Done choosing starting equipment.", "points", pts)
		}
		return say("prompt.setup_choose", "Choose the starting Experimental Equipment: keep {points} Science points of the five cards drawn ({kept} kept so far).", "points", pts, "kept", strconv.Itoa(kept))
	}
	who := p.captainName() + " (Captain)"
	if s.Roles.ScienceOfficer != s.Roles.Captain {
		who += " and " + p.officerName() + " (Science Officer)"
	}
	return say("prompt.setup_wait", "Waiting for {who} to choose {points} Science points of starting equipment.", "who", who, "points", pts)
}

func (p prompter) krakenHandOff() *kit.Prompt {
	k := p.s.Kraken
	last := k.tentacle(k.Last).Name
	link := ContinuationPath(k.Last)
	switch {
	case p.captain:
		return say("prompt.kraken_start", "The Kraken is subdued! Tap Open part 2 to read the next part of the mission, then tap Start Mission 10, part 2.", "link", link)
	case p.sensors:
		return say("prompt.kraken_card", "Turn over {tentacle}'s card: its QR code leads to the next part of the mission, which Open part 2 shows too. {captain} (Captain) starts part 2.", "tentacle", last, "link", link, "captain", p.captainName())
	}
	return say("prompt.kraken_wait", "The Kraken is subdued: waiting for {captain} (Captain) to start part 2; tap Open part 2 to read it.", "captain", p.captainName(), "link", link)
}

func (p prompter) step1Officer() *kit.Prompt {
	sc := p.s.Science
	d := p.s.D()
	switch {
	case !sc.DrewEE && (sc.Deck.Len() > 0 || len(sc.Discard) > 0):
		return say("prompt.science_draw", "Step 1, Science: draw {n} Experimental Equipment cards.", "n", strconv.Itoa(d.Step1Draw))
	case sc.DrewEE && sc.Selected == nil:
		return say("prompt.science_select", "Step 1, Science: select one card to build this turn, draw another for 1 energy, or build nothing.")
	case sc.Selected != nil:
		return say("prompt.science_selected", "Step 1, Science: {card} is selected to build; {captain} (Captain) moves on to the Science step.", "card", d.eeTitle(sc.Selected.Card), "captain", p.captainName())
	}
	return nil
}

func (p prompter) science() *kit.Prompt {
	s := p.s
	sc := s.Science
	at := sc.Attempt
	secs := strconv.Itoa(s.ScienceSeconds)
	officer, captain := p.officerName(), p.captainName()
	switch {
	case at == nil && sc.Selected != nil && !canBuild(s):
		card, n := s.D().eeTitle(sc.Selected.Card), strconv.Itoa(sc.Selected.Level+1)
		if p.captain || p.host() {
			return say("prompt.science_cannot_build", "Science step: {card} cannot be built ({n} Component cards needed, {left} left); tap Next step.", "card", card, "n", n, "left", strconv.Itoa(sc.CompDeck.Len()))
		}
		return say("prompt.wait_cannot_build", "Science step: {card} cannot be built ({n} Component cards needed, {left} left); {captain} (Captain) moves on.", "card", card, "n", n, "left", strconv.Itoa(sc.CompDeck.Len()), "captain", captain)
	case at == nil && sc.Selected != nil:
		card := s.D().eeTitle(sc.Selected.Card)
		if p.officer {
			return say("prompt.science_build", "Science step: announce the build of {card} to draw {n} Component cards face down, or skip it.", "card", card, "n", strconv.Itoa(sc.Selected.Level+1))
		}
		return say("prompt.wait_build", "Science step: waiting for {officer} (Science Officer) to announce the build of {card}.", "officer", officer, "card", card)
	case at == nil:
		if most := researchMax(s); most > 0 {
			pts := "1 to " + strconv.Itoa(most) + " Science points"
			if most == 1 {
				pts = "1 Science point"
			}
			switch {
			case p.officer && p.captain:
				return say("prompt.research_self", "Science step: announce Research of {points}, or tap Next step to go on without it.", "points", pts)
			case p.officer:
				return say("prompt.research", "Science step: announce Research of {points}, or let {captain} (Captain) move on.", "points", pts, "captain", captain)
			case p.captain || p.host():
				return say("prompt.research_wait_captain", "Science step: {officer} (Science Officer) may announce Research of {points}; tap Next step to go on without it.", "officer", officer, "points", pts)
			}
			return say("prompt.research_wait", "Science step: {officer} (Science Officer) may announce Research of {points}; {captain} (Captain) moves on.", "officer", officer, "points", pts, "captain", captain)
		}
		if p.captain || p.host() {
			return say("prompt.science_skip", "Science step: nothing to build; tap Next step.")
		}
		return say("prompt.wait_science", "Science step: waiting for {captain} (Captain) to move on.", "captain", captain)
	case at.Status == "face_down":
		if p.captain || p.host() {
			return say("prompt.science_start", "Science step: start the {seconds}-second Science timer when everyone is ready.", "seconds", secs)
		}
		return say("prompt.science_ready", "Get ready: the {seconds}-second Science step begins when {captain} (Captain) starts the timer; the Component cards stay face down until then.", "seconds", secs, "captain", captain)
	case at.Status == "running":
		if at.SetAside < 0 {
			if p.officer {
				return say("prompt.set_aside", "Set aside the one Component card you will not use; the crew gathers the others' components on the Workbench.")
			}
			return say("prompt.wait_set_aside", "Science step ({seconds} s): {officer} chooses the Component cards; help gather their components on the Workbench.", "seconds", secs, "officer", officer)
		}
		gather := strings.Join(piecesToGather(s), "; ")
		if gather == "" {
			gather = "nothing (every piece is from an inactive station)"
		}
		return say("prompt.gather", "Gather on the Workbench before time runs out: {pieces}.", "pieces", gather)
	}
	if p.officer {
		return say("prompt.report_workbench", "Time is up: report whether the Workbench matches the chosen Component cards exactly.")
	}
	return say("prompt.wait_workbench", "Time is up: waiting for {officer} (Science Officer) to report the Workbench.", "officer", officer)
}

func (p prompter) timedStep() *kit.Prompt {
	s := p.s
	t := s.timer(s.Step)
	key := strings.ToUpper(strings.TrimPrefix(s.Step, "step"))
	secs := strconv.Itoa(s.StepSeconds[key])
	step := p.stepName()
	eng := ""
	if key == s.EngineeringStep {
		eng = " Engineering is performed now."
	}
	boss := p.captain || p.host()
	switch {
	case t.Running || t.Paused:
		if boss {
			return say("prompt.timer_running", "{step}: the {seconds}-second timer is on; tap Next step when the crew is done.{engineering}", "step", step, "seconds", secs, "engineering", eng)
		}
		return say("prompt.timed_work", "{step}: {what} before the {seconds} seconds run out.{engineering}", "step", step, "what", p.stepWhat(), "seconds", secs, "engineering", eng)
	case slices.Contains(s.TimersStarted, s.Step):
		// The step's seconds have run (out, or cancelled): they run once
		// a step, so the prompt names what comes next, never the start.
		return p.timedStepDone(step)
	case boss:
		return say("prompt.timer_start", "{step}: start the {seconds}-second timer when the crew is ready.{engineering}", "step", step, "seconds", secs, "engineering", eng)
	}
	return say("prompt.timer_wait", "{step}: get ready; {captain} (Captain) starts the {seconds}-second timer.{engineering}", "step", step, "captain", p.captainName(), "seconds", secs, "engineering", eng)
}

// timedStepDone is the prompt once a timed step's timer has run: the
// table goes on to the next step, which it names with what happens there.
func (p prompter) timedStepDone(step string) *kit.Prompt {
	s := p.s
	next := steps[slices.Index(steps, s.Step)+1]
	nextName, nextWhat := stepLabels[next], s.D().StepNotes[next]
	if nextWhat == "" {
		nextWhat = "play the step as the base game says"
	}
	// The step just played is in the phase line; the prompt is the next.
	switch {
	case p.captain || p.host():
		return say("prompt.timer_done", "Time is up. Tap Next step to go on to {next}: {what}.", "step", step, "next", nextName, "what", nextWhat)
	case p.board():
		return say("prompt.timer_done_board", "Time is up. Next: {next}: {what}.", "step", step, "next", nextName, "what", nextWhat)
	}
	return say("prompt.timer_done_wait", "Time is up. Next: {next}: {what}; {captain} (Captain) moves on.", "step", step, "next", nextName, "what", nextWhat, "captain", p.captainName())
}

func (p prompter) plainStep() *kit.Prompt {
	step, what := p.stepName(), p.stepWhat()
	switch {
	case p.captain:
		return say("prompt.captain_step", "Captain, {step} ({what}): confirm what the crew reports, then tap Next step.", "step", step, "what", what)
	case p.host():
		return say("prompt.host_step", "{step} ({what}): record what the table reports, then tap Next step (or leave it to {captain}, the Captain).", "step", step, "what", what, "captain", p.captainName())
	case p.board():
		return say("prompt.board_step", "Turn {turn}, {step}: {what}.", "turn", strconv.Itoa(p.s.Turn), "step", step, "what", what)
	}
	return say("prompt.crew_step", "{step} ({what}): report what happens at your station; {captain} (Captain) moves on.", "step", step, "what", what, "captain", p.captainName())
}

// phaseLabel is the step as players call it.
func phaseLabel(s *State) string {
	if s.Step == "over" && s.End != nil {
		return map[bool]string{true: "Mission won", false: "Mission lost"}[s.End.Won]
	}
	if l, ok := stepLabels[s.Step]; ok {
		if s.Turn > 0 && s.Step != "over" {
			return fmt.Sprintf("Turn %d, %s", s.Turn, l)
		}
		return l
	}
	return s.Step
}
