package api

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"tablewarden/table"
	"testing"
)

func TestStreamGate(t *testing.T) {
	t.Parallel()
	t.Run("PerTokenClosesOldest", func(t *testing.T) {
		g := newStreamGate(Limits{StreamsPerToken: 4})
		var slots []*streamSlot
		for i := 0; i < 5; i++ {
			sl, err := g.open("T", "tok", 6)
			if err != nil {
				t.Fatalf("stream %d: %v", i+1, err)
			}
			slots = append(slots, sl)
		}
		select {
		case <-slots[0].evicted:
		default:
			t.Fatal("the fifth stream of a token did not close the first")
		}
		for i, sl := range slots[1:] {
			select {
			case <-sl.evicted:
				t.Fatalf("stream %d was closed too", i+2)
			default:
			}
		}
		slots[0].release()
		if got, want := g.count(), 4; got != want {
			t.Fatalf("count = %d, want %d", got, want)
		}
		// Another table's token of the same text is another credential.
		if _, err := g.open("U", "tok", 6); err != nil {
			t.Fatal(err)
		}
		select {
		case <-slots[1].evicted:
			t.Fatal("a stream at another table closed this table's stream")
		default:
		}
	})
	t.Run("ErrPerTable", func(t *testing.T) {
		// A table of 2 seats holds 4 × (2 + 2) = 16 streams with a
		// credential, and 8 anonymous board streams apart from them;
		// tokens never count against another table.
		g := newStreamGate(Limits{StreamsPerSeat: 4, StreamsPerToken: 4})
		var last *streamSlot
		for i := 0; i < 8; i++ {
			sl, err := g.open("T", "", 2)
			if err != nil {
				t.Fatalf("board stream %d: %v", i+1, err)
			}
			last = sl
		}
		_, err := g.open("T", "", 2)
		var ae *table.Error
		if !errors.As(err, &ae) || ae.Code != table.CodeRateLimited {
			t.Fatalf("ninth board stream of one table = %v, want rate_limited", err)
		}
		if _, err := g.open("U", "", 2); err != nil {
			t.Fatalf("another table's board was refused: %v", err)
		}
		var seatSlots []*streamSlot
		for i := 0; i < 16; i++ {
			sl, err := g.open("T", fmt.Sprintf("tok%d", i%4), 2)
			if err != nil {
				t.Fatalf("seat stream %d: %v", i+1, err)
			}
			seatSlots = append(seatSlots, sl)
		}
		if _, err := g.open("T", "tok4", 2); !errors.As(err, &ae) || ae.Code != table.CodeRateLimited {
			t.Fatalf("17th stream with a credential at a table of 2 seats = %v, want rate_limited", err)
		}
		// A token at its own cap replaces its oldest: never refused.
		if _, err := g.open("T", "tok0", 2); err != nil {
			t.Fatalf("a fifth stream of a token at a full table = %v, want it to replace the oldest", err)
		}
		select {
		case <-seatSlots[0].evicted:
			seatSlots[0].release() // as its stream's goroutine does
		default:
			t.Fatal("the token's oldest stream was not closed")
		}
		last.release()
		last.release() // idempotent
		if _, err := g.open("T", "", 2); err != nil {
			t.Fatalf("after a release: %v", err)
		}
	})
	t.Run("ErrTotal", func(t *testing.T) {
		g := newStreamGate(Limits{MaxStreams: 2})
		g.open("T", "", 2)
		g.open("U", "", 2)
		if _, err := g.open("V", "", 2); err == nil {
			t.Fatal("a third stream over a total of 2 was admitted")
		}
	})
}

func TestConnLimiter(t *testing.T) {
	t.Parallel()
	c := newConnLimiter(Limits{MaxConns: 10, ReserveConns: 3, ConnsPerAddr: 4}, false)
	admit := func(addr string) connClass {
		t.Helper()
		class, victim := c.admit(addr)
		if victim != nil {
			t.Fatalf("admit(%s) closed a connection with none idle", addr)
		}
		return class
	}
	var classes []connClass
	for i := 0; i < 5; i++ {
		classes = append(classes, admit("x"))
	}
	if got, want := classes, []connClass{connNormal, connNormal, connNormal, connNormal, connRefused}; !slices.Equal(got, want) {
		t.Fatalf("one address's classes = %v, want %v", got, want)
	}
	for _, a := range []string{"a", "b", "c"} {
		if got := admit(a); got != connNormal {
			t.Fatalf("conn from %s = %v, want normal (7 of 10 open)", a, got)
		}
	}
	if got := admit("d"); got != connReserve {
		t.Fatalf("8th conn = %v, want reserve", got)
	}
	admit("e")
	admit("f")
	if got := admit("g"); got != connRefused {
		t.Fatalf("11th conn with none idle = %v, want refused", got)
	}
	// An idle connection gives its place to a new one.
	idle := &limitedConn{lim: c, addr: "f"}
	c.track(idle, http.StateIdle)
	class, victim := c.admit("g")
	if class != connReserve || victim != idle {
		t.Fatalf("11th conn with one idle = %v, %v; want reserve, closing the idle one", class, victim)
	}
	c.release(idle)
	if got, want := c.open(), 10; got != want {
		t.Fatalf("open = %d, want %d", got, want)
	}
	// An answered connection leaves its address's cap: a café's phones
	// share one address.
	cafe := newConnLimiter(Limits{ConnsPerAddr: 2}, false)
	for i := 0; i < 10; i++ {
		class, _ := cafe.admit("cafe")
		if class == connRefused {
			t.Fatalf("connection %d of one address refused with every earlier one answered", i+1)
		}
		cafe.prove(&limitedConn{lim: cafe, addr: "cafe"})
	}
	cafe.admit("cafe")
	cafe.admit("cafe")
	if class, _ := cafe.admit("cafe"); class != connRefused {
		t.Fatalf("third unanswered connection of one address = %v, want refused", class)
	}
	if proxy := newConnLimiter(Limits{ConnsPerAddr: 1}, true); func() bool {
		a, _ := proxy.admit("p")
		b, _ := proxy.admit("p")
		return a != connNormal || b != connNormal
	}() {
		t.Fatal("behind a trusted proxy the per-address cap applies to the proxy")
	}
}
