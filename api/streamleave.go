package api

import (
	"crypto/tls"
	"net"
	"syscall"
)

// A phone sends nothing on its stream after the request. A stream learns
// that its phone left when the connection says so: the phone's FIN, a
// reset, or a byte it should not have sent (a client that talks on a stream
// is not a browser, as with pipelining in handleStream). watchLeave
// arranges that notice for one stream's connection; the returned channel is
// closed when it comes, and stop ends the watch (call it before closing the
// connection).
//
// On Linux one goroutine watches every stream's socket through an epoll set
// of its own (streamleave_linux.go), so a stream costs one goroutine, its
// writer, instead of two (each goroutine's stack was part of the
// memory a stream holds). Elsewhere, and for a connection without a file
// descriptor or over TLS, a goroutine per stream reads until the connection
// fails (readUntilGone).

// readUntilGone is the portable watch: a goroutine that reads the
// connection and closes gone when a read fails (the phone left) or returns
// a byte (the phone is not a browser). stop does nothing: the goroutine
// ends when the connection is closed.
func readUntilGone(conn net.Conn) (gone <-chan struct{}, stop func()) {
	ch := make(chan struct{})
	go func() {
		var b [1]byte
		conn.Read(b[:]) // any answer, data or error, ends the stream
		close(ch)
	}()
	return ch, func() {}
}

// rawConnOf returns the socket of a plain connection, or nil. A TLS
// connection gets nil: its phone may send records that carry no data (a key
// update), which only a read through TLS can tell from a byte.
func rawConnOf(conn net.Conn) syscall.RawConn {
	if _, ok := conn.(*tls.Conn); ok {
		return nil
	}
	if lc, ok := conn.(*limitedConn); ok { // The connection caps wrap every accepted socket
		conn = lc.Conn
	}
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return nil
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return raw
}
