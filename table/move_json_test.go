package table

import (
	"encoding/json"
	"math"
	"testing"

	"tablewarden/referee/kit"
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

// TestMovedByEncoded checks that the cached actor column is json.Marshal's
// bytes for every kind of actor, the first time and from the cache.
func TestMovedByEncoded(t *testing.T) {
	for _, by := range []MovedBy{{Actor: kit.SeatActor(0)}, {Actor: kit.SeatActor(5), ByHost: true}, {Actor: kit.HostActor},
		{Actor: kit.Actor{System: true}}, {Actor: kit.SeatActor(11)}} {
		want, err := json.Marshal(by)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if got := by.encoded(); got != string(want) {
				t.Errorf("%+v: got %s, want %s", by, got, want)
			}
		}
	}
}
