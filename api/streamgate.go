package api

import (
	"sync"
	"tablewarden/table"
	"time"
)

// streamGate counts the open SSE streams: in all, per table and per
// credential at a table. None is counted per client address: a café's
// phones share one, and every stream needs a table's id, most a token.
// A stream over the total or its table's share is refused (429); a stream
// over its credential's cap closes that credential's oldest stream
// instead, since a phone that reconnects (a new tab, a lost connection not
// yet noticed) is the usual cause. The board's streams with the board key
// (table/boardkey.go) count as a credential's; anonymous board streams
// (no key: anyone who knows the table's id) have a share of their own,
// apart from the table's, so that however many a stranger holds, the
// seats, the host and the real board still get theirs.
type streamGate struct {
	max, perSeat, perToken int

	mu      sync.Mutex
	total   int
	byTable map[string]*tableStreams
	byToken map[string][]*streamSlot // oldest first
}

// tableStreams is one table's open streams: those with a credential (a
// seat's, the host's or the board key), and the anonymous board streams.
type tableStreams struct{ all, boards int }

// streamSlot is one admitted stream. evicted is closed when a newer stream
// of the same credential takes its place.
type streamSlot struct {
	g       *streamGate
	tableID string
	board   bool   // an anonymous board stream
	token   string // "" for an anonymous board stream: no per-credential cap
	evicted chan struct{}
	once    sync.Once
}

func newStreamGate(l Limits) *streamGate {
	return &streamGate{max: l.MaxStreams, perSeat: l.StreamsPerSeat, perToken: l.StreamsPerToken,
		byTable: map[string]*tableStreams{}, byToken: map[string][]*streamSlot{}}
}

// tableCap is a table's share of the streams for its number of seats: the
// seats, the host and a board, StreamsPerSeat each.
func (g *streamGate) tableCap(seats int) int { return g.perSeat * (seats + 2) }

// open admits a stream for a credential (tableID and token; an empty
// token is an anonymous board, a board key is "board:" and the key) at a
// table of seats seats. It returns table.CodeRateLimited over the total or
// the table's shares. A stream of a token that holds its cap already
// replaces that token's oldest, and so is never refused by the table's
// share.
func (g *streamGate) open(tableID, token string, seats int) (*streamSlot, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	sl := &streamSlot{g: g, tableID: tableID, board: token == "", evicted: make(chan struct{})}
	var list []*streamSlot
	if !sl.board && g.perToken > 0 {
		sl.token = tableID + "\x00" + token
		list = g.byToken[sl.token]
	}
	replaces := g.perToken > 0 && len(list) >= g.perToken
	ts := g.byTable[tableID]
	if ts == nil {
		ts = &tableStreams{}
	}
	if !replaces {
		if g.max > 0 && g.total >= g.max {
			return nil, table.Refusef(table.ReasonServerBusy, "The server has as many live screens open as it can hold; try again shortly.")
		}
		if g.perSeat > 0 && !sl.board && ts.all >= g.tableCap(seats) {
			return nil, table.Refusef(table.ReasonTooManyScreens, "This table has %d live screens open already, as many as its seats need; close one.", ts.all)
		}
		if g.perSeat > 0 && sl.board && ts.boards >= 2*g.perSeat {
			return nil, table.Refusef(table.ReasonTooManyBoards, "This table's board is open on %d screens already; close one.", ts.boards)
		}
	}
	if sl.token != "" {
		for len(list) >= g.perToken {
			close(list[0].evicted)
			list = list[1:]
		}
		g.byToken[sl.token] = append(list, sl)
	}
	g.byTable[tableID] = ts
	if sl.board {
		ts.boards++
	} else {
		ts.all++
	}
	g.total++
	return sl, nil
}

// release frees the slot (idempotent).
func (sl *streamSlot) release() {
	sl.once.Do(func() {
		g := sl.g
		g.mu.Lock()
		defer g.mu.Unlock()
		g.total--
		if ts := g.byTable[sl.tableID]; ts != nil {
			if sl.board {
				ts.boards--
			} else {
				ts.all--
			}
			if ts.all <= 0 && ts.boards <= 0 {
				delete(g.byTable, sl.tableID)
			}
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
