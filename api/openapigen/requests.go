package openapigen

import (
	"fmt"
	"strings"

	"tablewarden/referee/kit"
	"tablewarden/table"
)

// moveRequestFields are the fields of a move request that do not depend on
// the game: every <Game>Move<Type> schema lists them beside its type and
// arguments.
func moveRequestFields() *Object {
	return NewObject(
		"expected_version", NewObject("type", "integer", "description", "The table version the move was chosen at: another version is 409 stale."),
		"idempotency_key", NewObject("type", "string", "maxLength", 100,
			"description", "The same key with the same move gives duplicate:true and the first result; with another move (type, args or player) 409 key_reused and nothing is applied. Keys starting with 'sys:' are the server's own: 400."),
		"as_seat", NewObject("type", "integer", "minimum", 0,
			"description", "Host only: play this move for a seat that no device holds (409 seat_attended otherwise). The log marks it 'played by the host for <name>'."),
	)
}

// typedEnum is an enum of vals with the JSON type they share.
func typedEnum(vals []any) *Object {
	s := NewObject()
	if t := jsonType(vals); t != "" {
		s.Set("type", t)
	}
	s.Set("enum", vals)
	return s
}

// jsonType is the JSON Schema type every value of vals has, or "".
func jsonType(vals []any) string {
	t := ""
	for _, v := range vals {
		var x string
		switch v.(type) {
		case string:
			x = "string"
		case bool:
			x = "boolean"
		case int, int64, int32:
			x = "integer"
		case float64:
			x = "number"
		default:
			if s := fmt.Sprint(v); s != "" && strings.Trim(s, "-0123456789") == "" {
				x = "integer" // a json.Number read back from the document
			} else {
				return ""
			}
		}
		if t != "" && t != x {
			return ""
		}
		t = x
	}
	return t
}

// requests writes the request bodies typed per game: MoveRequest is any
// game's move (a game's <Game>Move, one schema per move type), and
// CreateTableRequest one game's table with that game's options, chosen by
// game.
//
// MoveRequest is an anyOf, not a oneOf: a move request names no game (the
// table does), and two games may share a move type with the same
// arguments (Jumpship's and Give a Token's give), which a oneOf would
// refuse as matching twice.
func (r *reflector) requests(games []kit.Game) {
	var moves, creates []any
	mapping := NewObject()
	for _, g := range games {
		info := g.Info()
		p := gamePrefix(info)
		moves = append(moves, ref(p+"Move"))
		opts := ref(p + "Options")
		create := NewObject("type", "object",
			"description", info.Name+": a new table of this game.",
			"properties", NewObject(
				"game", NewObject("type", "string", "enum", []any{info.ID}),
				"options", NewObject("type", "object", "nullable", true, "allOf", []any{opts}),
				"lang", NewObject("type", "string", "enum", []any{"en", "pt-BR"}, "default", "en",
					"description", "The table's language: the board and a phone that chose no language of its own show the game's words in it. The home page sends the language it shows."),
			),
			"required", []any{"game"},
			"additionalProperties", false)
		r.add(p+"CreateTableRequest", create)
		creates = append(creates, ref(p+"CreateTableRequest"))
		mapping.Set(info.ID, "#/components/schemas/"+p+"CreateTableRequest")
	}
	r.add("MoveRequest", NewObject(
		"description", "A move: its type and arguments as the table's game takes them (the game's <Game>Move; a view's moves list the types offered now, with their arguments' choices), and the fields every move may carry.",
		"anyOf", moves))
	r.add("CreateTableRequest", NewObject(
		"description", "A new table: its game, that game's options (<Game>Options; every option is optional) and its language.",
		"oneOf", creates,
		"discriminator", NewObject("propertyName", "game", "mapping", mapping),
		"example", NewObject("game", "jumpship", "options", NewObject("quarantine_track", 3))))
}

// streamEvents writes StreamEvent: every event the stream sends, its name
// and its data, one schema per event, chosen by the event's name (the SSE
// "event:" field; x-sse-event-field names it).
func (r *reflector) streamEvents() {
	ev := func(name, desc string, data any) {
		r.add("StreamEvent"+typeName(name), NewObject("type", "object", "description", desc,
			"properties", NewObject(
				"event", NewObject("type", "string", "enum", []any{name}),
				"data", data),
			"required", []any{"event", "data"},
			"additionalProperties", false))
	}
	ev("view", "A whole view: the caller's own ViewResponse. The stream's first event, and every later one without ?patches=1.", ref("ViewResponse"))
	ev("patch", "With ?patches=1: what changed since this stream's last view, as a JSON Patch (StreamPatch).", ref("StreamPatch"))
	ev("heartbeat", "Sent every few seconds (the server's -heartbeat, 3 s by default): a stream silent for 2.5 heartbeats is dead.",
		NewObject("type", "object", "properties", NewObject("every_ms", NewObject("type", "integer", "minimum", 1,
			"description", "The heartbeat's period in milliseconds.")),
			"required", []any{"every_ms"}, "additionalProperties", false))
	var reasons []any
	for _, x := range table.RevokedReasons {
		reasons = append(reasons, x)
	}
	ev("revoked", "The stream's credential no longer holds the seat; the stream ends.",
		NewObject("type", "object", "properties", NewObject("reason", NewObject("type", "string", "enum", reasons,
			"description", "revoked: the host revoked the device; handed_over: the seat went to another phone; removed: the host removed the seat; table_deleted: the table is gone.")),
			"required", []any{"reason"}, "additionalProperties", false))
	ev("replaced", "A newer stream of the same credential took this one's place (a credential holds at most a few streams); the stream ends.",
		NewObject("type", "object", "properties", NewObject(), "additionalProperties", false))
	var one []any
	mapping := NewObject()
	for _, n := range []string{"view", "patch", "heartbeat", "revoked", "replaced"} {
		one = append(one, ref("StreamEvent"+typeName(n)))
		mapping.Set(n, "#/components/schemas/StreamEvent"+typeName(n))
	}
	r.add("StreamEvent", NewObject(
		"description", "One Server-Sent Event of GET /api/tables/{id}/stream: its name (the SSE 'event:' field, here 'event') and its data (the 'data:' field, JSON, here 'data'). A stream carries events, not one JSON document: each is read as {event, data}.",
		"oneOf", one,
		"discriminator", NewObject("propertyName", "event", "mapping", mapping),
		"x-sse-event-field", "event",
		"x-sse-data-field", "data"))
}
