package api_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"tablewarden/api/apitest"
	"tablewarden/referee/catalog"
	tablepkg "tablewarden/table"
)

// TestOpenAPIRequestExamples sends every request example of the document
// to a real server, each in the state it describes, and checks the
// documented answer (the operation's 2xx): the create example makes a
// table; the join example joins a table whose join code is the example's;
// each move example (x-game names its game) is played on a new table of
// that game, started, by whichever of the host and the seats it is legal
// for. Each example must also match its own schema, and a join code
// example must have a real code's length.
func TestOpenAPIRequestExamples(t *testing.T) {
	t.Parallel()
	doc, err := apitest.Document()
	if err != nil {
		t.Fatal(err)
	}
	ts := startServer(t, "")
	type example struct {
		op, name, game string
		value          any
	}
	var examples []example
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.RequestBody == nil || op.RequestBody.Value == nil {
				continue
			}
			media := op.RequestBody.Value.Content.Get("application/json")
			if media == nil || media.Schema == nil {
				continue
			}
			where := method + " " + path
			add := func(name, game string, v any) {
				if err := media.Schema.Value.VisitJSON(v, openapi3.MultiErrors()); err != nil {
					t.Errorf("%s: example %s does not match its schema: %v", where, name, err)
				}
				examples = append(examples, example{where, name, game, v})
			}
			if media.Example != nil {
				add("example", "", media.Example)
			}
			for name, ex := range media.Examples {
				game, _ := ex.Value.Extensions["x-game"].(string)
				add(name, game, ex.Value.Value)
			}
			if s := media.Schema.Value; s.Example != nil {
				add("schema example", "", s.Example)
			} else if len(s.Properties) > 0 {
				// The example made of its properties' examples.
				v := map[string]any{}
				for name, p := range s.Properties {
					if p.Value != nil && p.Value.Example != nil {
						v[name] = p.Value.Example
					}
				}
				if len(v) > 0 {
					add("properties' examples", "", v)
				}
			}
		}
	}
	sort.Slice(examples, func(i, j int) bool { return examples[i].op+examples[i].name < examples[j].op+examples[j].name })
	if len(examples) < 3 {
		t.Fatalf("only %d request examples in the document", len(examples))
	}
	for _, ex := range examples {
		what := ex.op + " (" + ex.name + ")"
		raw, _ := json.Marshal(ex.value)
		switch ex.op {
		case "POST /api/tables":
			if st, body := ts.Call("POST", "/api/tables", "", ex.value); st != 201 {
				t.Errorf("%s %s = %d %s, want 201", what, raw, st, body)
			}
		case "POST /api/join":
			code, _ := ex.value.(map[string]any)["code"].(string)
			if n := len(tablepkg.NormalizeJoinCode(code)); n != tablepkg.JoinCodeLen {
				t.Errorf("%s: the join code %q has %d characters; real codes have %d", what, code, n, tablepkg.JoinCodeLen)
			}
			tb := ts.NewTable("jumpship", nil, 0)
			ts.ExecRaw("UPDATE game_tables SET join_code = ? WHERE id = ?", tablepkg.NormalizeJoinCode(code), tb.ID)
			if st, body := ts.Call("POST", "/api/join", "", ex.value); st != 201 {
				t.Errorf("%s %s = %d %s, want 201", what, raw, st, body)
			}
		case "POST /api/tables/{id}/moves":
			g, found := catalog.Get(ex.game)
			if !found {
				t.Errorf("%s: x-game %q is no game of the catalog", what, ex.game)
				continue
			}
			info := g.Info()
			tb := ts.NewTable(ex.game, nil, min(max(info.MinPlayers, 3), info.MaxPlayers))
			ts.Start(tb)
			var answers []string
			ok := false
			for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
				st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tok, ex.value)
				if st == 200 {
					ok = true
					break
				}
				answers = append(answers, fmt.Sprintf("%d %s", st, body))
			}
			if !ok {
				t.Errorf("%s %s: no one at a new %s table may play it:\n%s", what, raw, ex.game, strings.Join(answers, "\n"))
			}
		default:
			t.Errorf("%s: an example this test has no scenario for: add one", what)
		}
	}
}
