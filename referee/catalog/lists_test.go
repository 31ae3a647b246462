package catalog_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// code is how a code reads: lower case, digits and _ . : / -.
var code = regexp.MustCompile(`^[a-z0-9_.:/-]*$`)

// sentenceLists are the lists whose items are sentences for people, read
// whole (a mission's special rules, a role's abilities, what a station
// reports, the alert card's effects as applied): words, not things a
// client would match against a move.
var sentenceLists = map[string]bool{"special_rules": true, "abilities": true, "facts": true, "applied": true}

// TestViewListsCarryKeys plays random games of every title and fails on a
// list in a view that names things by their words: a list of strings that
// are not codes nor keys of the game's data (a card's title "Card 05", a
// player's name), or a list of objects one of which carries no key (a
// code, an id or a number beside its words). A list carries keys, and its
// words sit beside them ("codes in data, words apart", docs/api.md), so
// that a client can tell which of the things it names is which.
func TestViewListsCarryKeys(t *testing.T) {
	t.Parallel()
	for _, g := range catalog.All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			t.Parallel()
			keys := map[string]bool{}
			for _, m := range info.Moves {
				for _, a := range m.Args {
					for _, c := range a.Choices {
						if s, ok := c.Value.(string); ok {
							keys[s] = true
						}
					}
				}
			}
			bad := map[string]string{}
			// A string is judged once every walk is over, against every
			// key the moves offered.
			named := map[string]map[string]bool{}
			for seed := uint64(1); seed <= 3; seed++ {
				n := min(max(info.MinPlayers, 3+int(seed%2)), info.MaxPlayers)
				if _, err := g.Setup(nil, make([]string, info.MinPlayers), kit.NewCtx(seed, 0, time.Time{})); seed == 1 && err == nil {
					n = info.MinPlayers
				}
				kittest.WalkConfig{Seats: n, Seed: seed, Moves: 400, Linger: 8, Each: func(t testing.TB, st kit.State, views []kit.View, no int) {
					for _, v := range views {
						for _, m := range v.Moves {
							for _, a := range m.Args {
								for _, c := range a.Choices {
									if s, ok := c.Value.(string); ok {
										keys[s] = true
									}
								}
							}
						}
						if v.Board != nil {
							for _, n := range v.Board.Nodes {
								keys[n.ID] = true
							}
						}
						var tree any
						_ = json.Unmarshal([]byte(kittest.ViewJSON(t, v)), &tree)
						listsOf("", tree, func(path string, list []any) {
							for _, x := range list {
								switch x := x.(type) {
								case string:
									if named[path] == nil {
										named[path] = map[string]bool{}
									}
									named[path][x] = true
								case map[string]any:
									if !hasKey(x) {
										bad[path] = fmt.Sprintf("%v has no key", x)
									}
								}
							}
						})
					}
				}}.Play(t, g)
			}
			for path, xs := range named {
				for x := range xs {
					if !code.MatchString(x) && !keys[x] {
						bad[path] = fmt.Sprintf("%q is words, not a key", x)
					}
				}
			}
			if len(bad) > 0 {
				var lines []string
				for p, why := range bad {
					lines = append(lines, p+": "+why)
				}
				sort.Strings(lines)
				t.Errorf("%d lists name things by their words:\n%s", len(lines), strings.Join(lines, "\n"))
			}
		})
	}
}

// listsOf calls f with every list under x that a program reads: not the
// lists of words (a field for people, kittest.IsTextKey, or a list of
// sentences), nor a track's step names, nor the move catalog's lists.
func listsOf(path string, x any, f func(path string, list []any)) {
	switch x := x.(type) {
	case map[string]any:
		for k, e := range x {
			if _, list := e.([]any); kittest.IsTextKey(k) || sentenceLists[k] && list || path == ".tracks[]" && k == "steps" || path == "" && k == "moves" {
				continue
			}
			listsOf(path+"."+k, e, f)
		}
	case []any:
		f(path, x)
		for _, e := range x {
			listsOf(path+"[]", e, f)
		}
	}
}

// hasKey reports whether an object of a list carries a key: a field a
// program reads (not words) holding a string or a number.
func hasKey(x map[string]any) bool {
	for k, e := range x {
		if kittest.IsTextKey(k) {
			continue
		}
		switch e.(type) {
		case string, float64:
			return true
		}
	}
	return false
}
