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
	if v == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, s := range v {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, s)
	}
	return append(dst, ']')
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

// appendSeats appends json.Marshal(v).
func appendSeats(dst []byte, v []kit.SeatView) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, s := range v {
		if i > 0 {
			dst = append(dst, ',')
		}
		o := jsonObject{b: dst}
		o.int("seat", s.Seat)
		o.str("name", s.Name)
		if s.Status != "" {
			o.str("status", s.Status)
		}
		if len(s.Facts) > 0 {
			o.strMap("facts", s.Facts)
		}
		dst = o.end()
	}
	return append(dst, ']')
}

// appendTracks appends json.Marshal(v).
func appendTracks(dst []byte, v []kit.TrackView) []byte {
	if v == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, t := range v {
		if i > 0 {
			dst = append(dst, ',')
		}
		o := jsonObject{b: dst}
		o.str("name", t.Name)
		o.str("label", t.Label)
		o.int("pos", t.Pos)
		if len(t.Steps) > 0 {
			o.strs("steps", t.Steps)
		}
		o.int("max", t.Max)
		dst = o.end()
	}
	return append(dst, ']')
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
	if len(bv.Nodes) > 0 {
		o.key("nodes")
		o.b = append(o.b, '[')
		for i := range bv.Nodes {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			var ok bool
			if o.b, ok = appendNode(o.b, &bv.Nodes[i]); !ok {
				return dst, false
			}
		}
		o.b = append(o.b, ']')
	}
	if len(bv.Edges) > 0 {
		o.key("edges")
		o.b = append(o.b, '[')
		for i, e := range bv.Edges {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			eo := jsonObject{b: o.b}
			eo.str("from", e.From)
			eo.str("to", e.To)
			if e.Label != "" {
				eo.str("label", e.Label)
			}
			if len(e.Tags) > 0 {
				eo.strs("tags", e.Tags)
			}
			o.b = eo.end()
		}
		o.b = append(o.b, ']')
	}
	if len(bv.Counters) > 0 {
		o.key("counters")
		o.b = append(o.b, '[')
		for i, c := range bv.Counters {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			co := jsonObject{b: o.b}
			co.str("label", c.Label)
			co.str("value", c.Value)
			o.b = co.end()
		}
		o.b = append(o.b, ']')
	}
	if len(bv.Slots) > 0 {
		o.key("slots")
		o.b = append(o.b, '[')
		for i, s := range bv.Slots {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			so := jsonObject{b: o.b}
			so.str("label", s.Label)
			if s.Value != "" {
				so.str("value", s.Value)
			}
			if len(s.Tags) > 0 {
				so.strs("tags", s.Tags)
			}
			o.b = so.end()
		}
		o.b = append(o.b, ']')
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
		o.key("pieces")
		o.b = append(o.b, '[')
		for i, p := range n.Pieces {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			po := jsonObject{b: o.b}
			po.str("kind", p.Kind)
			po.str("label", p.Label)
			if p.Seat != nil {
				po.int("seat", *p.Seat)
			}
			if p.Count != 0 {
				po.int("count", p.Count)
			}
			o.b = po.end()
		}
		o.b = append(o.b, ']')
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

// appendMoves appends json.Marshal(v); ok is false when a choice's value
// is not an int, a string or a bool (the caller then uses json.Marshal).
func appendMoves(dst []byte, v []kit.MoveSpec) ([]byte, bool) {
	if v == nil {
		return append(dst, "null"...), true
	}
	dst = append(dst, '[')
	for i := range v {
		m := &v[i]
		if i > 0 {
			dst = append(dst, ',')
		}
		o := jsonObject{b: dst}
		o.str("type", m.Type)
		o.str("label", m.Label)
		if m.Rule != "" {
			o.str("rule", m.Rule)
		}
		if len(m.Args) > 0 {
			o.key("args")
			o.b = append(o.b, '[')
			for j := range m.Args {
				if j > 0 {
					o.b = append(o.b, ',')
				}
				var ok bool
				if o.b, ok = appendArg(o.b, &m.Args[j]); !ok {
					return dst, false
				}
			}
			o.b = append(o.b, ']')
		}
		if m.Host {
			o.key("host")
			o.b = append(o.b, "true"...)
		}
		if m.Primary {
			o.key("primary")
			o.b = append(o.b, "true"...)
		}
		if m.Group != "" {
			o.str("group", m.Group)
		}
		if m.Confirm != "" {
			o.str("confirm", m.Confirm)
		}
		dst = o.end()
	}
	return append(dst, ']'), true
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
	if len(a.Choices) > 0 {
		o.key("choices")
		o.b = append(o.b, '[')
		for i, c := range a.Choices {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			co := jsonObject{b: o.b}
			co.key("value")
			switch v := c.Value.(type) {
			case int:
				co.b = strconv.AppendInt(co.b, int64(v), 10)
			case string:
				co.b = appendString(co.b, v)
			case bool:
				co.b = strconv.AppendBool(co.b, v)
			default:
				return dst, false
			}
			co.str("label", c.Label)
			o.b = co.end()
		}
		o.b = append(o.b, ']')
	}
	if a.Optional {
		o.key("optional")
		o.b = append(o.b, "true"...)
	}
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
