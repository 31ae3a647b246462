package captainisdead

import (
	"encoding/json"
	"reflect"
	"strings"

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

// loadData decodes the embedded data.json with a table's override on top
// (kit.LoadData), marks every group the override gives without a source
// of its own as table-entered, and checks the result. A bad override is a
// *kit.RuleError with code "bad_option" naming Setup.
func loadData(override json.RawMessage) (*Data, error) {
	base := defaultDataJSON
	if len(override) > 0 {
		// kit.LoadData decodes a list of the override into the embedded
		// list's elements, so an entry would keep the fields it does not
		// give; the lists the override gives start empty instead.
		var d Data
		if err := kit.LoadData(defaultDataJSON, nil, ruleSetup, &d); err != nil {
			return nil, err
		}
		clearLists(reflect.ValueOf(&d).Elem(), override)
		b, err := json.Marshal(&d)
		if err != nil {
			return nil, err
		}
		base = b
	}
	var d Data
	if err := kit.LoadData(base, override, ruleSetup, &d); err != nil {
		return nil, err
	}
	markEntered(reflect.ValueOf(&d).Elem(), override)
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

// grouped is a group of game data with its source.
type grouped interface{ group() *kit.Sourced }

func (c *Count) group() *kit.Sourced      { return &c.sourced }
func (l *Location) group() *kit.Sourced   { return &l.sourced }
func (a *Alias) group() *kit.Sourced      { return &a.sourced }
func (c *Connection) group() *kit.Sourced { return &c.sourced }
func (p *PatrolPath) group() *kit.Sourced { return &p.sourced }
func (s *SystemData) group() *kit.Sourced { return &s.sourced }
func (r *RoleData) group() *kit.Sourced   { return &r.sourced }
func (c *ColourData) group() *kit.Sourced { return &c.sourced }
func (a *AlienData) group() *kit.Sourced  { return &a.sourced }
func (t *ToolData) group() *kit.Sourced   { return &t.sourced }
func (r *RepairCost) group() *kit.Sourced { return &r.sourced }
func (l *Layout) group() *kit.Sourced     { return &l.sourced }

// markEntered walks the override's JSON alongside v: every group (a struct
// embedding kit.Sourced) that the override gives without saying its source
// becomes kit.SourceTableEntered.
func markEntered(v reflect.Value, raw json.RawMessage) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			markEntered(v.Elem(), raw)
		}
	case reflect.Slice:
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil {
			return
		}
		for i := 0; i < v.Len() && i < len(items); i++ {
			markEntered(v.Index(i), items[i])
		}
	case reflect.Struct:
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &fields) != nil || fields == nil {
			return
		}
		if g, ok := v.Addr().Interface().(grouped); ok {
			if _, given := fields["source"]; !given {
				g.group().Source = kit.SourceTableEntered
			}
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if sub, ok := fields[name]; ok && f.IsExported() {
				markEntered(v.Field(i), sub)
			}
		}
	}
}

// clearLists empties every list of v (a struct) that raw gives, at any
// depth of nested objects.
func clearLists(v reflect.Value, raw json.RawMessage) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return
	}
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		sub, ok := fields[name]
		if !ok || !f.IsExported() || f.Anonymous {
			continue
		}
		switch f.Type.Kind() {
		case reflect.Slice:
			v.Field(i).SetZero()
		case reflect.Struct:
			clearLists(v.Field(i), sub)
		}
	}
}
