package kittest

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"tablewarden/referee/kit"
)

// HasEvent reports whether events hold one with the given code.
func HasEvent(events []kit.Event, code string) bool {
	for _, e := range events {
		if e.Code == code {
			return true
		}
	}
	return false
}

// Setup sets g up for n seats named from FuzzNames with the given options,
// failing the test on error.
func Setup(t testing.TB, g kit.Game, opts json.RawMessage, n int, seed uint64) kit.State {
	t.Helper()
	st, err := g.Setup(opts, FuzzNames[:n], kit.NewCtx(seed, 0, Epoch))
	if err != nil {
		t.Fatalf("Setup(%d seats, seed %d): %v", n, seed, err)
	}
	return st
}

// ConformanceCase names one table shape for Conformance: options and a
// seat count. Zero Seats means every count from MinPlayers to MaxPlayers.
type ConformanceCase struct {
	Name    string
	Options json.RawMessage
	Seats   int
	// Seeds is the number of random games per seat count (default 3); the
	// first of them also tries every offered combination in every state.
	Seeds int
	// Moves caps each random game (default 400).
	Moves int
	// Linger and Each are as in WalkConfig.
	Linger int
	Each   func(t testing.TB, st kit.State, views []kit.View, no int)
}

// Conformance runs the checks every game must pass, as subtests:
// every state field classified; the player counts of Info accepted and one
// fewer and one more refused ("player_count"); random games from the
// offered moves (every offered move accepted, no mutation, invariants,
// shared view parts, a prompt for every viewer in every state), the first
// game of each seat count also trying every combination of the arguments
// of every offered move in every state (WalkConfig.Exhaustive); replay
// reproduces each walk; and the setup log is public or addressed to real
// seats. stateType is the game's state struct (e.g. State{}). It returns
// how many times the random games played each move type, for a game's
// test to check that they reach its hard cases.
func Conformance(t *testing.T, g kit.Game, stateType any, cases ...ConformanceCase) map[string]int {
	info := g.Info()
	played := map[string]int{}
	t.Run("Classified", func(t *testing.T) {
		if err := kit.CheckClassified(reflect.TypeOf(stateType)); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("Info", func(t *testing.T) {
		if info.ID == "" || info.Name == "" || info.Rulebook == "" {
			t.Fatalf("Info = %+v: id, name and rulebook are required", info)
		}
		if info.MinPlayers < 1 || info.MaxPlayers < info.MinPlayers || info.MaxPlayers > len(FuzzNames) {
			t.Fatalf("players = %d–%d", info.MinPlayers, info.MaxPlayers)
		}
		seen := map[string]bool{}
		for _, m := range info.Moves {
			if m.Type == "" || m.Label == "" || m.Rule == "" {
				t.Fatalf("move %+v: type, label and rule are required", m)
			}
			if seen[m.Type] {
				t.Fatalf("move %q listed twice", m.Type)
			}
			seen[m.Type] = true
		}
	})
	t.Run("PlayerCounts", func(t *testing.T) {
		for _, n := range []int{info.MinPlayers - 1, info.MaxPlayers + 1} {
			if n < 0 || n > len(FuzzNames) {
				continue
			}
			_, err := g.Setup(nil, FuzzNames[:n], kit.NewCtx(1, 0, Epoch))
			if got, want := kit.ErrorCode(err), "player_count"; got != want {
				t.Fatalf("Setup(%d seats) error code = %q (%v), want %q", n, got, err, want)
			}
			if derr := CheckDeclared(info, err); derr != nil {
				t.Fatal(derr)
			}
		}
	})
	if len(cases) == 0 {
		cases = []ConformanceCase{{Name: "default"}}
	}
	for _, c := range cases {
		t.Run("Walk/"+c.Name, func(t *testing.T) {
			counts := []int{c.Seats}
			if c.Seats == 0 {
				counts = nil
				for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
					counts = append(counts, n)
				}
			}
			seeds, moves := cmp.Or(c.Seeds, 3), cmp.Or(c.Moves, 400)
			ended, tried, refused := 0, 0, 0
			for _, n := range counts {
				for seed := uint64(1); seed <= uint64(seeds); seed++ {
					if _, err := g.Setup(c.Options, FuzzNames[:n], kit.NewCtx(seed, 0, Epoch)); err != nil {
						if kit.ErrorCode(err) == "player_count" {
							continue // this case's options take other counts
						}
						t.Fatalf("Setup(%d): %v", n, err)
					}
					each := c.Each
					if seed == 1 {
						// The first game of each seat count also sends, every
						// 20th state, moves the state does not offer: every
						// refusal names a declared code.
						r := rand.New(rand.NewPCG(seed, uint64(n)))
						each = func(t testing.TB, st kit.State, views []kit.View, no int) {
							if no%20 == 0 {
								refused += probeRefusals(t, g, st, n, r, fmt.Sprintf("%d seats, move %d", n, no))
							}
							if c.Each != nil {
								c.Each(t, st, views, no)
							}
						}
					}
					w := WalkConfig{Options: c.Options, Seats: n, Seed: seed*7919 + uint64(n), Moves: moves,
						Exhaustive: seed == 1, Linger: c.Linger, Each: each}.Play(t, g)
					Replay(t, g, w)
					if w.Ended {
						ended++
					}
					tried += w.Tried
					for typ, k := range w.Played {
						played[typ] += k
					}
					for _, e := range kit.SetupEvents(g, Setup(t, g, c.Options, n, w.Seed)) {
						for _, s := range e.To {
							if s < 0 || s >= n {
								t.Fatalf("setup event %s is addressed to seat %d of %d", e.Code, s, n)
							}
						}
					}
				}
			}
			t.Logf("%d of the random games ended; %d offered combinations tried; %d refusals probed, every code declared", ended, tried, refused)
		})
	}
	return played
}

// BenchApply measures Apply on a game reached by a random walk of up to
// prefix moves at n seats: each iteration applies one offered move to the
// same state.
func BenchApply(b *testing.B, g kit.Game, opts json.RawMessage, n, prefix int) {
	w := RandomWalk(b, g, opts, n, 42, prefix)
	r := rand.New(rand.NewPCG(1, 2))
	cands := OfferedMoves(g, w.State, n, r)
	if len(cands) == 0 {
		b.Skip("no offered move in the state reached")
	}
	ctx := kit.NewCtx(42, len(w.Script.Steps)+1, Epoch)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c := cands[i%len(cands)]
		if _, err := g.Apply(w.State, c.Who, c.Move, ctx); err != nil {
			b.Fatal(err)
		}
	}
}
