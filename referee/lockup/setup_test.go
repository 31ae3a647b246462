package lockup

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func TestSetupPlayerCount(t *testing.T) {
	kittest.SetupRefusals(t, New(),
		kittest.SetupRefusal{Name: "ErrPlayerCount0", Seats: 0, Code: "player_count"},
		kittest.SetupRefusal{Name: "ErrPlayerCount6", Seats: 6, Code: "player_count"},
	)
}

func TestSetupBadOptions(t *testing.T) {
	for name, opts := range map[string]string{
		"ErrDifficulty":  `{"difficulty":"purple"}`,
		"ErrUnknownKey":  `{"game_data":{"no_such_key":1}}`,
		"ErrBackwards":   `{"game_data":{"board":{"value":{"spaces":[{"id":"ENTRANCE"},{"id":"A"}],"paths":[{"from":"ENTRANCE","to":"A"},{"from":"A","to":"ENTRANCE"}]}}}}`,
		"ErrNoEntrance":  `{"game_data":{"board":{"value":{"spaces":[{"id":"A"}],"paths":[]}}}}`,
		"ErrUnknownPath": `{"game_data":{"board":{"value":{"spaces":[{"id":"ENTRANCE"}],"paths":[{"from":"ENTRANCE","to":"B"}]}}}}`,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := New().Setup([]byte(opts), []string{"Ana"}, kit.NewCtx(1, 0, kittest.Epoch))
			if got, want := kit.ErrorCode(err), "bad_option"; got != want {
				t.Fatalf("code = %q (%v), want %q", got, err, want)
			}
			// Every refusal names the game and a section of the book.
			re, _ := kit.AsRuleError(err)
			if !strings.HasPrefix(re.Rule, "Lockup: Breakout › ") {
				t.Fatalf("rule = %q, want a section of the Lockup: Breakout book", re.Rule)
			}
		})
	}
}

// TestGameDataOverrideMarked: a key the table overrides is marked
// table-entered, unless the override states a source, and its list
// replaces the default one.
func TestGameDataOverrideMarked(t *testing.T) {
	st := setup(t, 1, `{"game_data":{"crew_strengths":{"value":[1,1,1,1,1,1]},"tomb_points":{"source":"assumed","value":9}}}`, "Ana", "Bia")
	if got, want := st.Data.CrewStrengths.Source, "table-entered"; got != want {
		t.Fatalf("crew_strengths source = %q, want %q", got, want)
	}
	if got, want := st.Data.TombPoints.Source, "assumed"; got != want {
		t.Fatalf("tomb_points source = %q, want %q (the override states it)", got, want)
	}
	if got, want := st.Data.Rounds.Source, "rulebook"; got != want {
		t.Fatalf("rounds source = %q, want %q", got, want)
	}
	if got := fmt.Sprint(st.Data.CrewStrengths.Value); got != "[1 1 1 1 1 1]" {
		t.Fatalf("crew strengths = %s", got)
	}
}

// TestSetupTunnelMarkers checks the tunnel set per player count; solo uses
// the 2-player set (assumed) and collapsed markers are removed.
func TestSetupTunnelMarkers(t *testing.T) {
	want := map[int][2]int{1: {1, 1}, 2: {1, 1}, 3: {2, 1}, 4: {3, 1}, 5: {3, 1}}
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= 5; seed++ {
			st := setup(t, seed, "", []string{"A", "B", "C", "D", "E"}[:n]...)
			single, double := 0, 0
			for _, tn := range st.Tunnels {
				switch tn {
				case "single":
					single++
				case "double":
					double++
				case "":
				default:
					t.Fatalf("tunnel %q left on the board", tn)
				}
			}
			if got := [2]int{single, double}; got != want[n] {
				t.Fatalf("%d players: single, double = %v, want %v", n, got, want[n])
			}
		}
	}
}

