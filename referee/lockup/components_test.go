package lockup

import (
	"fmt"
	"testing"
)

// TestComponents checks the component counts the book states (it has no
// component list: they are in Preparação, Modo Solitário - Configuração,
// Fase de Chamada and Metamorfos) against the built-in data and a new
// table.
func TestComponents(t *testing.T) {
	d, err := LoadData(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"rounds", d.Rounds.Value, 6},
		{"locations 1–7", len(d.Locations.Value), 7},
		{"explorer strength", d.ExplorerStrength.Value, 1},
		{"blue guard cards", d.GuardBlueCards.Value, 8},
		{"guard cards of the difficulty colour", d.GuardColourCards.Value, 6},
		{"Shapeshifter draw", d.ShapeshifterDraw.Value, 3},
		{"face-down tokens with 2 players", d.FaceDownLimit.Value["2"], 3},
		{"face-down tokens with 3 players", d.FaceDownLimit.Value["3"], 2},
		{"face-down tokens with 4 players", d.FaceDownLimit.Value["4"], 2},
		{"face-down tokens with 5 players", d.FaceDownLimit.Value["5"], 2},
		{"blue guard cards in the data", len(d.GuardCards.Value["blue"]), 8},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.what, c.got, c.want)
		}
	}
	for colour, cards := range d.GuardCards.Value {
		if colour != "blue" && len(cards) != 6 {
			t.Errorf("%s guard cards = %d, want 6", colour, len(cards))
		}
	}
	for players, want := range map[string]TunnelSet{"2": {5, 1, 1}, "3": {4, 2, 1}, "4": {3, 3, 1}} {
		if got := d.TunnelSets.Value[players]; got != want {
			t.Errorf("tunnel set for %s players = %+v, want %+v", players, got, want)
		}
	}

	seats := []string{"Ana", "Bo", "Cy", "Di", "Ed"}
	for n := 2; n <= 5; n++ {
		t.Run(fmt.Sprintf("%dPlayers", n), func(t *testing.T) {
			s := setup(t, 3, "", seats[:n]...)
			// One tunnel marker per location; the collapsed ones go back to the box.
			set := d.TunnelSets.Value[fmt.Sprint(min(n, 4))]
			left := map[string]int{}
			for _, m := range s.Tunnels {
				left[m]++
			}
			if len(s.Tunnels) != 7 || left["single"] != set.Single || left["double"] != set.Double || left[""] != set.Collapsed {
				t.Errorf("tunnels %v, want %+v on locations 1–7", s.Tunnels, set)
			}
			for _, p := range s.Players {
				explorers := 0
				for _, tk := range p.Tokens {
					if tk.Explorer {
						explorers++
					}
				}
				if len(p.Tokens) != 7 || explorers != 1 {
					t.Errorf("crew tokens = %d with %d explorers, want 7 with 1", len(p.Tokens), explorers)
				}
			}
			for space, stack := range s.LootStacks {
				if len(stack) != n {
					t.Errorf("loot stack %s = %d tokens, want the player count %d", space, len(stack), n)
				}
			}
		})
	}
	t.Run("Solo", func(t *testing.T) {
		s := setup(t, 3, `{"difficulty":"green"}`, "Ana")
		g := s.GuardState
		colours := map[string]int{}
		for _, c := range g.Deck {
			colours[c.Colour]++
		}
		for _, c := range g.OnLocations {
			colours[c.Colour]++
		}
		if g.OnLegend.Colour != "" {
			colours[g.OnLegend.Colour]++
		}
		if colours["blue"] != 8 || colours["green"] != 6 || len(colours) != 2 {
			t.Errorf("guard cards = %v, want 8 blue and 6 green", colours)
		}
	})
}
