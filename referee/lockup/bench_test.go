package lockup

import (
	"fmt"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// BenchmarkApply measures Apply on states reached by random games from
// the offered moves, at five seats.
func BenchmarkApply(b *testing.B) {
	for _, prefix := range []int{10, 120, 400} {
		b.Run(fmt.Sprintf("after%d", prefix), func(b *testing.B) {
			kittest.BenchApply(b, New(), nil, 5, prefix)
		})
	}
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
