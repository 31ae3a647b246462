package kit

import (
	"fmt"
	"reflect"
	"strings"
	"time"
)

// Every exported field of a game's state types carries a `vis` struct tag
// that classifies it:
//
//	vis:"public"   everyone may see it (the board page too);
//	vis:"private"  only its owning seat may see it (a hand, a role, a Bio ID);
//	vis:"hidden"   nobody may see it (bag contents, deck order, face-down tokens).
//
// Fields of struct type tagged public are classified field by field in turn;
// the whole subtree of a private or hidden field inherits its class.
// CheckClassified fails on a field without a tag, so a new secret cannot be
// added to state without being classified, and the leakage tests walk the
// private and hidden fields with Secrets.

// Vis is a visibility class.
type Vis string

// The visibility classes.
const (
	VisPublic  Vis = "public"
	VisPrivate Vis = "private"
	VisHidden  Vis = "hidden"
)

var timeType = reflect.TypeOf(time.Time{})

// CheckClassified returns an error naming every exported field reachable
// from t whose visibility is not classified.
func CheckClassified(t reflect.Type) error {
	var missing []string
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type, path string)
	walk = func(t reflect.Type, path string) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || t == timeType || seen[t] {
			return
		}
		seen[t] = true
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() || f.Tag.Get("json") == "-" {
				continue
			}
			p := path + "." + f.Name
			v := Vis(f.Tag.Get("vis"))
			switch v {
			case VisPublic:
				walk(f.Type, p)
			case VisPrivate, VisHidden:
			default:
				if f.Anonymous {
					walk(f.Type, p)
					continue
				}
				missing = append(missing, fmt.Sprintf("%s (%s)", p, t.Name()))
			}
		}
	}
	walk(t, t.String())
	if len(missing) > 0 {
		return fmt.Errorf("fields without a vis tag: %s", strings.Join(missing, ", "))
	}
	return nil
}

// Secret is one value found in a private or hidden field.
type Secret struct {
	Path  string
	Vis   Vis
	Value any
}

// Secrets walks a state value and returns every private or hidden leaf
// value (strings and numbers inside the classified subtree), with its path.
// Leakage tests use it to list what must not appear in other viewers' views.
func Secrets(v any) []Secret {
	var out []Secret
	var walk func(rv reflect.Value, path string, vis Vis)
	walk = func(rv reflect.Value, path string, vis Vis) {
		switch rv.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !rv.IsNil() {
				walk(rv.Elem(), path, vis)
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < rv.Len(); i++ {
				walk(rv.Index(i), fmt.Sprintf("%s[%d]", path, i), vis)
			}
		case reflect.Map:
			for _, k := range rv.MapKeys() {
				walk(rv.MapIndex(k), fmt.Sprintf("%s[%v]", path, k), vis)
			}
		case reflect.Struct:
			if rv.Type() == timeType {
				if vis != VisPublic {
					out = append(out, Secret{Path: path, Vis: vis, Value: rv.Interface()})
				}
				return
			}
			t := rv.Type()
			for i := 0; i < t.NumField(); i++ {
				f := t.Field(i)
				if !f.IsExported() {
					continue
				}
				fv := vis
				if vis == VisPublic {
					if tag := Vis(f.Tag.Get("vis")); tag != "" {
						fv = tag
					}
				}
				walk(rv.Field(i), path+"."+f.Name, fv)
			}
		default:
			if vis != VisPublic && rv.IsValid() && rv.CanInterface() {
				out = append(out, Secret{Path: path, Vis: vis, Value: rv.Interface()})
			}
		}
	}
	walk(reflect.ValueOf(v), "", VisPublic)
	return out
}
