package loadgen

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"time"

	apiclient "tablewarden/api/client"
	"tablewarden/referee/kit"
)

// table is one table the load plays.
type table struct {
	idx  int
	id   string
	host string
	seat []seatInfo

	mu      sync.Mutex
	seen    []int64     // newest version each seat's stream delivered
	seenAt  []time.Time // when
	payload [][]byte    // that view
	wait    *fanWait

	known  int64 // newest version the player knows of
	turn   []int // seats the game waited for in the last view read
	moves  int64
	rng    *rand.Rand
	cancel context.CancelFunc // stops this table's streams
	ws     []*wsSeat          // the seats' sockets, with Transport "ws" (ws.go)
}

type seatInfo struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// fanWait waits for every stream of a table to reach a version.
type fanWait struct {
	version int64
	got     []bool
	left    int
	last    time.Time
	done    chan struct{}
}

// viewDoc is the part of a view the players read.
type viewDoc struct {
	Status  string `json:"status"`
	Version int64  `json:"version"`
	View    *struct {
		Turn  []int          `json:"turn"`
		Moves []kit.MoveSpec `json:"moves"`
	} `json:"view"`
}

// newTable creates a table, joins its seats and starts the game, retrying
// (with a new table) until it succeeds or ctx ends. It returns nil then.
func (r *runner) newTable(ctx context.Context, idx int) *table {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if attempt > 0 && !sleep(ctx, time.Duration(min(attempt, 10))*100*time.Millisecond) {
			return nil
		}
		t, err := r.createTable(ctx, idx)
		if err != nil {
			if ctx.Err() == nil {
				r.errs.add("setup_" + errorKind(err))
			}
			continue
		}
		r.created.Add(1)
		return t
	}
	return nil
}

func (r *runner) createTable(ctx context.Context, idx int) (*table, error) {
	var created struct {
		TableID   string `json:"table_id"`
		JoinCode  string `json:"join_code"`
		HostToken string `json:"host_token"`
	}
	api := r.client.api
	// The game is the tool's -game, any game: its request as JSON.
	var req apiclient.CreateTableRequest
	if err := req.UnmarshalJSON(fmt.Appendf(nil, `{"game":%q}`, r.cfg.Game)); err != nil {
		return nil, err
	}
	if err := decode(api.CreateTable(ctx, req))(&created, "create table"); err != nil {
		return nil, err
	}
	t := &table{idx: idx, id: created.TableID, host: created.HostToken, rng: rand.New(rand.NewPCG(rand.Uint64(), uint64(idx)))}
	for i := 0; i < r.cfg.Seats; i++ {
		var j seatInfo
		if err := decode(api.Join(ctx, apiclient.JoinRequest{Code: created.JoinCode, Name: fmt.Sprintf("Player %d", i+1)}))(&j, "join"); err != nil {
			return nil, err
		}
		t.seat = append(t.seat, j)
	}
	var v viewDoc
	if err := decode(api.StartTable(ctx, t.id, nil, apiclient.StartTableJSONRequestBody{}, apiclient.Bearer(t.host)))(&v, "start"); err != nil {
		return nil, err
	}
	t.known = v.Version
	n := len(t.seat)
	t.seen, t.seenAt, t.payload = make([]int64, n), make([]time.Time, n), make([][]byte, n)
	for i := range t.seen {
		t.seen[i] = -1
	}
	return t, nil
}

// openStreams opens one SSE stream per seat of t.
func (r *runner) openStreams(ctx context.Context, t *table) {
	if r.cfg.Transport == TransportWS {
		r.openSockets(t) // one socket per seat instead (ws.go)
		return
	}
	sctx, cancel := context.WithCancel(r.sseCtx)
	t.cancel = cancel
	for i := range t.seat {
		r.streams.Add(1)
		go func() {
			defer r.streams.Done()
			r.stream(sctx, t, i)
		}()
	}
	_ = ctx
}

