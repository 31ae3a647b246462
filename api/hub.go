package api

import (
	"sync"

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
	subs map[string]map[*subscriber]struct{}
	n    int
}

// subscriber is one open stream.
type subscriber struct {
	id      identity
	ch      chan []byte
	kicked  chan struct{}
	mu      sync.Mutex
	version int64
	once    sync.Once
}

func newHub(s *Service) *hub { return &hub{s: s, subs: map[string]map[*subscriber]struct{}{}} }

// pubQueue is a table's pending publish: the newest snapshot not yet
// rendered, and whether a drain goroutine is running.
type pubQueue struct {
	mu      sync.Mutex
	next    *tableSnapshot
	running bool
}

// offer replaces any pending payload with a newer one. Versions only go up.
func (sub *subscriber) offer(version int64, payload []byte) {
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

func (sub *subscriber) kick() { sub.once.Do(func() { close(sub.kicked) }) }

// subscribe registers a stream and returns it with its first payload.
func (h *hub) subscribe(t *table, id identity) (*subscriber, []byte) {
	sub := &subscriber{id: id, ch: make(chan []byte, 1), kicked: make(chan struct{})}
	t.mu.Lock()
	snap := t.snapshot()
	sub.version = snap.version // before any publish can offer to sub
	h.mu.Lock()
	if h.subs[t.id] == nil {
		h.subs[t.id] = map[*subscriber]struct{}{}
	}
	h.subs[t.id][sub] = struct{}{}
	h.n++
	h.mu.Unlock()
	t.mu.Unlock()
	payload, _ := snap.encode(id, h.s.now(), nil)
	h.s.metrics.sseOpen.Add(1)
	return sub, payload
}

func (h *hub) unsubscribe(tableID string, sub *subscriber) {
	h.mu.Lock()
	if m := h.subs[tableID]; m != nil {
		if _, ok := m[sub]; ok {
			delete(m, sub)
			h.n--
			h.s.metrics.sseOpen.Add(-1)
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
	q.next = &snap
	start := !q.running
	q.running = true
	q.mu.Unlock()
	if start {
		go h.drain(t)
	}
}

// drain renders the newest queued snapshot of t until none is left.
func (h *hub) drain(t *table) {
	q := &t.pub
	for {
		q.mu.Lock()
		snap := q.next
		q.next = nil
		if snap == nil {
			q.running = false
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		h.push(t.id, snap)
	}
}

// push renders snap once per distinct viewer and offers it to every stream.
func (h *hub) push(tableID string, snap *tableSnapshot) {
	h.mu.Lock()
	m := h.subs[tableID]
	subs := make([]*subscriber, 0, len(m))
	for sub := range m {
		subs = append(subs, sub)
	}
	h.mu.Unlock()
	if len(subs) == 0 {
		return
	}
	now := h.s.now()
	rendered := make(map[identity][]byte, len(subs))
	share, err := newViewShare(snap)
	if err != nil {
		share = nil // encode each viewer's view whole
	}
	for _, sub := range subs {
		p, ok := rendered[sub.id]
		if !ok {
			p, _ = snap.encode(sub.id, now, share)
			rendered[sub.id] = p
		}
		sub.offer(snap.version, p)
	}
	h.s.metrics.ssePushed.Add(int64(len(subs)))
}

// kick closes every stream of a removed seat.
func (h *hub) kick(tableID string, seat int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sub := range h.subs[tableID] {
		if sub.id.Role == kit.RoleSeat && sub.id.Seat == seat {
			sub.kick()
		}
	}
}

// count is the number of open streams.
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n
}

// has reports whether table id has open streams.
func (h *hub) has(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs[id]) > 0
}
