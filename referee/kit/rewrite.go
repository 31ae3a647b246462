package kit

import "reflect"

// RewriteStrings returns a deep copy of x in which every string (the
// values of exported fields, slices, maps and interfaces, and the keys of
// maps) is replaced by f's result. x itself is never changed, so a view
// may share slices and maps with a game's state. Unexported fields are
// copied as they are.
func RewriteStrings[T any](x T, f func(string) string) T {
	v := reflect.ValueOf(&x).Elem()
	out := reflect.New(v.Type()).Elem()
	out.Set(rewrite(v, f))
	return out.Interface().(T)
}

func rewrite(v reflect.Value, f func(string) string) reflect.Value {
	t := v.Type()
	switch v.Kind() {
	case reflect.String:
		n := reflect.New(t).Elem()
		n.SetString(f(v.String()))
		return n
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		n := reflect.New(t.Elem())
		n.Elem().Set(rewrite(v.Elem(), f))
		return n
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		n := reflect.New(t).Elem()
		n.Set(rewrite(v.Elem(), f))
		return n
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		n := reflect.MakeSlice(t, v.Len(), v.Len())
		for i := range v.Len() {
			n.Index(i).Set(rewrite(v.Index(i), f))
		}
		return n
	case reflect.Array:
		n := reflect.New(t).Elem()
		for i := range v.Len() {
			n.Index(i).Set(rewrite(v.Index(i), f))
		}
		return n
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		n := reflect.MakeMapWithSize(t, v.Len())
		it := v.MapRange()
		for it.Next() {
			n.SetMapIndex(rewrite(it.Key(), f), rewrite(it.Value(), f))
		}
		return n
	case reflect.Struct:
		n := reflect.New(t).Elem()
		n.Set(v)
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				n.Field(i).Set(rewrite(v.Field(i), f))
			}
		}
		return n
	}
	return v
}
