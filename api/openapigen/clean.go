package openapigen

import (
	"strconv"
	"strings"

	"tablewarden/table"
)

// clean applies the document's typing rules to the whole of it, the parts
// written by hand too, so that they hold whatever is added by hand later:
// every enum states its type, every operation its security (an empty list
// where it is public), the document its server, the cookie schemes their
// real cookie names; and it types the fields the generic Go types leave
// open (Choice.value, OptionSpec.default, Error.params).
func clean(top *Object) {
	top.Set("servers", []any{NewObject("url", "/", "description", "The server that serves this document: every path is relative to its origin.")})
	comps := top.Obj("components")
	schemes := comps.Obj("securitySchemes")
	schemes.Delete("cookie")
	schemes.Set("seatCookie", NewObject("type", "apiKey", "in", "cookie", "name", "tw_s",
		"description", "A seat's token, set by the join (and the hand-over and rematch claims) as an HttpOnly cookie on the path /api/tables/<table id>, so that each table's cookie goes to that table's API only. State-changing requests with it need the header X-Requested-With: tablewarden."))
	schemes.Set("hostCookie", NewObject("type", "apiKey", "in", "cookie", "name", "tw_h",
		"description", "The host's token, set by the create (and the rematch) as an HttpOnly cookie on the path /api/tables/<table id>; sent with ?as=host. State-changing requests with it need the header X-Requested-With: tablewarden."))
	paths := top.Obj("paths")
	for _, p := range paths.Keys() {
		item := paths.Obj(p)
		for _, m := range item.Keys() {
			op := item.Obj(m)
			if op == nil || !isMethod(m) {
				continue
			}
			sec, ok := op.Get("security")
			if !ok {
				op.Set("security", []any{})
				continue
			}
			var out []any
			for _, req := range sec.([]any) {
				if o, _ := req.(*Object); o != nil && len(o.Keys()) == 1 && o.Keys()[0] == "cookie" {
					out = append(out, NewObject("seatCookie", []any{}), NewObject("hostCookie", []any{}))
					continue
				}
				out = append(out, req)
			}
			if out == nil {
				out = []any{}
			}
			op.Set("security", out)
		}
	}
	// The moves' examples, one per game they are played in (x-game): a
	// test plays each on a new table of that game (TestOpenAPIRequestExamples).
	if mv := paths.Obj("/api/tables/{id}/moves"); mv != nil {
		if media := mv.Obj("post").Obj("requestBody").Obj("content").Obj("application/json"); media != nil {
			media.Set("examples", NewObject(
				"draw", NewObject("summary", "Jumpship: the player whose turn it is draws (a move without arguments)",
					"value", NewObject("type", "draw"), "x-game", "jumpship"),
				"designate_alien", NewObject("summary", "Alien: USCSS Nostromo: the host names the Alien player at the start (a seat argument)",
					"value", NewObject("type", "designate_alien", "args", NewObject("seat", 0)), "x-game", "nostromo"),
			))
		}
	}
	// The result as CSV (table.Result.WriteCSV): its columns and its seat
	// numbers, the JSON's.
	if res := paths.Obj("/api/tables/{id}/result"); res != nil {
		get := res.Obj("get")
		get.Set("summary", "A finished game's result: the game, when it was played and for how long, the seats with their names, the winners and, where the game scores, each seat's points by category. ?format=csv gives the same as CSV (text/csv below).")
		if c := get.Obj("responses").Obj("200").Obj("content"); c != nil {
			c.Set("text/csv", NewObject("schema", NewObject("type", "string",
				"description", "A header line ("+strings.Join(table.Result{}.CSVHeader(), ",")+", then one score.<category> column per category), then one line per seat and per other scored party such as Lockup's guards. The seat column numbers seats as the JSON does (Result.seats[].seat, from 0); a party that is no seat (the guards) has -1, as in Result.scores.",
				"example", "table_id,game,started_at,ended_at,duration_seconds,seat,name,winner,total,rank\nAbC123,jumpship,2026-01-01T12:00:00Z,2026-01-01T12:40:00Z,2400,0,Ann,true,,\n")))
		}
	}
	// The stream's events are described by StreamEvent.
	if st := paths.Obj("/api/tables/{id}/stream"); st != nil {
		if c := st.Obj("get").Obj("responses").Obj("200").Obj("content"); c != nil {
			c.Set("text/event-stream", NewObject("schema", ref("StreamEvent")))
		}
	}

	schemas := comps.Obj("schemas")
	scalar := func(types ...string) []any {
		var out []any
		for _, t := range types {
			out = append(out, NewObject("type", t))
		}
		return out
	}
	if c := schemas.Obj("Choice"); c != nil {
		c.Obj("properties").Set("value", NewObject("oneOf", scalar("string", "integer", "boolean"),
			"description", "What the move's argument (or the option) takes when this choice is made: a code (string), a number (a seat, an index) or a yes/no (boolean)."))
	}
	if o := schemas.Obj("OptionSpec"); o != nil {
		o.Obj("properties").Set("default", NewObject("oneOf", append(scalar("string", "integer", "boolean"), NewObject("type", "object", "nullable", true)),
			"description", "The value the table takes when the option is left out: a string (enum, string), an integer (int, seat: -1 is the game's own rule), a boolean (bool), an object or null (json)."))
	}
	if e := schemas.Obj("Error"); e != nil {
		e.Obj("properties").Set("params", NewObject("type", "object",
			"description", "The refusal's parameters by name, as strings, for a client's own translation of the refusal.",
			"properties", NewObject("detail", NewObject("type", "string",
				"description", "bad_args and bad_option: the whole sentence as a term of the game's message catalog, '§bad_args.<shape>(<param>=<value>;…)' (e.g. '§bad_args.type_seat(arg=to;got=\"abc\")'); the catalog's 'term.bad_args.<shape>' is its text, with the params in braces. The other params (arg, got) are the same values one by one.")),
			"additionalProperties", NewObject("type", "string")))
	}
	if j := schemas.Obj("JoinRequest"); j != nil {
		j.Obj("properties").Obj("code").Set("example", exampleJoinCode())
		j.Obj("properties").Obj("code").Set("minLength", table.JoinCodeLen)
		j.Obj("properties").Obj("code").Set("description", "The table's join code, as shown by the host's screen: "+strconv.Itoa(table.JoinCodeLen)+" characters (case, spaces and dashes do not matter).")
	}
	typeEnums(top)
	pruneUnused(top)
}

