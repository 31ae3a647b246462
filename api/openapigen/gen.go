// Package openapigen writes the generated parts of api/openapi.json: each
// game's view (public, private, seats, moves offered, outcome), its moves'
// arguments and its table options, from the Go types of the game's view
// and its catalog (kit.Info), and the result of a finished game from
// table.Result. The parts written by hand (paths, requests, errors) are
// kept as they are, in their order; every generated schema carries
// "x-generated": true and is replaced at each run.
//
// The games are Games(): the catalog's and the bench build's givetoken.
//
// Run it with `go generate ./api` (cmd/tablewarden-openapi);
// TestOpenAPIGenerated fails when the committed document differs from its
// output.
package openapigen

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"tablewarden/referee/kit"
	"tablewarden/table"
)

// Generate returns doc (the document as kept) with its generated schemas
// made again for games.
func Generate(doc []byte, games []kit.Game) ([]byte, error) {
	root, err := Parse(doc)
	if err != nil {
		return nil, err
	}
	top, ok := root.(*Object)
	if !ok || top.Obj("components") == nil || top.Obj("components").Obj("schemas") == nil {
		return nil, fmt.Errorf("the document has no components.schemas")
	}
	schemas := top.Obj("components").Obj("schemas")
	for _, k := range append([]string(nil), schemas.Keys()...) {
		if s := schemas.Obj(k); s != nil {
			if v, _ := s.Get("x-generated"); v == true {
				schemas.Delete(k)
			}
		}
	}
	prefixes := map[string]string{}
	for _, g := range games {
		prefixes[reflect.TypeOf(g).Elem().PkgPath()] = gamePrefix(g.Info())
	}
	r := &reflector{schemas: schemas, names: map[reflect.Type]string{}, prefix: func(pkg string) string { return prefixes[pkg] },
		fixed: map[reflect.Type]string{
			reflect.TypeFor[kit.MoveSpec]():   "MoveSpec",
			reflect.TypeFor[kit.ArgSpec]():    "ArgSpec",
			reflect.TypeFor[kit.Choice]():     "Choice",
			reflect.TypeFor[kit.Event]():      "Event",
			reflect.TypeFor[kit.OptionSpec](): "OptionSpec",
		}}
	var views []any
	mapping := NewObject()
	for _, g := range games {
		name, err := r.game(g)
		if err != nil {
			return nil, err
		}
		views = append(views, ref(name))
		mapping.Set(g.Info().ID, "#/components/schemas/"+name)
	}
	r.add("NoArgs", NewObject("type", "object", "description", "The arguments of a move that takes none: absent, or an empty object.",
		"properties", NewObject(), "additionalProperties", false,
		// Go: an empty struct, not a map (oapi-codegen).
		"x-go-type", "struct{}"))
	r.add("View", NewObject(
		"description", "A game's view for one screen: what it may see, the moves it may make now and what it should do next. One schema per game, chosen by game.",
		"oneOf", views,
		"discriminator", NewObject("propertyName", "game", "mapping", mapping)))
	r.schema(reflect.TypeFor[table.Result]())
	if err := r.refusalCodes(top, games); err != nil {
		return nil, err
	}
	r.requests(games)
	r.streamEvents()
	clean(top)
	return Format(top)
}

// game writes one game's schemas and returns its view's component name.
func (r *reflector) game(g kit.Game) (string, error) {
	info := g.Info()
	p := gamePrefix(info)
	sh, ok := g.(kit.ViewShaper)
	if !ok {
		return "", fmt.Errorf("%s does not name its view types (kit.ViewShaper)", info.ID)
	}
	shapes := sh.ViewShapes()
	part := func(v any) *Object {
		if v == nil {
			return NewObject()
		}
		return r.schema(reflect.TypeOf(v))
	}

	// Moves offered in a view: the catalog's MoveSpec with this game's move
	// types.
	var types []any
	for _, m := range info.Moves {
		types = append(types, m.Type)
	}
	if !slices.Contains(types, any(kit.TimerExpiredMove)) {
		types = append(types, kit.TimerExpiredMove)
	}
	spec := r.structSchema(reflect.TypeFor[kit.MoveSpec]())
	spec.Obj("properties").Set("type", NewObject("type", "string", "enum", types))
	spec.Set("description", info.Name+": a move type of the catalog as a view offers it, its arguments' choices narrowed to what is legal now.")
	r.add(p+"MoveSpec", spec)

	out := r.structSchema(reflect.TypeFor[kit.Outcome]())
	out.Set("description", info.Name+": how the game ended.")
	if shapes.Revealed != nil {
		out.Obj("properties").Set("revealed", part(shapes.Revealed))
	}
	r.add(p+"Outcome", out)

	if shapes.Facts != nil {
		seat := r.structSchema(reflect.TypeFor[kit.SeatView]())
		seat.Set("description", info.Name+": a seat's public line, its facts by name.")
		seat.Obj("properties").Set("facts", part(shapes.Facts))
		r.add(p+"Seat", seat)
	}

	v := r.structSchema(reflect.TypeFor[kit.View]())
	v.Set("description", info.Name+": one screen's view of the game.")
	props := v.Obj("properties")
	props.Set("game", NewObject("type", "string", "enum", []any{info.ID}))
	if len(shapes.Phases) > 0 {
		var ph []any
		for _, x := range shapes.Phases {
			ph = append(ph, x)
		}
		props.Set("phase", NewObject("type", "string", "enum", ph))
	}
	if shapes.Public != nil {
		props.Set("public", part(shapes.Public))
	}
	if shapes.Private != nil {
		props.Set("private", part(shapes.Private))
	}
	props.Set("moves", nullable(NewObject("type", "array", "items", ref(p+"MoveSpec"))))
	if shapes.Facts != nil {
		props.Set("seats", nullable(NewObject("type", "array", "items", ref(p+"Seat"))))
	}
	props.Set("outcome", ref(p+"Outcome"))
	r.add(p+"View", v)

	r.options(p, info)
	r.moves(p, info)
	return p + "View", nil
}

