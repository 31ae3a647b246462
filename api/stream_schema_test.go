package api_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"tablewarden/api"
	"tablewarden/api/apitest"
)

// TestStreamEventsMatchSchema plays a whole game of Jumpship with streams
// open (a seat's with ?patches=1, the board's with whole views, a short
// heartbeat), then revokes a device and opens one stream too many, so that
// the server sends every event the stream has: view, patch, heartbeat,
// revoked and replaced. The harness's checking client validates each
// event, as {"event", "data"}, against the document's StreamEvent schema
// as it arrives (apitest/contract.go); a mismatch fails the test.
func TestStreamEventsMatchSchema(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "", func(c *api.Config) {
		c.Heartbeat = 100 * time.Millisecond
		c.Limits = api.DefaultLimits() // a credential's streams are capped: "replaced"
		c.Limits.RefusalDelay = 0
	})
	tb := ts.NewTable("jumpship", nil, 5)
	seat := ts.OpenStream(tb.ID, tb.Tokens[0], "seat&patches=1")
	board := ts.OpenStream(tb.ID, "", "board")
	ts.Start(tb)
	r := rand.New(rand.NewPCG(37, 4))
	ended := false
	for i := 0; i < 40 && !ended; i++ {
		apitest.PlayPreferring(t, ts, tb, r, 10, []string{"kill", "kill_nobody"})
		ended = ts.View(tb, "").View.Outcome != nil
	}
	if !ended {
		t.Fatal("the game did not end within 400 moves")
	}
	last := ts.View(tb, "").Version
	board.WaitVersion(t, last, 10*time.Second)
	seat.WaitEvent(t, "patch", 10*time.Second)
	board.WaitEvent(t, "heartbeat", 10*time.Second)

	// revoked: the host takes seat 1's device away.
	revoked := ts.OpenStream(tb.ID, tb.Tokens[1], "")
	revoked.WaitEvent(t, "view", 10*time.Second)
	ts.Must(204, "DELETE", fmt.Sprintf("/api/tables/%s/seats/1/device", tb.ID), tb.Host, nil, nil)
	revoked.WaitEvent(t, "revoked", 10*time.Second)

	// replaced: seat 2's token opens streams until the oldest is closed.
	oldest := ts.OpenStream(tb.ID, tb.Tokens[2], "")
	oldest.WaitEvent(t, "view", 10*time.Second)
	for i := 0; i < 8 && !slices.Contains(oldest.Events(), "replaced"); i++ {
		ts.OpenStream(tb.ID, tb.Tokens[2], "").WaitEvent(t, "view", 10*time.Second)
	}
	oldest.WaitEvent(t, "replaced", 10*time.Second)

	got := map[string]int{}
	for _, s := range []*apitest.Stream{seat, board, revoked, oldest} {
		for _, e := range s.Events() {
			got[e]++
		}
	}
	checked := apitest.StreamEventsChecked()
	for _, name := range []string{"view", "patch", "heartbeat", "revoked", "replaced"} {
		if got[name] == 0 {
			t.Errorf("no %q event received", name)
		}
		if checked[name] < got[name] {
			t.Errorf("%d %q events received, %d checked against StreamEvent", got[name], name, checked[name])
		}
	}
	t.Logf("events received and checked: %v", got)
}
