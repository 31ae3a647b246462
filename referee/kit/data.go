package kit

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"
)

// The sources of a game-data value. Every value in a game's data.json
// carries one: what the rulebook states, what the project chose where the
// book relies on a printed component it does not reproduce, and what a
// table typed in (an override in its options).
const (
	SourceRulebook     = "rulebook"
	SourceAssumed      = "assumed"
	SourceTableEntered = "table-entered"
)

// Sourced marks where a group of game-data values comes from. Games embed
// it in each group of their Data struct, so every group says its source the
// same way in data.json: {"source": "assumed", "section": "Set Up", …}.
type Sourced struct {
	Source  string `json:"source" vis:"public"`
	Section string `json:"section,omitempty" vis:"public"`
	Note    string `json:"note,omitempty" vis:"public"`
}

// LoadData is the one way a game loads its data: it decodes the embedded
// data.json (the game's go:embed file, never changed) into dst strictly,
// every group stating one of the three sources (a bad embedded file is a
// programming error and is returned as is, never as a *RuleError), then
// lays the table's override, when there is one, over it the way a JSON
// merge patch does: an object (a struct or a map) merges key by key, a
// list replaces the embedded list whole. Unknown fields and wrong types in the override are
// refused with a "bad_option" *RuleError naming rule. Every group (a
// struct embedding Sourced) that the override gives, at any depth in
// structs and lists (not inside a map), is then marked SourceTableEntered
// unless the override states its source itself, as one of the three
// sources. On an error dst is left half-decoded: the game drops it. The
// game validates the result.
func LoadData(embedded []byte, override json.RawMessage, rule string, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(embedded))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return err
	}
	if err := checkSources(embedded, dst); err != nil {
		return err
	}
	raw := bytes.TrimSpace(override)
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(raw, &probe); err != nil {
		return Errorf("bad_option", rule, "The game data override must be a group of named values, like the game's data.json.")
	}
	_ = overlay(dst, raw, clearList) // clearList never fails
	dec = json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		// The decoder's refusal in a plain sentence (argerrors.go).
		return Errorf("bad_option", rule, "The game data override is not valid: %s", strings.ReplaceAll(decodeError(rule, raw, err).Message, "this move's arguments", "its entries"))
	}
	if dec.More() {
		return Errorf("bad_option", rule, "The game data override has trailing data.")
	}
	if err := overlay(dst, raw, markEntered); err != nil {
		return Errorf("bad_option", rule, "The game data override is not valid: %v.", err)
	}
	return nil
}

// sourcesChecked holds the embedded files whose sources checkSources has
// found good, by the address of their first byte: a game's data.json is
// checked once, not on every table it loads.
var sourcesChecked sync.Map

// checkSources checks that every group of embedded, decoded into dst,
// states one of the three sources.
func checkSources(embedded []byte, dst any) error {
	if len(embedded) == 0 {
		return nil
	}
	if _, ok := sourcesChecked.Load(&embedded[0]); ok {
		return nil
	}
	if err := overlay(dst, embedded, requireSource); err != nil {
		return err
	}
	sourcesChecked.Store(&embedded[0], true)
	return nil
}
