package jumpship

import (
	"testing"

	"tablewarden/referee/kit/kittest"
)

// TestConformance runs the kit's checks for every game: classification,
// Info, player counts, random games from the offered moves with a prompt
// for every viewer in every state, replay, and the setup log's addressing.
func TestConformance(t *testing.T) {
	kittest.Conformance(t, New(), State{},
		kittest.ConformanceCase{Name: "default"},
		kittest.ConformanceCase{Name: "short-tracks", Options: []byte(`{"quarantine_track":1,"eject_track":2,"kill_track":2}`)},
		kittest.ConformanceCase{Name: "quarantine-cards", Seats: 7, Options: []byte(
			`{"quarantine_track":2,"quarantine_cards":[{"name":"Cough","text":"a"},{"name":"Fever","text":"b"},{"name":"Rash","text":"c"}]}`)},
	)
}
