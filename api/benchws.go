//go:build bench

package api

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/labstack/echo/v4"

	"tablewarden/table"
)

// GET /api/bench/tables/:id/ws is a measured prototype, not a product API:
// one WebSocket per phone that carries both its moves (in) and its view
// pushes (out), for the load tool's -transport ws to compare with POST
// /moves plus the SSE stream. It exists only in the bench build (-tags
// bench, benchroutes.go; the production binary answers 404), and is in
// neither api/openapi.json nor the web pages.
//
// The credential and the stream caps are the stream's (handleStream): a
// bearer token or the seat cookie, ?patches=1 for patches. Every message
// is a text message; a server message's first byte says what it is and
// the rest is JSON:
//
//	v{view}       a whole view (the SSE "view" event's data)
//	p{patch}      a patch against the last view sent (the "patch" event's)
//	m{result}     the answer to a move: the JSON of POST /moves's 200
//	eNNN{error}   the answer to a refused move: the HTTP status in three
//	              digits, then the error JSON the HTTP API would give
//	r{"reason"}   the seat was revoked; the socket closes
//	x{}           a newer stream of the same credential replaced this one
//
// Each phone message is one move, the JSON body of POST /moves
// (table.MoveRequest), answered in order by an m or e message. A message
// over 32 KiB (the library's read limit) closes the socket. The server
// pings every Config.Heartbeat and drops a socket that does not answer
// within two and a half of them.
func (s *Server) handleBenchWS(c echo.Context) error {
	tableID := c.Param("id")
	tok, err := credential(c, tableID)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	sub, first, pad, err := s.svc.Subscribe(ctx, tableID, tok)
	if err != nil {
		return err
	}
	seats, err := s.svc.SeatCount(ctx, tableID)
	if err != nil {
		s.svc.Unsubscribe(tableID, sub)
		return err
	}
	slot, err := s.gate.open(tableID, tok, seats)
	if err != nil {
		s.svc.Unsubscribe(tableID, sub)
		c.Response().Header().Set("Retry-After", retryAfter)
		return err
	}
	if !s.addStream() { // shutting down
		slot.release()
		s.svc.Unsubscribe(tableID, sub)
		return table.Refusef(table.ReasonShuttingDown, "The server is shutting down.")
	}
	conn, err := websocket.Accept(clearDeadlines{c.Response()}, c.Request(), &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil { // Accept has answered (not an upgrade, another origin)
		slot.release()
		s.svc.Unsubscribe(tableID, sub)
		s.streams.Done()
		return nil
	}
	c.Response().Status = http.StatusSwitchingProtocols // for the access log
	if c.QueryParam("patches") == "1" {
		sub.UsePatches()
	}
	w := &wsPhone{s: s, conn: conn, tableID: tableID, tok: tok, sub: sub, slot: slot,
		rid: c.Response().Header().Get(echo.HeaderXRequestID)}
	w.ctx, w.cancel = context.WithCancel(context.Background())
	go w.run(append(first, pad...))
	return nil
}

// clearDeadlines hands websocket.Accept the connection without the
// request's read and write deadlines, which would otherwise end the socket.
type clearDeadlines struct{ http.ResponseWriter }

func (cd clearDeadlines) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, rw, err := http.NewResponseController(cd.ResponseWriter).Hijack()
	if err == nil {
		conn.SetDeadline(time.Time{})
	}
	return conn, rw, err
}

// wsPhone is one open socket. Its run goroutine writes the pushes; its
// reader goroutine plays the moves and writes their answers; a third
// pings. The library serialises the writes.
type wsPhone struct {
	s           *Server
	conn        *websocket.Conn
	tableID     string
	tok, rid    string
	sub         *table.Subscriber
	slot        *streamSlot
	ctx         context.Context // ends with the socket
	cancel      context.CancelFunc
	helpers     sync.WaitGroup
	revokedSent bool
}

