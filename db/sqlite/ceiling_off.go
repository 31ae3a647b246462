//go:build !bench

package sqlite

import (
	"context"

	"tablewarden/db"
)

// ceilingOpener is nil in the production build: the load tool's commit
// ceiling (ceiling.go) exists only with -tags bench.
func ceilingOpener(string) func(context.Context) (db.Ceiling, error) { return nil }
