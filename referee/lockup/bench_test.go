package lockup

import (
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func benchApply(b *testing.B, st *State, who kit.Actor, typ string, args any) {
	g := New()
	m := kittest.MakeMove(typ, args)
	ctx := kit.NewCtx(1, 5, kittest.Epoch)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := g.Apply(st, who, m, ctx); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyAssign(b *testing.B) {
	st := setup(b, 1, "", "Ana", "Bia", "Caio", "Duda", "Enzo")
	benchApply(b, st, seat(0), "assign", M{"token": "crew3", "location": 4, "face_down": true})
}

func BenchmarkApplyPassToLightsOut(b *testing.B) {
	st := setup(b, 1, "", "Ana", "Bia", "Caio", "Duda", "Enzo")
	st = rollCall(b, st, nil, nil)
	_ = st
	// The last pass of a Roll Call resolves all of Lights Out.
	s := setup(b, 1, "", "Ana", "Bia", "Caio", "Duda", "Enzo")
	for s.Phase == PhaseRollCall {
		p := &s.Players[s.Turn]
		if p.inCell() == 1 {
			if n := 0; func() bool {
				for _, q := range s.Players {
					if !q.Passed {
						n++
					}
				}
				return n == 1
			}() {
				break
			}
			s, _ = play(b, s, seat(s.Turn), "pass", nil)
			continue
		}
		s, _ = play(b, s, seat(s.Turn), "assign", M{"token": p.Tokens[p.tokensIn(PlaceCell, 0)[0]].ID, "location": 1 + s.Turn, "face_down": false})
	}
	benchApply(b, s, seat(s.Turn), "pass", nil)
}

func BenchmarkApplyAdvance(b *testing.B) {
	st := setup(b, 21, "", "Ana", "Bia", "Caio", "Duda", "Enzo")
	st = withTunnels(st, "", "", "", "", "", "", "")
	st = rollCall(b, st, nil, nil)
	st.Players[0].Lantern = "STAIRS"
	st, _ = play(b, st, seat(0), "advance_lantern", nil)
	benchApply(b, st, seat(0), "advance", M{"to": "OSSUARY"})
}

func BenchmarkApplyResolveLegend(b *testing.B) {
	st := setup(b, 21, "", "Ana", "Bia", "Caio", "Duda", "Enzo")
	st = withTunnels(st, "", "", "", "", "", "", "")
	st = rollCall(b, st, nil, nil)
	benchApply(b, st, kit.HostActor, "resolve_legend", nil)
}

func BenchmarkApplyEnterScores(b *testing.B) {
	st := setup(b, 21, "", "Ana", "Bia", "Caio", "Duda", "Enzo")
	st.Phase = PhaseFinalScoring
	benchApply(b, st, seat(2), "enter_scores", M{"category": "dryads", "value": 2})
}

func BenchmarkView(b *testing.B) {
	st := setup(b, 21, "", "Ana", "Bia", "Caio", "Duda", "Enzo")
	st = withTunnels(st, "", "single", "", "double", "", "", "")
	st = rollCall(b, st, nil, nil)
	g := New()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = g.View(st, kit.SeatViewer(i%5))
	}
}
