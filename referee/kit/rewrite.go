package kit

import "reflect"

// RewriteStrings returns x with every string (the values of exported
// fields, slices, maps and interfaces, and the keys of maps) replaced by
// f's result. x itself is never changed, so a view may share slices and
// maps with a game's state: what holds a changed string is copied, and
// what holds none is the same value as in x (shared, not copied; views
// are only read). Unexported fields are copied as they are.
func RewriteStrings[T any](x T, f func(string) string) T {
	v := reflect.ValueOf(&x).Elem()
	n, changed := rewrite(v, f)
	if !changed {
		return x
	}
	out := reflect.New(v.Type()).Elem()
	out.Set(n)
	return out.Interface().(T)
}

// rewrite returns v with its strings rewritten and whether any changed;
// when none did, it returns v itself.
func rewrite(v reflect.Value, f func(string) string) (reflect.Value, bool) {
	t := v.Type()
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		r := f(s)
		if r == s {
			return v, false
		}
		n := reflect.New(t).Elem()
		n.SetString(r)
		return n, true
	case reflect.Pointer:
		if v.IsNil() {
			return v, false
		}
		e, changed := rewrite(v.Elem(), f)
		if !changed {
			return v, false
		}
		n := reflect.New(t.Elem())
		n.Elem().Set(e)
		return n, true
	case reflect.Interface:
		if v.IsNil() {
			return v, false
		}
		e, changed := rewrite(v.Elem(), f)
		if !changed {
			return v, false
		}
		n := reflect.New(t).Elem()
		n.Set(e)
		return n, true
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return v, false
		}
		var n reflect.Value
		for i := range v.Len() {
			e, changed := rewrite(v.Index(i), f)
			if !changed {
				continue
			}
			if !n.IsValid() {
				// The first change: copy what came before it.
				if v.Kind() == reflect.Slice {
					n = reflect.MakeSlice(t, v.Len(), v.Len())
				} else {
					n = reflect.New(t).Elem()
				}
				reflect.Copy(n, v)
			}
			n.Index(i).Set(e)
		}
		if !n.IsValid() {
			return v, false
		}
		return n, true
	case reflect.Map:
		if v.IsNil() {
			return v, false
		}
		type kv struct{ k, v reflect.Value }
		var all []kv
		changedAny := false
		it := v.MapRange()
		for it.Next() {
			k, kc := rewrite(it.Key(), f)
			e, ec := rewrite(it.Value(), f)
			changedAny = changedAny || kc || ec
			all = append(all, kv{k, e})
		}
		if !changedAny {
			return v, false
		}
		n := reflect.MakeMapWithSize(t, len(all))
		for _, p := range all {
			n.SetMapIndex(p.k, p.v)
		}
		return n, true
	case reflect.Struct:
		var n reflect.Value
		for i := range t.NumField() {
			if !t.Field(i).IsExported() {
				continue
			}
			e, changed := rewrite(v.Field(i), f)
			if !changed {
				continue
			}
			if !n.IsValid() {
				n = reflect.New(t).Elem()
				n.Set(v)
			}
			n.Field(i).Set(e)
		}
		if !n.IsValid() {
			return v, false
		}
		return n, true
	}
	return v, false
}