func (w *wsPhone) run(first []byte) {
	defer w.end()
	w.helpers.Add(2)
	go w.readMoves()
	go w.pings()
	if !w.send('v', first) {
		return
	}
	for {
		select {
		case p := <-w.sub.Views():
			data, pad, patch := w.sub.Data(p)
			kind := byte('v')
			if patch {
				kind = 'p'
			}
			if !w.send(kind, data, pad) {
				return
			}
		case <-w.sub.Closed():
			w.send('r', []byte(`{"reason":`+strconv.Quote(w.sub.Reason())+`}`))
			w.revokedSent = true
			return
		case <-w.slot.evicted:
			w.send('x', []byte(`{}`))
			return
		case <-w.s.closing:
			return
		case <-w.ctx.Done():
			return
		}
	}
}

// end releases everything: the helpers, the socket (a close frame after a
// revocation, so that the phone sees why), the subscription, the slot and
// the server's count of streams.
func (w *wsPhone) end() {
	if w.revokedSent {
		w.conn.Close(websocket.StatusPolicyViolation, "revoked")
	}
	w.cancel()
	w.conn.CloseNow()
	w.helpers.Wait()
	w.s.svc.Unsubscribe(w.tableID, w.sub)
	w.slot.release()
	w.s.streams.Done()
}

// send writes one message: kind, then data, within the stream write timeout.
func (w *wsPhone) send(kind byte, data []byte, pad ...[]byte) bool {
	msg := make([]byte, 0, 1+len(data)+len(pad))
	msg = append(append(msg, kind), data...)
	for _, p := range pad {
		msg = append(msg, p...)
	}
	ctx, cancel := context.WithTimeout(w.ctx, w.s.streamWriteTimeout())
	defer cancel()
	return w.conn.Write(ctx, websocket.MessageText, msg) == nil
}

// readMoves plays each message as a move and answers it, until the
// socket ends.
func (w *wsPhone) readMoves() {
	defer w.helpers.Done()
	defer w.cancel()
	for {
		typ, msg, err := w.conn.Read(w.ctx)
		if err != nil {
			return
		}
		start := time.Now()
		res, err := w.move(typ, msg)
		if err != nil {
			st, body := w.s.errorReply(err, w.rid)
			if st >= 500 {
				w.s.log.Error("bench ws move failed", "request_id", w.rid, "err", err)
			}
			b, _ := json.Marshal(body)
			if !w.send('e', append([]byte(strconv.Itoa(st)), b...)) {
				return
			}
			continue
		}
		w.s.metrics.observeMove(time.Since(start))
		var buf [64]byte
		if !w.send('m', res.AppendJSON(buf[:0])) {
			return
		}
	}
}

// move is POST /moves for one message: the credential is resolved again
// for every move, as the HTTP handler does, so a revoked or handed-over
// seat's socket cannot move.
func (w *wsPhone) move(typ websocket.MessageType, msg []byte) (table.MoveResult, error) {
	if typ != websocket.MessageText {
		return table.MoveResult{}, table.Refusef(table.ReasonBadJSON, "Send each move as a text message of JSON.")
	}
	id, err := w.s.svc.Identify(w.ctx, w.tableID, w.tok)
	if err != nil {
		return table.MoveResult{}, err
	}
	var req table.MoveRequest
	if err := decodeStrict(bytes.NewBuffer(msg), &req); err != nil {
		return table.MoveResult{}, err
	}
	return w.s.svc.Move(w.ctx, w.tableID, id, req)
}

// pings pings the phone every heartbeat; a missing pong ends the socket.
func (w *wsPhone) pings() {
	defer w.helpers.Done()
	every := w.s.heartbeatEvery()
	tk := time.NewTicker(every)
	defer tk.Stop()
	for {
		select {
		case <-w.ctx.Done():
			return
		case <-tk.C:
			ctx, cancel := context.WithTimeout(w.ctx, every*5/2)
			err := w.conn.Ping(ctx)
			cancel()
			if err != nil {
				w.cancel()
				return
			}
		}
	}
}
