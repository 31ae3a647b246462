package api

import (
	"fmt"
	"io"
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
// The stream is an ordinary net/http response, flushed after each
// event (http.ResponseController), each write bounded by the stream write
// timeout. A phone that closes its connection (FIN or reset) ends the
// request's context at once, which ends the stream and releases its
// subscription and its slot in the stream caps
// (TestStreamReleasedWhenPhoneCloses holds that to a second). A phone that
// vanishes without a word (its network gone) is noticed when a write
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
	sub, first, err := s.svc.Subscribe(ctx, tableID, tok)
	if err != nil {
		return err
	}
	defer s.svc.Unsubscribe(tableID, sub)
	// Caps on streams in all, per table and per credential
	// (streamgate.go); released when the stream ends.
	seats, err := s.svc.SeatCount(ctx, tableID)
	if err != nil {
		return err
	}
	slot, err := s.gate.open(tableID, tok, seats)
	if err != nil {
		c.Response().Header().Set("Retry-After", retryAfter)
		return err
	}
	defer slot.release()
	if !s.addStream() {
		return nil // shutting down
	}
	defer s.streams.Done()
	if c.QueryParam("patches") == "1" {
		sub.UsePatches()
	}
	h := c.Response().Header() // the security headers and the request id
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	// Not chunked: the body runs until the connection closes, as Server-Sent
	// Events allow (net/http's "identity" transfer encoding), so that each
	// event leaves as written, with no chunk framing.
	h.Set("Transfer-Encoding", "identity")
	st := &stream{s: s, w: c.Response(), rc: http.NewResponseController(c.Response().Writer)}
	st.rc.SetReadDeadline(time.Time{}) // The request's read timeout does not bound a stream
	c.Response().WriteHeader(http.StatusOK)
	select {
	case <-sub.Closed(): // revoked before the stream was served
		st.write([]byte("retry: 1000\n"), revokedEvent(sub))
		return nil
	default:
	}
	if !st.write([]byte("retry: 1000\nevent: view\ndata: "), first, eventEnd) {
		return nil
	}
	first = nil
	s.prove(c) // a phone with a stream open leaves its address's cap (connlimit.go)
	ping := time.NewTicker(s.heartbeatEvery())
	defer ping.Stop()
	for {
		select {
		case p := <-sub.Views():
			data, patch := sub.Data(p)
			event := viewEvent
			if patch {
				event = patchEvent
			}
			if !st.write(event, data, eventEnd) {
				return nil
			}
		case <-ping.C:
			if !st.write(s.heartbeat) {
				return nil
			}
		case <-sub.Closed():
			st.write(revokedEvent(sub))
			return nil
		case <-slot.evicted: // A newer stream of the same credential took its place
			st.write([]byte(replacedEvent))
			return nil
		case <-s.closing:
			return nil
		case <-ctx.Done(): // the phone left
			return nil
		}
	}
}

// stream writes one stream's events.
type stream struct {
	s        *Server
	w        io.Writer
	rc       *http.ResponseController
	deadline time.Time
}

// write sends parts as one event and flushes it. A dead reader is dropped.
// Every write has at least nine tenths of the timeout: the deadline is
// moved on only when a tenth of it has passed since it was set, which
// spares the poller a timer change per event.
func (st *stream) write(parts ...[]byte) bool {
	timeout := st.s.streamWriteTimeout()
	if now := time.Now(); st.deadline.Sub(now) < timeout-timeout/10 {
		st.deadline = now.Add(timeout)
		if st.rc.SetWriteDeadline(st.deadline) != nil {
			return false
		}
	}
	for _, p := range parts {
		if _, err := st.w.Write(p); err != nil {
			return false
		}
	}
	return st.rc.Flush() == nil
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
