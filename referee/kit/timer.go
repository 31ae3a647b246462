package kit

import (
	"fmt"
	"time"
)

// Timer is a countdown held as data: a deadline plus a generation number.
// Every start, pause, resume or cancel bumps the generation, so an expiry
// scheduled for an older generation is stale and is refused.
type Timer struct {
	Name       string `json:"name" vis:"public"`
	Label      string `json:"label" vis:"public"`
	Generation int    `json:"generation" vis:"public"`
	// Running timers have a Deadline; paused ones keep RemainingMS.
	Running     bool      `json:"running" vis:"public"`
	Paused      bool      `json:"paused" vis:"public"`
	Expired     bool      `json:"expired" vis:"public"`
	Deadline    time.Time `json:"deadline" vis:"public"`
	RemainingMS int64     `json:"remaining_ms" vis:"public"`
	DurationMS  int64     `json:"duration_ms" vis:"public"`
}

// Start (re)starts the timer for d from now.
func (t *Timer) Start(now time.Time, d time.Duration) {
	t.Generation++
	t.Running, t.Paused, t.Expired = true, false, false
	t.DurationMS = d.Milliseconds()
	t.RemainingMS = t.DurationMS
	t.Deadline = now.Add(d).UTC()
}

// Pause stops a running timer and keeps its remaining time.
func (t *Timer) Pause(now time.Time) error {
	if !t.Running {
		return Errorf("timer_not_running", "Timers", "The %s timer is not running.", t.label())
	}
	t.Generation++
	rem := t.Deadline.Sub(now)
	if rem < 0 {
		rem = 0
	}
	t.Running, t.Paused = false, true
	t.RemainingMS = rem.Milliseconds()
	t.Deadline = time.Time{}
	return nil
}

// Resume restarts a paused timer with its remaining time.
func (t *Timer) Resume(now time.Time) error {
	if !t.Paused {
		return Errorf("timer_not_paused", "Timers", "The %s timer is not paused.", t.label())
	}
	t.Generation++
	t.Running, t.Paused = true, false
	t.Deadline = now.Add(time.Duration(t.RemainingMS) * time.Millisecond).UTC()
	return nil
}

// Cancel stops the timer without expiring it.
func (t *Timer) Cancel() error {
	if !t.Running && !t.Paused {
		return Errorf("timer_not_running", "Timers", "The %s timer is not running.", t.label())
	}
	t.Generation++
	t.Running, t.Paused = false, false
	t.Deadline = time.Time{}
	t.RemainingMS = 0
	return nil
}

// Expire marks the timer expired when gen is its current generation and it
// is running. A stale generation is a *RuleError "stale_timer".
func (t *Timer) Expire(gen int) error {
	if gen != t.Generation || !t.Running {
		return Errorf("stale_timer", "Timers", "The %s timer expiry (generation %d) is stale; the timer is at generation %d.", t.label(), gen, t.Generation)
	}
	t.Running, t.Expired = false, true
	t.RemainingMS = 0
	return nil
}

// Remaining is the time left at now.
func (t Timer) Remaining(now time.Time) time.Duration {
	switch {
	case t.Running:
		r := t.Deadline.Sub(now)
		if r < 0 {
			return 0
		}
		return r
	case t.Paused:
		return time.Duration(t.RemainingMS) * time.Millisecond
	}
	return 0
}

func (t Timer) label() string {
	if t.Label != "" {
		return t.Label
	}
	return fmt.Sprintf("%q", t.Name)
}
