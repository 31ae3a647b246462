package spacecadets

import (
	"strings"
	"testing"
	"time"

	"tablewarden/referee/kit"
)

func TestTimers(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7","step3a_seconds":45,"timer_pauses":true}`, 4, 1)
		tb.to("step3a")
		start := tb.now.Add(time.Second)
		tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
		tm := tb.s.timer("step3a")
		if got, want := tm.Deadline, start.Add(45*time.Second); !got.Equal(want) {
			t.Fatalf("deadline = %v, want %v (option overrides the mission data)", got, want)
		}
		if got := tb.g.Timers(tb.s); len(got) != 1 || got[0].Name != "step3a" {
			t.Fatalf("Timers = %+v", got)
		}
		gen := tm.Generation
		tb.do(kit.HostActor, "pause_timer", map[string]any{"name": "step3a"})
		if got, want := tb.s.timer("step3a").RemainingMS, int64(44000); got != want {
			t.Fatalf("remaining after pause = %d, want %d", got, want)
		}
		if len(tb.g.Timers(tb.s)) != 0 {
			t.Fatal("a paused timer is scheduled")
		}
		tb.fail(kit.SystemActor, kit.TimerExpiredMove, kit.TimerExpiredArgs{Name: "step3a", Generation: gen}, "stale_timer")
		tb.now = tb.now.Add(time.Hour) // the restart of a server in the pause changes nothing
		tb.do(captain, "resume_timer", map[string]any{"name": "step3a"})
		tm = tb.s.timer("step3a")
		if got, want := tm.Deadline, tb.now.Add(44*time.Second); !got.Equal(want) {
			t.Fatalf("deadline after resume = %v, want %v", got, want)
		}
		tb.expire("step3a")
		if !tb.s.timer("step3a").Expired || !tb.hasEvent("timer_expired") {
			t.Fatal("expiry not recorded or not logged")
		}
		v := tb.g.View(tb.s, kit.BoardViewer)
		if len(v.Timers) != 1 || !v.Timers[0].Expired {
			t.Fatalf("board view timers = %+v", v.Timers)
		}
	})
	t.Run("ErrStaleIntoLaterStep", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 1)
		tb.to("step3a")
		tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
		gen := tb.timerGen("step3a")
		tb.do(captain, "next_step", nil) // to 3B: the 3A timer is cancelled
		tb.fail(kit.SystemActor, kit.TimerExpiredMove, kit.TimerExpiredArgs{Name: "step3a", Generation: gen}, "stale_timer")
		tb.do(captain, "start_timer", map[string]any{"name": "step3b"})
		tb.to("step1")
		tb.to("step3a")
		tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
		tb.fail(kit.SystemActor, kit.TimerExpiredMove, kit.TimerExpiredArgs{Name: "step3a", Generation: gen}, "stale_timer")
	})
	t.Run("Errors", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7","timer_pauses":true}`, 4, 1)
		tb.to("step2")
		tb.fail(captain, "start_timer", map[string]any{"name": "step3a"}, "wrong_step")
		tb.fail(captain, "start_timer", map[string]any{"name": "egg"}, "unknown_timer")
		tb.do(captain, "next_step", nil)
		tb.fail(crew, "start_timer", map[string]any{"name": "step3a"}, "host_or_captain")
		tb.fail(captain, "pause_timer", map[string]any{"name": "step3a"}, "timer_not_running")
		tb.fail(captain, "resume_timer", map[string]any{"name": "step3a"}, "timer_not_paused")
		tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
		tb.fail(captain, "start_timer", map[string]any{"name": "step3a"}, "timer_running")
		tb.fail(crew, kit.TimerExpiredMove, kit.TimerExpiredArgs{Name: "step3a", Generation: tb.timerGen("step3a")}, "system_only")
		tb.do(captain, "cancel_timer", map[string]any{"name": "step3a"})
		tb.fail(kit.SystemActor, kit.TimerExpiredMove, kit.TimerExpiredArgs{Name: "step3a", Generation: tb.timerGen("step3a")}, "stale_timer")
		tb.fail(captain, "start_timer", map[string]any{"name": "science"}, "wrong_step")
	})
	t.Run("ErrAfterGameOver", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 1)
		tb.to("step3a")
		tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
		gen := tb.timerGen("step3a")
		tb.do(captain, "declare_loss", map[string]any{"reason": "mission abandoned"})
		tb.fail(kit.SystemActor, kit.TimerExpiredMove, kit.TimerExpiredArgs{Name: "step3a", Generation: gen}, "stale_timer")
	})
}

// TestTimerWordingQuotesTableLength: refusals quote the table's own timer
// length, not the book's 30 seconds, when the table set another.
func TestTimerWordingQuotesTableLength(t *testing.T) {
	tb := newTable(t, `{"mission":"7","science_seconds":45}`, 4, 5)
	tb.buildFaceDown()
	comp := tb.s.D().Components[tb.s.Science.Attempt.FaceDown[0]].Name
	check := func(typ string, args any, code string) {
		t.Helper()
		_, err := tb.try(officer, typ, args)
		re, ok := kit.AsRuleError(err)
		if !ok || re.Code != code {
			t.Fatalf("%s: error %v, want %s", typ, err, code)
		}
		if !strings.Contains(re.Message, "45") || strings.Contains(re.Message, "30") {
			t.Fatalf("%s: message %q does not quote the table's 45 seconds", typ, re.Message)
		}
	}
	check("set_aside_component", map[string]any{"card": comp}, "not_revealed")
	tb.do(captain, "start_timer", map[string]any{"name": "science"})
	check("report_workbench", map[string]any{"exact_match": true}, "timer_not_expired")
	_, err := tb.try(captain, "start_timer", map[string]any{"name": "science"})
	if re, ok := kit.AsRuleError(err); !ok || strings.Contains(re.Message, "30") {
		t.Fatalf("restart: %v quotes 30 seconds", err)
	}
	tb.do(officer, "set_aside_component", map[string]any{"card": tb.s.D().Components[tb.s.Science.Attempt.Revealed[0]].Name})
	tb.expire("science")
	check("set_aside_component", map[string]any{"card": tb.s.D().Components[tb.s.Science.Attempt.Revealed[0]].Name}, "too_late")
}

