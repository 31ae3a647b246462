package table

import (
	"encoding/json"
	"hash/maphash"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	gojson "github.com/goccy/go-json"

	"tablewarden/referee/kit"
)

// The view push. A table's change is rendered once per viewer that has a
// stream open (render, typed values), and sent to each stream as the whole
// view or, for a stream opened with ?patches=1 that holds the view the hub
// pushed its viewer the round before, as a JSON Patch (RFC 6902) against
// it: what the OpenAPI document's StreamPatch describes, for instance
//
//	[{"op":"test","path":"/version","value":41},
//	 {"op":"replace","path":"/version","value":42},
//	 {"op":"replace","path":"/view/moves","value":[…]},
//	 {"op":"remove","path":"/view/prompt"},
//	 {"op":"remove","path":"/log/0"},
//	 {"op":"add","path":"/log/-","value":{…}}]
//
// The first operation tests the version the patch is against. A patch
// replaces whole parts: a top-level field of the view response, a field of
// its game view ("/view/moves"), or a log entry; the log, a window of the
// newest entries, slides (its first entries removed, new ones added at its
// end). A game view that appears or goes (the start, a rematch) is sent as
// a whole view instead.
//
// Each part is encoded once by the JSON library (encodeJSON) and compared
// with the part the viewer was sent before by a 64-bit hash of its bytes,
// so that a viewer's patch state is a few dozen words. The parts every
// viewer of one snapshot shares (sharedHead, sharedView) are encoded once
// per push. Every patch of one push is padded to one length, and every
// whole view of one version to another (padding.go).

// encodeJSON returns v's JSON as encoding/json writes it (TestPatchesEveryGame
// compares the two). The library, goccy/go-json, was chosen by
// BenchmarkEncoders: about four times as fast as encoding/json on a
// Jumpship view. segmentio/encoding was as fast, but writes omitzero
// fields that encoding/json leaves out. goccy/go-json writes a part that
// is already encoded (a json.RawMessage, in a patch) as it is, after a
// scan for bytes that would need escaping.
func encodeJSON(v any) ([]byte, error) { return gojson.Marshal(v) }

// jsonField is one field of the view response or of its game view, as a
// part of a patch.
type jsonField struct {
	index     int
	path      string // its JSON Pointer: "/status", "/view/moves"
	omitEmpty bool
	num       int  // its index in pushRound.parts and pushRound.last
	shared    bool // the same for every viewer of one snapshot
}

// The fields that are the same for every viewer of one snapshot. Any other
// field is encoded for each viewer on its own: a new field is safe (if
// slower) until it is listed here. The game view's shared parts are the
// board's (tableSnapshot.boardView).
var (
	sharedHead = []string{"table_id", "game", "game_name", "status", "version", "server_time", "seats", "min_players", "max_players", "locked", "rematch"}
	sharedView = []string{"seats", "tracks", "public", "board"}
	headFields = fieldsOf(reflect.TypeFor[ViewResponse](), "/", sharedHead, "view", "log")
	viewFields = fieldsOf(reflect.TypeFor[kit.View](), "/view/", sharedView)
)

// fieldCount numbers the fields (jsonField.num).
var fieldCount int

// fieldsOf lists t's fields as encoding/json names them, but for skip.
func fieldsOf(t reflect.Type, prefix string, shared []string, skip ...string) []jsonField {
	var out []jsonField
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		if !f.IsExported() || name == "-" || slices.Contains(skip, name) {
			continue
		}
		if f.Anonymous {
			panic("table: view field " + f.Name + " is embedded") // not a part of its own; any test catches it
		}
		out = append(out, jsonField{index: i, path: prefix + name, omitEmpty: strings.Contains(opts, "omitempty"), num: fieldCount, shared: slices.Contains(shared, name)})
		fieldCount++
	}
	return out
}

// empty is encoding/json's omitempty test.
func empty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	}
	return v.IsZero()
}

// viewPart is one part of an encoded view response.
type viewPart struct {
	path string
	raw  []byte // nil: the part is left out (omitempty)
	hash uint64
}

var partSeed = maphash.MakeSeed()

func newPart(path string, raw []byte) viewPart {
	return viewPart{path: path, raw: raw, hash: maphash.Bytes(partSeed, raw)}
}

// viewParts is one viewer's view response as the parts a patch names.
type viewParts struct {
	parts []viewPart // the fields, in order, but the log
	log   []viewPart // the log's entries
	view  bool       // the response has a game view
}

// Push is one update the hub offers a stream: one viewer's view of a table
// at one version, as a patch against the view the hub pushed that viewer
// the round before, and as a whole view, which is encoded and padded only
// when some stream asks for it (Subscriber.Data).
type Push struct {
	version int64
	id      Identity
	rev     int64  // the table's push round that rendered it
	base    int64  // the round the patch is against; 0 when there is no patch
	patch   []byte // nil when none
	pad     []byte // the spaces that pad the patch to the round's patch length
	round   *pushRound
}

