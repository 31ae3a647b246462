package spacecadets

import (
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func benchApply(b *testing.B, tb *table, who kit.Actor, typ string, args any) {
	m := kittest.MakeMove(typ, args)
	ctx := kit.NewCtx(1, 99, kittest.Epoch)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := tb.g.Apply(tb.s, who, m, ctx); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyNextStep(b *testing.B) {
	tb := newTable(b, `{"mission":"8"}`, 4, 1)
	tb.to("step6")
	benchApply(b, tb, captain, "next_step", nil) // Step 7: the siege moves
}

func BenchmarkApplyShipMoved(b *testing.B) {
	tb := newTable(b, `{"mission":"10"}`, 4, 1)
	tb.to("step5")
	benchApply(b, tb, crew, "ship_moved", map[string]any{"row": 4, "col": 4, "facing": "E", "beak_squares": 1})
}

func BenchmarkApplyStartTimer(b *testing.B) {
	tb := newTable(b, `{"mission":"7"}`, 4, 1)
	tb.to("step3a")
	benchApply(b, tb, captain, "start_timer", map[string]any{"name": "step3a"})
}

func BenchmarkApplyScienceDraw(b *testing.B) {
	tb := newTable(b, `{"mission":"7"}`, 4, 1)
	tb.to("step1")
	benchApply(b, tb, officer, "science_draw", nil)
}

func BenchmarkApplyKrakenActivate(b *testing.B) {
	tb := newTable(b, `{"mission":"10"}`, 4, 1)
	tb.to("step7")
	tt := tb.s.activeTentacle()
	benchApply(b, tb, crew, "kraken_activate", map[string]any{"row": tt.Row, "col": tt.Col})
}

func BenchmarkView(b *testing.B) {
	tb := newTable(b, `{"mission":"10"}`, 4, 1)
	tb.to("step5")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = tb.g.View(tb.s, kit.SeatViewer(i%4))
	}
}

// BenchmarkApplyRandom applies the moves offered after a random walk into
// Mission 7 one move after setup (kittest.BenchApply).
func BenchmarkApplyRandom(b *testing.B) {
	kittest.BenchApply(b, New(), []byte(`{"mission":"7"}`), 4, 1)
}