// TestSetupLootStacks: as many tokens per stack as players; solo 2.
func TestSetupLootStacks(t *testing.T) {
	for n := 1; n <= 5; n++ {
		st := setup(t, 3, "", []string{"A", "B", "C", "D", "E"}[:n]...)
		want := n
		if n == 1 {
			want = 2
		}
		if len(st.LootStacks) != 4 {
			t.Fatalf("%d loot stacks, want 4", len(st.LootStacks))
		}
		for sp, s := range st.LootStacks {
			if got := len(s); got != want {
				t.Fatalf("%d players: stack on %s = %d tokens, want %d", n, sp, got, want)
			}
		}
	}
}

func TestSetupPieces(t *testing.T) {
	st := setup(t, 4, "", "Ana", "Bia", "Caio")
	t.Run("Legend", func(t *testing.T) {
		all := append([]string{st.ActiveLegend}, st.LegendDeck...)
		sort.Strings(all)
		want := append([]string(nil), st.Data.LegendCards.Value...)
		sort.Strings(want)
		if !reflect.DeepEqual(all, want) {
			t.Fatalf("legend cards = %v, want %v", all, want)
		}
	})
	t.Run("LanternsAndCrew", func(t *testing.T) {
		for _, p := range st.Players {
			if p.Lantern != SpaceEntrance {
				t.Fatalf("lantern = %s, want ENTRANCE", p.Lantern)
			}
			if got := p.inCell(); got != 7 {
				t.Fatalf("holding cell = %d tokens, want 7", got)
			}
			if e := p.Tokens[p.token("explorer")]; !e.Explorer || e.Strength != 1 {
				t.Fatalf("explorer = %+v, want strength 1", e)
			}
		}
	})
	t.Run("Solo", func(t *testing.T) {
		st := setup(t, 4, `{"difficulty":"red"}`, "Ana")
		g := st.GuardState
		if g.Lantern != SpaceEntrance {
			t.Fatalf("guards' lantern = %s, want ENTRANCE", g.Lantern)
		}
		cards := append(append([]GuardCard{g.OnLegend}, g.OnLocations...), g.Deck...)
		colours := map[string]int{}
		for _, c := range cards {
			colours[c.Colour]++
		}
		if got, want := colours, map[string]int{"blue": 8, "red": 6}; !reflect.DeepEqual(got, want) {
			t.Fatalf("guard deck colours = %v, want %v", got, want)
		}
		if got := len(g.OnLocations); got != 7 {
			t.Fatalf("guard cards on locations = %d, want 7", got)
		}
		if g.OnLegend.Colour == "" {
			t.Fatal("no 8th guard card face down on the legend")
		}
	})
}

// TestSetupLogged: after Setup the log holds what setup dealt:
// the tunnels dealt and collapsed, the loot stacks, the first legend card,
// the minion row and the start of round 1; solo, the guard cards. Every
// entry is public and none names a face-down loot token.
func TestSetupLogged(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  string
		seats []string
		want  []string
	}{
		{"3p", "", []string{"Ana", "Bia", "Caio"}, []string{"tunnels_dealt", "loot_dealt", "legend_revealed", "minion_row", "round_started"}},
		{"solo", `{"difficulty":"red"}`, []string{"Ana"}, []string{"tunnels_dealt", "loot_dealt", "legend_revealed", "minion_row", "round_started", "guards_dealt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, 5, tc.opts, tc.seats...)
			evs := kit.SetupEvents(New(), st)
			var got []string
			for _, e := range evs {
				got = append(got, e.Code)
				if e.To != nil {
					t.Fatalf("setup event %s is addressed to %v, want public", e.Code, e.To)
				}
				for _, kind := range st.Data.LootTokens.Value {
					if strings.Contains(e.Text, kind.Label) {
						t.Fatalf("setup event %q names the loot token %s", e.Text, kind.Label)
					}
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("setup log codes = %v, want %v", got, tc.want)
			}
			var tunnels []string
			for i, tn := range st.Tunnels {
				if tn != "" {
					tunnels = append(tunnels, fmt.Sprintf("%d %s", i+1, tn))
				}
			}
			if got, want := english(evs[0].Params["tunnels"]), strings.Join(tunnels, ", "); got != want {
				t.Fatalf("tunnels logged = %q, want %q", got, want)
			}
			if got, want := english(evs[2].Params["legend"]), st.ActiveLegend; got != want {
				t.Fatalf("legend logged = %q, want %q", got, want)
			}
		})
	}
}
