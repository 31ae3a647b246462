package table

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// logItem is one log entry as stored.
type logItem struct {
	Seq    int64
	Kind   string
	Actor  kit.Actor
	ByHost bool // the host played the move for a seat without a device
	Type   string
	At     time.Time
	Events []kit.Event
	Undone bool
	// enc caches the entry's JSON. It is shared by the copies of the item
	// in snapshots; an item that changes gets a new one.
	enc *logEnc
}

// logEnc caches a log entry's JSON and the names it was made with.
type logEnc struct {
	mu sync.Mutex
	by string
	// seen caches the entry as viewers get it, by which of its events they
	// see (bit i: event i). A viewer sees the events meant for it, so the
	// bytes differ only with that set.
	seen map[uint64][]byte
}

// recentLog is how many of the newest log entries a view carries. Phones
// keep the entries they have already seen and fetch the whole log (GET
// /log) to fill a gap, so a view need not carry more; the log is most of a
// view's bytes, and every view goes to every phone on every move.
const recentLog = 10

func toLogItem(m db.Move) (logItem, error) {
	it := logItem{Seq: m.Seq, Kind: m.Kind, Type: m.Type, Undone: m.Undone != 0, enc: &logEnc{}}
	var by MovedBy
	if err := json.Unmarshal([]byte(m.Actor), &by); err != nil {
		return it, fmt.Errorf("move %d actor: %w", m.Seq, err)
	}
	it.Actor, it.ByHost = by.Actor, by.ByHost
	if err := json.Unmarshal([]byte(m.Events), &it.Events); err != nil {
		return it, fmt.Errorf("move %d events: %w", m.Seq, err)
	}
	at, err := time.Parse(time.RFC3339Nano, m.At)
	if err != nil {
		return it, fmt.Errorf("move %d time: %w", m.Seq, err)
	}
	it.At = at
	return it, nil
}

// public reports whether every event of the entry is public: then every
// viewer sees the same entry.
func (it logItem) public() bool {
	for _, ev := range it.Events {
		if ev.To != nil {
			return false
		}
	}
	return true
}

// encoded is it.entry(v, names) as JSON, cached by the set of events v
// sees (logEnc.seen): viewers who see the same events get the same bytes.
func (it logItem) encoded(v kit.Viewer, names map[int]string) ([]byte, error) {
	if it.enc == nil || len(it.Events) > 64 {
		return encodeJSON(it.entry(v, names))
	}
	var mask uint64
	for i, ev := range it.Events {
		if ev.VisibleTo(v) {
			mask |= 1 << i
		}
	}
	by := it.by(names) + "\x00" + it.note(names)
	it.enc.mu.Lock()
	defer it.enc.mu.Unlock()
	if it.enc.by != by {
		it.enc.seen, it.enc.by = nil, by
	}
	if raw, ok := it.enc.seen[mask]; ok {
		return raw, nil
	}
	raw, err := encodeJSON(it.entry(v, names))
	if err != nil {
		return nil, err
	}
	if it.enc.seen == nil {
		it.enc.seen = map[uint64][]byte{}
	}
	it.enc.seen[mask] = raw
	return raw, nil
}

// by names who made the entry.
func (it logItem) by(names map[int]string) string {
	switch {
	case it.Actor.Host:
		return "host"
	case it.Actor.System:
		return "server"
	}
	return names[it.Actor.Seat]
}

func (it logItem) entry(v kit.Viewer, names map[int]string) LogEntry {
	e := LogEntry{Seq: it.Seq, Kind: it.Kind, At: it.At, By: it.by(names), Note: it.note(names), Undone: it.Undone, Events: []kit.Event{}}
	hidden, shown := false, false
	for _, ev := range it.Events {
		if ev.VisibleTo(v) {
			e.Events = append(e.Events, ev)
			shown = shown || ev.To != nil
		} else {
			hidden = true
		}
	}
	// A viewer who sees none of an entry's private events gets one
	// placeholder in their place: every screen's log then has a private
	// line where any seat has one (the pages show a seat's own private
	// events as one line too), so the length of a log tells nothing of
	// who was told what.
	if hidden && !shown {
		e.Events = append(e.Events, PrivatePlaceholder)
	}
	return e
}

// PrivatePlaceholder stands in a log entry for the private events that
// its viewer may not see.
var PrivatePlaceholder = kit.Event{Code: "withheld", Text: "(private)"}

// Log returns the whole log of a table as the identity may see it: each
// entry's events filtered to those the identity may see.
func (s *Service) Log(ctx context.Context, tableID string, id Identity) ([]LogEntry, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	seats := append([]db.Seat(nil), t.seats...)
	t.mu.Unlock()
	moves, err := s.store.Queries().ListMoves(ctx, tableID)
	if err != nil {
		return nil, err
	}
	names := map[int]string{}
	for _, st := range seats {
		names[int(st.Seat)] = st.Name
	}
	out := make([]LogEntry, 0, len(moves))
	for _, m := range moves {
		it, err := toLogItem(m)
		if err != nil {
			return nil, err
		}
		out = append(out, it.entry(id.viewer(), names))
	}
	return out, nil
}
