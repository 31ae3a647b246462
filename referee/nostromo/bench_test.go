package nostromo

import (
	"encoding/json"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// BenchmarkApply applies offered moves to a 4-player game 60 moves in.
func BenchmarkApply(b *testing.B) { kittest.BenchApply(b, New(), nil, 4, 60) }

// BenchmarkApplyHardcore does the same in a 3-player Hard-core game.
func BenchmarkApplyHardcore(b *testing.B) {
	kittest.BenchApply(b, New(), json.RawMessage(`{"difficulty":"hardcore"}`), 3, 40)
}

// BenchmarkView computes a seat's view (prompt and board included) in a
// 4-player game 60 moves in.
func BenchmarkView(b *testing.B) {
	w := kittest.RandomWalk(b, New(), nil, 4, 42, 60)
	g := New()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g.View(w.State, kit.SeatViewer(i%4))
	}
}
