package spacecadets

import (
	"slices"
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

// timerFor finds the named timer for the host or the Captain. Codes:
// unknown_timer, host_or_captain.
func timerFor(t *turn, seat int, args timerArgs) (*kit.Timer, error) {
	tm := t.S.timer(args.Name)
	if tm == nil {
		return nil, kit.Errorf("unknown_timer", rule(secTurn), "There is no %q timer; the timers are science, step3a and step3b.", args.Name)
	}
	if err := hostOrCaptain(t, seat, timerSection(tm.Name)); err != nil {
		return nil, err
	}
	return tm, nil
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
// rolls the movement die. A timer runs once a step: it is not started
// again after it ran out or was cancelled. Codes: wrong_step, no_attempt,
// already_started, timer_running, timer_already_run.
func startTimer(t *turn, seat int, args timerArgs) error {
	tm, err := timerFor(t, seat, args)
	if err != nil {
		return err
	}
	s := t.S
	switch tm.Name {
	case "science":
		if err := inStep(t, secScience, "science"); err != nil {
			return err
		}
		if s.Science.Attempt == nil {
			return kit.Errorf("no_attempt", rule(secScience), "The Science Officer has not announced a build or Research: there are no Component cards to turn over.")
		}
		if s.Science.Attempt.Status != "face_down" {
			return kit.Errorf("already_started", rule(secScience), "The %d-second Science step has already begun for this attempt.", s.ScienceSeconds)
		}
	case "step3a", "step3b":
		if err := inStep(t, secTurn, tm.Name); err != nil {
			return err
		}
	}
	if tm.Running || tm.Paused {
		return kit.Errorf("timer_running", rule(timerSection(tm.Name)), "The %s timer is already running.", tm.Label)
	}
	if slices.Contains(s.TimersStarted, tm.Name) {
		return kit.Errorf("timer_already_run", rule(timerSection(tm.Name)), "The %s timer has already run in this step: its seconds run once, with no second start.", tm.Label)
	}
	s.TimersStarted = append(s.TimersStarted, tm.Name)
	secs := s.ScienceSeconds
	switch tm.Name {
	case "step3a":
		secs = s.StepSeconds["3A"]
	case "step3b":
		secs = s.StepSeconds["3B"]
	}
	tm.Start(t.Ctx.Now, time.Duration(secs)*time.Second)
	t.Public("timer_started", "%s timer started: %d seconds.", tm.Label, secs)
	if tm.Name == "science" {
		at := s.Science.Attempt
		at.Revealed, at.FaceDown = at.FaceDown, nil
		at.Status = "running"
		t.Reveal()
		t.Public("components_revealed", "Component cards turned over: %s.", componentList(t, at.Revealed))
	}
	if tm.Name == "step3a" && s.Siege != nil && s.Siege.MovementDie == 0 {
		s.Siege.MovementDie = t.RNG.Die(6)
		s.LastRoll = &Roll{Purpose: "movement die", Dice: []int{s.Siege.MovementDie}, Total: s.Siege.MovementDie}
		t.Public("movement_die", "Movement die rolled: %d. Enemies will move their speed + %d in Step 7.", s.Siege.MovementDie, halfDamage(s.Siege.MovementDie))
	}
	return nil
}

// changeTimer finds the named timer for the host or the Captain and
// applies change to it, at the move's time. A refusal of the timer's own
// (not running, not paused) names the timer's section.
func changeTimer(t *turn, seat int, args timerArgs, change func(tm *kit.Timer, now time.Time) error) (*kit.Timer, error) {
	tm, err := timerFor(t, seat, args)
	if err != nil {
		return nil, err
	}
	if err := change(tm, t.Ctx.Now); err != nil {
		return nil, rewrap(err, timerSection(tm.Name))
	}
	return tm, nil
}

// holdTimer pauses or resumes a timer (change) and logs the time left as
// event code, with verb ("paused", "resumed") in its text.
func holdTimer(t *turn, seat int, args timerArgs, change func(tm *kit.Timer, now time.Time) error, code, verb string) error {
	if !t.S.TimerPauses {
		if _, err := timerFor(t, seat, args); err != nil {
			return err
		}
		return kit.Errorf("no_pause", rule(timerSection(args.Name)), "The timers run without a pause: the Science step's 30 seconds, like each timed step's, run once. A table that pauses them sets the house rule \"timers can be paused\" when it is created.")
	}
	tm, err := changeTimer(t, seat, args, change)
	if err != nil {
		return err
	}
	t.Public(code, "%s timer %s with %.1f s left.", tm.Label, verb, float64(tm.RemainingMS)/1000)
	return nil
}

// pauseTimer pauses a running timer, under the timer_pauses house rule
// only. Codes: no_pause, timer_not_running.
func pauseTimer(t *turn, seat int, args timerArgs) error {
	return holdTimer(t, seat, args, (*kit.Timer).Pause, "timer_paused", "paused")
}

// resumeTimer resumes a paused timer. Codes: no_pause, timer_not_paused.
func resumeTimer(t *turn, seat int, args timerArgs) error {
	return holdTimer(t, seat, args, (*kit.Timer).Resume, "timer_resumed", "resumed")
}

// cancelTimer stops a timer without expiry. Cancelling the Science timer
// aborts the attempt. Codes: timer_not_running.
func cancelTimer(t *turn, seat int, args timerArgs) error {
	tm, err := changeTimer(t, seat, args, func(tm *kit.Timer, _ time.Time) error { return tm.Cancel() })
	if err != nil {
		return err
	}
	t.Public("timer_cancelled", "%s timer cancelled.", tm.Label)
	if tm.Name == "science" && t.S.Science.Attempt != nil {
		failAttempt(t, "the Science step was cancelled")
	}
	return nil
}

// timerExpired is the server's expiry of a running timer (only the server
// makes it: the move table answers "system_only"). A stale generation is
// refused with "stale_timer", so an expiry never fires into a later step
// or attempt. Codes: unknown_timer, stale_timer.
func timerExpired(t *turn, _ int, args kit.TimerExpiredArgs) error {
	tm := t.S.timer(args.Name)
	if tm == nil {
		return kit.Errorf("unknown_timer", rule(secTurn), "There is no %q timer.", args.Name)
	}
	if err := tm.Expire(args.Generation); err != nil {
		return rewrap(err, timerSection(tm.Name))
	}
	t.Public("timer_expired", "Time is up: %s.", tm.Label)
	if tm.Name == "science" && t.S.Science.Attempt != nil {
		scienceTimeUp(t)
	}
	return nil
}

// cancelStepTimers cancels the running or paused timers when the step
// changes; their pending expiries become stale.
func cancelStepTimers(t *turn) {
	for i := range t.S.Timers {
		tm := &t.S.Timers[i]
		if tm.Running || tm.Paused {
			_ = tm.Cancel()
			t.Public("timer_cancelled", "%s timer cancelled: the step is over.", tm.Label)
		}
		tm.Expired = false
	}
	t.S.TimersStarted = nil
}
