package table

import (
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
	// Lang is the table's language, chosen by its host at creation: the
	// board speaks it, and a phone that chose no language of its own.
	Lang string `json:"lang"`
	// Options are the table's options as created (and, once started, with
	// the stations the host assigned), so that every screen in the lobby
	// can show what was chosen before Start. Sent in the lobby only.
	Options json.RawMessage `json:"options,omitempty"`
	// JoinURL is the join link (the host's view, in the lobby).
	JoinURL string `json:"join_url,omitempty"`
	// BoardKey is, for the host, the key that the board link and the
	// board QR code carry: the board's streams present it so that a
	// stranger's anonymous board streams cannot keep the real board out
	// (table/boardkey.go).
	BoardKey string `json:"board_key,omitempty"`
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
	View    *kit.View   `json:"view,omitempty"`
	Log     []LogEntry  `json:"log"`
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
	return snap.render(id, s.now(), snap.boardView()), nil
}

// tableSnapshot is an immutable copy of what views need, taken under the
// table lock and rendered outside it.
type tableSnapshot struct {
	id, status string
	game       kit.Game
	version    int64
	joinCode   string
	joinURL    string
	lang       string
	options    string
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
		joinURL: t.joinURL, lang: tableLang(t.row.Lang), options: t.row.Options, rematch: t.row.RematchID.String, locked: t.row.Locked != 0, hostHash: t.row.HostTokenHash,
		seats: append([]db.Seat(nil), t.seats...), handovers: t.handovers, state: t.state, log: append([]logItem(nil), t.log...)}
}

// boardView is the board's game view of the snapshot, or nil before the
// game starts. Its Seats, Tracks, Public and Board are the parts every
// screen shares (kit.View), and render takes them from it for every
// viewer: the board is the screen that may see least, so even a game that
// broke the kit's contract could show a phone too little there, never
// another seat's secret. Every game's tests hold the contract
// (kit.CheckSharedParts in kittest.Play and the fuzz checks).
func (sn tableSnapshot) boardView() *kit.View {
	if sn.state == nil {
		return nil
	}
	v := sn.game.View(sn.state, kit.BoardViewer.In(sn.lang))
	return &v
}

// render is the identity's view of the snapshot at now, with board (from
// boardView) giving the shared parts of the game view. A game that is a
// kit.OwnViewer then renders only the viewer's own parts.
func (sn tableSnapshot) render(id Identity, now time.Time, board *kit.View) ViewResponse {
	r := sn.renderHead(id, now, board)
	sn.addLog(&r, id)
	return r
}

// addLog fills in r's log, as id sees it.
func (sn tableSnapshot) addLog(r *ViewResponse, id Identity) {
	names := sn.names()
	r.Log = make([]LogEntry, 0, len(sn.log))
	for _, it := range sn.log {
		r.Log = append(r.Log, it.entry(id.viewer(), names))
	}
}

// renderHead is render without the log (Log is empty).
func (sn tableSnapshot) renderHead(id Identity, now time.Time, board *kit.View) ViewResponse {
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
	r.Lang = sn.lang
	if sn.status == "lobby" && sn.options != "" && sn.options != "{}" {
		r.Options = json.RawMessage(sn.options)
	}
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
		r.BoardKey = boardKey(sn.id, sn.hostHash)
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
	if sn.state != nil && board != nil {
		var v kit.View
		if ov, ok := sn.game.(kit.OwnViewer); ok {
			v = ov.OwnView(sn.state, id.viewer().In(sn.lang))
		} else {
			v = sn.game.View(sn.state, id.viewer().In(sn.lang))
		}
		v.Seats, v.Tracks, v.Public, v.Board = board.Seats, board.Tracks, board.Public, board.Board
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
	b, pad, err := s.paddedView(&snap, id)
	return append(b, pad...), err
}

// paddedView is id's whole view of snap now, encoded, and the spaces that
// pad it (read only).
func (s *Service) paddedView(snap *tableSnapshot, id Identity) (b, pad []byte, err error) {
	now, board := s.now(), snap.boardView()
	r := snap.render(id, now, board)
	if b, err = encodeJSON(&r); err != nil {
		return nil, nil, err
	}
	return b, padding(len(b), s.padLen(snap, now, board, map[Identity][]byte{id: b})), nil
}
