package table

import (
	"bytes"
	"errors"
	"hash/maphash"
	"strconv"
	"sync"
)

// A stream opened with ?patches=1 gets, after its first whole view, only
// what changed: "event: patch" with data
//
//	{"version":V,"base":B,"set":{"status":…,"view.private":…},"del":["view.outcome"]}
//
// B is the version of the last event this stream sent; "set" holds the
// parts whose encoded bytes differ from the ones this stream last sent, and
// "del" the parts it sent that the view no longer has. The log, a window of
// the newest entries, usually changes by sliding: then it comes as
// "log":{"drop":k,"add":[…]}, meaning the log sent before without its
// first k entries and with the added ones at its end. A part is a
// top-level field of the view response ("status", "log", …) or, inside
// "view", a field of the game view ("view.private", "view.moves", …); a
// response without "view" deletes the part "view" as a whole. The phone
// keeps the view its stream built (web/static/app.js, applyPatch) and
// merges each patch into it; a reconnect starts again with a whole view.
//
// The hub works a patch out once per viewer and push, against the view it
// pushed that viewer the round before (viewpush.go), and a stream sends it
// only when that view is the last one it sent; otherwise it sends the
// whole view. Every patch of one push is padded to one length, as whole
// views are (padding.go).
//
// Parts are compared by a 64-bit hash of their bytes (hash/maphash), so a
// viewer's patch state is a few dozen words, not its last payload.

// viewPart is one part of an encoded view response.
type viewPart struct {
	name string // the key as JSON, quotes included: `"log"`, `"view.private"`
	raw  []byte // its value, as encoded
	hash uint64
}

// partSig is what a stream remembers of a part it sent.
type partSig struct {
	name string
	hash uint64
}

var partSeed = maphash.MakeSeed()

var errNotSplittable = errors.New("view payload cannot be split into parts")

// partMemo keeps the parts one push round has split so far, so that the
// parts every viewer shares (the head but for "me", the game view's
// shared parts, a public log) are scanned and hashed once per round, not
// once per viewer: a later viewer's part that starts with the same bytes
// as the memo's, followed by the end of the value, is that part.
type partMemo struct {
	parts map[string]viewPart
	log   *logMemo
}

// logMemo is a log array split into its entries and their hashes.
type logMemo struct {
	raw    []byte
	elems  [][]byte
	hashes []uint64
}

// splitView splits an encoded view response into its parts, in order. The
// payload is json.Marshal output (compact); anything else that does not
// parse as an object with plain keys gives errNotSplittable (the stream
// then sends whole views). memo, when not nil, gives and takes the parts
// of the round's other viewers.
func splitView(payload []byte, memo *partMemo) ([]viewPart, error) {
	parts := make([]viewPart, 0, 24)
	part := func(prefix string, key []byte, obj []byte, i int) (int, error) {
		name := internName(prefix, key)
		if memo != nil {
			if m, ok := memo.parts[name]; ok && bytes.HasPrefix(obj[i:], m.raw) {
				if end := i + len(m.raw); end < len(obj) && (obj[end] == ',' || obj[end] == '}') {
					parts = append(parts, m)
					return end, nil
				}
			}
		}
		end, err := skipValue(obj, i)
		if err != nil {
			return 0, err
		}
		p := viewPart{name: name, raw: obj[i:end], hash: maphash.Bytes(partSeed, obj[i:end])}
		if memo != nil {
			if memo.parts == nil {
				memo.parts = make(map[string]viewPart, 24)
			}
			memo.parts[name] = p
		}
		parts = append(parts, p)
		return end, nil
	}
	_, err := eachField(payload, func(key []byte, obj []byte, i int) (int, error) {
		if string(key) == `"view"` && i < len(obj) && obj[i] == '{' {
			end, err := eachField(obj[i:], func(k []byte, o []byte, j int) (int, error) {
				return part("view.", k, o, j)
			})
			return i + end, err
		}
		return part("", key, obj, i)
	})
	return parts, err
}

// eachField calls fn with each key (quotes included) of the JSON object
// obj and the index in obj where its value starts; fn returns the index
// just past the value. eachField returns the index just past the object.
func eachField(obj []byte, fn func(key []byte, obj []byte, i int) (int, error)) (int, error) {
	i := skipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return 0, errNotSplittable
	}
	i = skipSpace(obj, i+1)
	if i < len(obj) && obj[i] == '}' {
		return i + 1, nil
	}
	for i < len(obj) {
		if obj[i] != '"' {
			return 0, errNotSplittable
		}
		end, err := skipString(obj, i)
		if err != nil {
			return 0, err
		}
		key := obj[i:end]
		if bytes.IndexByte(key, '\\') >= 0 {
			return 0, errNotSplittable
		}
		i = skipSpace(obj, end)
		if i >= len(obj) || obj[i] != ':' {
			return 0, errNotSplittable
		}
		i = skipSpace(obj, i+1)
		if i >= len(obj) {
			return 0, errNotSplittable
		}
		vend, err := fn(key, obj, i)
		if err != nil {
			return 0, err
		}
		i = skipSpace(obj, vend)
		if i >= len(obj) {
			return 0, errNotSplittable
		}
		switch obj[i] {
		case ',':
			i = skipSpace(obj, i+1)
		case '}':
			return i + 1, nil
		default:
			return 0, errNotSplittable
		}
	}
	return 0, errNotSplittable
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
		i++
	}
	return i
}

