package jumpship

import (
	"math/rand/v2"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// midGame plays a 7-player game for about 40 random moves and returns the
// first later state in the wanted phase.
func midGame(b *testing.B, phase string) *State {
	b.Helper()
	g := New()
	s, err := g.Setup(nil, names[:7], kit.NewCtx(5, 0, kittest.Epoch))
	if err != nil {
		b.Fatal(err)
	}
	st := s.(*State)
	r := rand.New(rand.NewPCG(5, 5))
	for no := 1; st.End == nil; no++ {
		if no > 40 && st.Phase == phase {
			return st
		}
		seat, m := randomMove(b, g, st, r)
		res, err := g.Apply(st, kit.SeatActor(seat), m, kit.NewCtx(5, no, kittest.Epoch))
		if err != nil {
			b.Fatal(err)
		}
		st = res.State.(*State)
	}
	b.Fatalf("no %s phase after move 40", phase)
	return nil
}

func benchApply(b *testing.B, st *State, seat int, m kit.Move) {
	g := New()
	ctx := kit.NewCtx(5, 100, kittest.Epoch)
	if _, err := g.Apply(st, kit.SeatActor(seat), m, ctx); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := g.Apply(st, kit.SeatActor(seat), m, ctx); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyDraw(b *testing.B) {
	st := midGame(b, PhaseTurn)
	benchApply(b, st, st.Order.Seat(), kit.Move{Type: MoveDraw})
}

func BenchmarkApplyGive(b *testing.B) {
	st := midGame(b, PhaseGive)
	seat := st.Order.Seat()
	var m kit.Move
	for _, spec := range New().View(st, kit.SeatViewer(seat)).Moves {
		if spec.Type == MoveGive {
			m = argsOf(spec, func(a kit.ArgSpec) any { return a.Choices[0].Value })
		}
	}
	if m.Type == "" {
		b.Fatal("no give offered")
	}
	benchApply(b, st, seat, m)
}

func BenchmarkApplyScan(b *testing.B) {
	st := midGame(b, PhaseTurn)
	scannersReadyB(b, st)
	seat := st.Order.Seat()
	st.Seats[seat].Role = Captain
	target := (seat + 1) % len(st.Seats)
	st.Seats[target].Role = Stowaway
	benchApply(b, st, seat, kittest.MakeMove(MoveScan, TargetArgs{Target: target}))
}

// scannersReadyB brings the scanners online and gives the seat whose turn
// it is 4 Scan tokens.
func scannersReadyB(b *testing.B, st *State) {
	for st.Repair < data.RepairTrack.ScannersAt {
		if _, ok := st.Bag.Take(Repair); !ok {
			b.Fatal("no Repair in the bag")
		}
		st.Repair++
	}
	for st.Seats[st.Order.Seat()].Scan < 4 {
		if _, ok := st.Bag.Take(Scan); !ok {
			b.Fatal("no Scan in the bag")
		}
		st.Seats[st.Order.Seat()].Scan++
	}
}

func BenchmarkView(b *testing.B) {
	st := midGame(b, PhaseGive)
	g := New()
	v := kit.SeatViewer(st.Order.Seat())
	b.ReportAllocs()
	for b.Loop() {
		_ = g.View(st, v)
	}
}

func BenchmarkClone(b *testing.B) {
	st := midGame(b, PhaseGive)
	b.ReportAllocs()
	for b.Loop() {
		_ = st.Clone()
	}
}
