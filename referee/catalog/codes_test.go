package catalog_test

import (
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// TestViewsCarryCodes plays random games of every title and fails on a
// view field that a program reads (not a label, text or name) holding a
// word of the game's catalog, a Lockup term string, or a list printed into
// a string: data carries codes, and words for people come from the
// catalog or sit beside the code (referee/README.md).
func TestViewsCarryCodes(t *testing.T) {
	survey := os.Getenv("TW_CODES_SURVEY") != ""
	for _, g := range append(catalog.All(), catalog.Bench()...) {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			labels := kittest.CatalogLabels(info)
			found := map[string]bool{}
			for seed := uint64(1); seed <= 4; seed++ {
				// The first game at the fewest seats (Lockup's solo game),
				// the others at three and four.
				n := min(max(info.MinPlayers, 3+int(seed%2)), info.MaxPlayers)
				if _, err := g.Setup(nil, make([]string, info.MinPlayers), kit.NewCtx(seed, 0, time.Time{})); seed == 1 && err == nil {
					n = info.MinPlayers
				}
				kittest.WalkConfig{Seats: n, Seed: seed, Moves: 400, Linger: 8, Each: func(t testing.TB, st kit.State, views []kit.View, no int) {
					for _, v := range views {
						labels.AddViewLabels(v)
					}
					for _, v := range views {
						err := kittest.CheckCodes(v, labels)
						if err == nil {
							continue
						}
						if !survey {
							t.Fatalf("seed %d, move %d: %v", seed, no, err)
						}
						for _, l := range strings.Split(err.Error(), "\n")[1:] {
							p, _, _ := strings.Cut(l, " = ")
							if !found[p] {
								found[p] = true
								t.Log(l)
							}
						}
					}
				}}.Play(t, g)
			}
			if len(found) > 0 {
				var ps []string
				for p := range found {
					ps = append(ps, p)
				}
				sort.Strings(ps)
				t.Errorf("%d fields hold words:\n%s", len(ps), strings.Join(ps, "\n"))
			}
		})
	}
}
