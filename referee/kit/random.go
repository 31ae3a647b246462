package kit

import (
	"encoding/json"
	"math/rand/v2"
)

// RandomMove fills a move from the view's move list at random: each
// argument takes one of its (already narrowed) choices, an int a value in
// its range, a bool either value. Tests and the load tool use it to play
// legal moves the way a phone would, knowing nothing of the game. An
// optional argument is left out half of the time.
func RandomMove(spec MoveSpec, r *rand.Rand) Move {
	args := map[string]any{}
	for _, a := range spec.Args {
		if a.Optional && r.IntN(2) == 0 {
			continue
		}
		switch {
		case len(a.Choices) > 0:
			args[a.Name] = a.Choices[r.IntN(len(a.Choices))].Value
		case a.Kind == ArgBool:
			args[a.Name] = r.IntN(2) == 0
		case a.Kind == ArgInt || a.Kind == ArgSeat:
			lo, hi := 0, 3
			if a.Min != nil {
				lo = *a.Min
			}
			if a.Max != nil {
				hi = *a.Max
			}
			if hi < lo {
				hi = lo
			}
			args[a.Name] = lo + r.IntN(hi-lo+1)
		default:
			args[a.Name] = "x"
		}
	}
	b, _ := json.Marshal(args)
	return Move{Type: spec.Type, Args: b}
}
