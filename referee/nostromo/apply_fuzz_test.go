package nostromo

import (
	"testing"

	"tablewarden/referee/kit/kittest"
)

// FuzzApply fuzzes move decoding and application; see kittest.FuzzApply
// for the invariants. Run it longer with
//
//	go test ./referee/nostromo -run '^$' -fuzz '^FuzzApply$' -fuzztime 10m
func FuzzApply(f *testing.F) { kittest.FuzzApply(f, New()) }
