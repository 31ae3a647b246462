package table

import (
	"bytes"
	"encoding/json"
	"reflect"
	"time"

	"tablewarden/referee/kit"
)

// What the host may play for a seat without a device.
//
// A seat's offer is narrowed from everything the seat knows: the cards of
// its hand, the Blip tokens it has left, its role. Shown to the host, it
// would tell the host those secrets, so the host is offered only the
// offers that do not depend on them. The server finds them itself, from
// the state's vis tags (kit, visibility.go), by changing what the host may
// not know and computing the seat's offer again:
//
//   - the seat's private fields are swapped with each other seat's, in
//     every per-seat list of the state (a hand, a role, a Bio ID);
//   - every list under a private or hidden field is reversed (a deck's
//     order, the tokens left in a bag or a hand).
//
// An offer that is the same, byte for byte, in every changed state shows
// nothing the changes touched, and is offered; any other is withheld (the
// host's way out is a hand-over to a phone). A move whose offer the
// changes make vanish or appear is withheld too: its very presence would
// tell. Refusals of the host's moves for a seat are one sentence whatever
// the reason (hostRefusal).

// UnattendedMoves returns the moves the host is offered for seat, a seat
// without a device, at a table of seats seats: the seat's own moves whose
// offer does not depend on any seat's private state or on hidden state.
// The list is never nil.
func UnattendedMoves(g kit.Game, st kit.State, seat, seats int) []kit.MoveSpec {
	out := []kit.MoveSpec{}
	mine, ok := offers(g, st, seat)
	if !ok || len(mine) == 0 {
		return out
	}
	enc, err := json.Marshal(st)
	if err != nil {
		return out
	}
	var changed []map[string][]byte
	change := func(f func(v reflect.Value)) bool {
		other, err := g.Decode(enc)
		if err != nil {
			return false
		}
		f(reflect.ValueOf(other))
		o, ok := offers(g, other, seat)
		if !ok {
			return false
		}
		changed = append(changed, o)
		return true
	}
	for v := 0; v < seats; v++ {
		if v != seat && !change(func(rv reflect.Value) { swapSeats(rv, seat, v, seats) }) {
			return out
		}
	}
	if !change(func(rv reflect.Value) { reverseHidden(rv, kit.VisPublic) }) {
		return out
	}
	for _, m := range g.View(st, kit.SeatViewer(seat)).Moves {
		want := mine[m.Type]
		same := true
		for _, o := range changed {
			if !bytes.Equal(o[m.Type], want) {
				same = false
				break
			}
		}
		if same && len(changed) > 0 {
			out = append(out, m)
		}
	}
	return out
}

// offers returns seat's offered moves in st, each type's entries encoded
// together; ok is false when the view could not be computed (a changed
// state the game does not accept).
func offers(g kit.Game, st kit.State, seat int) (m map[string][]byte, ok bool) {
	defer func() {
		if recover() != nil {
			m, ok = nil, false
		}
	}()
	by := map[string][]kit.MoveSpec{}
	for _, mv := range g.View(st, kit.SeatViewer(seat)).Moves {
		by[mv.Type] = append(by[mv.Type], mv)
	}
	m = make(map[string][]byte, len(by))
	for k, v := range by {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, false
		}
		m[k] = b
	}
	return m, true
}

// swapSeats swaps the private fields of seats a and b in every per-seat
// list at the top of the state: a private list of one entry per seat, or
// the private fields of a public list of one struct per seat.
func swapSeats(v reflect.Value, a, b, seats int) {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return
	}
	swap := func(x, y reflect.Value) {
		if !x.CanSet() || !y.CanSet() {
			return
		}
		tmp := reflect.New(x.Type()).Elem()
		tmp.Set(x)
		x.Set(y)
		y.Set(tmp)
	}
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		fv := v.Field(i)
		if !f.IsExported() {
			continue
		}
		vis := kit.Vis(f.Tag.Get("vis"))
		if f.Anonymous && vis == "" {
			swapSeats(fv, a, b, seats)
			continue
		}
		if fv.Kind() != reflect.Slice || fv.Len() != seats {
			continue
		}
		switch {
		case vis == kit.VisPrivate:
			swap(fv.Index(a), fv.Index(b))
		case vis == kit.VisPublic:
			x, y := fv.Index(a), fv.Index(b)
			for x.Kind() == reflect.Pointer && !x.IsNil() && !y.IsNil() {
				x, y = x.Elem(), y.Elem()
			}
			if x.Kind() != reflect.Struct {
				continue
			}
			for k := 0; k < x.NumField(); k++ {
				if x.Type().Field(k).IsExported() && kit.Vis(x.Type().Field(k).Tag.Get("vis")) == kit.VisPrivate {
					swap(x.Field(k), y.Field(k))
				}
			}
		}
	}
}

var timeKind = reflect.TypeOf(time.Time{})

// reverseHidden reverses every list under a private or hidden field,
// however deep, in place (a list that is a map's value is replaced by a
// reversed copy).
func reverseHidden(v reflect.Value, vis kit.Vis) {
	secret := vis == kit.VisPrivate || vis == kit.VisHidden
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			reverseHidden(v.Elem(), vis)
		}
	case reflect.Struct:
		if v.Type() == timeKind {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			fv := vis
			if vis == kit.VisPublic {
				if tag := kit.Vis(f.Tag.Get("vis")); tag != "" {
					fv = tag
				}
			}
			reverseHidden(v.Field(i), fv)
		}
	case reflect.Slice:
		if secret && v.Len() > 1 && v.CanSet() {
			sw := reflect.Swapper(v.Interface())
			for i, j := 0, v.Len()-1; i < j; i, j = i+1, j-1 {
				sw(i, j)
			}
		}
		for i := 0; i < v.Len(); i++ {
			reverseHidden(v.Index(i), vis)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := v.MapIndex(k)
			cp := reflect.New(e.Type()).Elem()
			if e.Kind() == reflect.Slice {
				cp.Set(reflect.MakeSlice(e.Type(), e.Len(), e.Len()))
				reflect.Copy(cp, e)
			} else {
				cp.Set(e)
			}
			reverseHidden(cp, vis)
			v.SetMapIndex(k, cp)
		}
	}
}
