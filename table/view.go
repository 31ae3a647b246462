package table

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"sync"
	"time"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// SeatInfo is a seat as every screen lists it.
type SeatInfo struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Removed bool   `json:"removed,omitempty"`
	// Unattended is true while no device holds the seat.
	Unattended bool `json:"unattended,omitempty"`
}

// Me says who the viewer is.
type Me struct {
	Role string `json:"role"`
	Seat int    `json:"seat"`
	Name string `json:"name,omitempty"`
}

// fixedWidth returns now with its last nanosecond digit set, so that
// encoding/json (RFC 3339 with trailing zeros trimmed) always writes nine
// fraction digits: a view's length must not depend on the clock, or the
// padding of equal-size views (padding.go) would be computed from a shorter
// view than the one sent.
func fixedWidth(now time.Time) time.Time {
	now = now.UTC()
	if now.Nanosecond()%10 == 0 {
		now = now.Add(time.Nanosecond)
	}
	return now
}

// LogEntry is one log entry as a viewer may see it. Move types and args
// are not shown (they can carry secrets); the game's events are, filtered.
type LogEntry struct {
	Seq int64 `json:"seq"`
	// Kind is "setup" for the game's setup (the first entry), "move" or
	// "undo".
	Kind string    `json:"kind"`
	At   time.Time `json:"at"`
	By   string    `json:"by"`
	// Note says who really played the entry when it was not By's own
	// device: "played by the host for Ana".
	Note   string      `json:"note,omitempty"`
	Undone bool        `json:"undone,omitempty"`
	Events []kit.Event `json:"events"`
}

// ViewResponse is what GET /view returns and what each SSE event carries.
type ViewResponse struct {
	TableID    string     `json:"table_id"`
	Game       string     `json:"game"`
	GameName   string     `json:"game_name"`
	Status     string     `json:"status"`
	Version    int64      `json:"version"`
	ServerTime time.Time  `json:"server_time"`
	Me         Me         `json:"me"`
	Seats      []SeatInfo `json:"seats"`
	MinPlayers int        `json:"min_players"`
	MaxPlayers int        `json:"max_players"`
	JoinCode   string     `json:"join_code,omitempty"`
	// JoinURL is the join link (the host's view, in the lobby).
	JoinURL string `json:"join_url,omitempty"`
	// Locked is true once the table takes no more joins: the game has
	// started, or the host locked it.
	Locked bool `json:"locked"`
	// Unattended lists, for the host, the seats no device holds and the
	// moves each may make now; the host plays them with as_seat.
	Unattended []UnattendedSeat `json:"unattended,omitempty"`
	// Handovers lists, for the host, the seats with an open hand-over code
	// (not the codes): once a code is used, cancelled or expired its seat
	// leaves the list and the host screen takes the code's QR code away.
	Handovers []OpenHandover `json:"handovers,omitempty"`
	// Rematch is the table the players moved on to, once there is one.
	Rematch *RematchRef `json:"rematch,omitempty"`
	// View and Log must stay last: encode splices the view in before the log.
	View *kit.View  `json:"view,omitempty"`
	Log  []LogEntry `json:"log"`
}

// RematchRef names a table's rematch.
type RematchRef struct {
	TableID string `json:"table_id"`
}

// View returns the identity's view of the table: its own secrets, never
// another seat's.
func (s *Service) View(ctx context.Context, tableID string, id Identity) (ViewResponse, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return ViewResponse{}, err
	}
	t.mu.Lock()
	snap := t.snapshot()
	t.mu.Unlock()
	return snap.render(id, s.now()), nil
}

// tableSnapshot is an immutable copy of what views need, taken under the
// table lock and rendered outside it.
type tableSnapshot struct {
	id, status string
	game       kit.Game
	version    int64
	joinCode   string
	joinURL    string
	rematch    string
	locked     bool // the host locked the table against new joins
	hostHash   []byte
	seats      []db.Seat
	handovers  []OpenHandover
	state      kit.State
	log        []logItem
}

func (t *table) snapshot() tableSnapshot {
	return tableSnapshot{id: t.id, status: t.row.Status, game: t.game, version: t.row.Version, joinCode: t.row.JoinCode,
		joinURL: t.joinURL, rematch: t.row.RematchID.String, locked: t.row.Locked != 0, hostHash: t.row.HostTokenHash,
		seats: append([]db.Seat(nil), t.seats...), handovers: t.handovers, state: t.state, log: append([]logItem(nil), t.log...)}
}

func (sn tableSnapshot) render(id Identity, now time.Time) ViewResponse {
	r := sn.renderHead(id, now, false)
	names := sn.names()
	for _, it := range sn.log {
		r.Log = append(r.Log, it.entry(id.viewer(), names))
	}
	return r
}

// useOwnViews lets renderHead use kit.OwnViewer (a variable only so that a
// benchmark can compare it with whole views).
var useOwnViews = true

