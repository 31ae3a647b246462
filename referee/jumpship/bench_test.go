package jumpship

import (
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// BenchmarkApply applies offered moves in a 7-player game after 40 random
// moves.
func BenchmarkApply(b *testing.B) { kittest.BenchApply(b, New(), nil, 7, 40) }

func BenchmarkView(b *testing.B) {
	g := New()
	w := kittest.RandomWalk(b, g, nil, 7, 42, 40)
	v := kit.SeatViewer(w.State.(*State).Order.Seat())
	b.ReportAllocs()
	for b.Loop() {
		_ = g.View(w.State, v)
	}
}

func BenchmarkClone(b *testing.B) {
	w := kittest.RandomWalk(b, New(), nil, 7, 42, 40)
	st := w.State.(*State)
	b.ReportAllocs()
	for b.Loop() {
		_ = st.Clone()
	}
}
