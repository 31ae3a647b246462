//go:build bench

package catalog

import (
	"tablewarden/referee/givetoken"
	"tablewarden/referee/kit"
)

// bench is the bench build's games: the load tool's equal-work game
// (referee/givetoken). Only a binary built with -tags bench links it.
var bench = []kit.Game{
	givetoken.New(),
}
