package jumpship

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// randomMove picks a random offered move of the seat the game waits for,
// its arguments filled by kit.RandomMove as a phone would.
func randomMove(t testing.TB, g *Game, st *State, r *rand.Rand) (int, kit.Move) {
	t.Helper()
	seat := st.waitingFor()[0]
	specs := moves.Offers(st, seat)
	if len(specs) == 0 {
		t.Fatalf("seat %d is waited for but has no moves (phase %s)", seat, st.Phase)
	}
	return seat, kit.RandomMove(specs[r.IntN(len(specs))], r)
}

// randomGame plays random legal moves from View.Moves until the game ends,
// calling each on every state reached (the initial one included).
func randomGame(t testing.TB, n int, opts string, seed uint64, each func(st *State, no int)) *State {
	t.Helper()
	g := New()
	s, err := g.Setup(json.RawMessage(opts), names[:n], kit.NewCtx(seed, 0, kittest.Epoch))
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*State)
	r := rand.New(rand.NewPCG(seed, 99))
	for no := 1; st.End == nil; no++ {
		if no > 5000 {
			t.Fatalf("seed %d: no outcome after 5000 moves", seed)
		}
		each(st, no)
		seat, m := randomMove(t, g, st, r)
		res, err := g.Apply(st, kit.SeatActor(seat), m, kit.NewCtx(seed, no, kittest.Epoch))
		if err != nil {
			t.Fatalf("seed %d move %d: offered move %s %s by seat %d refused: %v", seed, no, m.Type, m.Args, seat, err)
		}
		st = res.State.(*State)
		if err := g.Invariants(st); err != nil {
			t.Fatalf("seed %d move %d (%s %s): Invariants: %v", seed, no, m.Type, m.Args, err)
		}
	}
	each(st, -1)
	return st
}

// TestRandomGames plays many random games from View.Moves: every offered
// move must be accepted and keep the invariants, and every game must end.
func TestRandomGames(t *testing.T) {
	sides := map[string]int{}
	reasons := map[string]int{}
	games := uint64(300)
	if testing.Short() || raceEnabled {
		games = 60
	}
	for seed := uint64(1); seed <= games; seed++ {
		n := 5 + int(seed%6)
		opts := ""
		if seed%3 == 0 {
			opts = fmt.Sprintf(`{"quarantine_track":%d,"eject_track":%d,"kill_track":%d}`, 1+seed%4, 1+seed%7, 2+seed%5)
		}
		st := randomGame(t, n, opts, seed, func(*State, int) {})
		sides[st.End.Side]++
		reasons[st.End.Rule]++
	}
	if sides[SideHumans] == 0 || sides[SideAliens] == 0 || len(reasons) < 3 {
		t.Fatalf("%d random games ended only as %v by %v", games, sides, reasons)
	}
}

// candidates lists every move a seat could send: each catalog move with
// every catalog value of its enum args and every seat for its seat args.
func candidates(n int) []kit.Move {
	var out []kit.Move
	for _, spec := range New().Info().Moves {
		combos := kittest.Combinations(spec.Args, func(a kit.ArgSpec) []any {
			var vals []any
			switch {
			case a.Kind == kit.ArgSeat:
				for i := 0; i < n; i++ {
					vals = append(vals, i)
				}
			case spec.Type == MoveDoctor:
				for i := 0; i < n; i++ {
					for j := 0; j < n; j++ {
						vals = append(vals, transfer(i, j))
					}
				}
				vals = append(vals, "1>x", "01>2")
			default:
				vals = append(vals, kittest.ChoiceValues(a)...)
				vals = append(vals, Countdown)
			}
			return vals
		})
		for _, c := range combos {
			if len(spec.Args) == 0 {
				out = append(out, kit.Move{Type: spec.Type})
			} else {
				out = append(out, kittest.MakeMove(spec.Type, c))
			}
		}
	}
	return out
}

// offered reports whether a move is one of the view's moves with every
// argument among the offered choices.
func offered(moves []kit.MoveSpec, m kit.Move) bool {
	var args map[string]any
	if len(m.Args) > 0 {
		if err := json.Unmarshal(m.Args, &args); err != nil {
			return false
		}
	}
	for _, spec := range moves {
		if spec.Type != m.Type || len(spec.Args) != len(args) {
			continue
		}
		ok := true
		for _, a := range spec.Args {
			ok = ok && slices.ContainsFunc(a.Choices, func(c kit.Choice) bool { return fmt.Sprint(c.Value) == fmt.Sprint(args[a.Name]) })
		}
		if ok {
			return true
		}
	}
	return false
}

// TestMovesExact checks, on every state of random games, that each seat's
// View.Moves is exactly the set of moves Apply accepts from it: every
// candidate move is accepted if and only if it is offered.
func TestMovesExact(t *testing.T) {
	g := New()
	games := uint64(10)
	if testing.Short() || raceEnabled {
		games = 2
	}
	for seed := uint64(1); seed <= games; seed++ {
		n := 5 + int(seed%6)
		cands := candidates(n)
		randomGame(t, n, "", seed, func(st *State, no int) {
			seats := []int{(no + int(seed)) % n}
			if w := st.waitingFor(); len(w) > 0 {
				seats = append(seats, w[0])
			}
			for _, seat := range seats {
				moves := g.View(st, kit.SeatViewer(seat)).Moves
				for _, m := range cands {
					_, err := g.Apply(st, kit.SeatActor(seat), m, kit.NewCtx(seed, 1, kittest.Epoch))
					if got, want := err == nil, offered(moves, m); got != want {
						t.Fatalf("seed %d move %d, seat %d, phase %s: %s %s accepted = %v (%v), offered = %v", seed, no, seat, st.Phase, m.Type, m.Args, got, err, want)
					}
				}
			}
		})
	}
}