// renderHead is the view without its log entries (Log is empty). With
// ownOnly, a game that is a kit.OwnViewer leaves the shared parts of the
// game view (Seats, Tracks, Public, Board) nil: the caller takes them from
// a viewShare.
func (sn tableSnapshot) renderHead(id Identity, now time.Time, ownOnly bool) ViewResponse {
	info := gameInfo(sn.game)
	r := ViewResponse{TableID: sn.id, Game: info.ID, GameName: info.Name, Status: sn.status, Version: sn.version,
		ServerTime: fixedWidth(now), MinPlayers: info.MinPlayers, MaxPlayers: info.MaxPlayers, Log: []LogEntry{}, Seats: make([]SeatInfo, 0, len(sn.seats))}
	r.Me = Me{Role: string(id.Role), Seat: id.Seat}
	for _, st := range sn.seats {
		r.Seats = append(r.Seats, SeatInfo{Seat: int(st.Seat), Name: st.Name, Removed: st.Removed != 0, Unattended: Unattended(st)})
		if id.Role == kit.RoleSeat && int(st.Seat) == id.Seat {
			r.Me.Name = st.Name
		}
	}
	r.Locked = sn.status != "lobby" || sn.locked
	if sn.rematch != "" {
		r.Rematch = &RematchRef{TableID: sn.rematch}
	}
	// The board shows the join code beside its QR code in the lobby (the
	// QR code holds it anyway: a join code is a locator, not a secret).
	if id.Role == kit.RoleBoard && sn.status == "lobby" {
		r.JoinCode = sn.joinCode
	}
	if id.Role == kit.RoleHost {
		r.JoinCode = sn.joinCode
		if sn.status == "lobby" {
			r.JoinURL = sn.joinURL
		}
		r.Unattended = sn.unattended()
		for _, h := range sn.handovers {
			if h.ExpiresAt.After(now) {
				r.Handovers = append(r.Handovers, h)
			}
		}
	}
	if sn.state != nil {
		var v kit.View
		if ov, ok := sn.game.(kit.OwnViewer); ok && ownOnly && useOwnViews {
			v = ov.OwnView(sn.state, id.viewer())
		} else {
			v = sn.game.View(sn.state, id.viewer())
		}
		r.View = &v
	}
	return r
}

// infoCache holds each game's Info: some games build their move catalog on
// every call, and every rendered view needs the game's name and limits.
var infoCache sync.Map // kit.Game (a pointer) → kit.Info

// gameInfo returns g.Info(), cached for games that are pointers. The
// result is shared: read it, never change it.
func gameInfo(g kit.Game) kit.Info {
	if reflect.ValueOf(g).Kind() != reflect.Pointer {
		return g.Info()
	}
	if v, ok := infoCache.Load(g); ok {
		return v.(kit.Info)
	}
	in := g.Info()
	infoCache.Store(g, in)
	return in
}

func (sn tableSnapshot) names() map[int]string {
	names := make(map[int]string, len(sn.seats))
	for _, st := range sn.seats {
		names[int(st.Seat)] = st.Name
	}
	return names
}

// encode returns json.Marshal(sn.render(id, now)), built faster: the head
// is encoded as usual, and each log entry whose events are all public is
// encoded once and reused for every viewer and every later view.
//
// share, when not nil, holds the parts of the game view that every viewer
// of this snapshot shares, encoded once (viewShare).
func (sn tableSnapshot) encode(id Identity, now time.Time, share *viewShare) ([]byte, error) {
	r := sn.renderHead(id, now, share != nil)
	view := r.View
	r.View = nil // spliced in below, in its place just before "log"
	// The head is the same for every viewer but the host, except "me":
	// the push's first such viewer leaves its bytes in share.
	var head []byte
	var err error
	shared := false
	if share != nil && id.Role != kit.RoleHost {
		if head, shared, err = share.head(&r, now); err != nil {
			return nil, err
		}
	}
	if !shared {
		if head, err = json.Marshal(r); err != nil {
			return nil, err
		}
		if share != nil && id.Role != kit.RoleHost {
			share.keepHead(&r, head, now)
		}
	}
	const tail = `"log":[]}`
	if !bytes.HasSuffix(head, []byte(tail)) {
		return json.Marshal(sn.render(id, now)) // not the shape expected; take the slow way
	}
	var vb []byte
	size := len(head) + 8
	if view != nil {
		if share != nil {
			size += share.size() + 1024 // the viewer's own parts: a guess
		} else if vb, err = encodeView(view, nil); err != nil {
			return nil, err
		} else {
			size += len(vb)
		}
	}
	if share == nil || share.log == nil {
		for _, it := range sn.log {
			size += it.sizeHint()
		}
	}
	// The room left over is for the padding (padTo) to fill in place.
	room := size + padSlack + padQuantum
	if share != nil {
		room = max(room, share.room)
	}
	buf := append(make([]byte, 0, room), head[:len(head)-len(tail)]...)
	if view != nil {
		buf = append(buf, `"view":`...)
		if share != nil {
			if buf, err = appendView(buf, view, share); err != nil {
				return nil, err
			}
		} else {
			buf = append(buf, vb...)
		}
		buf = append(buf, ',')
	}
	buf = append(buf, `"log":[`...)
	if share != nil && share.log != nil {
		buf = append(buf, share.log...)
		return append(buf, ']', '}'), nil
	}
	names, v := sn.names(), id.viewer()
	for i, it := range sn.log {
		if i > 0 {
			buf = append(buf, ',')
		}
		b, err := it.encoded(v, names)
		if err != nil {
			return nil, err
		}
		buf = append(buf, b...)
	}
	return append(buf, ']', '}'), nil
}

// ViewJSON returns the identity's view of the table as JSON, padded to the
// length every viewer's view of this version has (padding.go), so that
// its size tells nothing about the identity's secrets.
func (s *Service) ViewJSON(ctx context.Context, tableID string, id Identity) ([]byte, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	snap := t.snapshot()
	t.mu.Unlock()
	share, err := newViewShare(&snap) // the shared parts once, for this view and the padding's
	if err != nil {
		share = nil
	}
	b, err := snap.encode(id, s.now(), share)
	if err != nil {
		return nil, err
	}
	return s.pad(&snap, b, share), nil
}
