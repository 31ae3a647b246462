//go:build !bench

package catalog

import "tablewarden/referee/kit"

// bench is empty in the production build: the load tool's game is linked
// only with -tags bench (bench.go).
var bench []kit.Game
