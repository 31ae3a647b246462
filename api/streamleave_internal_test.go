package api

import (
	"net"
	"testing"
	"time"
)

// TestReadUntilGone: the portable watch (TLS, and systems without epoll)
// closes its channel when the phone closes its end, and when it sends a
// byte; not before.
func TestReadUntilGone(t *testing.T) {
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
