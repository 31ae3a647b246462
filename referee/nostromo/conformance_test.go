package nostromo

import (
	"testing"

	"tablewarden/referee/kit/kittest"
)

// TestConformance runs the kit's checks on every option set: random games
// from the offered moves at every player count, prompts for every viewer,
// shared view parts, replay, setup log.
func TestConformance(t *testing.T) {
	kittest.Conformance(t, New(), State{},
		kittest.ConformanceCase{Name: "novice"},
		kittest.ConformanceCase{Name: "experienced-heroic", Options: []byte(`{"difficulty":"experienced","heroic":true}`), Seats: 5},
		kittest.ConformanceCase{Name: "hardcore", Options: []byte(`{"difficulty":"hardcore"}`), Seats: 3},
		kittest.ConformanceCase{Name: "survival-heroic", Options: []byte(`{"survival":true,"heroic":true}`), Seats: 6},
		kittest.ConformanceCase{Name: "survival-hardcore", Options: []byte(`{"survival":true,"difficulty":"hardcore"}`), Seats: 2},
	)
}
