package loadgen

import (
	"encoding/json"
	"errors"
	"strings"
)

// mergedView is the view a stream opened with ?patches=1 has built: its
// first whole view, then every patch merged in (as web/static/app.js's
// applyPatch does). It keeps each part's raw JSON: the top-level fields
// by name, and the game view's fields as "view.<name>".
type mergedView struct {
	version int64
	parts   map[string]json.RawMessage
}

var (
	errPatchGap    = errors.New("patch_gap")
	errPatchDecode = errors.New("patch_decode")
)

// apply merges one event ("view" or "patch") and returns the new merged
// view. A patch whose base is not the stream's last version is a gap.
func (m *mergedView) apply(event string, data []byte) (*mergedView, error) {
	switch event {
	case "view":
		var top map[string]json.RawMessage
		if err := json.Unmarshal(data, &top); err != nil {
			return nil, errPatchDecode
		}
		n := &mergedView{parts: make(map[string]json.RawMessage, 24)}
		for k, v := range top {
			if k == "view" {
				var gv map[string]json.RawMessage
				if json.Unmarshal(v, &gv) == nil {
					for gk, gval := range gv {
						n.parts["view."+gk] = gval
					}
					continue
				}
			}
			n.parts[k] = v
		}
		if err := json.Unmarshal(n.parts["version"], &n.version); err != nil {
			return nil, errPatchDecode
		}
		return n, nil
	case "patch":
		var p struct {
			Version int64                      `json:"version"`
			Base    int64                      `json:"base"`
			Set     map[string]json.RawMessage `json:"set"`
			Del     []string                   `json:"del"`
		}
		if err := json.Unmarshal(data, &p); err != nil {
			return nil, errPatchDecode
		}
		if m == nil || p.Base != m.version {
			return nil, errPatchGap
		}
		for _, d := range p.Del {
			if d == "view" {
				for k := range m.parts {
					if strings.HasPrefix(k, "view.") {
						delete(m.parts, k)
					}
				}
				continue
			}
			delete(m.parts, d)
		}
		for k, v := range p.Set {
			m.parts[k] = v
		}
		m.version = p.Version
		return m, nil
	}
	return m, nil
}

// doc is the part of the merged view the players read (viewDoc), as JSON.
func (m *mergedView) doc() []byte {
	b := make([]byte, 0, 512)
	b = append(b, `{"version":`...)
	b = append(b, m.parts["version"]...)
	if st, ok := m.parts["status"]; ok {
		b = append(b, `,"status":`...)
		b = append(b, st...)
	}
	if turn, ok := m.parts["view.turn"]; ok {
		b = append(b, `,"view":{"turn":`...)
		b = append(b, turn...)
		if mv, ok := m.parts["view.moves"]; ok {
			b = append(b, `,"moves":`...)
			b = append(b, mv...)
		}
		b = append(b, '}')
	}
	return append(b, '}')
}