// stream keeps seat i's stream open (reconnecting after failures) and
// records every view it delivers.
func (r *runner) stream(ctx context.Context, t *table, i int) {
	buf := make([]byte, 0, 16<<10)
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if attempt > 0 && !sleep(ctx, time.Duration(min(attempt, 10))*100*time.Millisecond) {
			return
		}
		url := r.client.base + "/api/tables/" + t.id + "/stream"
		if r.cfg.Patches {
			url += "?patches=1"
		}
		req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
		if err != nil {
			return
		}
		req.Header.Set("Authorization", "Bearer "+t.seat[i].Token)
		req.Header.Set("Accept", "text/event-stream")
		// Open streams a few hundred at a time: a storm of connects
		// overflows the server's listen queue, and SYN retries then stall
		// every other request for seconds.
		select {
		case r.dialing <- struct{}{}:
		case <-ctx.Done():
			return
		}
		resp, err := r.client.sse.Do(req)
		<-r.dialing
		if err != nil {
			if ctx.Err() == nil {
				r.errs.add("sse_" + errorKind(err))
			}
			continue
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			r.errs.add(fmt.Sprintf("sse_http_%d", resp.StatusCode))
			continue
		}
		opened := false
		event := "view"
		var merged *mergedView
		br := bufio.NewReaderSize(resp.Body, 8<<10)
		for {
			line, err := br.ReadSlice('\n')
			if errors.Is(err, bufio.ErrBufferFull) {
				buf = append(buf[:0], line...)
				for errors.Is(err, bufio.ErrBufferFull) {
					line, err = br.ReadSlice('\n')
					buf = append(buf, line...)
				}
				line = buf
			}
			if err != nil {
				if ctx.Err() == nil {
					r.errs.add("sse_" + errorKind(err))
				}
				break
			}
			if name, ok := bytes.CutPrefix(line, []byte("event: ")); ok {
				event = string(bytes.TrimRight(name, "\r\n"))
				continue
			}
			data, ok := bytes.CutPrefix(line, []byte("data: "))
			if !ok {
				continue
			}
			if event == "heartbeat" {
				// The stream's heartbeat, which a page's watchdog
				// watches; it carries no view.
				event = ""
				continue
			}
			at := time.Now()
			if !opened {
				opened = true
				r.sseOpen.Add(1)
			}
			r.sseEvents.Add(1)
			data = bytes.TrimRight(data, "\r\n")
			if !r.cfg.Patches {
				data = bytes.Clone(data) // the reader's buffer is reused; a merge copies what it keeps
			}
			if merged, ok = r.receive(t, i, event, data, merged, at, "sse_"); !ok {
				break // reconnect: the stream starts again with a whole view
			}
		}
		resp.Body.Close()
		if opened {
			r.sseOpen.Add(-1)
		}
	}
}

// receive delivers one "view" or "patch" event of phone i's stream, got at
// at, merging it into merged when the streams take patches. It returns the
// merged view, and false when the stream must start again (a patch that
// does not apply). prefix names the transport in the error counts. Without
// patches data is kept as it is: it must be the caller's to give away.
func (r *runner) receive(t *table, i int, event string, data []byte, merged *mergedView, at time.Time, prefix string) (*mergedView, bool) {
	if r.cfg.Patches {
		m, err := merged.apply(event, data)
		if err != nil {
			r.errs.add(prefix + err.Error())
			return nil, false
		}
		t.deliver(i, m.version, m.doc(), at)
		return m, true
	}
	v, ok := versionOf(data)
	if !ok {
		r.errs.add(prefix + "decode")
		return merged, true
	}
	t.deliver(i, v, data, at)
	return merged, true
}

// versionOf finds the top-level "version" of a view without decoding it:
// it is the first "version" key (the view's own fields come after it).
func versionOf(b []byte) (int64, bool) {
	k := bytes.Index(b, []byte(`"version":`))
	if k < 0 {
		return 0, false
	}
	b = b[k+len(`"version":`):]
	n := 0
	for n < len(b) && b[n] >= '0' && b[n] <= '9' {
		n++
	}
	v, err := strconv.ParseInt(string(b[:n]), 10, 64)
	return v, err == nil
}

func (t *table) deliver(i int, v int64, p []byte, at time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if v > t.seen[i] {
		t.seen[i], t.seenAt[i], t.payload[i] = v, at, p
	}
	if w := t.wait; w != nil && v >= w.version && !w.got[i] {
		w.got[i] = true
		w.left--
		if at.After(w.last) {
			w.last = at
		}
		if w.left == 0 {
			close(w.done)
			t.wait = nil
		}
	}
}

