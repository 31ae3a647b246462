package table

import (
	"container/list"
	"sync"
	"time"
)

// loadedLRU orders the loaded tables by their last use, so that memory
// follows the tables in play and not every table ever stored. It only
// orders and picks; the Service decides whether a picked table may go
// (dropIdle): a table with open streams, one that is busy, or one used in
// the last minIdle stays, and the bound is then exceeded for a while
// rather than a table in use dropped.
type loadedLRU struct {
	max     int
	minIdle time.Duration

	mu    sync.Mutex
	order *list.List // of *lruEntry, most recent first
	at    map[string]*list.Element
}

type lruEntry struct {
	id   string
	used time.Time
}

// lruScan is how many tables from the cold end one touch examines.
const lruScan = 4

func newLoadedLRU(max int, minIdle time.Duration) *loadedLRU {
	return &loadedLRU{max: max, minIdle: minIdle, order: list.New(), at: map[string]*list.Element{}}
}

// touch marks id used at now and returns up to lruScan of the least
// recently used tables beyond the bound that have been idle for minIdle.
func (l *loadedLRU) touch(id string, now time.Time) []string {
	if l == nil || l.max <= 0 {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if e, ok := l.at[id]; ok {
		e.Value.(*lruEntry).used = now
		l.order.MoveToFront(e)
	} else {
		l.at[id] = l.order.PushFront(&lruEntry{id: id, used: now})
	}
	var out []string
	for e := l.order.Back(); e != nil && l.order.Len()-len(out) > l.max && len(out) < lruScan; e = e.Prev() {
		en := e.Value.(*lruEntry)
		if now.Sub(en.used) < l.minIdle {
			break // everything nearer the front is more recent still
		}
		out = append(out, en.id)
	}
	return out
}

// remove forgets id.
func (l *loadedLRU) remove(id string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if e, ok := l.at[id]; ok {
		l.order.Remove(e)
		delete(l.at, id)
	}
}

// keep moves id to the front without changing its time of use (a table
// that was picked but had to stay: checked again after the others).
func (l *loadedLRU) keep(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if e, ok := l.at[id]; ok {
		l.order.MoveToFront(e)
	}
}

// len is the number of tables ordered.
func (l *loadedLRU) len() int {
	if l == nil {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.order.Len()
}

// touchLoaded records a use of table id and drops the idle tables the LRU
// picks (loaded tables leave memory when idle). It is called by
// Service.load.
func (s *Service) touchLoaded(id string) {
	for _, victim := range s.lru.touch(id, s.now()) {
		if victim != id {
			s.dropIdle(victim)
		}
	}
}

// dropIdle removes a loaded table from memory unless it has open streams
// or is busy. Its next use loads it again from storage.
func (s *Service) dropIdle(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.tables[id]
	if !ok {
		s.lru.remove(id)
		return
	}
	if s.hub.has(id) || !t.mu.TryLock() {
		s.lru.keep(id)
		return
	}
	defer t.mu.Unlock()
	if t.game == nil { // still loading
		s.lru.keep(id)
		return
	}
	delete(s.tables, id)
	s.lru.remove(id)
	s.pads.Delete(id)
	s.counters.TablesEvicted.Add(1)
}

// has reports whether table id has open streams.
func (h *hub) has(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs[id]) > 0
}

// LoadedCount is the number of tables in memory.
func (s *Service) LoadedCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.tables)
}

// IsLoaded reports whether a table is in memory, without loading it.
func (s *Service) IsLoaded(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.tables[id]
	return ok && t != nil
}
