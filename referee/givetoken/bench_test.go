package givetoken

import (
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// BenchmarkApply is one give at a table of six.
func BenchmarkApply(b *testing.B) {
	g := New()
	st := kittest.Setup(b, g, nil, 6, 1)
	m := giveTo(1)
	ctx := kit.NewCtx(1, 1, kittest.Epoch)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Apply(st, kit.SeatActor(0), m, ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkViews is the seven views (six seats and the board) one move
// makes the server render.
func BenchmarkViews(b *testing.B) {
	g := New()
	st := kittest.Setup(b, g, nil, 6, 1)
	b.ReportAllocs()
	for b.Loop() {
		g.View(st, kit.BoardViewer)
		for i := range 6 {
			g.View(st, kit.SeatViewer(i))
		}
	}
}
