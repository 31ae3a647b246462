package table

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"tablewarden/db"
	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// TestViewsOfOneVersionHaveOneLength plays random games of every game at
// its smallest and largest table, and checks at every step that every
// seat's, the host's and the board's padded view of that version has the
// same length, also when encoded at another time, and still decodes to the
// same view. Without the padding, secrets show in the lengths.
func TestViewsOfOneVersionHaveOneLength(t *testing.T) {
	for _, g := range catalog.All() {
		info := g.Info()
		for _, n := range []int{info.MinPlayers, info.MinPlayers + 1, info.MaxPlayers} {
			t.Run(fmt.Sprintf("%s/%d", info.ID, n), func(t *testing.T) {
				seed := uint64(7 + n)
				st, err := g.Setup(nil, kittest.FuzzNames[:n], kit.NewCtx(seed, 0, kittest.Epoch))
				if err != nil {
					t.Skipf("no default setup for %d seats: %v", n, err)
				}
				r := rand.New(rand.NewPCG(seed, 16))
				seats := make([]db.Seat, n)
				for i := range seats {
					seats[i] = db.Seat{Seat: int64(i), Name: kittest.FuzzNames[i]}
				}
				steps, differed := 0, false
				for i := 0; i < 60 && g.Outcome(st) == nil; i++ {
					snap := &tableSnapshot{id: "T" + info.ID, status: "playing", game: g, version: int64(i + 1), seats: seats, state: st}
					differed = checkEqualLengths(t, snap, i) || differed
					steps++
					cands := kittest.OfferedMoves(g, st, n, r)
					if len(cands) == 0 {
						break
					}
					// Prefer a move that does not end the game at once (Space
					// Cadets offers moves that lose it), so the walk goes on.
					var next kit.State
					for try := 0; try < 8; try++ {
						c := cands[r.IntN(len(cands))]
						res, err := g.Apply(st, c.Who, c.Move, kit.NewCtx(seed, i+1, kittest.Epoch.Add(time.Duration(i+1)*time.Second)))
						if err != nil {
							t.Fatalf("step %d: offered %s refused: %v", i, c.Move.Type, err)
						}
						next = res.State
						if g.Outcome(next) == nil {
							break
						}
					}
					st = next
				}
				// The last state too (the outcome's views).
				final := &tableSnapshot{id: "T" + info.ID, status: "playing", game: g, version: int64(steps + 1), seats: seats, state: st}
				differed = checkEqualLengths(t, final, steps) || differed
				t.Logf("%d steps checked; the unpadded views differed in length: %v; ended: %v", steps, differed, g.Outcome(st) != nil)
			})
		}
	}
}

// checkEqualLengths checks one snapshot and reports whether the unpadded
// views differed in length.
func checkEqualLengths(t *testing.T, snap *tableSnapshot, step int) bool {
	t.Helper()
	svc := &Service{now: time.Now}
	board := snap.boardView()
	// Two times whose RFC 3339 texts differ most in length.
	times := []time.Time{time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), time.Date(2026, 1, 2, 3, 4, 5, 123456789, time.UTC)}
	want, raw := -1, map[int]bool{}
	for _, id := range snapViewers(snap) {
		for _, now := range times {
			r := snap.render(id, now, board)
			b, err := encodeJSON(&r)
			if err != nil {
				t.Fatal(err)
			}
			raw[len(b)] = true
			p := padTo(b, svc.padLen(snap, now, board, map[Identity][]byte{id: b}))
			if want < 0 {
				want = len(p)
			}
			if len(p) != want {
				t.Fatalf("step %d: %s view %d is %d bytes padded, another is %d", step, id.Role, id.Seat, len(p), want)
			}
			var a, c ViewResponse
			if json.Unmarshal(p, &a) != nil || json.Unmarshal(b, &c) != nil || a.Version != c.Version || len(a.Log) != len(c.Log) {
				t.Fatalf("step %d: the padded view does not decode as the view", step)
			}
		}
	}
	return len(raw) > 1
}
