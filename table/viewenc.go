package table

import (
	"bytes"
	"encoding/json"
	"time"

	"tablewarden/referee/kit"
)

// viewShare holds the parts of a game view that every screen of one
// snapshot shares, encoded once: kit.View's Seats, Tracks and Public, taken
// from the board's view. By the kit's contract (kit.View) these parts are
// the same for every viewer, and every game's own tests enforce it at each
// step (kit.CheckSharedParts in kittest.Play and the fuzz checks). Taking
// them from the board, the screen that may see least, means that even a
// game that broke the contract could only show a phone too little, never
// another seat's secret.
//
// A viewShare belongs to one push of one snapshot.
//
// log, when not nil, holds the entries of snap's recent log joined by
// commas, when every event in them is public: then every viewer sees the
// same entries, and the log is joined once per push instead of once per
// viewer.
type viewShare struct {
	seats, tracks, public, board json.RawMessage // nil when omitted
	log                          []byte
	logs                         *logMemo // log's entries one by one (raw not set)
	// headPre and headPost are the encoded ViewResponse head (without
	// view and log) before and after the value of "me", the same for
	// every viewer but the host at the time headAt (head).
	headPre, headPost []byte
	headAt            time.Time
	// room is the capacity to give each encoded view, so that padding it
	// (padTo) needs no copy: the table's last padded length and a little.
	room int
	// parts is what encodeParts takes from the share (viewparts.go),
	// built by the first viewer of the push that needs it.
	parts *sharedParts
}

// head returns json.Marshal(r) for r, a head (View nil, Log empty)
// rendered by renderHead at now for a viewer who is not the host, from the
// bytes an earlier viewer's head left in sh; ok is false when there are
// none for now yet.
func (sh *viewShare) head(r *ViewResponse, now time.Time) (b []byte, ok bool, err error) {
	if sh.headPre == nil || !sh.headAt.Equal(now) {
		return nil, false, nil
	}
	me, err := json.Marshal(r.Me)
	if err != nil {
		return nil, false, err
	}
	b = make([]byte, 0, len(sh.headPre)+len(me)+len(sh.headPost))
	b = append(append(append(b, sh.headPre...), me...), sh.headPost...)
	return b, true, nil
}

// keepHead splits head, json.Marshal(r) of a viewer who is not the host,
// around the value of "me" and keeps both sides for the later viewers of
// the same push (head).
func (sh *viewShare) keepHead(r *ViewResponse, head []byte, now time.Time) {
	me, err := json.Marshal(r.Me)
	if err != nil {
		return
	}
	key := append(append([]byte(`,"me":`), me...), `,"seats":`...)
	i := bytes.Index(head, key)
	if i < 0 || bytes.Contains(head[i+1:], key) {
		return // not found, or not only once: encode each head whole
	}
	at := i + len(`,"me":`)
	sh.headPre = append([]byte(nil), head[:at]...)
	sh.headPost = append([]byte(nil), head[at+len(me):]...)
	sh.headAt = now
}

// newViewShare encodes the shared parts of snap's game view, or returns nil
// when the table has no game state yet.
func newViewShare(snap *tableSnapshot) (*viewShare, error) {
	if snap.state == nil {
		return nil, nil
	}
	sh, err := shareOf(snap.game.View(snap.state, kit.BoardViewer))
	if err != nil {
		return nil, err
	}
	if sh.log, sh.logs, err = snap.publicLog(); err != nil {
		return nil, err
	}
	return sh, nil
}

