package captainisdead

import (
	"encoding/json"

	"tablewarden/referee/kit"
)

// DefaultData returns a fresh copy of the embedded game data.
func DefaultData() *Data {
	d, err := loadData(nil)
	if err != nil {
		panic("captainisdead: embedded data.json: " + err.Error())
	}
	return d
}

// loadData decodes the embedded data.json with a table's override laid
// over it by kit.LoadData (which marks the groups the override gives as
// table-entered), and checks the result. A bad override is a
// *kit.RuleError with code "bad_option" naming Setup.
func loadData(override json.RawMessage) (*Data, error) {
	var d Data
	if err := kit.LoadData(defaultDataJSON, override, ruleSetup, &d); err != nil {
		return nil, err
	}
	for i := range d.Systems {
		// A system the table lists without these sources was entered by it.
		if sy := &d.Systems[i]; sy.LocationSource == "" {
			sy.LocationSource = kit.SourceTableEntered
		}
		if r := &d.Systems[i].Repair; r.Source == "" {
			r.Source = kit.SourceTableEntered
		}
	}
	if err := d.index(); err != nil {
		return nil, kit.Errorf("bad_option", ruleSetup, "The game data is inconsistent: %v.", err)
	}
	return &d, nil
}

// sourced is kit.Sourced embedded under an unexported name: its fields
// are promoted in data.json as usual, and the state's visibility check
// does not need tags inside it (all game data is public).
type sourced = kit.Sourced
