package spacecadets

import (
	"encoding/json"
	"fmt"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// TestConformance runs the kit's checks on every mission at every
// difficulty: random games from the offered moves (every combination of
// every offered move's arguments tried in every state of the first game),
// prompts for every viewer in every state, shared view parts, replay and
// the setup log; and this game's own view checks (checkViews) in every
// state. A move that ends the mission is played seldom, so that the games
// get deep; they must reach the moves that carry the hard cases.
func TestConformance(t *testing.T) {
	var cases []kittest.ConformanceCase
	each := func(t testing.TB, st kit.State, views []kit.View, no int) {
		s := st.(*State)
		checkViews(t, s, views, fmt.Sprintf("move %d (%s)", no, s.Step))
	}
	for _, m := range missionIDs {
		for i, diff := range []string{"easy", "normal", "hard"} {
			seats := []int{2, 3, 5}[i]
			if seats == 2 && !defaultData.mission(m).TwoPlayers {
				seats = 4
			}
			opts := json.RawMessage(fmt.Sprintf(`{"mission":%q,"difficulty":%q}`, m, diff))
			cases = append(cases, kittest.ConformanceCase{Name: fmt.Sprintf("mission%s/%s/%dp", m, diff, seats),
				Options: opts, Seats: seats, Seeds: 2, Moves: 90, Linger: 40, Each: each})
		}
	}
	cases = append(cases, kittest.ConformanceCase{Name: "mission7/hard/6p", Options: json.RawMessage(`{"mission":"7","difficulty":"hard"}`),
		Seats: 6, Moves: 90, Linger: 40, Each: each})
	cases = append(cases, kittest.ConformanceCase{Name: "mission7/timer_pauses/4p", Options: json.RawMessage(`{"mission":"7","timer_pauses":true}`),
		Seats: 4, Moves: 90, Linger: 40, Each: each})
	played := kittest.Conformance(t, New(), State{}, cases...)
	for _, typ := range []string{"keep_starting", "science_select", "research", "ship_moved", "enemy_moved",
		"enemy_lock", "choose_arrival", "pass_gate", "reveal_crystal", "exit_map", "subdue_tentacle", "kraken_activate", "scan_beak"} {
		if played[typ] == 0 {
			t.Errorf("no random game played %s", typ)
		}
	}
}
