package table

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"tablewarden/referee/kit"
)

// The kit's view types that every push encodes (the seats, tracks and
// board that all viewers share, and each viewer's prompt and moves) are encoded here
// by hand instead of through encoding/json's reflection, which was a fifth
// of the server's CPU (README, Performance, fourth round). The bytes are
// exactly json.Marshal's: the same field order, omitempty rules, sorted map
// keys, number forms and string escapes (HTML-safe, U+2028 and U+2029
// escaped, invalid UTF-8 as U+FFFD written out). TestViewJSONIsMarshal compares them
// with json.Marshal over crafted values and every rune, and
// TestEncodeMatchesRenderEveryGame over every game's views.

const hexDigits = "0123456789abcdef"

// plainByte marks the ASCII bytes a JSON string holds as they are.
var plainByte = func() (t [256]bool) {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		t[b] = b != '"' && b != '\\' && b != '<' && b != '>' && b != '&'
	}
	return t
}()

// appendString appends s as a JSON string, as json.Marshal writes it.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if plainByte[b] {
			i++
			continue
		}
		if b < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, "\uFFFD"...) // the replacement character itself, not escaped
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendFloat appends f as json.Marshal writes a float64; ok is false for
// a NaN or an infinity, which json.Marshal refuses.
func appendFloat(dst []byte, f float64) ([]byte, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dst, false
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' { // e-07 → e-7, as json.Marshal writes it
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst, true
}

// jsonObject writes one JSON object's fields, each after a comma but the
// first.
type jsonObject struct {
	b []byte
	n int
}

func (o *jsonObject) key(k string) {
	if o.n > 0 {
		o.b = append(o.b, ',')
	} else {
		o.b = append(o.b, '{')
	}
	o.n++
	o.b = append(o.b, '"')
	o.b = append(o.b, k...) // our own keys: plain ASCII
	o.b = append(o.b, '"', ':')
}

func (o *jsonObject) str(k, v string) {
	o.key(k)
	o.b = appendString(o.b, v)
}

func (o *jsonObject) int(k string, v int) {
	o.key(k)
	o.b = strconv.AppendInt(o.b, int64(v), 10)
}

// bool writes the field k as true (the omitempty fields are written only
// when true).
func (o *jsonObject) bool(k string) {
	o.key(k)
	o.b = append(o.b, "true"...)
}

func (o *jsonObject) strs(k string, v []string) {
	o.key(k)
	o.b = appendStrings(o.b, v)
}

func (o *jsonObject) strMap(k string, m map[string]string) {
	o.key(k)
	o.b = appendStringMap(o.b, m)
}

func (o *jsonObject) end() []byte {
	if o.n == 0 {
		return append(o.b, '{', '}')
	}
	return append(o.b, '}')
}

func appendStrings(dst []byte, v []string) []byte {
	dst, _ = appendList(dst, v, func(b []byte, s *string) ([]byte, bool) { return appendString(b, *s), true })
	return dst
}

// appendStringMap writes m with its keys sorted, as json.Marshal does.
func appendStringMap(dst []byte, m map[string]string) []byte {
	if m == nil {
		return append(dst, "null"...)
	}
	var buf [16]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, k)
		dst = append(dst, ':')
		dst = appendString(dst, m[k])
	}
	return append(dst, '}')
}

// appendFacts writes a seat's facts with their keys sorted, as
// json.Marshal does: a string by hand, any other value by json.Marshal.
func appendFacts(dst []byte, m map[string]any) []byte {
	var buf [16]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, k)
		dst = append(dst, ':')
		if s, ok := m[k].(string); ok {
			dst = appendString(dst, s)
			continue
		}
		raw, err := json.Marshal(m[k])
		if err != nil {
			raw = []byte("null")
		}
		dst = append(dst, raw...)
	}
	return append(dst, '}')
}

// appendList appends v as a JSON array ("null" when v is nil, as
// json.Marshal writes a nil slice), each element written by elem; ok is
// false when an element could not be written (dst is then not usable).
func appendList[T any](dst []byte, v []T, elem func([]byte, *T) ([]byte, bool)) ([]byte, bool) {
	if v == nil {
		return append(dst, "null"...), true
	}
	dst = append(dst, '[')
	for i := range v {
		if i > 0 {
			dst = append(dst, ',')
		}
		var ok bool
		if dst, ok = elem(dst, &v[i]); !ok {
			return dst, false
		}
	}
	return append(dst, ']'), true
}

