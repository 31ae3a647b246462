package table

import (
	"bytes"
	"encoding/json"
	"hash/maphash"
	"time"

	"tablewarden/referee/kit"
)

// A push needs each viewer's view as parts (viewpatch.go), and the whole
// view only when some stream sends one. So the push builds the parts
// directly (encodeParts) instead of encoding the whole view and splitting
// it again, and joins them into the whole view (joinParts) only on demand.
// joinParts(encodeParts(…)) is byte for byte snap.encode(…)
// (TestEncodeMatchesRenderEveryGame checks it for every game and viewer).
//
// What every viewer of one push shares is encoded and hashed once, in the
// viewShare: the head but "me" (for viewers who are not the host), the game
// view's shared parts, and a public log with its entries split. A viewer's
// own parts ("me", the game view's private part, moves, timers, outcome
// and prompt) are each encoded on their own, so nothing is scanned twice.

// The names of the game view's parts (kit.View's JSON keys in order).
const (
	partViewSeats   = `"view.seats"`
	partViewTracks  = `"view.tracks"`
	partViewPublic  = `"view.public"`
	partViewBoard   = `"view.board"`
	partViewPrivate = `"view.private"`
	partViewMoves   = `"view.moves"`
	partViewTimers  = `"view.timers"`
	partViewOutcome = `"view.outcome"`
	partViewPrompt  = `"view.prompt"`
	partLog         = `"log"`
	partMe          = `"me"`
)

// sharedParts is what viewShare keeps for encodeParts, built once per push
// (partsOf).
type sharedParts struct {
	view []viewPart // the game view's shared parts, in kit.View's order
	log  *viewPart  // the public log, when share.log is set
	logs *logMemo   // its entries, for the log's patch (logDelta)
	// head is the head of a viewer who is not the host, split at the time
	// headAt, with the part "me" at index me (replaced per viewer).
	head   []viewPart
	me     int
	headAt time.Time
	// vhead is the game view's head (game, phase, phase_label, turn) as the
	// last viewer's encoding gave it, and its split parts.
	vheadRaw []byte
	vhead    []viewPart
}

func newPart(name string, raw []byte) viewPart {
	return viewPart{name: name, raw: raw, hash: maphash.Bytes(partSeed, raw)}
}

// partsOf splits and hashes share's parts, once per push.
func (sh *viewShare) partsOf() *sharedParts {
	if sh.parts != nil {
		return sh.parts
	}
	sp := &sharedParts{}
	sp.view = append(sp.view, newPart(partViewSeats, sh.seats))
	if sh.tracks != nil {
		sp.view = append(sp.view, newPart(partViewTracks, sh.tracks))
	}
	if sh.public != nil {
		sp.view = append(sp.view, newPart(partViewPublic, sh.public))
	}
	if sh.board != nil {
		sp.view = append(sp.view, newPart(partViewBoard, sh.board))
	}
	if sh.log != nil {
		raw := make([]byte, 0, len(sh.log)+2)
		raw = append(append(append(raw, '['), sh.log...), ']')
		p := newPart(partLog, raw)
		sp.log = &p
		if sh.logs != nil {
			sp.logs = &logMemo{raw: raw, elems: sh.logs.elems, hashes: sh.logs.hashes}
		}
	}
	sh.parts = sp
	return sp
}

// splitParts splits the encoded object obj into parts named prefix+key.
func splitParts(dst []viewPart, prefix string, obj []byte) ([]viewPart, error) {
	_, err := eachField(obj, func(key []byte, o []byte, i int) (int, error) {
		end, err := skipValue(o, i)
		if err != nil {
			return 0, err
		}
		dst = append(dst, newPart(internName(prefix, key), o[i:end]))
		return end, nil
	})
	return dst, err
}

