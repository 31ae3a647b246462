//go:build !bench

package table

// ceiling holds nothing in the production build: the load tool's storage
// ceiling (Service.CeilingCommit, ceiling.go) is linked only with -tags
// bench.
type ceiling struct{}
