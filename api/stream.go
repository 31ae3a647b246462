package api

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"tablewarden/table"
	"time"

	"github.com/labstack/echo/v4"
)

// handleStream is the SSE stream: it sends the caller's current view first,
// then each new view ("event: view"), a heartbeat ("event: heartbeat",
// every Config.Heartbeat, 3 s by default) that the page watches to notice
// a connection that died without a word, and "event: revoked" if the host
// removes the seat.
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
	// Caps on streams in all, per table and per credential
	// (streamgate.go); released when the stream ends.
	seats, err := s.svc.SeatCount(c.Request().Context(), tableID)
	if err != nil {
		return err
	}
	slot, err := s.gate.open(tableID, tok, seats)
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
	conn.SetReadDeadline(time.Time{}) // The request's read timeout does not bound a stream
	registered = true                 // serveStream unsubscribes
	if c.QueryParam("patches") == "1" {
		sub.UsePatches()
	}
	s.serveStream(conn, tableID, sub, head.Bytes(), first, slot)
	return nil
}

// serveStream starts the stream's goroutine, its only one, which writes the
// stream's events to conn until the phone goes, the seat is removed, a
// write stalls for 10 s, or the server shuts down.
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
	st := &streamConn{s: s, conn: conn, out: conn, tableID: tableID, sub: sub, slot: slot, head: head, first: first}
	if lc, ok := conn.(*limitedConn); ok {
		// Events are written to the socket itself: through the wrapper,
		// net.Buffers would make a write call (and a packet) per part.
		st.out = lc.Conn
	}
	go st.run()
}

// run is the stream's goroutine.
func (st *streamConn) run() {
	defer st.end()
	st.gone, st.stopWatch = watchLeave(st.conn)
	if !st.open() {
		return
	}
	st.loop()
}

// streamConn is one open stream's state, kept on the heap so that the
// stream's goroutine, parked in loop's select nearly all its life, has a
// small stack (a goroutine's stack shrinks to 2 KiB at a
// collection only while it uses less than a quarter of 4 KiB). Writing an
// event takes more; the collector gives it back.
type streamConn struct {
	s         *Server
	conn      net.Conn // closed at the end: it releases the connection slot
	out       net.Conn // written to: conn, or the socket under it
	tableID   string
	sub       *table.Subscriber
	slot      *streamSlot
	gone      <-chan struct{}
	stopWatch func()
	ping      *time.Ticker
	deadline  time.Time
	// head and first are the response head and the first view, dropped
	// once written.
	head, first []byte
}

// end releases everything the stream holds: the leave watch (before the
// connection closes), the connection, the subscription, the slot in the
// stream caps, and the server's count of streams.
func (st *streamConn) end() {
	if st.ping != nil {
		st.ping.Stop()
	}
	if st.stopWatch != nil {
		st.stopWatch()
	}
	st.conn.Close()
	st.s.svc.Unsubscribe(st.tableID, st.sub)
	st.slot.release()
	st.s.streams.Done()
}

// open writes the response head and the first view (or, when the seat was
// revoked before the stream was served, the revocation). It reports whether
// the stream goes on.
//
//go:noinline
func (st *streamConn) open() bool {
	head, first := st.head, st.first
	st.head, st.first = nil, nil
	select {
	case <-st.sub.Closed(): // revoked before the stream was served
		st.write(head, []byte("retry: 1000\n"))
		st.revoked()
		return false
	default:
	}
	// Each event leaves in one writev: event line, data, blank line.
	if !st.write(head, []byte("retry: 1000\nevent: view\ndata: "), first, eventEnd) {
		return false
	}
	st.ping = time.NewTicker(st.s.heartbeatEvery())
	return true
}

// loop waits for the stream's next event and hands it to a method: its
// frame is all the stack a waiting stream holds.
func (st *streamConn) loop() {
	for {
		select {
		case p := <-st.sub.Views():
			if !st.view(p) {
				return
			}
		case <-st.ping.C:
			if !st.write(st.s.heartbeat) {
				return
			}
		case <-st.sub.Closed():
			st.revoked()
			return
		case <-st.slot.evicted: // A newer stream of the same credential took its place
			st.write([]byte(replacedEvent))
			return
		case <-st.s.closing:
			return
		case <-st.gone:
			return
		}
	}
}

// view writes one pushed view, as a patch when the hub has one against the
// last view this stream sent.
//
//go:noinline
func (st *streamConn) view(p *table.Push) bool {
	data, patch := st.sub.Data(p)
	event := viewEvent
	if patch {
		event = patchEvent
	}
	return st.write(event, data, eventEnd)
}

// revoked writes the revocation event with the hub's reason.
//
//go:noinline
func (st *streamConn) revoked() {
	st.write([]byte("event: revoked\ndata: {\"reason\":\"" + st.sub.Reason() + "\"}\n\n"))
}

// write sends parts in one writev. A dead reader is dropped.
// Every write has at least nine tenths of the timeout: the deadline is
// moved on only when a tenth of it has passed since it was set, which
// spares the poller a timer change per event.
//
//go:noinline
func (st *streamConn) write(parts ...[]byte) bool {
	timeout := st.s.streamWriteTimeout()
	if now := time.Now(); st.deadline.Sub(now) < timeout-timeout/10 {
		st.deadline = now.Add(timeout)
		if st.out.SetWriteDeadline(st.deadline) != nil {
			return false
		}
	}
	bufs := net.Buffers(parts)
	_, err := bufs.WriteTo(st.out)
	return err == nil
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

// heartbeatDefault is how often a stream sends its heartbeat unless
// Config.Heartbeat says otherwise. The page counts a stream silent for
// 2.5 heartbeats as dead (web/static/connection.js): 3 s puts the offline
// bar up within 8 s of a drop that sent no FIN.
const heartbeatDefault = 3 * time.Second

// heartbeatEvery is the stream's heartbeat period.
func (s *Server) heartbeatEvery() time.Duration {
	if d := s.cfg.Heartbeat; d > 0 {
		return d
	}
	return heartbeatDefault
}

// heartbeatEvent is the heartbeat, an event the page sees (a comment
// would not reach it): its data says how often it comes, so the page
// sizes its watchdog by the server's period.
func heartbeatEvent(every time.Duration) []byte {
	return []byte(fmt.Sprintf("event: heartbeat\ndata: {\"every_ms\":%d}\n\n", every.Milliseconds()))
}
