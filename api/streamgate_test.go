package api

import (
	"errors"
	"net/http"
	"slices"
	"tablewarden/table"
	"testing"
)

func TestStreamGate(t *testing.T) {
	t.Run("PerTokenClosesOldest", func(t *testing.T) {
		g := newStreamGate(Limits{StreamsPerToken: 4})
		var slots []*streamSlot
		for i := 0; i < 5; i++ {
			sl, err := g.open("10.0.0.1", "T", "tok")
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
		if _, err := g.open("10.0.0.1", "U", "tok"); err != nil {
			t.Fatal(err)
		}
		select {
		case <-slots[1].evicted:
			t.Fatal("a stream at another table closed this table's stream")
		default:
		}
	})
	t.Run("ErrPerAddr", func(t *testing.T) {
		g := newStreamGate(Limits{StreamsPerAddr: 3})
		var last *streamSlot
		for i := 0; i < 3; i++ {
			sl, err := g.open("10.0.0.2", "T", "")
			if err != nil {
				t.Fatal(err)
			}
			last = sl
		}
		_, err := g.open("10.0.0.2", "T", "")
		var ae *table.Error
		if !errors.As(err, &ae) || ae.Code != table.CodeRateLimited {
			t.Fatalf("fourth board stream of one address = %v, want rate_limited", err)
		}
		if _, err := g.open("10.0.0.3", "T", ""); err != nil {
			t.Fatalf("another address was refused: %v", err)
		}
		last.release()
		last.release() // idempotent
		if _, err := g.open("10.0.0.2", "T", ""); err != nil {
			t.Fatalf("after a release: %v", err)
		}
	})
	t.Run("ErrTotal", func(t *testing.T) {
		g := newStreamGate(Limits{MaxStreams: 2})
		g.open("a", "T", "")
		g.open("b", "T", "")
		if _, err := g.open("c", "T", ""); err == nil {
			t.Fatal("a third stream over a total of 2 was admitted")
		}
	})
}

func TestConnLimiter(t *testing.T) {
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
	if proxy := newConnLimiter(Limits{ConnsPerAddr: 1}, true); func() bool {
		a, _ := proxy.admit("p")
		b, _ := proxy.admit("p")
		return a != connNormal || b != connNormal
	}() {
		t.Fatal("behind a trusted proxy the per-address cap applies to the proxy")
	}
}
