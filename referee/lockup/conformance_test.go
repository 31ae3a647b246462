package lockup

import (
	"testing"

	"tablewarden/referee/kit/kittest"
)

// TestConformance runs the kit's checks for every game at every player
// count, and solo at each difficulty colour.
func TestConformance(t *testing.T) {
	kittest.Conformance(t, New(), State{},
		kittest.ConformanceCase{Name: "default"},
		kittest.ConformanceCase{Name: "solo-yellow", Options: []byte(`{"difficulty":"yellow"}`), Seats: 1},
		kittest.ConformanceCase{Name: "solo-red", Options: []byte(`{"difficulty":"red"}`), Seats: 1},
	)
}