// awaitFanout waits until every stream of t has a view of version v or
// newer and returns how long after respAt the last one arrived.
func (r *runner) awaitFanout(ctx context.Context, t *table, v int64, sentAt, respAt time.Time) {
	t.mu.Lock()
	w := &fanWait{version: v, got: make([]bool, len(t.seat)), done: make(chan struct{})}
	for i := range t.seat {
		if t.seen[i] >= v {
			w.got[i] = true
			if t.seenAt[i].After(w.last) {
				w.last = t.seenAt[i]
			}
		} else {
			w.left++
		}
	}
	if w.left > 0 {
		t.wait = w
	}
	t.mu.Unlock()
	if w.left > 0 {
		tm := time.NewTimer(5 * time.Second)
		defer tm.Stop()
		select {
		case <-w.done:
		case <-tm.C:
			r.errs.add("fanout_timeout")
			t.mu.Lock()
			t.wait = nil
			t.mu.Unlock()
			return
		case <-ctx.Done():
			t.mu.Lock()
			t.wait = nil
			t.mu.Unlock()
			return
		}
	}
	if !respAt.IsZero() {
		r.fan.add(max(0, w.last.Sub(respAt)))
		last := w.last
		if respAt.After(last) {
			last = respAt
		}
		r.fanS.add(last.Sub(sentAt))
	}
}

// readView returns seat i's view: the stream's newest payload when it is
// at least as new as what the player knows, otherwise a GET.
func (r *runner) readView(ctx context.Context, t *table, i int) (viewDoc, error) {
	var v viewDoc
	if r.cfg.SSE {
		t.mu.Lock()
		p, seen := t.payload[i], t.seen[i]
		t.mu.Unlock()
		if p != nil && seen >= t.known {
			if err := json.Unmarshal(p, &v); err == nil {
				return v, nil
			}
		}
	}
	err := decode(r.client.api.GetView(ctx, t.id, nil, apiclient.Bearer(t.seat[i].Token)))(&v, "view")
	if err == nil && v.Version > t.known {
		t.known = v.Version
	}
	return v, err
}

var errEnded = errors.New("game ended")
var errStuck = errors.New("no seat can move")

// choose finds a seat that may move now and a random legal move for it.
func (r *runner) choose(ctx context.Context, t *table) (seat int, v viewDoc, spec kit.MoveSpec, err error) {
	tried := make([]bool, len(t.seat))
	queue := append([]int(nil), t.turn...)
	t.rng.Shuffle(len(queue), func(i, j int) { queue[i], queue[j] = queue[j], queue[i] })
	for n := 0; n < len(t.seat); n++ {
		i := -1
		for len(queue) > 0 && i < 0 {
			if c := queue[0]; c >= 0 && c < len(t.seat) && !tried[c] {
				i = c
			}
			queue = queue[1:]
		}
		if i < 0 {
			for c := range tried {
				if !tried[c] {
					i = c
					break
				}
			}
		}
		if i < 0 {
			break
		}
		tried[i] = true
		v, err = r.readView(ctx, t, i)
		if err != nil {
			return 0, v, spec, err
		}
		if v.Status == "ended" {
			return 0, v, spec, errEnded
		}
		if v.View == nil {
			continue
		}
		t.turn = v.View.Turn
		if len(v.View.Moves) > 0 {
			return i, v, v.View.Moves[t.rng.IntN(len(v.View.Moves))], nil
		}
		queue = append(append(queue[:0:0], v.View.Turn...), queue...)
	}
	return 0, v, spec, errStuck
}

// moveRequest is the body of POST /moves.
type moveRequest struct {
	Type            string          `json:"type"`
	Args            json.RawMessage `json:"args,omitempty"`
	ExpectedVersion int64           `json:"expected_version"`
	IdempotencyKey  string          `json:"idempotency_key"`
}

type moveResult struct {
	Seq       int64 `json:"seq"`
	Version   int64 `json:"version"`
	Duplicate bool  `json:"duplicate"`
}

// play posts moves at t until ctx ends or the cap is reached, replacing
// the table when its game ends.
func (r *runner) play(ctx context.Context, t *table, stop context.CancelFunc) {
	for ctx.Err() == nil {
		if t == nil {
			if t = r.replacement(ctx, -1); t == nil {
				return
			}
		}
		if !r.take(ctx) {
			if r.cfg.MaxMoves > 0 && r.issued.Load() > int64(r.cfg.MaxMoves) {
				stop()
			}
			return
		}
		// Post one new move, retrying stale and refused choices.
		for tries := 0; ctx.Err() == nil; tries++ {
			if tries >= 50 {
				r.errs.add("stuck_table")
				t = r.replacement(ctx, t.idx, t)
				break
			}
			ok, replace := r.moveOnce(ctx, t)
			if replace {
				t = r.replacement(ctx, t.idx, t)
				if t == nil {
					return
				}
				continue
			}
			if ok {
				break
			}
		}
	}
}