// skipString returns the index just past the string that starts at b[i].
func skipString(b []byte, i int) (int, error) {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1, nil
		}
	}
	return 0, errNotSplittable
}

// skipValue returns the index just past the JSON value that starts at b[i].
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, errNotSplittable
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end, err := skipString(b, j)
				if err != nil {
					return 0, err
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, errNotSplittable
	}
	j := i
	for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\n' {
		j++
	}
	if j == i {
		return 0, errNotSplittable
	}
	return j, nil
}

// partNames interns part names: they are the view's field names, a small set.
var partNames = struct {
	sync.RWMutex
	m map[string]string
}{m: map[string]string{}}

// internName returns prefix and the quoted key as one quoted name:
// ("view.", `"moves"`) gives `"view.moves"`.
func internName(prefix string, key []byte) string {
	var buf [64]byte
	b := append(buf[:0], '"')
	b = append(b, prefix...)
	b = append(b, key[1:]...)
	partNames.RLock()
	s, ok := partNames.m[string(b)]
	partNames.RUnlock()
	if ok {
		return s
	}
	s = string(b)
	partNames.Lock()
	if len(partNames.m) < 1024 { // our own field names; never grows past a few dozen
		partNames.m[s] = s
	}
	partNames.Unlock()
	return s
}

// patchState is what the hub remembers of the view it last pushed one
// viewer of a table.
type patchState struct {
	version int64
	sent    []partSig // nil before the first view, or after one that was not split
	log     []uint64  // the hashes of the entries of the log it sent
}

// next returns the data of the event to send for the view response
// payload: a patch against the view recorded last, or the whole payload
// (whole true) when there is none or the payload cannot be split. It
// records payload's parts.
func (ps *patchState) next(payload []byte, memo *partMemo) (data []byte, whole bool) {
	parts, err := splitView(payload, memo)
	version := int64(-1)
	if err == nil {
		for _, p := range parts {
			if p.name == `"version"` {
				version, err = strconv.ParseInt(string(p.raw), 10, 64)
				break
			}
		}
	}
	if err != nil || version < 0 {
		parts = nil
	}
	if data, whole = ps.nextParts(version, parts, memo); whole {
		return payload, true
	}
	return data, false
}

// nextParts is next for a view response already split into parts (nil
// when it could not be), of the given version: it returns the patch, or
// whole true (and no data) when the whole view must be sent. memo, when
// not nil, gives the log's split entries (logDelta).
func (ps *patchState) nextParts(version int64, parts []viewPart, memo *partMemo) (data []byte, whole bool) {
	if ps.sent == nil || parts == nil {
		ps.remember(version, parts)
		ps.log = nil
		for _, p := range parts {
			if p.name == `"log"` {
				ps.log, _, _ = ps.logDelta(p.raw, memo)
			}
		}
		return nil, true
	}
	// Room for the changed parts (the log's at most) and the padding, so
	// that the patch is written without growing.
	size := 256 + padQuantum
	for i, p := range parts {
		if old, ok := ps.find(p.name, i); !ok || old != p.hash {
			size += len(p.name) + len(p.raw) + 1
		}
	}
	buf := make([]byte, 0, size)
	buf = append(buf, `{"version":`...)
	buf = strconv.AppendInt(buf, version, 10)
	buf = append(buf, `,"base":`...)
	buf = strconv.AppendInt(buf, ps.version, 10)
	buf = append(buf, `,"set":{`...)
	n := 0
	hasView := false
	var logAdd [][]byte
	logDrop := -1
	newLog := ps.log[:0:0]
	for i, p := range parts {
		if len(p.name) > 6 && p.name[:6] == `"view.` {
			hasView = true
		}
		if p.name == `"log"` {
			newLog, logAdd, logDrop = ps.logDelta(p.raw, memo)
		}
		if old, ok := ps.find(p.name, i); ok && old == p.hash {
			continue
		}
		if p.name == `"log"` && logDrop >= 0 {
			continue // sent below as entries to drop and add
		}
		if n > 0 {
			buf = append(buf, ',')
		}
		n++
		buf = append(buf, p.name...)
		buf = append(buf, ':')
		buf = append(buf, p.raw...)
	}
	buf = append(buf, `},"del":[`...)
	n = 0
	viewGone := false
	for i, s := range ps.sent {
		if partIn(parts, s.name, i) {
			continue
		}
		isView := len(s.name) > 6 && s.name[:6] == `"view.`
		if isView && !hasView {
			viewGone = true
			continue
		}
		if n > 0 {
			buf = append(buf, ',')
		}
		n++
		buf = append(buf, s.name...)
	}
	if viewGone {
		if n > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, `"view"`...)
	}
	buf = append(buf, ']')
	if logDrop >= 0 {
		if old, ok := ps.find(`"log"`, len(parts)-1); !ok || old != partHash(parts, `"log"`) {
			buf = append(buf, `,"log":{"drop":`...)
			buf = strconv.AppendInt(buf, int64(logDrop), 10)
			buf = append(buf, `,"add":[`...)
			for i, e := range logAdd {
				if i > 0 {
					buf = append(buf, ',')
				}
				buf = append(buf, e...)
			}
			buf = append(buf, ']', '}')
		}
	}
	buf = append(buf, '}')
	ps.remember(version, parts)
	ps.log = newLog
	return buf, false
}

