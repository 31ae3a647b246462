package catalog

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"tablewarden/referee/kit"
)

func TestZZEnd(t *testing.T) {
	for _, g := range All() {
		in := g.Info()
		for _, n := range []int{4} {
			if n < 2 && in.ID != "lockup" { n = 2 }
			names := []string{"Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"}[:n]
			st, err := g.Setup(nil, names, kit.NewCtx(1, 0, time.Unix(1e9, 0)))
			if err != nil { fmt.Println(in.ID, n, err); continue }
			r := rand.New(rand.NewPCG(3, 1))
			played := map[string]int{}
			k := 1
			for ; k < 3000 && g.Outcome(st) == nil; k++ {
				type c struct{ a kit.Actor; s kit.MoveSpec }
				var cs []c
				best := 1 << 30
				for v := -1; v < n; v++ {
					vw, ac := kit.HostViewer, kit.HostActor
					if v >= 0 { vw, ac = kit.SeatViewer(v), kit.SeatActor(v) }
					for _, m := range g.View(st, vw).Moves {
						if played[m.Type] < best { best = played[m.Type]; cs = cs[:0] }
						if played[m.Type] == best { cs = append(cs, c{ac, m}) }
					}
				}
				if len(cs) == 0 { break }
				ch := cs[r.IntN(len(cs))]
				if r.IntN(2) == 0 {
					for v := -1; v < n; v++ {
						vw, ac := kit.HostViewer, kit.HostActor
						if v >= 0 { vw, ac = kit.SeatViewer(v), kit.SeatActor(v) }
						for _, m := range g.View(st, vw).Moves {
							if strings.HasPrefix(m.Type, "finish") { ch = c{ac, m} }
						}
					}
				}
				res, err := g.Apply(st, ch.a, kit.RandomMove(ch.s, r), kit.NewCtx(1, k, time.Unix(1e9+int64(k), 0)))
				if err != nil { continue }
				played[ch.s.Type]++
				st = res.State
			}
			fmt.Println(in.ID, n, "ended:", g.Outcome(st) != nil, "moves", k, played)
		}
	}
}