// replacement retires old (if any) and returns a new started table with
// its streams open.
func (r *runner) replacement(ctx context.Context, idx int, old ...*table) *table {
	for _, o := range old {
		if o != nil && o.cancel != nil {
			o.cancel()
		}
	}
	if idx < 0 {
		idx = 0
	}
	t := r.newTable(ctx, idx)
	if t != nil && r.cfg.SSE {
		r.openStreams(ctx, t)
	}
	return t
}

// moveOnce chooses and posts one move. ok: a move was acknowledged;
// replace: the table cannot go on (game over, stuck, gone).
func (r *runner) moveOnce(ctx context.Context, t *table) (ok, replace bool) {
	seat, v, spec, err := r.choose(ctx, t)
	switch {
	case errors.Is(err, errEnded):
		r.ended.Add(1)
		return false, true
	case errors.Is(err, errStuck):
		r.errs.add("stuck_table")
		return false, true
	case err != nil:
		if ctx.Err() != nil {
			return false, false
		}
		kind := errorKind(err)
		r.errs.add("view_" + kind)
		var he *httpError
		if errors.As(err, &he) && (he.Status == 404 || he.Status == 401) {
			return false, true
		}
		sleep(ctx, 100*time.Millisecond)
		return false, false
	}
	m := kit.RandomMove(spec, t.rng)
	t.moves++
	req := moveRequest{Type: m.Type, Args: m.Args, ExpectedVersion: v.Version, IdempotencyKey: fmt.Sprintf("%s-%d-%s-%d", r.runID, t.idx, t.id, t.moves)}
	body, err := json.Marshal(req)
	if err != nil {
		return false, false
	}
	start := time.Now()
	var res moveResult
	for attempt := 0; ; attempt++ {
		if attempt > 0 && !sleep(ctx, time.Duration(min(attempt, 10))*50*time.Millisecond) {
			return false, false
		}
		// The POST outlives ctx (an answer in flight is still counted) but
		// not by more than 10 s.
		pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		if r.cfg.Transport == TransportWS {
			err = r.wsMove(pctx, t, seat, body, &res)
		} else {
			err = decode(r.client.api.PostMoveWithBody(pctx, t.id, nil, "application/json", bytes.NewReader(body), apiclient.Bearer(t.seat[seat].Token)))(&res, "move")
		}
		cancel()
		var he *httpError
		if err == nil || (errors.As(err, &he) && he.Status < 500) {
			break
		}
		// The connection failed or the server is unavailable: the move
		// may or may not have committed; send it again with the same key.
		r.errs.add("move_" + errorKind(err))
		if ctx.Err() != nil {
			return false, false
		}
	}
	respAt := time.Now()
	var he *httpError
	if errors.As(err, &he) {
		switch {
		case he.Status == http.StatusConflict:
			r.stale.Add(1)
			if he.Version != nil && *he.Version > t.known {
				t.known = *he.Version
			} else if he.Version == nil {
				t.known++ // force a fresh read
			}
			return false, false
		case he.Status == http.StatusUnprocessableEntity || he.Code == "illegal_move":
			r.refused.Add(1)
			return false, false
		case he.Status == 404 || he.Status == 401:
			r.errs.add("move_" + errorKind(err))
			return false, true
		}
		r.errs.add("move_" + errorKind(err))
		return false, false
	}
	counted := start.UnixNano() >= r.winStart.Load() // sent in the measured window
	if counted {
		r.lat.add(respAt.Sub(start))
		r.accepted.Add(1)
	}
	if res.Duplicate {
		r.duplicates.Add(1)
	}
	if res.Version > t.known {
		t.known = res.Version
	}
	if r.cfg.OnAck != nil {
		r.cfg.OnAck(Ack{TableID: t.id, Seq: res.Seq, Version: res.Version, Key: req.IdempotencyKey, Seat: t.seat[seat].Seat, Type: m.Type, Args: m.Args})
	}
	if r.cfg.SSE {
		at := respAt
		if !counted {
			at = time.Time{} // wait for the fan-out, but do not record it
		}
		r.awaitFanout(ctx, t, res.Version, start, at)
	}
	return true, false
}