// pushRound is what one push of a snapshot shares between its viewers and
// streams. Its parts are built by the table's drain goroutine; once offered
// it is read only, but for the lazily padded whole views.
type pushRound struct {
	s      *Service
	snap   *tableSnapshot
	now    time.Time
	board  *kit.View
	views  map[Identity]*ViewResponse // each rendered viewer's view, without its log
	shared []*viewPart                // the shared fields' parts, encoded once (by jsonField.num)
	last   []lastPart                 // the other fields' parts as the last viewer had them
	log    []viewPart                 // the log's entries when all are public, encoded once
	names  map[int]string             // the seats' names
	padOne sync.Once
	wholes map[Identity][]byte // the whole views, encoded once asked for
	padN   int                 // their padded length
}

func newPushRound(s *Service, snap *tableSnapshot, now time.Time) *pushRound {
	n := len(snap.seats) + 2
	return &pushRound{s: s, snap: snap, now: now, board: snap.boardView(), views: make(map[Identity]*ViewResponse, n),
		shared: make([]*viewPart, fieldCount), last: make([]lastPart, fieldCount)}
}

// whole returns id's whole view of the round and the spaces that pad it.
// The first stream that asks encodes every viewer's (the padded length
// needs them all).
func (r *pushRound) whole(id Identity) (b, pad []byte) {
	r.padOne.Do(func() {
		r.wholes = make(map[Identity][]byte, len(r.views))
		for vid, v := range r.views {
			full := *v
			r.snap.addLog(&full, vid)
			r.wholes[vid], _ = encodeJSON(&full)
		}
		r.padN = r.s.padLen(r.snap, r.now, r.board, r.wholes)
	})
	b = r.wholes[id]
	return b, padding(len(b), r.padN)
}

// partsOf encodes v, id's view response of the round, as its parts.
func (r *pushRound) partsOf(v *ViewResponse, id Identity) (*viewParts, error) {
	vp := &viewParts{parts: make([]viewPart, 0, len(headFields)+len(viewFields))}
	if err := r.addFields(vp, reflect.ValueOf(v).Elem(), headFields); err != nil {
		return nil, err
	}
	if v.View != nil {
		vp.view = true
		if err := r.addFields(vp, reflect.ValueOf(v.View).Elem(), viewFields); err != nil {
			return nil, err
		}
	}
	if r.log != nil {
		vp.log = r.log
		return vp, nil
	}
	if r.names == nil {
		r.names = r.snap.names()
	}
	names, viewer := r.names, id.viewer()
	public := true
	for _, it := range r.snap.log {
		raw, err := it.encoded(viewer, names)
		if err != nil {
			return nil, err
		}
		vp.log = append(vp.log, newPart("", raw))
		public = public && it.public()
	}
	if public {
		r.log = vp.log
	}
	return vp, nil
}

func (r *pushRound) addFields(vp *viewParts, rv reflect.Value, fields []jsonField) error {
	for _, f := range fields {
		if p := r.shared[f.num]; f.shared && p != nil {
			if p.raw != nil {
				vp.parts = append(vp.parts, *p)
			}
			continue
		}
		fv := rv.Field(f.index)
		if f.omitEmpty && empty(fv) {
			if f.shared {
				r.shared[f.num] = &viewPart{path: f.path}
			}
			continue
		}
		key, cheap := cheapKey(fv)
		if l := &r.last[f.num]; cheap && l.set && l.key == key {
			vp.parts = append(vp.parts, l.part)
			continue
		}
		raw, err := encodeJSON(fv.Interface())
		if err != nil {
			return err
		}
		p := newPart(f.path, raw)
		vp.parts = append(vp.parts, p)
		if f.shared {
			r.shared[f.num] = &p
		} else if cheap {
			r.last[f.num] = lastPart{set: true, key: key, part: p}
		}
	}
	return nil
}

// lastPart is a field's value as the round's last viewer had it (cheapKey)
// and its part: a viewer with the same value has the same bytes.
type lastPart struct {
	set  bool
	key  string
	part viewPart
}

// cheapKey is a key that only equal values of v share, when v is cheap to
// compare: a string (the key is the string itself: the field's kind does
// not change), an empty list, a list of ints (a turn).
func cheapKey(v reflect.Value) (string, bool) {
	switch {
	case v.Kind() == reflect.String:
		return v.String(), true
	case v.Kind() != reflect.Slice:
		return "", false
	case v.IsNil():
		return "nil", true
	case v.Len() == 0:
		return "[]", true
	case v.Type().Elem().Kind() == reflect.Int:
		b := make([]byte, 0, 4*v.Len())
		for i := range v.Len() {
			b = strconv.AppendInt(append(b, ','), v.Index(i).Int(), 10)
		}
		return string(b), true
	}
	return "", false
}

// patchState is what the hub remembers of the view it last pushed one
// viewer of a table: the push round, and each part's path and hash.
type patchState struct {
	rev     int64 // the round; 0 before the first
	version int64
	view    bool
	sent    []viewPart // raw not kept; nil before the first view
	log     []uint64
}

