package spacecadets

import (
	"encoding/json"
	"testing"

	"tablewarden/referee/kit/kittest"
)

// TestConformance runs the kit's checks on every mission: random games
// from the offered moves, prompts for every viewer in every state, shared
// view parts, replay and the setup log.
func TestConformance(t *testing.T) {
	var cases []kittest.ConformanceCase
	for _, m := range missionIDs {
		opts := json.RawMessage(`{"mission":"` + m + `"}`)
		cases = append(cases, kittest.ConformanceCase{Name: "mission" + m, Options: opts, Seats: 4})
		if defaultData.mission(m).TwoPlayers {
			cases = append(cases, kittest.ConformanceCase{Name: "mission" + m + "/2p", Options: opts, Seats: 2})
		}
	}
	cases = append(cases, kittest.ConformanceCase{Name: "mission7/hard/6p", Options: json.RawMessage(`{"mission":"7","difficulty":"hard"}`), Seats: 6})
	kittest.Conformance(t, New(), State{}, cases...)
}
