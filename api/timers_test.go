package api_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// driveToTimer plays the Captain's (seat 0) moves of a Space Cadets table
// until the host is offered start_timer for name. Choosing the starting
// equipment is a small subset-sum (keep exactly the best reachable Science
// points), so cards are kept at random, and when no card fits and the total
// is not the one the referee asks for, a kept card is put back.
func driveToTimer(t *testing.T, ts *testServer, tb *table, name string) {
	t.Helper()
	driveCaptain(t, ts, tb, "the "+name+" timer", func(m kit.MoveSpec) bool {
		return m.Type == "start_timer" && len(m.Args) > 0 && hasChoice(m.Args[0], name)
	})
}

// driveCaptain plays the Captain's setup and step moves, as driveToTimer
// does, until the host is offered a move for which want is true.
func driveCaptain(t *testing.T, ts *testServer, tb *table, what string, want func(kit.MoveSpec) bool) {
	t.Helper()
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 300; i++ {
		hv := ts.view(tb, tb.Host)
		for _, m := range hv.View.Moves {
			if want(m) {
				return
			}
		}
		cv := ts.view(tb, tb.Tokens[0])
		var pick []kit.MoveSpec
		for _, pref := range []string{"finish_starting", "next_step", "keep_starting", "unkeep_starting"} {
			for _, m := range cv.View.Moves {
				if m.Type == pref {
					pick = append(pick, m)
				}
			}
			if len(pick) > 0 {
				break
			}
		}
		if len(pick) == 0 {
			t.Fatalf("stuck before %s; the Captain is offered %v", what, moveTypes(cv.View.Moves))
		}
		m := kit.RandomMove(pick[r.IntN(len(pick))], r)
		ts.must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[0], map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}, nil)
	}
	t.Fatalf("never reached %s in 300 moves", what)
}

func hasChoice(a kit.ArgSpec, v string) bool {
	for _, c := range a.Choices {
		if c.Value == v {
			return true
		}
	}
	return false
}

func moveTypes(ms []kit.MoveSpec) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Type)
	}
	return out
}

func timerOf(t *testing.T, v tablepkg.ViewResponse, name string) kit.Timer {
	t.Helper()
	for _, tm := range v.View.Timers {
		if tm.Name == name {
			return tm
		}
	}
	t.Fatalf("no %s timer in the view", name)
	return kit.Timer{}
}

func expiries(t *testing.T, ts *testServer, tb *table) int {
	t.Helper()
	var log []tablepkg.LogEntry
	ts.must(200, "GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil, &log)
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
	ts := startServer(t, "")
	tb := ts.newTable("spacecadets", map[string]any{"mission": "7", "step3a_seconds": 2, "timer_pauses": true}, 3)
	ts.start(tb)
	driveToTimer(t, ts, tb, "step3a")
	moves := "/api/tables/" + tb.ID + "/moves"
	timer := func(typ string) {
		t.Helper()
		ts.must(200, "POST", moves, tb.Host, map[string]any{"type": typ, "args": map[string]any{"name": "step3a"}}, nil)
	}

	timer("start_timer")
	started := timerOf(t, ts.view(tb, ""), "step3a")
	if !started.Running || time.Until(started.Deadline) > 2*time.Second || time.Until(started.Deadline) <= 0 {
		t.Fatalf("started timer = %+v", started)
	}
	time.Sleep(500 * time.Millisecond)
	timer("pause_timer")
	paused := timerOf(t, ts.view(tb, ""), "step3a")
	// Generous bounds: a loaded machine may take long between the calls.
	if !paused.Paused || paused.Generation <= started.Generation || paused.RemainingMS >= 2000 || paused.RemainingMS <= 0 {
		t.Fatalf("paused timer = %+v", paused)
	}
	// The first deadline passes while paused: the old generation must not fire.
	time.Sleep(time.Until(started.Deadline) + 700*time.Millisecond)
	if n := expiries(t, ts, tb); n != 0 {
		t.Fatalf("a paused timer expired %d times", n)
	}
	if tm := timerOf(t, ts.view(tb, ""), "step3a"); !tm.Paused || tm.Expired {
		t.Fatalf("paused timer changed while paused: %+v", tm)
	}

	timer("resume_timer")
	resumed := timerOf(t, ts.view(tb, ""), "step3a")
	if left := time.Until(resumed.Deadline); !resumed.Running || left > time.Duration(paused.RemainingMS)*time.Millisecond || left < time.Duration(paused.RemainingMS-1000)*time.Millisecond {
		t.Fatalf("resumed timer = %+v, %v left, want about %d ms", resumed, left, paused.RemainingMS)
	}

	// Restart the server in the middle of the timer.
	ts.Stop()
	ts2 := startServer(t, ts.Path)
	after := timerOf(t, ts2.view(tb, ""), "step3a")
	if !after.Running || !after.Deadline.Equal(resumed.Deadline) || after.Generation != resumed.Generation {
		t.Fatalf("after restart timer = %+v, want the stored %+v", after, resumed)
	}
	time.Sleep(time.Until(after.Deadline) + 800*time.Millisecond)
	if n := expiries(t, ts2, tb); n != 1 {
		t.Fatalf("expiries logged = %d, want 1", n)
	}
	if tm := timerOf(t, ts2.view(tb, ""), "step3a"); !tm.Expired || tm.Running {
		t.Fatalf("timer after its deadline = %+v", tm)
	}

	// A timer cancelled before its deadline never fires. It runs once a
	// step, so it is started again in the next turn's Step 3A.
	for _, m := range ts2.view(tb, tb.Host).View.Moves {
		if m.Type == "start_timer" && len(m.Args) > 0 && hasChoice(m.Args[0], "step3a") {
			t.Fatal("the expired Step 3A timer is offered to start again in the same step")
		}
	}
	driveToTimer(t, ts2, tb, "step3a")
	ts2.must(200, "POST", moves, tb.Host, map[string]any{"type": "start_timer", "args": map[string]any{"name": "step3a"}}, nil)
	ts2.must(200, "POST", moves, tb.Host, map[string]any{"type": "cancel_timer", "args": map[string]any{"name": "step3a"}}, nil)
	time.Sleep(2500 * time.Millisecond)
	if n := expiries(t, ts2, tb); n != 1 {
		t.Fatalf("a cancelled timer fired: expiries = %d, want 1", n)
	}
	var raw json.RawMessage
	ts2.must(200, "GET", "/api/tables/"+tb.ID+"/view?as=board", "", nil, &raw)
}