// listField writes the field k, the list v (appendList).
func listField[T any](o *jsonObject, k string, v []T, elem func([]byte, *T) ([]byte, bool)) bool {
	o.key(k)
	var ok bool
	o.b, ok = appendList(o.b, v, elem)
	return ok
}

// appendSeats appends json.Marshal(v).
func appendSeats(dst []byte, v []kit.SeatView) []byte {
	dst, _ = appendList(dst, v, appendSeat)
	return dst
}

func appendSeat(dst []byte, s *kit.SeatView) ([]byte, bool) {
	o := jsonObject{b: dst}
	o.int("seat", s.Seat)
	o.str("name", s.Name)
	if s.Status != "" {
		o.str("status", s.Status)
	}
	if s.StatusLabel != "" {
		o.str("status_label", s.StatusLabel)
	}
	if len(s.Facts) > 0 {
		o.key("facts")
		o.b = appendFacts(o.b, s.Facts)
	}
	return o.end(), true
}

// appendTracks appends json.Marshal(v).
func appendTracks(dst []byte, v []kit.TrackView) []byte {
	dst, _ = appendList(dst, v, appendTrack)
	return dst
}

func appendTrack(dst []byte, t *kit.TrackView) ([]byte, bool) {
	o := jsonObject{b: dst}
	o.str("name", t.Name)
	o.str("label", t.Label)
	o.int("pos", t.Pos)
	if len(t.Steps) > 0 {
		o.strs("steps", t.Steps)
	}
	o.int("max", t.Max)
	return o.end(), true
}

// appendPrompt appends json.Marshal(p).
func appendPrompt(dst []byte, p *kit.Prompt) []byte {
	if p == nil {
		return append(dst, "null"...)
	}
	o := jsonObject{b: dst}
	o.str("code", p.Code)
	o.str("text", p.Text)
	if len(p.Params) > 0 {
		o.strMap("params", p.Params)
	}
	return o.end()
}

// appendBoard appends json.Marshal(bv); ok is false when json.Marshal
// would fail (a coordinate that is not a finite number).
func appendBoard(dst []byte, bv *kit.BoardView) ([]byte, bool) {
	if bv == nil {
		return append(dst, "null"...), true
	}
	o := jsonObject{b: dst}
	if bv.Title != "" {
		o.str("title", bv.Title)
	}
	if len(bv.Nodes) > 0 && !listField(&o, "nodes", bv.Nodes, appendNode) {
		return dst, false
	}
	if len(bv.Edges) > 0 {
		listField(&o, "edges", bv.Edges, appendEdge)
	}
	if len(bv.Counters) > 0 {
		listField(&o, "counters", bv.Counters, appendCounter)
	}
	if len(bv.Slots) > 0 {
		listField(&o, "slots", bv.Slots, appendSlot)
	}
	return o.end(), true
}

func appendEdge(dst []byte, e *kit.BoardEdge) ([]byte, bool) {
	o := jsonObject{b: dst}
	o.str("from", e.From)
	o.str("to", e.To)
	if e.Label != "" {
		o.str("label", e.Label)
	}
	if len(e.Tags) > 0 {
		o.strs("tags", e.Tags)
	}
	return o.end(), true
}

func appendCounter(dst []byte, c *kit.BoardCounter) ([]byte, bool) {
	o := jsonObject{b: dst}
	o.str("label", c.Label)
	o.str("value", c.Value)
	return o.end(), true
}

func appendSlot(dst []byte, s *kit.BoardSlot) ([]byte, bool) {
	o := jsonObject{b: dst}
	o.str("label", s.Label)
	if s.Value != "" {
		o.str("value", s.Value)
	}
	if len(s.Tags) > 0 {
		o.strs("tags", s.Tags)
	}
	return o.end(), true
}

func appendNode(dst []byte, n *kit.BoardNode) ([]byte, bool) {
	o := jsonObject{b: dst}
	o.str("id", n.ID)
	o.str("label", n.Label)
	var ok bool
	o.key("x")
	if o.b, ok = appendFloat(o.b, n.X); !ok {
		return dst, false
	}
	o.key("y")
	if o.b, ok = appendFloat(o.b, n.Y); !ok {
		return dst, false
	}
	if len(n.Tags) > 0 {
		o.strs("tags", n.Tags)
	}
	if n.Note != "" {
		o.str("note", n.Note)
	}
	if len(n.Pieces) > 0 {
		listField(&o, "pieces", n.Pieces, appendPiece)
	}
	if n.Row != 0 {
		o.int("row", n.Row)
	}
	if n.Col != 0 {
		o.int("col", n.Col)
	}
	if n.Rows != 0 {
		o.int("rows", n.Rows)
	}
	if n.Cols != 0 {
		o.int("cols", n.Cols)
	}
	if n.Mark != "" {
		o.str("mark", n.Mark)
	}
	return o.end(), true
}

