// Package catalog lists every game the server knows.
package catalog

import (
	"tablewarden/referee/captainisdead"
	"tablewarden/referee/jumpship"
	"tablewarden/referee/kit"
	"tablewarden/referee/lockup"
	"tablewarden/referee/nostromo"
	"tablewarden/referee/spacecadets"
)

// games is every game, in the order the home page lists them.
var games = []kit.Game{
	jumpship.New(),
	captainisdead.New(),
	lockup.New(),
	spacecadets.New(),
	nostromo.New(),
}

// All returns every game.
func All() []kit.Game { return games }

// Bench returns the games of the bench build (go build -tags bench,
// bench.go): the load tool's equal-work game, which players of the home
// page never see. The production build has none (bench_off.go).
func Bench() []kit.Game { return bench }

// Get returns the game with the given id, among All.
func Get(id string) (kit.Game, bool) { return find(games, id) }

// Find returns the game with the given id, among All and Bench.
func Find(id string) (kit.Game, bool) {
	if g, ok := find(games, id); ok {
		return g, ok
	}
	return find(bench, id)
}

func find(list []kit.Game, id string) (kit.Game, bool) {
	for _, g := range list {
		if g.Info().ID == id {
			return g, true
		}
	}
	return nil, false
}
