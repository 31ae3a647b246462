package table

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestPatchNextParts checks the patch a stream sends for hand-made views:
// unchanged parts are left out, changed ones set, missing ones deleted, a
// sliding log sent as entries to drop and add, and a log whose kept entries
// changed (as after an undo) sent whole.
func TestPatchNextParts(t *testing.T) {
	var ps patchState
	first := []byte(`{"version":1,"status":"playing","view":{"turn":[0],"private":{"a":1},"outcome":null},"log":[{"seq":1},{"seq":2}]}`)
	if got, whole := ps.next(first, nil); !whole || string(got) != string(first) {
		t.Fatalf("first view: whole %v, %s", whole, got)
	}
	type patch struct {
		Version, Base int64
		Set           map[string]json.RawMessage
		Del           []string
		Log           *struct {
			Drop int
			Add  []json.RawMessage
		}
	}
	decode := func(b []byte) patch {
		var p patch
		if err := json.Unmarshal(b, &p); err != nil {
			t.Fatalf("patch %s: %v", b, err)
		}
		return p
	}
	got, whole := ps.next([]byte(`{"version":2,"status":"playing","view":{"turn":[1],"private":{"a":1}},"log":[{"seq":2},{"seq":3}]}`), nil)
	if whole {
		t.Fatal("second view sent whole")
	}
	p := decode(got)
	if p.Version != 2 || p.Base != 1 {
		t.Errorf("version %d base %d, want 2 and 1", p.Version, p.Base)
	}
	if want := map[string]json.RawMessage{"version": json.RawMessage(`2`), "view.turn": json.RawMessage(`[1]`)}; !reflect.DeepEqual(p.Set, want) {
		t.Errorf("set = %s, want version and view.turn only", got)
	}
	if !reflect.DeepEqual(p.Del, []string{"view.outcome"}) {
		t.Errorf("del = %v, want [view.outcome]", p.Del)
	}
	if p.Log == nil || p.Log.Drop != 1 || len(p.Log.Add) != 1 || string(p.Log.Add[0]) != `{"seq":3}` {
		t.Errorf("log = %s, want drop 1, add seq 3", got)
	}
	// An undo marks a kept entry: the log no longer slides.
	got, _ = ps.next([]byte(`{"version":3,"status":"playing","view":{"turn":[1],"private":{"a":1}},"log":[{"seq":2,"undone":true},{"seq":3},{"seq":4}]}`), nil)
	p = decode(got)
	if p.Log != nil || string(p.Set["log"]) != `[{"seq":2,"undone":true},{"seq":3},{"seq":4}]` {
		t.Errorf("after an undo: %s, want the log whole in set", got)
	}
	// The game view gone: "view" deleted as a whole.
	got, _ = ps.next([]byte(`{"version":4,"status":"lobby","log":[]}`), nil)
	p = decode(got)
	if !reflect.DeepEqual(p.Del, []string{"view"}) || string(p.Set["status"]) != `"lobby"` {
		t.Errorf("without a game view: %s", got)
	}
	// A payload that is not an object goes whole and resets the stream.
	if _, whole := ps.next([]byte(`[1]`), nil); !whole {
		t.Error("a payload that cannot be split was not sent whole")
	}
}

// TestSplitViewWithMemo checks that splitting views through one round's
// memo gives exactly the parts that splitting each alone gives, also when
// a part's new value starts with the bytes of the memo's (a longer number,
// a longer string) or the log differs.
func TestSplitViewWithMemo(t *testing.T) {
	views := []string{
		`{"version":12,"me":{"seat":1},"view":{"seats":[1,2],"private":"ab"},"log":[{"seq":1},{"seq":2}]}`,
		`{"version":123,"me":{"seat":2},"view":{"seats":[1,2],"private":"ab\"c"},"log":[{"seq":1},{"seq":2}]}`,
		`{"version":12,"me":{"seat":3},"view":{"seats":[1,2,3],"private":"ab"},"log":[{"seq":1},{"seq":2},{"seq":3}]}`,
		`{"version":12,"me":{"seat":3},"view":{"seats":[1,2],"private":"ab"},"log":[{"seq":1}]}`,
	}
	var memo partMemo
	for i, v := range views {
		got, err := splitView([]byte(v), &memo)
		if err != nil {
			t.Fatal(err)
		}
		want, err := splitView([]byte(v), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("view %d: %d parts with the memo, %d without", i, len(got), len(want))
		}
		for k := range got {
			if got[k].name != want[k].name || string(got[k].raw) != string(want[k].raw) || got[k].hash != want[k].hash {
				t.Errorf("view %d, part %d: %s=%s with the memo, %s=%s without", i, k, got[k].name, got[k].raw, want[k].name, want[k].raw)
			}
		}
		var a, b patchState
		gh, _, _ := a.logDelta(partRaw(want, `"log"`), &memo)
		wh, _, _ := b.logDelta(partRaw(want, `"log"`), nil)
		if !reflect.DeepEqual(gh, wh) {
			t.Errorf("view %d: log hashes %v with the memo, %v without", i, gh, wh)
		}
	}
}

func partRaw(parts []viewPart, name string) []byte {
	for _, p := range parts {
		if p.name == name {
			return p.raw
		}
	}
	return nil
}