// publicLog returns snap's log entries joined by commas, or nil when some
// event in them is private (or the log is empty); and the same entries
// one by one, with their part hashes.
func (sn tableSnapshot) publicLog() ([]byte, *logMemo, error) {
	if len(sn.log) == 0 {
		return nil, nil, nil
	}
	for _, it := range sn.log {
		if it.enc == nil {
			return nil, nil, nil
		}
		for _, ev := range it.Events {
			if ev.To != nil {
				return nil, nil, nil
			}
		}
	}
	names := sn.names()
	lm := &logMemo{elems: make([][]byte, 0, len(sn.log)), hashes: make([]uint64, 0, len(sn.log))}
	size := 0
	for _, it := range sn.log {
		b, h, err := it.publicEncoded(kit.BoardViewer, names)
		if err != nil {
			return nil, nil, err
		}
		lm.elems, lm.hashes = append(lm.elems, b), append(lm.hashes, h)
		size += len(b) + 1
	}
	buf := make([]byte, 0, size)
	for i, b := range lm.elems {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, b...)
	}
	return buf, lm, nil
}

// shareOf encodes the shared parts of v.
func shareOf(v kit.View) (*viewShare, error) {
	var sh viewShare
	var err error
	// The kit's own types by hand (viewjson.go); Public is the game's.
	sh.seats = appendSeats(make([]byte, 0, 64*len(v.Seats)), v.Seats)
	if len(v.Tracks) > 0 { // omitempty drops an empty slice
		sh.tracks = appendTracks(make([]byte, 0, 128*len(v.Tracks)), v.Tracks)
	}
	if v.Public != nil { // omitempty drops only a nil interface
		if sh.public, err = json.Marshal(v.Public); err != nil {
			return nil, err
		}
	}
	if v.Board != nil {
		if sh.board, err = marshalBoard(v.Board); err != nil {
			return nil, err
		}
	}
	return &sh, nil
}

// viewHead and viewRest are kit.View without its shared parts; together
// with them they give kit.View's fields in its order, with its names and
// omitempty rules.
type viewHead struct {
	Game       string `json:"game"`
	Phase      string `json:"phase"`
	PhaseLabel string `json:"phase_label,omitempty"`
	Turn       []int  `json:"turn"`
}

type viewRest struct {
	Private any            `json:"private,omitempty"`
	Moves   []kit.MoveSpec `json:"moves"`
	Timers  []kit.Timer    `json:"timers,omitempty"`
	Outcome *kit.Outcome   `json:"outcome,omitempty"`
	Prompt  *kit.Prompt    `json:"prompt,omitempty"`
}

// encodeView returns json.Marshal(v) with share's parts in place of v's own
// Seats, Tracks and Public; with share nil, json.Marshal(v) itself.
func encodeView(v *kit.View, share *viewShare) ([]byte, error) {
	if share == nil {
		return json.Marshal(v)
	}
	return appendView(nil, v, share)
}

// appendView appends encodeView(v, share) to dst; share is not nil.
func appendView(dst []byte, v *kit.View, share *viewShare) ([]byte, error) {
	head, err := json.Marshal(viewHead{Game: v.Game, Phase: v.Phase, PhaseLabel: v.PhaseLabel, Turn: v.Turn})
	if err != nil {
		return nil, err
	}
	rest, err := json.Marshal(viewRest{Private: v.Private, Moves: v.Moves, Timers: v.Timers, Outcome: v.Outcome, Prompt: v.Prompt})
	if err != nil {
		return nil, err
	}
	buf := dst
	buf = append(buf, head[:len(head)-1]...) // without its '}'
	buf = append(buf, `,"seats":`...)
	buf = append(buf, share.seats...)
	if share.tracks != nil {
		buf = append(buf, `,"tracks":`...)
		buf = append(buf, share.tracks...)
	}
	if share.public != nil {
		buf = append(buf, `,"public":`...)
		buf = append(buf, share.public...)
	}
	if share.board != nil {
		buf = append(buf, `,"board":`...)
		buf = append(buf, share.board...)
	}
	buf = append(buf, ',')
	return append(buf, rest[1:]...), nil // rest always holds "moves"
}

// size is about how many bytes share's parts take in a view.
func (sh *viewShare) size() int {
	return len(sh.seats) + len(sh.tracks) + len(sh.public) + len(sh.board) + len(sh.log) + 64
}
