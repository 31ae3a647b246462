package lockup

import (
	"encoding/json"
	"slices"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// blinded returns st with every secret changed: each face-down token not
// yet revealed gets another identity and strength, the loot stacks other
// tokens, the decks another order, the guards' face-down card another
// strength. The board must not tell st from it.
func blinded(st *State) *State {
	b := st.Clone()
	for s := range b.Players {
		for i, tk := range b.Players[s].Tokens {
			if tk.FaceDown && !tk.Revealed {
				b.Players[s].Tokens[i].ID, b.Players[s].Tokens[i].Strength, b.Players[s].Tokens[i].Explorer = "crew9", 99, false
			}
		}
		b.Players[s].Peek = nil
	}
	for k, stack := range b.LootStacks {
		for i := range stack {
			stack[i] = "blinded"
		}
		b.LootStacks[k] = stack
	}
	slices.Reverse(b.LegendDeck)
	slices.Reverse(b.MinionDeck)
	if g := b.GuardState; g != nil {
		slices.Reverse(g.Deck)
		if !g.LegendRevealed {
			g.OnLegend.Strength = 99
		}
	}
	return b
}

// TestBoardHidesSecrets walks random games from the offered moves and, at
// every step, checks that the board (shared by every screen) is the same
// for every viewer and does not change when every secret does: no
// face-down identity, strength or list position, no loot token, no deck
// order.
func TestBoardHidesSecrets(t *testing.T) {
	g := New()
	for _, tc := range []struct {
		opts  string
		seats int
	}{{"", 3}, {"", 5}, {`{"difficulty":"red"}`, 1}} {
		for seed := uint64(1); seed <= 2; seed++ {
			var opts json.RawMessage
			if tc.opts != "" {
				opts = json.RawMessage(tc.opts)
			}
			backs := 0
			kittest.WalkConfig{Options: opts, Seats: tc.seats, Seed: seed, Moves: 200, Each: func(t testing.TB, st kit.State, views []kit.View, i int) {
				s := st.(*State)
				// The views write the board's terms out (View).
				want := kittest.ViewJSON(t, kit.View{Board: kit.RewriteStrings(s.board(), english)})
				if got := kittest.ViewJSON(t, kit.View{Board: kit.RewriteStrings(blinded(s).board(), english)}); got != want {
					t.Fatalf("seed %d, step %d: the board changes with the secrets:\n got %s\nwant %s", seed, i, got, want)
				}
				for k, v := range kittest.Viewers(tc.seats) {
					if got := kittest.ViewJSON(t, kit.View{Board: views[k].Board}); got != want {
						t.Fatalf("seed %d, step %d: the %s's board differs from the shared one", seed, i, v.Role)
					}
				}
				for _, n := range s.board().Nodes {
					for _, p := range n.Pieces {
						if p.Kind == "back" {
							backs++
						}
					}
				}
			}}.Play(t, g)
			if backs == 0 {
				t.Fatalf("seed %d: no face-down token was ever drawn: the walk tests nothing", seed)
			}
		}
	}
}

// TestBoardShowsTheTable: the board holds locations 1–7 with their tunnel
// markers, the legend card, every catacomb space with the lanterns on
// ENTRANCE, the board's paths, and the round.
func TestBoardShowsTheTable(t *testing.T) {
	st := setup(t, 5, "", "Ana", "Bia", "Caio")
	b := New().View(st, kit.BoardViewer).Board
	if b == nil {
		t.Fatal("no board")
	}
	ids := map[string]kit.BoardNode{}
	for _, n := range b.Nodes {
		ids[n.ID] = n
		if n.X < 0 || n.X > 1 || n.Y < 0 || n.Y > 1 {
			t.Fatalf("node %s at (%v, %v), off the unit square", n.ID, n.X, n.Y)
		}
	}
	for i, tn := range st.Tunnels {
		n, ok := ids["location:"+string(rune('1'+i))]
		if !ok {
			t.Fatalf("no node for location %d", i+1)
		}
		if got := slices.Contains(n.Tags, "tunnel-"+tn); tn != "" && !got {
			t.Fatalf("location %d tags %v, want tunnel-%s", i+1, n.Tags, tn)
		}
	}
	if _, ok := ids["legend"]; !ok {
		t.Fatal("no legend card node")
	}
	if got, want := len(ids[SpaceEntrance].Pieces), 3; got != want {
		t.Fatalf("lanterns on ENTRANCE = %d, want %d", got, want)
	}
	if got, want := len(b.Edges), len(st.Data.Board.Value.Paths); got != want {
		t.Fatalf("edges = %d, want the %d paths", got, want)
	}
	if english(b.Counters[0].Value) != "1 of 6" {
		t.Fatalf("round counter = %+v, want 1 of 6", b.Counters[0])
	}
}
