package loadgen

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestMergedViewFollowsPatches checks the load tool's merge of a patch
// stream: the first whole view, a patch that sets, deletes and slides the
// log, a patch that removes the game view, and a gap.
func TestMergedViewFollowsPatches(t *testing.T) {
	m, err := (*mergedView)(nil).apply("view", []byte(`{"version":3,"status":"playing","view":{"turn":[1],"moves":[{"type":"draw"}],"outcome":null},"log":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	var doc viewDoc
	if err := json.Unmarshal(m.doc(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Version != 3 || doc.Status != "playing" || doc.View == nil || len(doc.View.Turn) != 1 || doc.View.Moves[0].Type != "draw" {
		t.Fatalf("first view read as %s", m.doc())
	}
	m, err = m.apply("patch", []byte(`{"version":4,"base":3,"set":{"version":4,"view.turn":[2,3]},"del":["view.moves"],"log":{"drop":0,"add":[{"seq":4}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	doc = viewDoc{}
	json.Unmarshal(m.doc(), &doc)
	if doc.Version != 4 || len(doc.View.Turn) != 2 || len(doc.View.Moves) != 0 {
		t.Fatalf("after a patch: %s", m.doc())
	}
	m, err = m.apply("patch", []byte(`{"version":5,"base":4,"set":{"version":5,"status":"ended"},"del":["view"]}`))
	if err != nil {
		t.Fatal(err)
	}
	doc = viewDoc{}
	json.Unmarshal(m.doc(), &doc)
	if doc.Status != "ended" || doc.View != nil {
		t.Fatalf("after the game view went: %s", m.doc())
	}
	if _, err := m.apply("patch", []byte(`{"version":7,"base":6,"set":{}}`)); !errors.Is(err, errPatchGap) {
		t.Fatalf("a patch on another base: %v, want a gap", err)
	}
}