// TestTimersRunOnce: the Science step's 30 seconds run once, and so does
// each timed step's timer: no pause or resume (refused and not offered),
// and no second start in the same step after the timer ran out or was
// cancelled. The next turn's step starts its timer again.
func TestTimersRunOnce(t *testing.T) {
	boss := []kit.Viewer{kit.HostViewer, kit.SeatViewer(0)}
	notOffered := func(t *testing.T, tb *table, typ string) {
		t.Helper()
		for _, v := range boss {
			if tb.offered(v, typ) {
				t.Fatalf("%v is offered %s", v, typ)
			}
		}
	}
	startOffered := func(tb *table, name string) bool {
		for _, m := range tb.g.View(tb.s, kit.HostViewer).Moves {
			if m.Type == "start_timer" && len(m.Args) > 0 {
				for _, c := range m.Args[0].Choices {
					if c.Value == name {
						return true
					}
				}
			}
		}
		return false
	}
	t.Run("ErrNoPause", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 1)
		tb.to("step3a")
		tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
		notOffered(t, tb, "pause_timer")
		tb.fail(captain, "pause_timer", map[string]any{"name": "step3a"}, "no_pause")
		tb.fail(kit.HostActor, "pause_timer", map[string]any{"name": "step3a"}, "no_pause")
		tb.fail(captain, "resume_timer", map[string]any{"name": "step3a"}, "no_pause")
		if tm := tb.s.timer("step3a"); !tm.Running || tm.Paused {
			t.Fatalf("timer = %+v, want still running", tm)
		}
	})
	t.Run("ErrNoPauseScience", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 5)
		tb.buildFaceDown()
		tb.do(captain, "start_timer", map[string]any{"name": "science"})
		notOffered(t, tb, "pause_timer")
		tb.fail(captain, "pause_timer", map[string]any{"name": "science"}, "no_pause")
	})
	t.Run("ErrSecondStartAfterExpiry", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 1)
		tb.to("step3a")
		tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
		tb.expire("step3a")
		if startOffered(tb, "step3a") {
			t.Fatal("an expired Step 3A timer is offered to start again in the same step")
		}
		tb.fail(captain, "start_timer", map[string]any{"name": "step3a"}, "timer_already_run")
		tb.fail(kit.HostActor, "start_timer", map[string]any{"name": "step3a"}, "timer_already_run")
	})
	t.Run("ErrSecondStartAfterCancel", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 1)
		tb.to("step3a")
		tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
		tb.do(captain, "cancel_timer", map[string]any{"name": "step3a"})
		tb.fail(captain, "start_timer", map[string]any{"name": "step3a"}, "timer_already_run")
	})
	t.Run("NextTurnStartsAgain", func(t *testing.T) {
		tb := newTable(t, `{"mission":"7"}`, 4, 1)
		tb.to("step3a")
		tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
		tb.expire("step3a")
		tb.to("step1")
		tb.to("step3a")
		if !startOffered(tb, "step3a") {
			t.Fatal("the next turn's Step 3A timer is not offered")
		}
		tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
	})
	t.Run("HouseRulePauses", func(t *testing.T) {
		plain := newTable(t, `{"mission":"7"}`, 4, 1)
		if b := plain.viewJSON(kit.BoardViewer); strings.Contains(b, "House rule") || strings.Contains(b, "house_rules") {
			t.Fatalf("a table by the book shows a house rule: %s", b)
		}
		tb := newTable(t, `{"mission":"7","timer_pauses":true}`, 4, 1)
		tb.to("step3a")
		for _, v := range []kit.Viewer{kit.BoardViewer, kit.HostViewer, kit.SeatViewer(1)} {
			if b := tb.viewJSON(v); !strings.Contains(b, `"house_rules":["timer_pauses"],"house_rules_labels":["Timers can be paused"]`) {
				t.Fatalf("%v view lacks the house rule (%d bytes)", v, len(b))
			}
		}
		found := false
		for _, c := range tb.g.View(tb.s, kit.BoardViewer).Board.Counters {
			found = found || c.Label == "House rule" && c.Value == "Timers can be paused"
		}
		if !found {
			t.Fatal("the board does not show the house rule")
		}
		tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
		if !tb.offered(kit.HostViewer, "pause_timer") {
			t.Fatal("with the house rule, pause_timer is not offered")
		}
		tb.do(captain, "pause_timer", map[string]any{"name": "step3a"})
		tb.do(captain, "resume_timer", map[string]any{"name": "step3a"})
		tb.expire("step3a")
		tb.fail(captain, "start_timer", map[string]any{"name": "step3a"}, "timer_already_run")
	})
}