// options writes the game's table options (CreateTableRequest.options).
func (r *reflector) options(p string, info kit.Info) {
	props := NewObject()
	for _, o := range info.Options {
		var s *Object
		switch o.Kind {
		case kit.OptInt:
			s = NewObject("type", "integer")
			if o.Min != nil {
				s.Set("minimum", *o.Min)
			}
			if o.Max != nil {
				s.Set("maximum", *o.Max)
			}
		case kit.OptBool:
			s = NewObject("type", "boolean")
		case kit.OptEnum:
			s = typedEnum(choiceValues(o.Choices))
		case kit.OptString:
			s = NewObject("type", "string")
		default:
			s = NewObject("description", "Game data laid over the game's own (a JSON merge patch of its data file).")
		}
		if o.Label != "" {
			if _, ok := s.Get("description"); !ok {
				s.Set("description", o.Label)
			}
		}
		props.Set(o.Name, s)
	}
	r.add(p+"Options", NewObject("type", "object", "description", info.Name+": the table options (every one optional; the default applies).",
		"properties", props, "additionalProperties", false))
}

// moves writes one schema per move type (its type and its arguments) and
// the game's move request as one of them, chosen by type.
func (r *reflector) moves(p string, info kit.Info) {
	var one []any
	mapping := NewObject()
	for _, m := range info.Moves {
		props := NewObject()
		var required []any
		for _, a := range m.Args {
			var s *Object
			switch a.Kind {
			case kit.ArgInt, kit.ArgSeat:
				s = NewObject("type", "integer")
				if a.Min != nil {
					s.Set("minimum", *a.Min)
				} else if a.Kind == kit.ArgSeat {
					s.Set("minimum", 0)
				}
				if a.Max != nil {
					s.Set("maximum", *a.Max)
				}
			case kit.ArgBool:
				s = NewObject("type", "boolean")
			case kit.ArgEnum:
				s = NewObject()
				if len(a.Choices) > 0 {
					s = typedEnum(choiceValues(a.Choices))
				}
			default:
				s = NewObject("type", "string")
			}
			if a.Label != "" {
				s.Set("description", a.Label)
			}
			props.Set(a.Name, s)
			if !a.Optional {
				required = append(required, a.Name)
			}
		}
		name := p + "Move" + typeName(strings.ReplaceAll(m.Type, "_", " "))
		args := NewObject("type", "object", "properties", props)
		if len(required) > 0 {
			args.Set("required", required)
		}
		args.Set("additionalProperties", false)
		argsRef := ref("NoArgs")
		if len(props.Keys()) > 0 {
			// A component of its own, so that generated clients name
			// the arguments' type (JumpshipMoveGiveArgs).
			args.Set("description", info.Name+": the arguments of "+m.Type+".")
			r.add(name+"Args", args)
			argsRef = ref(name + "Args")
		}
		mprops := NewObject("type", NewObject("type", "string", "enum", []any{m.Type}), "args", argsRef)
		for _, k := range moveRequestFields().Keys() {
			mprops.Set(k, moveRequestFields().Obj(k))
		}
		s := NewObject("type", "object", "description", m.Label, "properties", mprops, "required", []any{"type"}, "additionalProperties", false)
		if len(required) > 0 {
			s.Set("required", []any{"type", "args"})
		}
		r.add(name, s)
		one = append(one, ref(name))
		mapping.Set(m.Type, "#/components/schemas/"+name)
	}
	r.add(p+"Move", NewObject("description", info.Name+": a move's type and arguments (MoveRequest.type and args), one schema per move type.",
		"oneOf", one, "discriminator", NewObject("propertyName", "type", "mapping", mapping)))
}

func choiceValues(cs []kit.Choice) []any {
	var out []any
	for _, c := range cs {
		out = append(out, c.Value)
	}
	return out
}

// gamePrefix names a game's components: its name up to a colon, without
// a leading "The" ("The Captain Is Dead: Episode III" → "CaptainIsDead").
func gamePrefix(info kit.Info) string {
	if p, ok := shortNames[info.ID]; ok {
		return p
	}
	n, _, _ := strings.Cut(info.Name, ":")
	return typeName(strings.TrimPrefix(n, "The "))
}

// shortNames are the prefixes of games whose name does not start with
// what players call them.
var shortNames = map[string]string{"nostromo": "Nostromo"}

// typeName is a name as a Go type name: "The Captain Is Dead" →
// "TheCaptainIsDead".
func typeName(s string) string {
	var b strings.Builder
	up := true
	for _, c := range s {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			up = true
			continue
		}
		if up {
			c = unicode.ToUpper(c)
			up = false
		}
		b.WriteRune(c)
	}
	return b.String()
}
