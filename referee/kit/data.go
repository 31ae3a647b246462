package kit

import (
	"bytes"
	"encoding/json"
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
// data.json into dst strictly (a bad embedded file is a programming error
// and is returned as is), then decodes the table's override, when there is
// one, on top of it: the override's values replace the embedded ones,
// unknown fields and wrong types are refused with a "bad_option"
// *RuleError naming rule. The game then marks what the override replaced as
// SourceTableEntered and validates the result. Like encoding/json, decoding
// a list into a list already filled reuses its items: a game whose
// override should replace a list whole empties that list first.
func LoadData(embedded []byte, override json.RawMessage, rule string, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(embedded))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return err
	}
	raw := bytes.TrimSpace(override)
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	dec = json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return Errorf("bad_option", rule, "The game data override is not valid: %v.", err)
	}
	if dec.More() {
		return Errorf("bad_option", rule, "The game data override has trailing data.")
	}
	return nil
}
