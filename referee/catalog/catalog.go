// Package catalog lists every game the server knows.
package catalog

import (
	"tablewarden/referee/captainisdead"
	"tablewarden/referee/givetoken"
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

// bench is the games served only with -bench-routes: the load tool's
// equal-work game, which players of the home page never see.
var bench = []kit.Game{
	givetoken.New(),
}

// All returns every game.
func All() []kit.Game { return games }

// Bench returns the games served only with -bench-routes.
func Bench() []kit.Game { return bench }

// Get returns the game with the given id, among All.
func Get(id string) (kit.Game, bool) { return find(games, id) }

// Find returns the game with the given id, among All and, when withBench
// is set, Bench.
func Find(id string, withBench bool) (kit.Game, bool) {
	if g, ok := find(games, id); ok || !withBench {
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
