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

// Get returns the game with the given id.
func Get(id string) (kit.Game, bool) {
	for _, g := range games {
		if g.Info().ID == id {
			return g, true
		}
	}
	return nil, false
}
