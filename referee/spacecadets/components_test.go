package spacecadets

import "testing"

// TestComponents checks every count the book's Components list (and the
// sections that count components) states against the built-in data.
func TestComponents(t *testing.T) {
	d := defaultData
	expansion := map[string]int{}
	var parasites int
	for _, e := range d.Enemies {
		if !e.BaseGame {
			expansion[e.Class]++
		}
		if e.Parasite != "" {
			parasites++
		}
	}
	kraken := len(d.Tentacles)
	cards := 0
	for _, n := range expansion {
		cards += n
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"Component Cards", len(d.Components), 22},
		{"Experimental Equipment Cards", len(d.Equipment), 26},
		{"Enemy Cards", cards + kraken, 22},
		{"Easy Enemy Cards", expansion["easy"], 5},
		{"Normal Enemy Cards", expansion["normal"], 3},
		{"Hard Enemy Cards", expansion["hard"], 2},
		{"Historical Enemy Cards", expansion["historical"], 8},
		{"Kraken Enemy Cards (tentacles)", kraken, 4},
		// One ship token for each enemy card, the Kraken's four tentacles
		// included (its Beak is on the back of the Hypercube token).
		{"Enemy Ship Tokens", cards + len(d.Kraken.TentacleStarts), 22},
		{"Hidden Planet Tokens (H4 crystals)", len(d.H4.Crystals), 3},
		{"Map Tiles (Mission 7)", len(d.M7.TileNames), 4},
		{"Map Tiles (Mission 10, tiles a side squared)", (d.Kraken.Grid / d.Kraken.TileSize) * (d.Kraken.Grid / d.Kraken.TileSize), 4},
		{"Parasites", parasites, 4},
		{"Beak squares", len(d.Kraken.Beak), 4},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.what, c.got, c.want)
		}
	}
}

// TestH4AllHistoricalEnemies: in H4 a new Historical enemy enters at the end
// of every Step 7 until all of them are on the map; there are 8.
func TestH4AllHistoricalEnemies(t *testing.T) {
	tb := newTable(t, `{"mission":"H4","difficulty":"easy"}`, 4, 5)
	most := 0
	for turn := 0; turn < 14 && tb.s.End == nil; turn++ {
		tb.to("step7")
		tb.do(captain, "next_step", nil)
		on := 0
		for _, e := range tb.s.Enemies {
			if e.onMap() && e.Class == "historical" {
				on++
			}
		}
		most = max(most, on)
	}
	if got, want := most, 8; got != want {
		t.Fatalf("Historical enemies on the map at most = %d, want %d", got, want)
	}
	if !tb.hasEvent("no_new_enemy") {
		t.Fatal("with every Historical enemy on the map, no turn said so")
	}
}
