package main

import (
	"context"
	"testing"
	"time"

	"tablewarden/db"
	"tablewarden/db/pgtest"
	"tablewarden/db/postgres"
	"tablewarden/referee/kit"
)

// TestTimerClaimedAfterArmingInstanceKilled: instance A (the binary)
// arms a Space Cadets Step 3A timer and is SIGKILLed before its deadline;
// instance B claims it (FOR UPDATE SKIP LOCKED, table/expire.go) and logs
// its expiry exactly once, on time; A, started again, does not expire it
// a second time.
func TestTimerClaimedAfterArmingInstanceKilled(t *testing.T) {
	t.Parallel() // its own database, instances and port
	dsn := pgtest.URL(t)
	judgesTime(t) // the expiry within a second of its deadline
	a := &serverProc{t: t, bin: buildBinary(t), addr: freeAddr(t), db: dsn}
	a.start()
	t.Cleanup(a.kill)
	b := startInstance(t, dsn)
	id, host, tokens := seatedTable(t, "spacecadets", map[string]any{"step3a_seconds": 2}, 3, a, b)
	deadline := startStep3A(t, a, id, host, tokens)
	a.kill()
	check, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer check.Close()
	expiries := func() []db.Move {
		var out []db.Move
		for _, m := range pgLog(t, check.Queries(), id) {
			if m.Type == kit.TimerExpiredMove {
				out = append(out, m)
			}
		}
		return out
	}
	var got []db.Move
	waitFor(t, time.Until(deadline)+5*time.Second, "the timer's expiry in the log", func() bool {
		got = expiries()
		return len(got) > 0
	})
	if len(got) != 1 {
		t.Fatalf("%d expiries logged, want 1", len(got))
	}
	at, err := time.Parse(time.RFC3339Nano, got[0].At)
	if err != nil {
		t.Fatal(err)
	}
	if late := at.Sub(deadline); late < 0 || late > time.Second {
		t.Fatalf("expired %v after the deadline, want within 1s", late)
	}
	// B counts a claim once its transaction has committed.
	claimed := b.server.Service().Counters().TimersClaimed.Load
	waitFor(t, 5*time.Second, "B to count its claim", func() bool { return claimed() >= 1 })
	if got, want := claimed(), int64(1); got != want {
		t.Fatalf("B claimed %d expiries, want %d", got, want)
	}
	a.start()
	// Both instances' claim loops run past the expiry: a witness timer,
	// armed through A, is expired by one of them; a round that expires it
	// first expires any timer due before it (witnessExpiry, multi_test.go).
	witnessExpiry(t, a, check.Queries())
	if got, want := len(expiries()), 1; got != want {
		t.Fatalf("%d expiries logged after A came back, want %d", got, want)
	}
	running, err := check.Queries().ListRunningTimers(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range running {
		if r.TableID == id && r.Name == "step3a" {
			t.Fatalf("step3a still stored as running after its expiry: %+v", r)
		}
	}
	t.Logf("timer armed on A (SIGKILLed) claimed once by B, %v after its deadline", at.Sub(deadline).Round(time.Millisecond))
}