// patchOp is one RFC 6902 operation.
type patchOp struct {
	Op    string          `json:"op"`
	Path  string          `json:"path"`
	Value json.RawMessage `json:"value,omitempty"`
}

// next returns the patch from the view recorded last to vp, of the given
// version, or nil when the whole view must be sent. It records vp.
func (ps *patchState) next(version int64, vp *viewParts) []byte {
	defer ps.remember(version, vp)
	if ps.sent == nil || ps.view != vp.view {
		return nil
	}
	ops := make([]patchOp, 0, 16)
	ops = append(ops, patchOp{Op: "test", Path: "/version", Value: strconv.AppendInt(nil, ps.version, 10)})
	for i, p := range vp.parts {
		if old := find(ps.sent, p.path, i); old == nil {
			ops = append(ops, patchOp{Op: "add", Path: p.path, Value: p.raw})
		} else if old.hash != p.hash {
			ops = append(ops, patchOp{Op: "replace", Path: p.path, Value: p.raw})
		}
	}
	for i, s := range ps.sent {
		if find(vp.parts, s.path, i) == nil {
			ops = append(ops, patchOp{Op: "remove", Path: s.path})
		}
	}
	// The log: the fewest of its first entries to remove so that the rest
	// starts the new log (at worst all of them), then the new entries.
	drop := len(ps.log)
	for k := range ps.log {
		if keep := len(ps.log) - k; keep <= len(vp.log) && slices.EqualFunc(ps.log[k:], vp.log[:keep], func(h uint64, p viewPart) bool { return h == p.hash }) {
			drop = k
			break
		}
	}
	for range drop {
		ops = append(ops, patchOp{Op: "remove", Path: "/log/0"})
	}
	for _, e := range vp.log[len(ps.log)-drop:] {
		ops = append(ops, patchOp{Op: "add", Path: "/log/-", Value: e.raw})
	}
	b, err := encodeJSON(ops)
	if err != nil {
		return nil
	}
	return b
}

// find returns the part at path in parts, looking at index at first
// (views keep their parts in one order), or nil.
func find(parts []viewPart, path string, at int) *viewPart {
	if at < len(parts) && parts[at].path == path {
		return &parts[at]
	}
	for i := range parts {
		if parts[i].path == path {
			return &parts[i]
		}
	}
	return nil
}

func (ps *patchState) remember(version int64, vp *viewParts) {
	ps.version, ps.view = version, vp.view
	ps.sent, ps.log = ps.sent[:0], ps.log[:0]
	for _, p := range vp.parts {
		ps.sent = append(ps.sent, viewPart{path: p.path, hash: p.hash})
	}
	for _, e := range vp.log {
		ps.log = append(ps.log, e.hash)
	}
}

// pushDiff is what a table's push rounds remember for the next one: each
// viewer's last pushed view (as part hashes) and the patch length of the
// newest version. Only the table's drain goroutine touches it.
type pushDiff struct {
	rev          int64
	viewers      map[Identity]*patchState
	patchVersion int64
	patchLen     int
}

func (d *pushDiff) viewer(id Identity) *patchState {
	if d.viewers[id] == nil {
		if d.viewers == nil {
			d.viewers = map[Identity]*patchState{}
		}
		d.viewers[id] = &patchState{}
	}
	return d.viewers[id]
}

// padPatches pads every patch of one round to one length (the equal
// sizes, for patch events): the longest of them rounded up to padQuantum,
// and never shorter than an earlier round's patches of the same version.
// A seat whose private part changed has a longer patch than the others,
// and its length must not show that to whoever sees the traffic.
func (d *pushDiff) padPatches(version int64, pushes map[Identity]*Push) {
	longest := 0
	for _, p := range pushes {
		longest = max(longest, len(p.patch))
	}
	if longest == 0 {
		return
	}
	n := (longest + padQuantum - 1) / padQuantum * padQuantum
	if d.patchVersion == version {
		n = max(n, d.patchLen)
	}
	d.patchVersion, d.patchLen = version, n
	for _, p := range pushes {
		if p.patch != nil {
			p.pad = padding(len(p.patch), n)
		}
	}
}

// UsePatches asks the hub for patches for this stream (?patches=1): from
// its next push on, Data gives a patch whenever the stream holds the view
// the patch is against.
func (sub *Subscriber) UsePatches() { sub.patches.Store(true) }

// Data returns what the stream sends for p, and the spaces to send after
// it (padding.go; read only): its patch (patch true) when the stream asked
// for patches and the last view it sent is the one the patch is against,
// else the whole view. Call it only from the stream's own goroutine, in
// the order the pushes arrive.
func (sub *Subscriber) Data(p *Push) (data, pad []byte, patch bool) {
	if sub.patches.Load() && p.patch != nil && sub.lastRev != 0 && p.base == sub.lastRev && p.id == sub.lastID {
		data, pad, patch = p.patch, p.pad, true
	} else {
		data, pad = p.round.whole(p.id)
	}
	sub.lastRev, sub.lastID = p.rev, p.id
	return data, pad, patch
}
