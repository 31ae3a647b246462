package captainisdead

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// combos expands a move spec into every argument combination its choices
// allow (strings get one sample value).
func combos(m kit.MoveSpec) []map[string]any {
	return kittest.Combinations(m.Args, func(a kit.ArgSpec) []any {
		var vals []any
		switch {
		case len(a.Choices) > 0:
			vals = append(vals, kittest.ChoiceValues(a)...)
		case a.Kind == kit.ArgInt:
			for n := *a.Min; n <= *a.Max; n++ {
				vals = append(vals, n)
			}
		case a.Kind == kit.ArgBool:
			vals = []any{false, true}
		case a.Kind == kit.ArgString:
			vals = []any{"Sample card"}
		default:
			panic(fmt.Sprintf("%s.%s has no choices", m.Type, a.Name))
		}
		return vals
	})
}

// TestViewMovesExact walks random games through the moves the views offer
// and checks that every offered choice of every move is accepted.
func TestViewMovesExact(t *testing.T) {
	for run, opts := range []string{``, `{"elimination":true}`, `{"difficulty":"Veteran"}`} {
		t.Run(fmt.Sprintf("Run%d", run), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(run), 42))
			n := 2 + run
			st, err := game.Setup(json.RawMessage(opts), names[:n], kit.NewCtx(uint64(run), 0, kittest.Epoch))
			if err != nil {
				t.Fatal(err)
			}
			viewers := kittest.Viewers(n)
			checked := 0
			for step := 0; step < 300 && game.Outcome(st) == nil; step++ {
				type option struct {
					who  kit.Actor
					typ  string
					args map[string]any
				}
				byType := map[string][]option{}
				var types []string
				for _, v := range viewers {
					for _, m := range game.View(st, v).Moves {
						for _, args := range combos(m) {
							res, err := game.Apply(st, kittest.ActorOf(v), kittest.MakeMove(m.Type, args), kit.NewCtx(9, step+1, kittest.Epoch))
							if err != nil {
								t.Fatalf("step %d: %s offered to %s with %v is refused: %v", step, m.Type, v.Role, args, err)
							}
							if err := game.Invariants(res.State); err != nil {
								t.Fatalf("step %d: %s %v: %v", step, m.Type, args, err)
							}
							checked++
							if _, ok := byType[m.Type]; !ok {
								types = append(types, m.Type)
							}
							byType[m.Type] = append(byType[m.Type], option{kittest.ActorOf(v), m.Type, args})
						}
					}
				}
				if len(types) == 0 {
					t.Fatalf("step %d: nobody may move in phase %s", step, st.(*State).Phase)
				}
				opts := byType[types[rng.IntN(len(types))]]
				o := opts[rng.IntN(len(opts))]
				res, err := game.Apply(st, o.who, kittest.MakeMove(o.typ, o.args), kit.NewCtx(9, step+1, kittest.Epoch))
				if err != nil {
					t.Fatal(err)
				}
				st = res.State
			}
			if checked < 1000 {
				t.Fatalf("only %d offered moves checked", checked)
			}
		})
	}
}

// TestBoardHasNoMoves checks the shared board never offers a move.
func TestBoardHasNoMoves(t *testing.T) {
	s := begin(t, "", "Spy", "First Officer")
	if got := game.View(s, kit.BoardViewer).Moves; len(got) != 0 {
		t.Fatalf("board moves = %v, want none", got)
	}
	if got := game.View(s, kit.BoardViewer).Private; got != nil {
		t.Fatalf("board private = %v, want nil", got)
	}
}
