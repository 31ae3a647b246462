package apitest

import (
	"testing"
	"time"
)

// WaitFor waits until cond holds, checking it at once and then every
// 20 ms, and fails the test naming what it waited for when within passes
// first. It is for a condition that nothing announces (a page's state read
// through the browser, a count in the database); a stream event or a
// channel is awaited directly instead.
func WaitFor(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	if !Eventually(within, cond) {
		t.Fatalf("waited %v for %s", within, what)
	}
}

// Eventually reports whether cond holds within the time given, checking it
// at once and then every 20 ms.
func Eventually(within time.Duration, cond func() bool) bool {
	deadline := time.NewTimer(within)
	defer deadline.Stop()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if cond() {
			return true
		}
		select {
		case <-tick.C:
		case <-deadline.C:
			return cond()
		}
	}
}

// Stays checks that cond holds throughout the time given (at once and then
// every 20 ms) and fails the test, naming what should have stayed, the
// moment it does not. It is for a promise that something does NOT happen
// (a cancelled move is never sent, a paused timer stays silent): nothing
// can announce a non-event, so the test watches for a while.
func Stays(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	end := time.NewTimer(d)
	defer end.Stop()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if !cond() {
			t.Fatalf("%s did not hold for %v", what, d)
		}
		select {
		case <-tick.C:
		case <-end.C:
			if !cond() {
				t.Fatalf("%s did not hold for %v", what, d)
			}
			return
		}
	}
}