func appendPiece(dst []byte, p *kit.Piece) ([]byte, bool) {
	o := jsonObject{b: dst}
	o.str("kind", p.Kind)
	o.str("label", p.Label)
	if p.Seat != nil {
		o.int("seat", *p.Seat)
	}
	if p.Count != 0 {
		o.int("count", p.Count)
	}
	return o.end(), true
}

// appendMoves appends json.Marshal(v); ok is false when a choice's value
// is not an int, a string or a bool (the caller then uses json.Marshal).
func appendMoves(dst []byte, v []kit.MoveSpec) ([]byte, bool) {
	return appendList(dst, v, appendMove)
}

func appendMove(dst []byte, m *kit.MoveSpec) ([]byte, bool) {
	o := jsonObject{b: dst}
	o.str("type", m.Type)
	o.str("label", m.Label)
	if m.Rule != "" {
		o.str("rule", m.Rule)
	}
	if len(m.Args) > 0 && !listField(&o, "args", m.Args, appendArg) {
		return dst, false
	}
	if m.Host {
		o.bool("host")
	}
	if m.Primary {
		o.bool("primary")
	}
	if m.Group != "" {
		o.str("group", m.Group)
	}
	if m.Confirm != "" {
		o.str("confirm", m.Confirm)
	}
	if m.Ask != "" {
		o.str("ask", m.Ask)
	}
	return o.end(), true
}

func appendArg(dst []byte, a *kit.ArgSpec) ([]byte, bool) {
	o := jsonObject{b: dst}
	o.str("name", a.Name)
	o.str("label", a.Label)
	o.str("kind", string(a.Kind))
	if a.Min != nil {
		o.int("min", *a.Min)
	}
	if a.Max != nil {
		o.int("max", *a.Max)
	}
	if len(a.Choices) > 0 && !listField(&o, "choices", a.Choices, appendChoice) {
		return dst, false
	}
	if a.Optional {
		o.bool("optional")
	}
	if a.Secret {
		o.bool("secret")
	}
	return o.end(), true
}

func appendChoice(dst []byte, c *kit.Choice) ([]byte, bool) {
	o := jsonObject{b: dst}
	o.key("value")
	switch v := c.Value.(type) {
	case int:
		o.b = strconv.AppendInt(o.b, int64(v), 10)
	case string:
		o.b = appendString(o.b, v)
	case bool:
		o.b = strconv.AppendBool(o.b, v)
	default:
		return dst, false
	}
	o.str("label", c.Label)
	return o.end(), true
}

// marshalMoves is json.Marshal(v), by hand when it can be.
func marshalMoves(v []kit.MoveSpec) ([]byte, error) {
	if b, ok := appendMoves(make([]byte, 0, 64+256*len(v)), v); ok {
		return b, nil
	}
	return json.Marshal(v)
}

// appendMe appends json.Marshal(m).
func appendMe(dst []byte, m Me) []byte {
	o := jsonObject{b: dst}
	o.str("role", m.Role)
	o.int("seat", m.Seat)
	if m.Name != "" {
		o.str("name", m.Name)
	}
	return o.end()
}

// appendViewHead appends json.Marshal(h).
func appendViewHead(dst []byte, h viewHead) []byte {
	o := jsonObject{b: dst}
	o.str("game", h.Game)
	o.str("phase", h.Phase)
	if h.PhaseLabel != "" {
		o.str("phase_label", h.PhaseLabel)
	}
	o.key("turn")
	if h.Turn == nil {
		o.b = append(o.b, "null"...)
	} else {
		o.b = append(o.b, '[')
		for i, s := range h.Turn {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			o.b = strconv.AppendInt(o.b, int64(s), 10)
		}
		o.b = append(o.b, ']')
	}
	return o.end()
}

// marshalBoard is json.Marshal(bv), by hand when it can be.
func marshalBoard(bv *kit.BoardView) ([]byte, error) {
	if b, ok := appendBoard(make([]byte, 0, 1024), bv); ok {
		return b, nil
	}
	return json.Marshal(bv)
}
