package api

import (
	"fmt"
	"net"
	"net/http"
	"tablewarden/table"
	"time"

	"github.com/labstack/echo/v4"
)

// handleStream is the SSE stream: it sends the caller's current view first,
// then each new view ("event: view", or "event: patch" with ?patches=1,
// table/viewpush.go), a heartbeat ("event: heartbeat", every
// Config.Heartbeat, 3 s by default) that the page watches to notice a
// connection that died without a word, and "event: revoked" if the host
// removes the seat.
//
// net/http answers the request: the status and the headers, flushed, with
// no length and no chunking ("identity"), so that the body runs until the
// connection closes, as Server-Sent Events allow. The events are then
// written to the connection taken over from net/http (Hijack), by a
// goroutine of the stream's own, after the handler has returned. That is
// the one boundary where the stream leaves net/http, and it is measured:
// served inside net/http to its end, an open stream held 36 KiB of live
// heap and stacks (its handler's stack, the connection's buffers, the
// reader net/http keeps on it) against 6.5 KiB this way, and its server
// 42 KiB of RSS against 26 (docs/performance.md).
//
// A phone that closes its connection (FIN or reset), or sends a byte after
// its request, is noticed at once: on Linux by the process's one epoll
// watch, elsewhere and over TLS by a reader goroutine (streamleave.go). Its
// stream, its slot in the stream caps and its subscription are released
// within a second of that (TestStreamReleasedWhenPhoneCloses). A phone
// that vanishes without a word (its network gone) is noticed when a write
// stalls for the write timeout, once the socket's send buffer is full, or
// when TCP gives the connection up; the page notices the silence by the
// heartbeat.
//
// The token is checked and the stream registered under the table's lock
// (table.Service.Subscribe): a revocation either refuses the token here
// (401) or finds the stream and closes it.
func (s *Server) handleStream(c echo.Context) error {
	tok, err := credential(c, c.Param("id"))
	if err != nil {
		return err
	}
	tableID, ctx := c.Param("id"), c.Request().Context()
	sub, first, pad, err := s.svc.Subscribe(ctx, tableID, tok)
	if err != nil {
		return err
	}
	st := &stream{s: s, tableID: tableID, sub: sub}
	defer func() {
		if st.conn == nil { // not served: release what was taken
			st.end()
		}
	}()
	// Caps on streams in all, per table and per credential
	// (streamgate.go); released when the stream ends.
	seats, err := s.svc.SeatCount(ctx, tableID)
	if err != nil {
		return err
	}
	gateTok := tok
	if tok == "" && c.QueryParam("board_key") != "" {
		// The real board, by the key of the host's board link: counted
		// as a credential, apart from anonymous board streams
		// (streamgate.go, table/boardkey.go).
		ok, err := s.svc.CheckBoardKey(ctx, tableID, c.QueryParam("board_key"))
		if err != nil {
			return err
		}
		if !ok {
			return table.Refusef(table.ReasonBadBoardKey, "This board key is not this table's; open the board from the host's board link or QR code again.")
		}
		gateTok = "board:" + c.QueryParam("board_key")
	}
	if st.slot, err = s.gate.open(tableID, gateTok, seats); err != nil {
		c.Response().Header().Set("Retry-After", retryAfter)
		return err
	}
	if !s.addStream() {
		return nil // shutting down
	}
	st.counted = true
	if c.QueryParam("patches") == "1" {
		sub.UsePatches()
	}
	h := c.Response().Header() // the security headers and the request id
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	h.Set("Transfer-Encoding", "identity")
	c.Response().WriteHeader(http.StatusOK)
	rc := http.NewResponseController(c.Response().Writer)
	if rc.Flush() != nil {
		return nil
	}
	conn, rw, err := rc.Hijack()
	if err != nil {
		return nil
	}
	if rw.Reader.Buffered() > 0 { // a client that pipelines after a stream request is not a browser
		conn.Close()
		return nil
	}
	conn.SetDeadline(time.Time{}) // The request's timeouts do not bound a stream
	s.prove(c)                    // a phone with a stream open leaves its address's cap (connlimit.go)
	st.conn, st.out, st.first, st.pad = conn, conn, first, pad
	if lc, ok := conn.(*limitedConn); ok {
		// Events are written to the socket itself: through the wrapper,
		// net.Buffers would make a write call (and a packet) per part.
		st.out = lc.Conn
	}
	go st.run()
	return nil
}

// stream is one open stream's state, kept on the heap so that the
// stream's goroutine, parked in loop's select nearly all its life, has a
// small stack (a goroutine's stack shrinks to 2 KiB at a collection only
// while it uses less than a quarter of 4 KiB).
type stream struct {
	s         *Server
	tableID   string
	sub       *table.Subscriber
	slot      *streamSlot // nil until admitted
	counted   bool        // in s.streams
	conn      net.Conn    // closed at the end: it releases the connection slot
	out       net.Conn    // written to: conn, or the socket under it
	first     []byte      // the first view, dropped once written
	pad       []byte      // the spaces after it (padding, read only)
	gone      <-chan struct{}
	stopWatch func()
	ping      *time.Ticker
	deadline  time.Time
}

// end releases everything the stream holds: the leave watch (before the
// connection closes), the connection, the subscription, the slot in the
// stream caps, and the server's count of streams.
func (st *stream) end() {
	if st.ping != nil {
		st.ping.Stop()
	}
	if st.stopWatch != nil {
		st.stopWatch()
	}
	if st.conn != nil {
		st.conn.Close()
	}
	st.s.svc.Unsubscribe(st.tableID, st.sub)
	if st.slot != nil {
		st.slot.release()
	}
	if st.counted {
		st.s.streams.Done()
	}
}

// run is the stream's goroutine: it writes the stream's events until the
// phone goes, the seat is removed, a write stalls, or the server shuts
// down.
func (st *stream) run() {
	defer st.end()
	st.gone, st.stopWatch = watchLeave(st.conn)
	if !st.open() {
		return
	}
	st.loop()
}

// open writes the first view (or, when the seat was revoked before the
// stream was served, the revocation). It reports whether the stream goes
// on.
//
//go:noinline
func (st *stream) open() bool {
	first, pad := st.first, st.pad
	st.first, st.pad = nil, nil
	select {
	case <-st.sub.Closed(): // revoked before the stream was served
		st.write([]byte("retry: 1000\n"), revokedEvent(st.sub))
		return false
	default:
	}
	// Each event leaves in one writev: event line, data, padding, blank line.
	if !st.write([]byte("retry: 1000\nevent: view\ndata: "), first, pad, eventEnd) {
		return false
	}
	st.ping = time.NewTicker(st.s.heartbeatEvery())
	return true
}

// loop waits for the stream's next event and hands it to a method: its
// frame is all the stack a waiting stream holds.
func (st *stream) loop() {
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
			st.write(revokedEvent(st.sub))
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
func (st *stream) view(p *table.Push) bool {
	data, pad, patch := st.sub.Data(p)
	event := viewEvent
	if patch {
		event = patchEvent
	}
	return st.write(event, data, pad, eventEnd)
}

// write sends parts in one writev. A dead reader is dropped.
// Every write has at least nine tenths of the timeout: the deadline is
// moved on only when a tenth of it has passed since it was set, which
// spares the poller a timer change per event.
//
//go:noinline
func (st *stream) write(parts ...[]byte) bool {
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

// revokedEvent is the revocation event with the hub's reason.
func revokedEvent(sub *table.Subscriber) []byte {
	return []byte("event: revoked\ndata: {\"reason\":\"" + sub.Reason() + "\"}\n\n")
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
