package table

import (
	"sync"
	"sync/atomic"
	"time"

	"tablewarden/referee/kit"
)

// hub keeps the open SSE streams of every table. A publish renders each
// distinct viewer's view once and offers it to that viewer's streams; a
// stream holds at most one pending view (the newest), so a slow phone never
// holds up the table or the other phones: it simply skips to the latest view.
//
// Rendering happens off the move's path: publish only records the table's
// newest snapshot, and one drain goroutine per table (while there is work)
// renders the newest snapshot it finds. Snapshots that a newer one replaced
// before they were rendered are skipped, which is what every stream would
// do anyway, so under load a table renders at most once per drain round.
type hub struct {
	s    *Service
	mu   sync.Mutex
	subs map[string]map[*Subscriber]struct{}
	n    int
	work chan *table // to an idle render worker (schedule)
}

// Subscriber is one open stream. It holds its device's credential (the
// token's hash), never a seat number: every push resolves the credential
// to the seat it holds at that moment, so a seat renumbered at start, or a
// device revoked or handed over, can never make a stream show another
// seat's view.
type Subscriber struct {
	role    kit.ViewerRole
	cred    string // the token's hash; "" for the board
	ch      chan *Push
	kicked  chan struct{}
	mu      sync.Mutex
	version int64
	once    sync.Once
	reason  string // why the stream was closed; set before kicked closes
	patches atomic.Bool
	// lastRev and lastID are the push round and viewer of the last push
	// the stream sent (Data); only the stream's goroutine uses them.
	lastRev int64
	lastID  Identity
}

func newHub(s *Service) *hub {
	return &hub{s: s, subs: map[string]map[*Subscriber]struct{}{}, work: make(chan *table)}
}

// pubQueue is a table's pending publish: the newest snapshot not yet
// rendered, and whether a drain goroutine is running.
type pubQueue struct {
	mu      sync.Mutex
	next    *tableSnapshot
	since   time.Time // when the oldest publish not yet rendered was queued (fan-out metric)
	running bool
	diff    pushDiff // the drain goroutine's own (viewpush.go)
}

// offer replaces any pending payload with a newer one. Versions only go up.
func (sub *Subscriber) offer(version int64, payload *Push) {
	sub.mu.Lock()
	defer sub.mu.Unlock()
	if version < sub.version {
		return
	}
	sub.version = version
	select {
	case <-sub.ch:
	default:
	}
	sub.ch <- payload
}

// kick closes the stream, telling the phone why.
func (sub *Subscriber) kick(reason string) {
	sub.once.Do(func() {
		sub.reason = reason
		close(sub.kicked)
	})
}

// subscribe checks a token at table t and registers its stream, under the
// table's lock: a revocation takes the same lock, so it either comes first
// (and the token is refused here) or finds the stream registered (and
// kicks it). It returns the stream, its first payload and the spaces that
// pad it.
func (h *hub) subscribe(t *table, token string) (*Subscriber, []byte, []byte, error) {
	t.mu.Lock()
	id, ok := t.resolve(token)
	if !ok {
		t.mu.Unlock()
		return nil, nil, nil, errUnknownToken()
	}
	sub := &Subscriber{role: id.Role, ch: make(chan *Push, 1), kicked: make(chan struct{})}
	if token != "" {
		sub.cred = string(HashToken(token))
	}
	snap := t.snapshot()
	sub.version = snap.version // before any publish can offer to sub
	h.mu.Lock()
	if h.subs[t.id] == nil {
		h.subs[t.id] = map[*Subscriber]struct{}{}
	}
	h.subs[t.id][sub] = struct{}{}
	h.n++
	h.mu.Unlock()
	t.mu.Unlock()
	payload, pad, _ := h.s.paddedView(&snap, id) // Equal sizes (padding.go)
	h.s.counters.StreamsOpen.Add(1)
	return sub, payload, pad, nil
}

func (h *hub) unsubscribe(tableID string, sub *Subscriber) {
	h.mu.Lock()
	if m := h.subs[tableID]; m != nil {
		if _, ok := m[sub]; ok {
			delete(m, sub)
			h.n--
			h.s.counters.StreamsOpen.Add(-1)
		}
		if len(m) == 0 {
			delete(h.subs, tableID)
		}
	}
	h.mu.Unlock()
}

