package nostromo

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// disguise returns a copy of s in which every secret differs: the
// identities of the face-down Crew tokens and Blips are rotated, hands,
// decks and drawn Behaviour cards reversed. It reports whether a
// face-down identity actually changed.
func disguise(s *State) (*State, bool) {
	c := s.Clone()
	changed := rotate(c.Board, s.Board, func(t *BoardToken) bool { return t.Shown == nil },
		func(t *BoardToken) *CrewToken { return &t.Token })
	if rotate(c.Blips, s.Blips, func(b *BlipToken) bool { return b.Shown == "" },
		func(b *BlipToken) *string { return &b.Kind }) {
		changed = true
	}
	for _, h := range c.Hands {
		slices.Reverse(h)
	}
	slices.Reverse(c.Deck.Cards)
	slices.Reverse(c.Behaviour.Cards)
	slices.Reverse(c.BehaviourDrawn)
	return c, changed
}

// rotate gives each item of cur that is face down (down) the secret (of
// secret) that the next face-down item has in orig, and reports whether a
// secret changed.
func rotate[E any, K comparable](cur, orig []E, down func(*E) bool, secret func(*E) *K) bool {
	var idx []int
	for i := range cur {
		if down(&cur[i]) {
			idx = append(idx, i)
		}
	}
	changed := false
	for k := range idx {
		i, j := idx[k], idx[(k+1)%len(idx)]
		if *secret(&orig[j]) != *secret(&orig[i]) {
			changed = true
		}
		*secret(&cur[i]) = *secret(&orig[j])
	}
	return changed
}

// TestBoardHidesFaceDownTokens walks random games and checks at every
// step that no viewer's board changes when the face-down identities (and
// the other secrets) do: the board draws face-down things as backs only.
func TestBoardHidesFaceDownTokens(t *testing.T) {
	g := New()
	checked := 0
	for _, c := range []struct {
		opts  string
		seats int
	}{{"", 2}, {"", 4}, {`{"survival":true}`, 3}, {`{"heroic":true,"difficulty":"hardcore"}`, 5}} {
		var opts json.RawMessage
		if c.opts != "" {
			opts = json.RawMessage(c.opts)
		}
		kittest.WalkConfig{Options: opts, Seats: c.seats, Seed: 7, Moves: 250, Each: func(t testing.TB, st kit.State, views []kit.View, i int) {
			s := st.(*State)
			other, changed := disguise(s)
			for k, v := range kittest.Viewers(c.seats) {
				a, _ := json.Marshal(views[k].Board)
				b, _ := json.Marshal(g.View(other, v).Board)
				if string(a) != string(b) {
					t.Fatalf("%s, %d seats, move %d: the %s %d board shows a face-down identity:\n%s\n%s", c.opts, c.seats, i, v.Role, v.Seat, a, b)
				}
				if changed && s.Phase != PhaseHiding {
					checked++
				}
			}
		}}.Play(t, g)
	}
	if checked == 0 {
		t.Fatal("no step after hiding had face-down tokens to disguise")
	}
	t.Logf("%d viewer-states checked with face-down identities changed", checked)
}

// TestBoardShows: the rooms with their layout and connections, backs
// counted per room, the Blips as backs, the counters and the slots.
func TestBoardShows(t *testing.T) {
	x := newTG(t, 2, "")
	x.hide2(9, 2, []int{3}, []pl{{"Red/presence", 4}, {"Red/passage", 4}}, 8).pass()
	b := x.g.View(x.st, kit.BoardViewer).Board
	if got, want := len(b.Nodes), 10; got != want {
		t.Fatalf("nodes = %d, want %d", got, want)
	}
	if got, want := len(b.Edges), len(x.st.Data.Connections); got != want {
		t.Fatalf("edges = %d, want %d", got, want)
	}
	kitchen := b.Nodes[3]
	if kitchen.Label != "4 The Kitchen" || kitchen.X != x.st.Data.Layout[3][0] || len(kitchen.Pieces) != 1 ||
		kitchen.Pieces[0].Kind != "back" || kitchen.Pieces[0].Count != 2 {
		t.Fatalf("kitchen = %+v, want 2 face-down Crew tokens as one back piece", kitchen)
	}
	shed := b.Nodes[8]
	if len(shed.Pieces) != 2 || shed.Pieces[0].Kind != "back" || shed.Pieces[0].Label != "Blip" || shed.Pieces[1].Label != "Motion detector" {
		t.Fatalf("shed = %+v, want a face-down Blip and the Motion detector", shed)
	}
	raw, _ := json.Marshal(b)
	for _, secret := range []string{"Presence", "Passage", "Jonesy", "Breakdown", "Alien\""} {
		if strings.Contains(string(raw), secret) {
			t.Fatalf("the board names %q while everything is face down: %s", secret, raw)
		}
	}
	if got, want := len(b.Slots), 5+6; got != want {
		t.Fatalf("slots = %d, want the 5 emergency procedures and the 6 crew member cards", got)
	}
	counters := map[string]string{}
	for _, c := range b.Counters {
		counters[c.Label] = c.Value
	}
	if counters["Game turn"] != "1" || counters["Phase"] != "Posture phase" || counters["Mission deck"] != fmt.Sprint(x.st.Deck.Len()) {
		t.Fatalf("counters = %v", counters)
	}
}
