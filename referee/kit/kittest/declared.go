package kittest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"tablewarden/referee/kit"
)

// CheckDeclared returns an error when err is a refusal whose code the game
// did not declare (kit.Info.RefusalCodes: its Info.Codes and the kit's
// own), nil otherwise.
func CheckDeclared(info kit.Info, err error) error {
	re, ok := kit.AsRuleError(err)
	if !ok || info.Declared(re.Code) {
		return nil
	}
	return fmt.Errorf("%s emitted refusal code %q (%s: %q), which it does not declare in Info.Codes (codes.go)", info.ID, re.Code, re.Rule, re.Message)
}

// probeRefusals applies moves a screen may send but the state does not
// offer to st: every move type of the catalog, with no arguments and with
// random ones from its spec, from every seat, the host and the server, and
// a move type the game does not have. (A wrong kind of argument is the
// kit's bad_args, declared for every game.)
// Every refusal's code must be declared (CheckDeclared). It returns how
// many refusals it saw.
func probeRefusals(t testing.TB, g kit.Game, st kit.State, seats int, r *rand.Rand, where string) int {
	t.Helper()
	info := g.Info()
	actors := []kit.Actor{kit.HostActor, kit.SystemActor}
	for s := 0; s < seats; s++ {
		actors = append(actors, kit.SeatActor(s))
	}
	var moves []kit.Move
	for _, spec := range info.Moves {
		moves = append(moves, kit.Move{Type: spec.Type}, kit.RandomMove(spec, r))
	}
	moves = append(moves, kit.Move{Type: "no_such_move"})
	refused := 0
	for _, m := range moves {
		for _, a := range actors {
			_, err := g.Apply(st, a, m, kit.NewCtx(1, 1, Epoch))
			if err == nil {
				continue
			}
			refused++
			if derr := CheckDeclared(info, err); derr != nil {
				t.Fatalf("%s: %s %s by %+v: %v", where, m.Type, m.Args, a, derr)
			}
		}
	}
	return refused
}