// publish pushes every stream of table t its own new view. The caller holds
// t.mu, so the snapshots of one table are queued in order; the rendering
// and the pushing happen in the table's drain goroutine.
func (h *hub) publish(t *table) {
	h.mu.Lock()
	n := len(h.subs[t.id])
	h.mu.Unlock()
	if n == 0 {
		return
	}
	snap := t.snapshot()
	q := &t.pub
	q.mu.Lock()
	if q.next == nil {
		q.since = time.Now()
	}
	q.next = &snap
	start := !q.running
	q.running = true
	q.mu.Unlock()
	if start {
		h.schedule(t)
	}
}

// schedule has t drained by an idle render worker, or by a new one when
// none is idle. A worker stays for the next table until it has been idle
// for workerIdle: under load the same few goroutines render every table,
// with the stacks they have grown, instead of one new goroutine (growing
// its stack from 2 KiB) per update.
func (h *hub) schedule(t *table) {
	select {
	case h.work <- t: // unbuffered: taken only by a worker waiting for it
	default:
		go h.worker(t)
	}
}

const workerIdle = time.Second

func (h *hub) worker(t *table) {
	idle := time.NewTimer(workerIdle)
	defer idle.Stop()
	for {
		h.drain(t)
		idle.Reset(workerIdle)
		select {
		case t = <-h.work:
		case <-idle.C:
			return
		}
	}
}

// drain renders the newest queued snapshot of t until none is left.
func (h *hub) drain(t *table) {
	q := &t.pub
	for {
		q.mu.Lock()
		snap, since := q.next, q.since
		q.next = nil
		if snap == nil {
			q.running = false
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		h.push(t, snap)
		if h.s.observeFanout != nil {
			h.s.observeFanout(time.Since(since))
		}
	}
}

// push renders snap once per viewer that has a stream open, works out
// that viewer's patch when one of its streams asked for patches, and
// offers the result to every stream (viewpush.go). Only t's drain
// goroutine calls it.
func (h *hub) push(t *table, snap *tableSnapshot) {
	h.mu.Lock()
	m := h.subs[t.id]
	subs := make([]*Subscriber, 0, len(m))
	for sub := range m {
		subs = append(subs, sub)
	}
	h.mu.Unlock()
	if len(subs) == 0 {
		return
	}
	now := h.s.now()
	d := &t.pub.diff
	d.rev++
	round := newPushRound(h.s, snap, now)
	holders := Holders(snap.seats)
	ids := make([]Identity, len(subs))
	wantPatch := make(map[Identity]bool, len(snap.seats)+2)
	for i, sub := range subs {
		id, ok := Identity{Role: sub.role, Seat: -1}, true
		switch sub.role {
		case kit.RoleSeat:
			id.Seat, ok = holders[sub.cred]
		case kit.RoleHost:
			ok = sub.cred == string(snap.hostHash)
		}
		if !ok {
			sub.kick(reasonRevoked)
			subs[i] = nil
			continue
		}
		ids[i] = id
		wantPatch[id] = wantPatch[id] || sub.patches.Load()
	}
	pushes := make(map[Identity]*Push, len(wantPatch))
	for id, patches := range wantPatch {
		v := snap.renderHead(id, now, round.board)
		round.views[id] = &v
		p := &Push{version: snap.version, id: id, rev: d.rev, round: round}
		if patches {
			ps := d.viewer(id)
			if vp, err := round.partsOf(&v, id); err != nil {
				*ps = patchState{} // not expected: the whole view is sent, and the next patch has no base
			} else if data := ps.next(snap.version, vp); data != nil {
				p.base, p.patch = ps.rev, data
			}
			ps.rev = d.rev
		}
		pushes[id] = p
	}
	d.padPatches(snap.version, pushes)
	n := 0
	for i, sub := range subs {
		if sub != nil {
			sub.offer(snap.version, pushes[ids[i]])
			n++
		}
	}
	h.s.counters.ViewsPushed.Add(int64(n))
}

// kick closes every stream of the device whose token hash is cred. The
// caller holds the table's lock.
func (h *hub) kick(tableID string, cred []byte, reason string) {
	if cred == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for sub := range h.subs[tableID] {
		if sub.cred == string(cred) {
			sub.kick(reason)
		}
	}
}

// count is the number of open streams.
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n
}

// Views delivers the stream's pushes, newest only: a push not yet taken is
// replaced by a newer one. Data gives what to send for each.
func (sub *Subscriber) Views() <-chan *Push { return sub.ch }

// Closed is closed when the table ends the stream: its device was revoked
// or handed over, or the table was deleted. Reason then says which.
func (sub *Subscriber) Closed() <-chan struct{} { return sub.kicked }

// Reason is why the stream was closed ("revoked", "handed_over",
// "removed", "table_deleted"); read it only after Closed is closed.
func (sub *Subscriber) Reason() string { return sub.reason }