// encodeParts returns snap's view response for id at now as its parts, in
// order, and the log's split entries when the push has them (nil: the
// patch splits the log itself). memo is the push's (the fallback shares it).
func (sn tableSnapshot) encodeParts(id Identity, now time.Time, share *viewShare, memo *partMemo) ([]viewPart, *logMemo, error) {
	if share == nil || sn.state == nil {
		b, err := sn.encode(id, now, share)
		if err != nil {
			return nil, nil, err
		}
		parts, err := splitView(b, memo)
		return parts, nil, err
	}
	sp := share.partsOf()
	r := sn.renderHead(id, now, true)
	view := r.View
	r.View = nil
	parts := make([]viewPart, 0, 28)
	if id.Role != kit.RoleHost {
		if sp.head == nil || !sp.headAt.Equal(now) {
			if err := sp.splitHead(&r, now); err != nil {
				return nil, nil, err
			}
		}
		parts = append(parts, sp.head...)
		parts[sp.me] = newPart(partMe, appendMe(make([]byte, 0, 64), r.Me))
	} else {
		head, err := json.Marshal(r)
		if err != nil {
			return nil, nil, err
		}
		if parts, err = splitParts(parts, "", head); err != nil {
			return nil, nil, err
		}
		if len(parts) == 0 || parts[len(parts)-1].name != partLog {
			return nil, nil, errNotSplittable // ViewResponse changed its shape
		}
		parts = parts[:len(parts)-1] // "log":[], added below with the entries
	}
	if view != nil {
		var vbuf [128]byte
		vh := appendViewHead(vbuf[:0], viewHead{Game: view.Game, Phase: view.Phase, PhaseLabel: view.PhaseLabel, Turn: view.Turn})
		var err error
		if !bytes.Equal(vh, sp.vheadRaw) {
			raw := bytes.Clone(vh) // vh is on the stack; the parts keep raw
			vparts, err := splitParts(nil, "view.", raw)
			if err != nil {
				return nil, nil, err
			}
			sp.vheadRaw, sp.vhead = raw, vparts
		}
		parts = append(parts, sp.vhead...)
		parts = append(parts, sp.view...)
		own := func(name string, v any) error {
			b, err := json.Marshal(v)
			if err == nil {
				parts = append(parts, newPart(name, b))
			}
			return err
		}
		// kit.View's omitempty rules: Private drops a nil interface,
		// Timers an empty slice, Outcome and Prompt a nil pointer; Moves
		// is always there.
		if view.Private != nil {
			err = own(partViewPrivate, view.Private)
		}
		if err == nil {
			var b []byte
			if b, err = marshalMoves(view.Moves); err == nil {
				parts = append(parts, newPart(partViewMoves, b))
			}
		}
		if err == nil && len(view.Timers) > 0 {
			err = own(partViewTimers, view.Timers)
		}
		if err == nil && view.Outcome != nil {
			err = own(partViewOutcome, view.Outcome)
		}
		if err == nil && view.Prompt != nil {
			parts = append(parts, newPart(partViewPrompt, appendPrompt(make([]byte, 0, 128), view.Prompt)))
		}
		if err != nil {
			return nil, nil, err
		}
	}
	if sp.log != nil {
		return append(parts, *sp.log), sp.logs, nil
	}
	names, v := sn.names(), id.viewer()
	raw := []byte{'['}
	for i, it := range sn.log {
		if i > 0 {
			raw = append(raw, ',')
		}
		b, err := it.encoded(v, names)
		if err != nil {
			return nil, nil, err
		}
		raw = append(raw, b...)
	}
	raw = append(raw, ']')
	return append(parts, newPart(partLog, raw)), nil, nil
}

// splitHead splits the head r (View nil, Log empty) of a viewer who is not
// the host, for every such viewer of the push at now.
func (sp *sharedParts) splitHead(r *ViewResponse, now time.Time) error {
	head, err := json.Marshal(r)
	if err != nil {
		return err
	}
	parts, err := splitParts(nil, "", head)
	if err != nil {
		return err
	}
	me := -1
	for i, p := range parts {
		if p.name == partMe {
			me = i
		}
	}
	if me < 0 || len(parts) == 0 || parts[len(parts)-1].name != partLog {
		return errNotSplittable // ViewResponse changed its shape: "me" and a last "log" are required
	}
	sp.head, sp.me, sp.headAt = parts[:len(parts)-1], me, now
	return nil
}

// partsSize is about how long parts are once joined.
func partsSize(parts []viewPart) int {
	n := 16
	for _, p := range parts {
		n += len(p.name) + len(p.raw) + 2
	}
	return n
}

// joinParts returns the view response whose parts are parts, with room
// bytes of capacity at least (for padTo).
func joinParts(parts []viewPart, room int) []byte {
	buf := make([]byte, 0, max(room, partsSize(parts)))
	buf = append(buf, '{')
	inView := false
	for i, p := range parts {
		isView := len(p.name) > 6 && p.name[:6] == `"view.`
		switch {
		case isView && !inView:
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, `"view":{`...)
			inView = true
		case !isView && inView:
			buf = append(buf, `},`...)
			inView = false
		case i > 0:
			buf = append(buf, ',')
		}
		if isView {
			buf = append(buf, '"')
			buf = append(buf, p.name[6:]...)
		} else {
			buf = append(buf, p.name...)
		}
		buf = append(buf, ':')
		buf = append(buf, p.raw...)
	}
	if inView {
		buf = append(buf, '}')
	}
	return append(buf, '}')
}
