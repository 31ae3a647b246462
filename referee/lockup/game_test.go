package lockup

import (
	"errors"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// TestForeignState: a state of another game is refused through the move
// table (kit.ErrStateType), never by a panic.
func TestForeignState(t *testing.T) {
	type other struct{}
	g := New()
	if _, err := g.Apply(&other{}, kit.SeatActor(0), kittest.MakeMove(MovePass, nil), kit.NewCtx(1, 1, kittest.Epoch)); !errors.Is(err, kit.ErrStateType) {
		t.Fatalf("Apply = %v, want kit.ErrStateType", err)
	}
	if err := g.Invariants(&other{}); !errors.Is(err, kit.ErrStateType) {
		t.Fatalf("Invariants = %v, want kit.ErrStateType", err)
	}
	if v := g.View(&other{}, kit.BoardViewer); len(v.Moves) != 0 || v.Board != nil {
		t.Fatalf("View of a foreign state = %+v, want an empty view", v)
	}
	if g.Outcome(&other{}) != nil || kit.SetupEvents(g, &other{}) != nil {
		t.Fatal("Outcome or SetupEvents of a foreign state is not nil")
	}
}
