package api

import (
	"net"
	"runtime"
	"testing"
	"time"
)

// TestReadUntilGone: the portable watch (TLS, and systems without epoll)
// closes its channel when the phone closes its end, and when it sends a
// byte; not before.
func TestReadUntilGone(t *testing.T) {
	t.Parallel()
	for _, how := range []string{"close", "byte"} {
		server, phone := net.Pipe()
		gone, stop := readUntilGone(server)
		select {
		case <-gone:
			t.Fatalf("%s: gone before the phone did anything", how)
		case <-time.After(20 * time.Millisecond):
		}
		if how == "close" {
			phone.Close()
		} else {
			go phone.Write([]byte{'x'})
		}
		select {
		case <-gone:
		case <-time.After(time.Second):
			t.Fatalf("%s: not noticed within a second", how)
		}
		stop()
		server.Close()
		phone.Close()
	}
}

// TestWatchLeaveNeedsNoGoroutine: on Linux, a plain socket accepted through
// the connection caps (a *limitedConn) is watched by the process's one
// epoll watch: watching a hundred streams starts no goroutine, and each is
// noticed when its phone closes.
func TestWatchLeaveNeedsNoGoroutine(t *testing.T) {
	// Not parallel: it counts the process's goroutines.
	if runtime.GOOS != "linux" {
		t.Skip("the epoll watch is Linux's")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	lims := DefaultLimits()
	lims.ConnsPerAddr = 0 // no cap: all come from 127.0.0.1
	ll := &limitListener{Listener: l, lim: newConnLimiter(lims, false)}
	const n = 100
	phones := make([]net.Conn, n)
	servers := make([]net.Conn, n)
	for i := range phones {
		if phones[i], err = net.Dial("tcp", l.Addr().String()); err != nil {
			t.Fatal(err)
		}
		if servers[i], err = ll.Accept(); err != nil {
			t.Fatal(err)
		}
	}
	_, stop := watchLeave(servers[0]) // starts the watch goroutine if no test has yet
	stop()
	g0 := runtime.NumGoroutine()
	gone := make([]<-chan struct{}, n)
	stops := make([]func(), n)
	for i, c := range servers {
		gone[i], stops[i] = watchLeave(c)
	}
	if got, want := runtime.NumGoroutine(), g0; got != want {
		t.Fatalf("%d goroutines after watching %d streams, want %d (none per stream)", got, n, want)
	}
	for i, p := range phones {
		p.Close()
		select {
		case <-gone[i]:
		case <-time.After(time.Second):
			t.Fatalf("stream %d: its phone's close not noticed within a second", i)
		}
		stops[i]()
		servers[i].Close()
	}
}
