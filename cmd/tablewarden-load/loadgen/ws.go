package loadgen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// The transports a phone uses (Config.Transport).
const (
	// TransportHTTP posts moves (POST /moves) and reads views from the
	// SSE stream: what the phone page does.
	TransportHTTP = "http"
	// TransportWS opens one WebSocket per phone on the server's bench
	// route (GET /api/bench/tables/:id/ws, api/benchws.go) and sends the
	// moves and receives the views over it.
	TransportWS = "ws"
)

// wsSeat is one seat's socket. Its reader goroutine (socket) delivers the
// views as a stream does and hands each move's answer to the move waiting
// for it (wsMove): a table has at most one move in flight, so a seat has
// at most one answer due.
type wsSeat struct {
	mu      sync.Mutex
	conn    *websocket.Conn // nil while (re)connecting
	answers chan []byte
}

func (s *wsSeat) current() *websocket.Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conn
}

func (s *wsSeat) set(c *websocket.Conn) {
	s.mu.Lock()
	s.conn = c
	s.mu.Unlock()
}

// errNoSocket is a move for a seat whose socket is (re)connecting.
var errNoSocket = errors.New("ws: socket not open")

// openSockets opens one socket per seat of t (as openStreams opens the
// streams).
func (r *runner) openSockets(t *table) {
	sctx, cancel := context.WithCancel(r.sseCtx)
	t.cancel = cancel
	t.ws = make([]*wsSeat, len(t.seat))
	for i := range t.seat {
		t.ws[i] = &wsSeat{answers: make(chan []byte, 1)}
		r.streams.Add(1)
		go func() {
			defer r.streams.Done()
			r.socket(sctx, t, i)
		}()
	}
}

// socket keeps seat i's socket open (reconnecting after failures) and
// records every view it delivers, merging patches as the stream does.
func (r *runner) socket(ctx context.Context, t *table, i int) {
	ws := t.ws[i]
	url := "ws" + strings.TrimPrefix(r.client.base, "http") + "/api/bench/tables/" + t.id + "/ws"
	if r.cfg.Patches {
		url += "?patches=1"
	}
	hdr := http.Header{"Authorization": {"Bearer " + t.seat[i].Token}}
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if attempt > 0 && !sleep(ctx, time.Duration(min(attempt, 10))*100*time.Millisecond) {
			return
		}
		select { // a few hundred connects at a time, as the streams
		case r.dialing <- struct{}{}:
		case <-ctx.Done():
			return
		}
		conn, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: r.client.sse, HTTPHeader: hdr})
		<-r.dialing
		if err != nil {
			if ctx.Err() == nil {
				if resp != nil {
					r.errs.add(fmt.Sprintf("ws_http_%d", resp.StatusCode))
				} else {
					r.errs.add("ws_" + errorKind(err))
				}
			}
			continue
		}
		conn.SetReadLimit(1 << 20)
		ws.set(conn)
		r.readSocket(ctx, t, i, conn)
		ws.set(nil)
		conn.CloseNow()
	}
}

// readSocket reads one socket until it fails or ctx ends.
func (r *runner) readSocket(ctx context.Context, t *table, i int, conn *websocket.Conn) {
	ws := t.ws[i]
	opened := false
	defer func() {
		if opened {
			r.sseOpen.Add(-1)
		}
	}()
	var merged *mergedView
	for {
		_, msg, err := conn.Read(ctx)
		if err != nil {
			if ctx.Err() == nil {
				r.errs.add("ws_" + errorKind(err))
			}
			return
		}
		if len(msg) == 0 {
			r.errs.add("ws_decode")
			continue
		}
		kind, data := msg[0], msg[1:]
		switch kind {
		case 'm', 'e':
			select {
			case ws.answers <- msg:
			default:
				r.errs.add("ws_unexpected_answer")
			}
			continue
		case 'r', 'x':
			r.errs.add("ws_closed_" + string(kind))
			return
		case 'v', 'p':
		default:
			r.errs.add("ws_decode")
			continue
		}
		at := time.Now()
		if !opened {
			opened = true
			r.sseOpen.Add(1)
		}
		r.sseEvents.Add(1)
		event := "view"
		if kind == 'p' {
			event = "patch"
		}
		var ok bool // Read gives each message a slice of its own
		if merged, ok = r.receive(t, i, event, data, merged, at, "ws_"); !ok {
			return // reconnect: the socket starts again with a whole view
		}
	}
}

// wsMove sends one move (its POST /moves body) on seat's socket and waits
// for its answer: res for an 'm' answer, an *httpError for an 'e' one, as
// decode gives them for the HTTP answers.
func (r *runner) wsMove(ctx context.Context, t *table, seat int, body []byte, res *moveResult) error {
	ws := t.ws[seat]
	conn := ws.current()
	if conn == nil {
		return errNoSocket
	}
	select { // an answer left from a move that timed out
	case <-ws.answers:
	default:
	}
	if err := conn.Write(ctx, websocket.MessageText, body); err != nil {
		return err
	}
	var a []byte
	select {
	case a = <-ws.answers:
	case <-ctx.Done():
		conn.CloseNow() // its answer, if any, never meets the next move
		return ctx.Err()
	}
	if a[0] == 'm' {
		if err := json.Unmarshal(a[1:], res); err != nil {
			return fmt.Errorf("decode move: %w", err)
		}
		return nil
	}
	if len(a) < 4 {
		return fmt.Errorf("decode move: short error answer")
	}
	st, err := strconv.Atoi(string(a[1:4]))
	if err != nil {
		return fmt.Errorf("decode move: %w", err)
	}
	he := &httpError{Status: st, Body: string(a[4:])}
	var e struct {
		Error   string `json:"error"`
		Version *int64 `json:"version"`
	}
	if json.Unmarshal(a[4:], &e) == nil {
		he.Code, he.Version = e.Error, e.Version
	}
	return he
}
