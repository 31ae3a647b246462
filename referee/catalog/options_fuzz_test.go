package catalog

import (
	"testing"

	"tablewarden/referee/kit/kittest"
)

// FuzzTableOptions fuzzes table options for every game in the catalog:
// kit.DecodeOptions as CreateTable runs
// it, then Setup as Start runs it, then a few offered moves. See
// kittest.CheckFuzzSetup for the invariants. Run it longer with
//
//	go test ./referee/catalog -run '^$' -fuzz '^FuzzTableOptions$' -fuzztime 10m
func FuzzTableOptions(f *testing.F) {
	for i, g := range All() {
		for k, opts := range kittest.FuzzOptionSeeds(g.Info()) {
			f.Add(uint8(i), uint64(k), uint8(k), opts)
		}
	}
	f.Fuzz(func(t *testing.T, game uint8, seed uint64, players uint8, opts []byte) {
		g := All()[int(game)%len(All())]
		kittest.CheckFuzzSetup(t, g, kittest.FuzzSetupInput{Seed: seed, Players: players, Options: opts})
	})
}