func partHash(parts []viewPart, name string) uint64 {
	for _, p := range parts {
		if p.name == name {
			return p.hash
		}
	}
	return 0
}

// logDelta compares the log array raw with the log this stream sent last.
// The log is a window of the newest entries, so a new view's log is
// usually the old one without its first few entries and with new ones at
// the end: then drop is how many to take off the front and add the
// entries to append. drop is -1 when the logs do not overlap that way
// (the log part is then sent whole). hashes are raw's entries' hashes.
//
// memo, when not nil, gives and takes the round's split log: a viewer
// whose log is byte for byte the one split before reuses its entries.
func (ps *patchState) logDelta(raw []byte, memo *partMemo) (hashes []uint64, add [][]byte, drop int) {
	var elems [][]byte
	if memo != nil && memo.log != nil && bytes.Equal(memo.log.raw, raw) {
		elems, hashes = memo.log.elems, memo.log.hashes
	} else {
		if eachElement(raw, func(e []byte) { elems = append(elems, e); hashes = append(hashes, maphash.Bytes(partSeed, e)) }) != nil {
			return nil, nil, -1
		}
		if memo != nil {
			memo.log = &logMemo{raw: raw, elems: elems, hashes: hashes}
		}
	}
	old := ps.log
	if len(old) == 0 {
		return hashes, nil, -1
	}
	for k := 0; k < len(old); k++ {
		keep := len(old) - k // old[k:] must be the start of the new log
		if keep > len(hashes) {
			continue
		}
		match := true
		for i := 0; i < keep; i++ {
			if old[k+i] != hashes[i] {
				match = false
				break
			}
		}
		if match {
			return hashes, elems[keep:], k
		}
	}
	return hashes, nil, -1
}

// eachElement calls fn with each raw element of the JSON array arr.
func eachElement(arr []byte, fn func(e []byte)) error {
	i := skipSpace(arr, 0)
	if i >= len(arr) || arr[i] != '[' {
		return errNotSplittable
	}
	i = skipSpace(arr, i+1)
	if i < len(arr) && arr[i] == ']' {
		return nil
	}
	for i < len(arr) {
		end, err := skipValue(arr, i)
		if err != nil {
			return err
		}
		fn(arr[i:end])
		i = skipSpace(arr, end)
		if i >= len(arr) {
			return errNotSplittable
		}
		switch arr[i] {
		case ',':
			i = skipSpace(arr, i+1)
		case ']':
			return nil
		default:
			return errNotSplittable
		}
	}
	return errNotSplittable
}

// find returns the hash of the part name that the view recorded last
// had. at is where to look first: views keep their parts in one order, so
// a part is most often at the index it had before.
func (ps *patchState) find(name string, at int) (uint64, bool) {
	if at >= 0 && at < len(ps.sent) && ps.sent[at].name == name {
		return ps.sent[at].hash, true
	}
	for _, s := range ps.sent {
		if s.name == name {
			return s.hash, true
		}
	}
	return 0, false
}

// partIn says whether parts has the part name, looking at index at first.
func partIn(parts []viewPart, name string, at int) bool {
	if at >= 0 && at < len(parts) && parts[at].name == name {
		return true
	}
	for _, p := range parts {
		if p.name == name {
			return true
		}
	}
	return false
}

func (ps *patchState) remember(version int64, parts []viewPart) {
	ps.version = version
	if parts == nil {
		ps.sent = nil
		return
	}
	ps.sent = ps.sent[:0]
	for _, p := range parts {
		ps.sent = append(ps.sent, partSig{name: p.name, hash: p.hash})
	}
}
