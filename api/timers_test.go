package api_test

import (
	"encoding/json"
	"testing"
	"time"

	"tablewarden/api/apitest"
	tablepkg "tablewarden/table"
)

func expiries(t *testing.T, ts *testServer, tb *table) int {
	t.Helper()
	var log []tablepkg.LogEntry
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil, &log)
	n := 0
	for _, e := range log {
		if e.By == "server" {
			for _, ev := range e.Events {
				if ev.Code == "timer_expired" {
					n++
				}
			}
		}
	}
	return n
}

// TestTimersOnRealServer checks the server side of timers with Space
// Cadets' Step 3A timer (2 s): a paused timer's old expiry never fires; a
// resumed one keeps its remaining time; a restart in the middle re-arms it
// with its stored deadline; the expiry is recorded in the log exactly once;
// a cancelled timer (the next turn's: a timer runs once a step) never
// fires. The table sets the house rule timer_pauses.
func TestTimersOnRealServer(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "7", "step3a_seconds": 2, "timer_pauses": true}, 3)
	ts.Start(tb)
	driveToTimer(t, ts, tb, "step3a")
	moves := "/api/tables/" + tb.ID + "/moves"
	timer := func(typ string) {
		t.Helper()
		ts.Must(200, "POST", moves, tb.Host, map[string]any{"type": typ, "args": map[string]any{"name": "step3a"}}, nil)
	}

	timer("start_timer")
	started := timerOf(t, ts.View(tb, ""), "step3a")
	if !started.Running || time.Until(started.Deadline) > 2*time.Second || time.Until(started.Deadline) <= 0 {
		t.Fatalf("started timer = %+v", started)
	}
	// The timer runs on the real clock (time.AfterFunc in table/timers.go):
	// half a second of it passes before the pause, which is what the pause
	// must keep. Time is the subject; nothing else can stand for it.
	time.Sleep(500 * time.Millisecond)
	timer("pause_timer")
	paused := timerOf(t, ts.View(tb, ""), "step3a")
	// Generous bounds: a loaded machine may take long between the calls.
	if !paused.Paused || paused.Generation <= started.Generation || paused.RemainingMS >= 2000 || paused.RemainingMS <= 0 {
		t.Fatalf("paused timer = %+v", paused)
	}
	// The first deadline passes while paused: the old generation must not fire.
	apitest.Stays(t, time.Until(started.Deadline)+700*time.Millisecond, "a paused timer never expiring", func() bool { return expiries(t, ts, tb) == 0 })
	if tm := timerOf(t, ts.View(tb, ""), "step3a"); !tm.Paused || tm.Expired {
		t.Fatalf("paused timer changed while paused: %+v", tm)
	}

	timer("resume_timer")
	resumed := timerOf(t, ts.View(tb, ""), "step3a")
	if left := time.Until(resumed.Deadline); !resumed.Running || left > time.Duration(paused.RemainingMS)*time.Millisecond || left < time.Duration(paused.RemainingMS-1000)*time.Millisecond {
		t.Fatalf("resumed timer = %+v, %v left, want about %d ms", resumed, left, paused.RemainingMS)
	}

	// Restart the server in the middle of the timer.
	ts.Stop()
	ts2 := startServer(t, ts.Path)
	after := timerOf(t, ts2.View(tb, ""), "step3a")
	if !after.Running || !after.Deadline.Equal(resumed.Deadline) || after.Generation != resumed.Generation {
		t.Fatalf("after restart timer = %+v, want the stored %+v", after, resumed)
	}
	apitest.Eventually(time.Until(after.Deadline)+5*time.Second, func() bool { return expiries(t, ts2, tb) > 0 })
	if n := expiries(t, ts2, tb); n != 1 {
		t.Fatalf("expiries logged = %d, want 1", n)
	}
	if tm := timerOf(t, ts2.View(tb, ""), "step3a"); !tm.Expired || tm.Running {
		t.Fatalf("timer after its deadline = %+v", tm)
	}

	// A timer cancelled before its deadline never fires. It runs once a
	// step, so it is started again in the next turn's Step 3A.
	for _, m := range ts2.View(tb, tb.Host).View.Moves {
		if m.Type == "start_timer" && len(m.Args) > 0 && hasChoice(m.Args[0], "step3a") {
			t.Fatal("the expired Step 3A timer is offered to start again in the same step")
		}
	}
	driveToTimer(t, ts2, tb, "step3a")
	ts2.Must(200, "POST", moves, tb.Host, map[string]any{"type": "start_timer", "args": map[string]any{"name": "step3a"}}, nil)
	ts2.Must(200, "POST", moves, tb.Host, map[string]any{"type": "cancel_timer", "args": map[string]any{"name": "step3a"}}, nil)
	apitest.Stays(t, 2500*time.Millisecond, "a cancelled timer never firing (one expiry logged before)", func() bool { return expiries(t, ts2, tb) == 1 })
	if n := expiries(t, ts2, tb); n != 1 {
		t.Fatalf("a cancelled timer fired: expiries = %d, want 1", n)
	}
	var raw json.RawMessage
	ts2.Must(200, "GET", "/api/tables/"+tb.ID+"/view?as=board", "", nil, &raw)
}
