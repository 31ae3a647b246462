package spacecadets

import (
	"time"

	"tablewarden/referee/kit"
)

type timerArgs struct {
	Name string `json:"name"`
}

func timerSection(name string) string {
	if name == "science" {
		return secScience
	}
	return secTurn
}

// timerFor decodes the timer argument. Codes: bad_args, unknown_timer,
// host_or_captain.
func (a *applier) timerFor(m kit.Move) (*kit.Timer, error) {
	var args timerArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return nil, err
	}
	t := a.s.timer(args.Name)
	if t == nil {
		return nil, kit.Errorf("unknown_timer", rule(secTurn), "There is no %q timer; the timers are science, step3a and step3b.", args.Name)
	}
	if err := a.hostOrCaptain(timerSection(t.Name)); err != nil {
		return nil, err
	}
	return t, nil
}

func rewrap(err error, section string) error {
	if re, ok := kit.AsRuleError(err); ok {
		c := *re
		c.Rule = rule(section)
		return &c
	}
	return err
}

// startTimer starts the current step's timer. Starting the Science timer
// turns the face-down Component cards over; starting Step 3A in Mission 8
// rolls the movement die. Codes: wrong_step, no_attempt, already_started,
// timer_running.
func (a *applier) startTimer(m kit.Move) error {
	t, err := a.timerFor(m)
	if err != nil {
		return err
	}
	s := a.s
	switch t.Name {
	case "science":
		if err := a.inStep(secScience, "science"); err != nil {
			return err
		}
		if s.Science.Attempt == nil {
			return kit.Errorf("no_attempt", rule(secScience), "The Science Officer has not announced a build or Research: there are no Component cards to turn over.")
		}
		if s.Science.Attempt.Status != "face_down" {
			return kit.Errorf("already_started", rule(secScience), "The %d-second Science step has already begun for this attempt.", s.ScienceSeconds)
		}
	case "step3a":
		if err := a.inStep(secTurn, "step3a"); err != nil {
			return err
		}
	case "step3b":
		if err := a.inStep(secTurn, "step3b"); err != nil {
			return err
		}
	}
	if t.Running || t.Paused {
		return kit.Errorf("timer_running", rule(timerSection(t.Name)), "The %s timer is already running; pause, resume or cancel it.", t.Label)
	}
	secs := s.ScienceSeconds
	switch t.Name {
	case "step3a":
		secs = s.StepSeconds["3A"]
	case "step3b":
		secs = s.StepSeconds["3B"]
	}
	t.Start(a.ctx.Now, time.Duration(secs)*time.Second)
	a.log("timer_started", "%s timer started: %d seconds.", t.Label, secs)
	if t.Name == "science" {
		at := s.Science.Attempt
		at.Revealed, at.FaceDown = at.FaceDown, nil
		at.Status = "running"
		a.reveals = true
		a.log("components_revealed", "Component cards turned over: %s.", a.componentList(at.Revealed))
	}
	if t.Name == "step3a" && s.Siege != nil && s.Siege.MovementDie == 0 {
		s.Siege.MovementDie = a.ctx.RNG.Die(6)
		s.LastRoll = &Roll{Purpose: "movement die", Dice: []int{s.Siege.MovementDie}, Total: s.Siege.MovementDie}
		a.log("movement_die", "Movement die rolled: %d. Enemies will move their speed + %d in Step 7.", s.Siege.MovementDie, halfDamage(s.Siege.MovementDie))
	}
	return nil
}

// pauseTimer pauses a running timer. Codes: timer_not_running.
func (a *applier) pauseTimer(m kit.Move) error {
	t, err := a.timerFor(m)
	if err != nil {
		return err
	}
	if err := t.Pause(a.ctx.Now); err != nil {
		return rewrap(err, timerSection(t.Name))
	}
	a.log("timer_paused", "%s timer paused with %.1f s left.", t.Label, float64(t.RemainingMS)/1000)
	return nil
}

// resumeTimer resumes a paused timer. Codes: timer_not_paused.
func (a *applier) resumeTimer(m kit.Move) error {
	t, err := a.timerFor(m)
	if err != nil {
		return err
	}
	if err := t.Resume(a.ctx.Now); err != nil {
		return rewrap(err, timerSection(t.Name))
	}
	a.log("timer_resumed", "%s timer resumed with %.1f s left.", t.Label, float64(t.RemainingMS)/1000)
	return nil
}

// cancelTimer stops a timer without expiry. Cancelling the Science timer
// aborts the attempt. Codes: timer_not_running.
func (a *applier) cancelTimer(m kit.Move) error {
	t, err := a.timerFor(m)
	if err != nil {
		return err
	}
	if err := t.Cancel(); err != nil {
		return rewrap(err, timerSection(t.Name))
	}
	a.log("timer_cancelled", "%s timer cancelled.", t.Label)
	if t.Name == "science" && a.s.Science.Attempt != nil {
		a.failAttempt("the Science step was cancelled")
	}
	return nil
}

// timerExpired is the server's expiry of a running timer. A stale
// generation is refused with "stale_timer", so an expiry never fires into a
// later step or attempt. Codes: system_only, unknown_timer, stale_timer.
func (a *applier) timerExpired(m kit.Move) error {
	if !a.who.System {
		return kit.Errorf("system_only", rule(secTurn), "Only the server reports that a timer ran out.")
	}
	var args kit.TimerExpiredArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	t := a.s.timer(args.Name)
	if t == nil {
		return kit.Errorf("unknown_timer", rule(secTurn), "There is no %q timer.", args.Name)
	}
	if err := t.Expire(args.Generation); err != nil {
		return rewrap(err, timerSection(t.Name))
	}
	a.log("timer_expired", "Time is up: %s.", t.Label)
	if t.Name == "science" && a.s.Science.Attempt != nil {
		a.scienceTimeUp()
	}
	return nil
}

// cancelStepTimers cancels the running or paused timers when the step
// changes; their pending expiries become stale.
func (a *applier) cancelStepTimers() {
	for i := range a.s.Timers {
		t := &a.s.Timers[i]
		if t.Running || t.Paused {
			_ = t.Cancel()
			a.log("timer_cancelled", "%s timer cancelled: the step is over.", t.Label)
		}
		t.Expired = false
	}
}
