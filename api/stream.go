package api

import (
	"bytes"
	"net"
	"net/http"
	"tablewarden/table"
	"time"

	"github.com/labstack/echo/v4"
)

// handleStream is the SSE stream: it sends the caller's current view first,
// then each new view ("event: view"), a comment every 15 s to keep proxies
// open, and "event: revoked" if the host removes the seat.
//
// The stream takes the connection over from net/http (Hijack) and is served
// by a goroutine of its own, after the handler has returned. An open stream
// then holds no net/http buffers (about 10 KiB a connection) and no deep
// handler stack for the collector to scan at every cycle; with 20,000 open
// phones those two were most of the server's memory and of its GC work
// (README, Performance). The response is HTTP/1.1 without a length or
// chunking, ended by closing the connection, as Server-Sent Events allow.
//
// The token is checked and the stream registered under the table's lock
// (table.Service.Subscribe), before the connection is taken over: a revocation either
// refuses the token here (401) or finds the stream and closes it.
func (s *Server) handleStream(c echo.Context) error {
	tok, err := credential(c, c.Param("id"))
	if err != nil {
		return err
	}
	tableID := c.Param("id")
	sub, first, err := s.svc.Subscribe(c.Request().Context(), tableID, tok)
	if err != nil {
		return err
	}
	registered := false
	defer func() {
		if !registered {
			s.svc.Unsubscribe(tableID, sub)
		}
	}()
	// issue 16: caps on streams in all, per address and per credential
	// (streamgate.go); released when the stream ends.
	slot, err := s.gate.open(c.RealIP(), tableID, tok)
	if err != nil {
		c.Response().Header().Set("Retry-After", retryAfter)
		return err
	}
	h := c.Response().Header() // the security headers and the request id
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	h.Set("Connection", "close")
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\n")
	if err := h.Write(&head); err != nil {
		slot.release()
		return err
	}
	head.WriteString("\r\n")
	conn, rw, err := http.NewResponseController(c.Response().Writer).Hijack()
	if err != nil {
		slot.release()
		return err
	}
	if rw.Reader.Buffered() > 0 { // a client that pipelines after a stream request is not a browser
		slot.release()
		conn.Close()
		return nil
	}
	c.Response().Status = http.StatusOK // for the access log
	if !s.addStream() {
		slot.release()
		conn.Close() // shutting down
		return nil
	}
	conn.SetReadDeadline(time.Time{}) // issue 16: the request's read timeout does not bound a stream
	registered = true                 // serveStream unsubscribes
	if c.QueryParam("patches") == "1" {
		sub.UsePatches()
	}
	go s.serveStream(conn, tableID, sub, head.Bytes(), first, slot)
	return nil
}

// serveStream writes the stream's events to conn until the phone goes, the
// seat is removed, a write stalls for 10 s, or the server shuts down. It is
// the stream's only goroutine.
//
// A phone that closes its connection (FIN or reset), or sends a byte after
// its request, is noticed at once: on Linux by the process's one epoll
// watch, elsewhere and over TLS by a reader goroutine (streamleave.go). Its
// stream, its slot in the stream caps and its subscription are released
// within a second of that (TestStreamReleasedWhenPhoneCloses holds it to
// that bound). A phone that vanishes without a word (its network gone) is
// noticed as before: when a write stalls for the write timeout, once the
// socket's send buffer is full, or when TCP gives the connection up.
//
// With patches (?patches=1), a view is sent as a patch against the last one
// this stream sent whenever the hub has that patch (table/viewpatch.go).
func (s *Server) serveStream(conn net.Conn, tableID string, sub *table.Subscriber, head, first []byte, slot *streamSlot) {
	defer s.streams.Done()
	defer slot.release() // issue 16
	defer s.svc.Unsubscribe(tableID, sub)
	defer conn.Close()
	// A phone that left is noticed without a goroutine of this stream's
	// own (streamleave.go).
	gone, stopWatch := watchLeave(conn)
	defer stopWatch() // before conn.Close
	// issue 16: a dead reader is dropped. Every write has at least nine
	// tenths of the timeout: the deadline is moved on only when a tenth of
	// it has passed since it was set, which spares the poller a timer
	// change per event (issue 17).
	var deadline time.Time
	write := func(parts ...[]byte) bool {
		timeout := s.streamWriteTimeout()
		if now := time.Now(); deadline.Sub(now) < timeout-timeout/10 {
			deadline = now.Add(timeout)
			if conn.SetWriteDeadline(deadline) != nil {
				return false
			}
		}
		bufs := net.Buffers(parts)
		_, err := bufs.WriteTo(conn)
		return err == nil
	}
	revoked := func() {
		write([]byte("event: revoked\ndata: {\"reason\":\"" + sub.Reason() + "\"}\n\n"))
	}
	select {
	case <-sub.Closed(): // revoked before the stream was served
		write(head, []byte("retry: 1000\n"))
		revoked()
		return
	default:
	}
	// Each event leaves in one writev: event line, data, blank line.
	if !write(head, []byte("retry: 1000\nevent: view\ndata: "), first, []byte("\n\n")) {
		return
	}
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	for {
		select {
		case p := <-sub.Views():
			data, patch := sub.Data(p)
			event := viewEvent
			if patch {
				event = patchEvent
			}
			if !write(event, data, eventEnd) {
				return
			}
		case <-ping.C:
			if !write([]byte(": ping\n\n")) {
				return
			}
		case <-sub.Closed():
			revoked()
			return
		case <-slot.evicted: // issue 16: a newer stream of the same credential took its place
			write([]byte(replacedEvent))
			return
		case <-s.closing:
			return
		case <-gone:
			return
		}
	}
}

var (
	viewEvent  = []byte("event: view\ndata: ")
	patchEvent = []byte("event: patch\ndata: ")
	eventEnd   = []byte("\n\n")
)

// addStream counts a new stream's goroutine, unless the server is shutting
// down. Shutdown waits for the count only after it has marked the server
// closing under the same lock, so no stream is added while it waits.
func (s *Server) addStream() bool {
	s.streamMu.Lock()
	defer s.streamMu.Unlock()
	select {
	case <-s.closing:
		return false
	default:
	}
	s.streams.Add(1)
	return true
}
