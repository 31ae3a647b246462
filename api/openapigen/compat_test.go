package openapigen

import (
	"strings"
	"testing"
)

const compatBase = `{"paths": {
 "/a": {"get": {"responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/V"}}}}}},
        "post": {"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/R"}}}}, "responses": {}}}},
 "components": {"schemas": {
  "V": {"type": "object", "properties": {"code": {"type": "string"}, "n": {"type": "integer"}}, "required": ["code"], "additionalProperties": false},
  "R": {"type": "object", "properties": {"kind": {"type": "string", "enum": ["a", "b"]}, "opt": {"type": "string"}}, "additionalProperties": false}}}}`

// TestBreaking checks each kind of change the comparison must see, and
// that additions are not breaking.
func TestBreaking(t *testing.T) {
	for _, c := range []struct {
		name, from, to string
		want           string // "" for no breaking change
	}{
		{"Same", "", "", ""},
		{"AddResponseField", `"n": {"type": "integer"}}`, `"n": {"type": "integer"}, "extra": {"type": "boolean"}}`, ""},
		{"AddOperation", `"/a": {`, `"/b": {"get": {"responses": {}}}, "/a": {`, ""},
		{"RemoveResponseField", `"code": {"type": "string"}, `, ``, "GET /a 200.code: field removed"},
		{"ResponseFieldOptional", `"required": ["code"]`, `"required": []`, "field no longer always present"},
		{"TypeChanged", `"n": {"type": "integer"}`, `"n": {"type": "string"}`, "type integer became string"},
		{"EnumNarrowed", `"enum": ["a", "b"]`, `"enum": ["a"]`, "value b no longer accepted"},
		{"NewlyRequired", `"opt": {"type": "string"}}, "additionalProperties"`, `"opt": {"type": "string"}}, "required": ["opt"], "additionalProperties"`, "opt: field newly required"},
		{"RemoveOperation", `"post": {`, `"put": {`, "POST /a: operation removed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cur := strings.Replace(compatBase, c.from, c.to, 1)
			if c.from != "" && cur == compatBase {
				t.Fatalf("the case does not change the document")
			}
			got, err := Breaking([]byte(compatBase), []byte(cur))
			if err != nil {
				t.Fatal(err)
			}
			joined := strings.Join(got, "\n")
			if c.want == "" && len(got) > 0 || c.want != "" && !strings.Contains(joined, c.want) {
				t.Fatalf("Breaking = %q, want %q", got, c.want)
			}
		})
	}
}

// TestSemver checks the version's form and order.
func TestSemver(t *testing.T) {
	for _, bad := range []string{"1", "1.0", "01.0.0", "1.0.0-rc1", "v1.0.0"} {
		if _, err := ParseSemver(bad); err == nil {
			t.Fatalf("ParseSemver(%q) accepted", bad)
		}
	}
	a, _ := ParseSemver("1.10.0")
	b, _ := ParseSemver("2.0.0")
	c, _ := ParseSemver("1.9.3")
	if !a.Less(b) || !c.Less(a) || b.Less(a) {
		t.Fatal("Less orders versions wrongly")
	}
}
