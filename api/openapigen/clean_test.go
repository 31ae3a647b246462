package openapigen_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"tablewarden/api/openapigen"
)

// TestDocumentClean checks the typing rules the generator applies to the
// whole of api/openapi.json: every enum states its type, every operation
// its security, the document its servers, the cookie schemes a real cookie
// name; no move type is listed twice in a game's MoveSpec; Choice.value and
// OptionSpec.default are typed.
func TestDocumentClean(t *testing.T) {
	raw, err := os.ReadFile("../openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	root, err := openapigen.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	top := root.(*openapigen.Object)
	var untyped []string
	var walk func(v any, at string)
	walk = func(v any, at string) {
		switch x := v.(type) {
		case *openapigen.Object:
			if e, ok := x.Get("enum"); ok {
				if _, typed := x.Get("type"); !typed {
					untyped = append(untyped, at)
				}
				if vals, ok := e.([]any); ok {
					seen := map[string]bool{}
					for _, v := range vals {
						if k := fmt.Sprint(v); seen[k] {
							t.Errorf("%s: enum lists %s twice", at, k)
						} else {
							seen[k] = true
						}
					}
				}
			}
			for _, k := range x.Keys() {
				if k == "example" || k == "examples" || k == "enum" || k == "default" {
					continue
				}
				val, _ := x.Get(k)
				walk(val, at+"/"+k)
			}
		case []any:
			for i, e := range x {
				walk(e, fmt.Sprintf("%s/%d", at, i))
			}
		}
	}
	walk(top, "#")
	if len(untyped) > 0 {
		t.Errorf("%d enums without a type, such as %s", len(untyped), strings.Join(untyped[:min(5, len(untyped))], ", "))
	}
	if s, _ := top.Get("servers"); s == nil {
		t.Error("the document has no servers")
	}
	paths := top.Obj("paths")
	for _, p := range paths.Keys() {
		for _, m := range paths.Obj(p).Keys() {
			op := paths.Obj(p).Obj(m)
			if op == nil {
				continue
			}
			if _, ok := op.Get("security"); !ok {
				t.Errorf("%s %s states no security", m, p)
			}
		}
	}
	schemes := top.Obj("components").Obj("securitySchemes")
	for _, k := range schemes.Keys() {
		s := schemes.Obj(k)
		if in, _ := s.Get("in"); in == "cookie" {
			if name, _ := s.Get("name"); name == nil || strings.ContainsAny(fmt.Sprint(name), "<>{} ") {
				t.Errorf("cookie scheme %s is named %v, no real cookie name", k, name)
			}
		}
	}
	schemas := top.Obj("components").Obj("schemas")
	for _, f := range []struct{ schema, prop string }{{"Choice", "value"}, {"OptionSpec", "default"}} {
		p := schemas.Obj(f.schema).Obj("properties").Obj(f.prop)
		if _, ok := p.Get("oneOf"); !ok {
			t.Errorf("%s.%s has no type (a oneOf of the scalar types it takes)", f.schema, f.prop)
		}
	}
	for _, k := range schemas.Keys() {
		if strings.HasSuffix(k, "MoveSpec") && k != "MoveSpec" {
			ask := schemas.Obj(k).Obj("properties").Obj("ask")
			if e, _ := ask.Get("enum"); e == nil {
				t.Errorf("%s.ask has no enum", k)
			}
		}
	}
}
