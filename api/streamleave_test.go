package api_test

import (
	"bufio"
	"errors"
	"io"
	"net"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"tablewarden/api"
	"tablewarden/api/apitest"
)

// leaveBound is how soon a stream whose phone closed its connection must be
// released: its subscription, and its slot in the stream caps (stream.go's
// handleStream states it).
const leaveBound = time.Second

// openBoardStream opens the board's stream of tableID from a and reads up
// to its first view. It returns the status and, on 200, the connection.
func openBoardStream(t *testing.T, ts *testServer, a *apitest.Attacker, tableID string) (int, net.Conn) {
	t.Helper()
	c, err := a.Dial(ts)
	if err != nil {
		t.Fatal(err)
	}
	c.SetDeadline(time.Now().Add(3 * time.Second))
	if _, err := io.WriteString(c, "GET /api/tables/"+tableID+"/stream?as=board HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(c)
	status, err := br.ReadString('\n')
	if err != nil {
		t.Fatalf("no answer to a stream request: %v", err)
	}
	if f := strings.Fields(status); len(f) < 2 || f[1] != "200" {
		c.Close()
		st := 0
		if len(f) >= 2 {
			st, _ = strconv.Atoi(f[1])
		}
		return st, nil
	}
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("stream ended before its first view: %v", err)
		}
		if strings.HasPrefix(line, "data: ") {
			break
		}
	}
	c.SetDeadline(time.Time{})
	return 200, c
}

// openStreams is the hub's count of open streams (/healthz).
func openStreams(ts *testServer) int {
	var health struct {
		SSEOpen int `json:"sse_open"`
	}
	ts.Must(200, "GET", "/healthz", "", nil, &health)
	return health.SSEOpen
}

// TestStreamReleasedWhenPhoneCloses: phones that close their connections,
// on a table where nothing happens (so no write to them fails), have their
// streams, subscriptions and cap slots released within leaveBound: the
// table's board can be opened its full number of times again at once,
// three times over. No goroutine per stream is left behind.
func TestStreamReleasedWhenPhoneCloses(t *testing.T) {
	const perAddr = 6 // the table's board streams: 2 × StreamsPerSeat
	ts := startServer(t, "", func(c *api.Config) {
		c.Limits = api.DefaultLimits()
		c.Limits.StreamsPerSeat = perAddr / 2
	})
	tb := ts.NewTable("jumpship", nil, 3)
	a := apitest.NewAttacker(3)
	g0 := 0 // after the first round: the process's one watch goroutine starts with the first stream
	for round := 0; round < 3; round++ {
		var conns []net.Conn
		for len(conns) < perAddr {
			st, c := openBoardStream(t, ts, a, tb.ID)
			if st != 200 {
				t.Fatalf("round %d: stream %d answered %d: the slots of the streams closed before were not released", round, len(conns)+1, st)
			}
			conns = append(conns, c)
		}
		if st, c := openBoardStream(t, ts, a, tb.ID); st != 429 {
			if c != nil {
				c.Close()
			}
			t.Fatalf("round %d: a board stream over the table's cap answered %d, want 429", round, st)
		}
		if got, want := openStreams(ts), perAddr; got != want {
			t.Fatalf("round %d: %d streams open, want %d", round, got, want)
		}
		closed := time.Now()
		for _, c := range conns {
			c.Close()
		}
		if !apitest.Eventually(leaveBound, func() bool { return openStreams(ts) == 0 }) {
			t.Fatalf("round %d: %d streams still open %v after their phones closed them", round, openStreams(ts), leaveBound)
		}
		t.Logf("round %d: %d closed streams released in %v", round, perAddr, time.Since(closed).Round(time.Millisecond))
		if round == 0 {
			g0 = settledGoroutines(0, 200*time.Millisecond)
		}
	}
	if g1 := settledGoroutines(g0, 2*time.Second); g1 > g0 {
		t.Fatalf("goroutines %d before the streams, %d after they closed", g0, g1)
	}
}

// TestStreamEndsWhenPhoneTalks: a phone sends nothing after its stream's
// request; a client that writes to its stream is not a browser, and the
// server closes the stream within leaveBound.
func TestStreamEndsWhenPhoneTalks(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 3)
	st, c := openBoardStream(t, ts, apitest.NewAttacker(4), tb.ID)
	if st != 200 {
		t.Fatalf("stream answered %d", st)
	}
	defer c.Close()
	sent := time.Now()
	if _, err := io.WriteString(c, "GET / HTTP/1.1\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Now().Add(leaveBound + time.Second))
	// The server closes with the phone's bytes unread: a reset, or an end.
	if _, err := io.Copy(io.Discard, c); err != nil && !errors.Is(err, syscall.ECONNRESET) {
		t.Fatalf("the server did not close the stream (read: %v)", err)
	}
	if el := time.Since(sent); el > leaveBound {
		t.Fatalf("the stream closed %v after the phone wrote, want within %v", el, leaveBound)
	}
	if got := openStreams(ts); got != 0 {
		t.Fatalf("%d streams open after the only one closed", got)
	}
}