// pruneUnused deletes the generated components that nothing references:
// those made on the way to a schema whose fields the generator then
// replaced (kit.View's own seats and outcome, say).
func pruneUnused(top *Object) {
	schemas := top.Obj("components").Obj("schemas")
	for {
		used := map[string]bool{}
		var walk func(v any, self string)
		walk = func(v any, self string) {
			switch x := v.(type) {
			case *Object:
				if r, ok := x.Get("$ref"); ok {
					if s, ok := r.(string); ok && s != "#/components/schemas/"+self {
						used[strings.TrimPrefix(s, "#/components/schemas/")] = true
					}
				}
				for _, k := range x.Keys() {
					val, _ := x.Get(k)
					walk(val, self)
				}
			case []any:
				for _, e := range x {
					walk(e, self)
				}
			}
		}
		for _, k := range top.Keys() {
			if k == "components" {
				continue
			}
			val, _ := top.Get(k)
			walk(val, "")
		}
		comps := top.Obj("components")
		for _, k := range comps.Keys() {
			if k == "schemas" {
				for _, name := range schemas.Keys() {
					walk(schemas.Obj(name), name)
				}
				continue
			}
			val, _ := comps.Get(k)
			walk(val, "")
		}
		gone := false
		for _, name := range append([]string(nil), schemas.Keys()...) {
			if g, _ := schemas.Obj(name).Get("x-generated"); g == true && !used[name] {
				schemas.Delete(name)
				gone = true
			}
		}
		if !gone {
			return
		}
	}
}

// exampleJoinCode is a join code as the server makes them.
func exampleJoinCode() string {
	return strings.Repeat("K7P2QW9X", 1+table.JoinCodeLen/8)[:table.JoinCodeLen]
}

func isMethod(m string) bool {
	switch m {
	case "get", "put", "post", "delete", "options", "head", "patch", "trace":
		return true
	}
	return false
}

// typeEnums gives every enum in v that states no type the type its values
// share.
func typeEnums(v any) {
	switch x := v.(type) {
	case *Object:
		if e, ok := x.Get("enum"); ok {
			if _, typed := x.Get("type"); !typed {
				if vals, ok := e.([]any); ok {
					if t := jsonType(vals); t != "" {
						x.Set("type", t)
					}
				}
			}
		}
		for _, k := range x.Keys() {
			if k == "example" || k == "examples" || k == "enum" || k == "default" {
				continue
			}
			val, _ := x.Get(k)
			typeEnums(val)
		}
	case []any:
		for _, e := range x {
			typeEnums(e)
		}
	}
}
