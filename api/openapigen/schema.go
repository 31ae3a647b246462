package openapigen

import (
	"encoding/json"
	"reflect"
	"strings"
	"time"
	"unicode"
)

// reflector turns Go types into OpenAPI 3.0 schemas, the way
// encoding/json writes them: a struct is an object of its json-tagged
// fields (additionalProperties false, so that an undocumented field fails
// validation), a field without omitempty is required (and nullable when
// it is a slice, a map, a pointer or an interface, which encode as null
// when nil), a named struct becomes a component of its own. A field's
// `enum:"a,b"` tag lists the codes it takes.
type reflector struct {
	schemas *Object
	// names maps the named types already made into components.
	names map[reflect.Type]string
	// fixed maps types to components written by hand.
	fixed map[reflect.Type]string
	// prefix names the components of a package's types: the game's name
	// for a game's package, nothing for kit's and table's.
	prefix func(pkg string) string
	// made lists the components this generator wrote, in order.
	made []string
}

var (
	timeType    = reflect.TypeFor[time.Time]()
	rawType     = reflect.TypeFor[json.RawMessage]()
	marshalType = reflect.TypeFor[json.Marshaler]()
)

func ref(name string) *Object { return NewObject("$ref", "#/components/schemas/"+name) }

// add stores a generated component.
func (r *reflector) add(name string, s *Object) {
	s.Set("x-generated", true)
	r.made = append(r.made, name)
	r.schemas.Set(name, s)
}

// componentName is a named type's component: its package's prefix and its
// name with a capital letter.
func (r *reflector) componentName(t reflect.Type) string {
	n := []rune(t.Name())
	n[0] = unicode.ToUpper(n[0])
	return r.prefix(t.PkgPath()) + string(n)
}

// schema returns the schema of t: a reference for a named struct, inline
// for the rest.
func (r *reflector) schema(t reflect.Type) *Object {
	if name, ok := r.fixed[t]; ok {
		return ref(name)
	}
	switch {
	case t == timeType:
		return NewObject("type", "string", "format", "date-time")
	case t == rawType:
		return NewObject()
	case t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && t.Implements(marshalType):
		return NewObject()
	}
	switch t.Kind() {
	case reflect.Pointer:
		return r.schema(t.Elem())
	case reflect.Interface:
		return NewObject()
	case reflect.String:
		return NewObject("type", "string")
	case reflect.Bool:
		return NewObject("type", "boolean")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return NewObject("type", "integer")
	case reflect.Float32, reflect.Float64:
		return NewObject("type", "number")
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			return NewObject("type", "string", "format", "byte")
		}
		return NewObject("type", "array", "items", r.schema(t.Elem()))
	case reflect.Map:
		return NewObject("type", "object", "additionalProperties", r.schema(t.Elem()))
	case reflect.Struct:
		if t.Name() == "" {
			return r.structSchema(t)
		}
		if name, ok := r.names[t]; ok {
			return ref(name)
		}
		name := r.componentName(t)
		r.names[t] = name
		r.add(name, r.structSchema(t))
		return ref(name)
	}
	return NewObject()
}

// structSchema is the object schema of a struct type's fields.
func (r *reflector) structSchema(t reflect.Type) *Object {
	props := NewObject()
	var required []any
	r.fields(t, props, &required)
	s := NewObject("type", "object", "properties", props)
	if len(required) > 0 {
		s.Set("required", required)
	}
	s.Set("additionalProperties", false)
	return s
}

// fields adds t's fields to props, flattening embedded structs as
// encoding/json does.
func (r *reflector) fields(t reflect.Type, props *Object, required *[]any) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				r.fields(et, props, required)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		s := r.schema(f.Type)
		if e := f.Tag.Get("enum"); e != "" {
			var vals []any
			for _, v := range strings.Split(e, ",") {
				vals = append(vals, v)
			}
			s = withEnum(s, vals)
		}
		omit := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
		if !omit {
			*required = append(*required, name)
			switch f.Type.Kind() {
			case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Interface:
				s = nullable(s)
			}
		}
		props.Set(name, s)
	}
}

// withEnum returns s limited to vals (on its items for an array).
func withEnum(s *Object, vals []any) *Object {
	if typ, _ := s.Get("type"); typ == "array" {
		s.Set("items", withEnum(s.Obj("items"), vals))
		return s
	}
	s.Set("enum", vals)
	return s
}

// nullable marks s as taking null too (a reference is wrapped, as OpenAPI
// 3.0 ignores a $ref's siblings).
func nullable(s *Object) *Object {
	if _, ok := s.Get("$ref"); ok {
		return NewObject("nullable", true, "allOf", []any{s})
	}
	if len(s.Keys()) == 0 {
		return NewObject("nullable", true)
	}
	s.Set("nullable", true)
	return s
}
