package loadgen

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestMergedViewFollowsPatches checks the load tool's merge of a patch
// stream: the first whole view, a patch that replaces and removes parts
// and slides the log, a patch that removes the status, and a gap.
func TestMergedViewFollowsPatches(t *testing.T) {
	t.Parallel()
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
	m, err = m.apply("patch", []byte(`[{"op":"test","path":"/version","value":3},{"op":"replace","path":"/version","value":4},{"op":"replace","path":"/view/turn","value":[2,3]},{"op":"remove","path":"/view/moves"},{"op":"add","path":"/log/-","value":{"seq":4}}]`))
	if err != nil {
		t.Fatal(err)
	}
	doc = viewDoc{}
	json.Unmarshal(m.doc(), &doc)
	if doc.Version != 4 || len(doc.View.Turn) != 2 || len(doc.View.Moves) != 0 {
		t.Fatalf("after a patch: %s", m.doc())
	}
	m, err = m.apply("patch", []byte(`[{"op":"test","path":"/version","value":4},{"op":"replace","path":"/version","value":5},{"op":"remove","path":"/status"}]`))
	if err != nil {
		t.Fatal(err)
	}
	doc = viewDoc{}
	json.Unmarshal(m.doc(), &doc)
	if doc.Status != "" || doc.Version != 5 {
		t.Fatalf("after the status went: %s", m.doc())
	}
	if _, err := m.apply("patch", []byte(`[{"op":"test","path":"/version","value":6}]`)); !errors.Is(err, errPatchGap) {
		t.Fatalf("a patch on another base: %v, want a gap", err)
	}
}
