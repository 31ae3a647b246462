package table

import (
	"encoding/json"
	"math"
	"testing"
)

// TestMoveResultAppendJSON checks that the hand-written encoding of a move's
// answer is byte for byte json.Marshal's.
func TestMoveResultAppendJSON(t *testing.T) {
	for _, r := range []MoveResult{{}, {Seq: 1, Version: 2}, {Seq: 41, Version: 57, Duplicate: true},
		{Seq: -3, Version: math.MaxInt64}, {Seq: math.MinInt64, Version: 0, Duplicate: true}} {
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.AppendJSON([]byte("x")); string(got) != "x"+string(want) {
			t.Errorf("%+v: got %s, want x%s", r, got, want)
		}
	}
}
