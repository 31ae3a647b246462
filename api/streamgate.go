package api

import (
	"sync"
	"tablewarden/table"
	"time"
)

// streamGate counts the open SSE streams: in all, per client address and
// per credential at a table. A stream over the total or its address's cap
// is refused (429); a stream over its credential's cap closes that
// credential's oldest stream instead, since a phone that reconnects (a new
// tab, a lost connection not yet noticed) is the usual cause.
type streamGate struct {
	max, perAddr, perToken int

	mu      sync.Mutex
	total   int
	byAddr  map[string]int
	byToken map[string][]*streamSlot // oldest first
}

// streamSlot is one admitted stream. evicted is closed when a newer stream
// of the same credential takes its place.
type streamSlot struct {
	g       *streamGate
	addr    string
	token   string // "" for the board: no per-credential cap
	evicted chan struct{}
	once    sync.Once
}

func newStreamGate(l Limits) *streamGate {
	return &streamGate{max: l.MaxStreams, perAddr: l.StreamsPerAddr, perToken: l.StreamsPerToken,
		byAddr: map[string]int{}, byToken: map[string][]*streamSlot{}}
}

// open admits a stream from addr for a credential (tableID and token; an
// empty token is the public board). It returns table.CodeRateLimited over the
// total or the address's cap.
func (g *streamGate) open(addr, tableID, token string) (*streamSlot, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.max > 0 && g.total >= g.max {
		return nil, table.Errorf(table.CodeRateLimited, "The server has as many live screens open as it can hold; try again shortly.")
	}
	if g.perAddr > 0 && g.byAddr[addr] >= g.perAddr {
		return nil, table.Errorf(table.CodeRateLimited, "This device has %d live screens open already; close one.", g.perAddr)
	}
	sl := &streamSlot{g: g, addr: addr, evicted: make(chan struct{})}
	if token != "" && g.perToken > 0 {
		sl.token = tableID + "\x00" + token
		list := g.byToken[sl.token]
		for len(list) >= g.perToken {
			close(list[0].evicted)
			list = list[1:]
		}
		g.byToken[sl.token] = append(list, sl)
	}
	g.total++
	g.byAddr[addr]++
	return sl, nil
}

// release frees the slot (idempotent).
func (sl *streamSlot) release() {
	sl.once.Do(func() {
		g := sl.g
		g.mu.Lock()
		defer g.mu.Unlock()
		g.total--
		if g.byAddr[sl.addr]--; g.byAddr[sl.addr] <= 0 {
			delete(g.byAddr, sl.addr)
		}
		if sl.token == "" {
			return
		}
		list := g.byToken[sl.token]
		for i, x := range list {
			if x == sl {
				list = append(list[:i:i], list[i+1:]...)
				break
			}
		}
		if len(list) == 0 {
			delete(g.byToken, sl.token)
		} else {
			g.byToken[sl.token] = list
		}
	})
}

// count is the number of admitted streams.
func (g *streamGate) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.total
}

// replacedEvent ends a stream that a newer one of the same credential
// replaced. Its retry asks the browser to wait a minute before it
// reconnects, so two tabs of one phone do not take turns forever.
const replacedEvent = "retry: 60000\nevent: replaced\ndata: {}\n\n"

// streamWriteTimeout is how long a stream event may take to leave.
func (s *Server) streamWriteTimeout() time.Duration {
	if d := s.cfg.Limits.StreamWriteTimeout; d > 0 {
		return d
	}
	return 10 * time.Second
}
