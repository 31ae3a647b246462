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
// view. A patch against another version than the stream's last is a gap.
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
		// A JSON Patch (RFC 6902) of whole parts (table/viewpush.go): its
		// first operation tests the version it is against. The log's
		// entries are not kept: the players read no log.
		var ops []struct {
			Op    string          `json:"op"`
			Path  string          `json:"path"`
			Value json.RawMessage `json:"value"`
		}
		if err := json.Unmarshal(data, &ops); err != nil {
			return nil, errPatchDecode
		}
		if m == nil {
			return nil, errPatchGap
		}
		for _, op := range ops {
			name := strings.TrimPrefix(op.Path, "/")
			if strings.HasPrefix(name, "log/") {
				continue
			}
			name = strings.Replace(name, "view/", "view.", 1)
			switch op.Op {
			case "test":
				var base int64
				if name != "version" || json.Unmarshal(op.Value, &base) != nil || base != m.version {
					return nil, errPatchGap
				}
			case "add", "replace":
				m.parts[name] = op.Value
			case "remove":
				delete(m.parts, name)
			default:
				return nil, errPatchDecode
			}
		}
		if err := json.Unmarshal(m.parts["version"], &m.version); err != nil {
			return nil, errPatchDecode
		}
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
