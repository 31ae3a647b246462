package lockup

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// TestOfferedMovesAreAccepted plays random games picking only from
// View.Moves: every offered choice must be accepted, the invariants must
// hold, and the games must reach the end.
func TestOfferedMovesAreAccepted(t *testing.T) {
	g := New()
	for players := 1; players <= 5; players++ {
		for seed := uint64(1); seed <= 6; seed++ {
			t.Run(fmt.Sprintf("%dp/seed%d", players, seed), func(t *testing.T) {
				seats := []string{"Ana", "Bia", "Caio", "Duda", "Enzo"}[:players]
				st := setup(t, seed, "", seats...)
				r := rand.New(rand.NewPCG(seed, uint64(players)))
				for step := 0; step < 5000 && st.Phase != PhaseGameOver; step++ {
					all := offers(g, st)
					if len(all) == 0 {
						t.Fatalf("step %d: no moves offered in phase %s", step, st.Phase)
					}
					var prog []offered
					for _, o := range all {
						if progress[o.spec.Type] {
							prog = append(prog, o)
						}
					}
					pick := all[r.IntN(len(all))]
					if len(prog) > 0 && r.IntN(10) > 0 {
						pick = prog[r.IntN(len(prog))]
					}
					args := randomArgs(r, pick.spec)
					res, err := g.Apply(st, pick.who, kittest.MakeMove(pick.spec.Type, args), kit.NewCtx(seed, step+1, kittest.Epoch))
					if err != nil {
						t.Fatalf("step %d: offered %s %v by %+v refused: %v", step, pick.spec.Type, args, pick.who, err)
					}
					if err := g.Invariants(res.State); err != nil {
						t.Fatalf("step %d (%s): %v", step, pick.spec.Type, err)
					}
					st = res.State.(*State)
				}
				if st.Phase != PhaseGameOver {
					t.Fatalf("game did not end: phase %s round %d", st.Phase, st.Round)
				}
				if g.Outcome(st) == nil {
					t.Fatal("Outcome = nil after the game ended")
				}
			})
		}
	}
}
