package kit

import (
	"encoding/json"
	"reflect"
	"strings"
)

// sourcedType is the type of the group marker that LoadData looks for.
var sourcedType = reflect.TypeFor[Sourced]()

// overlayStep is what overlay does at one value the override gives: v is
// the value in the game's data, raw the override's JSON for it.
type overlayStep func(v reflect.Value, raw json.RawMessage)

// overlay walks dst (a pointer) alongside the override's JSON, calling
// step at every value the override gives: the fields of an object, at any
// depth, and the items of a list.
func overlay(dst any, raw json.RawMessage, step overlayStep) {
	walkGiven(reflect.ValueOf(dst), raw, step)
}

func walkGiven(v reflect.Value, raw json.RawMessage, step overlayStep) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walkGiven(v.Elem(), raw, step)
		}
		return
	case reflect.Slice:
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) == nil {
			for i := 0; i < v.Len() && i < len(items); i++ {
				walkGiven(v.Index(i), items[i], step)
			}
		}
	case reflect.Struct:
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &fields) != nil || fields == nil {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				// An embedded struct's fields stand in the same
				// JSON object.
				walkGiven(v.Field(i), raw, step)
				continue
			}
			if sub, ok := givenField(fields, f); ok {
				walkGiven(v.Field(i), sub, step)
			}
		}
	}
	step(v, raw)
}

// givenField returns the override's JSON for struct field f, matched as
// encoding/json matches it: the tag's name, else the field's, exactly or
// else ignoring case.
func givenField(fields map[string]json.RawMessage, f reflect.StructField) (json.RawMessage, bool) {
	if !f.IsExported() {
		return nil, false
	}
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	switch name {
	case "-":
		return nil, false
	case "":
		name = f.Name
	}
	if sub, ok := fields[name]; ok {
		return sub, true
	}
	for k, sub := range fields {
		if strings.EqualFold(k, name) {
			return sub, true
		}
	}
	return nil, false
}

// clearList empties a list the override gives before it is decoded, so
// that the override's list replaces the embedded one whole (encoding/json
// would otherwise decode into the embedded items and keep the fields the
// override leaves out).
func clearList(v reflect.Value, _ json.RawMessage) {
	if v.Kind() == reflect.Slice && v.CanSet() {
		v.SetZero()
	}
}

// markEntered marks a group the override gave as table-entered, unless the
// override states the group's source.
func markEntered(v reflect.Value, raw json.RawMessage) {
	if v.Kind() != reflect.Struct {
		return
	}
	for i := 0; i < v.NumField(); i++ {
		if f := v.Type().Field(i); !f.Anonymous || f.Type != sourcedType {
			continue
		}
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &fields) != nil {
			return
		}
		if _, stated := fields["source"]; !stated {
			// Through an unexported embedding the field is still settable,
			// as encoding/json relies on.
			v.Field(i).FieldByName("Source").SetString(SourceTableEntered)
		}
		return
	}
}
