package kit

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// sourcedType is the type of the group marker that LoadData looks for.
var sourcedType = reflect.TypeFor[Sourced]()

// overlayStep is what overlay does at one value a JSON document (the
// embedded file or an override) gives: v is the value in the game's data,
// raw the document's JSON for it. An error stops the walk.
type overlayStep func(v reflect.Value, raw json.RawMessage) error

// overlay walks dst (a pointer) alongside the JSON document raw, calling
// step at every value raw gives: the fields of an object, at any depth,
// and the items of a list (not the values of a map).
func overlay(dst any, raw json.RawMessage, step overlayStep) error {
	return walkGiven(reflect.ValueOf(dst), raw, step)
}

func walkGiven(v reflect.Value, raw json.RawMessage, step overlayStep) error {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return walkGiven(v.Elem(), raw, step)
	case reflect.Slice:
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) == nil {
			for i := 0; i < v.Len() && i < len(items); i++ {
				if err := walkGiven(v.Index(i), items[i], step); err != nil {
					return err
				}
			}
		}
	case reflect.Struct:
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &fields) != nil || fields == nil {
			return nil
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			sub, given := raw, f.Anonymous && f.Type.Kind() == reflect.Struct
			if !given {
				// An embedded struct's fields stand in the same JSON
				// object; another field is given under its name.
				sub, given = givenField(fields, f)
			}
			if !given {
				continue
			}
			if err := walkGiven(v.Field(i), sub, step); err != nil {
				return err
			}
		}
	}
	return step(v, raw)
}

// givenField returns the document's JSON for struct field f, matched as
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
func clearList(v reflect.Value, _ json.RawMessage) error {
	if v.Kind() == reflect.Slice && v.CanSet() {
		v.SetZero()
	}
	return nil
}

// markEntered marks a group the override gave as table-entered, unless the
// override states the group's source (checkSource).
func markEntered(v reflect.Value, raw json.RawMessage) error {
	return sourceOf(v, raw, func(source reflect.Value, stated bool) error {
		if !stated {
			source.SetString(SourceTableEntered)
			return nil
		}
		return checkSource(source.String())
	})
}

// requireSource checks that a group of the embedded data states one of the
// three sources.
func requireSource(v reflect.Value, raw json.RawMessage) error {
	return sourceOf(v, raw, func(source reflect.Value, stated bool) error {
		if !stated {
			return fmt.Errorf("a group of %s states no source", v.Type())
		}
		return checkSource(source.String())
	})
}

// sourceOf calls f with the Source field of v when v is a group (a struct
// embedding Sourced), and whether raw, v's JSON, states it.
func sourceOf(v reflect.Value, raw json.RawMessage, f func(source reflect.Value, stated bool) error) error {
	if v.Kind() != reflect.Struct {
		return nil
	}
	for i := 0; i < v.NumField(); i++ {
		if field := v.Type().Field(i); !field.Anonymous || field.Type != sourcedType {
			continue
		}
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &fields) != nil {
			return nil
		}
		_, stated := fields["source"]
		// Through an unexported embedding the field is still settable, as
		// encoding/json relies on.
		return f(v.Field(i).FieldByName("Source"), stated)
	}
	return nil
}

// checkSource refuses a source that is none of the three.
func checkSource(source string) error {
	switch source {
	case SourceRulebook, SourceAssumed, SourceTableEntered:
		return nil
	}
	return fmt.Errorf("source %q is none of %q, %q and %q", source, SourceRulebook, SourceAssumed, SourceTableEntered)
}
