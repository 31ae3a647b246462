package openapigen

import (
	"slices"

	"tablewarden/referee/catalog"
	"tablewarden/referee/givetoken"
	"tablewarden/referee/kit"
)

// Games returns the games the document describes, whatever the build tags:
// every game of catalog.All, then the load tool's givetoken, which only
// the bench build (-tags bench) serves. Its views stay in the document so
// that a bench server's answers are checked like any other; the
// production server never lists it.
func Games() []kit.Game {
	return append(slices.Clip(catalog.All()), givetoken.New())
}
