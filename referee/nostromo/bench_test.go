package nostromo

import (
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// stateBefore replays a recorded game up to the first move of type typ
// and returns the state and that step.
func stateBefore(b *testing.B, typ string) (*Game, kit.State, kittest.Step, int, uint64) {
	g := New()
	sc := kittest.LoadScript(b, "deck-depleted-3p.script.json")
	st, err := g.Setup(sc.Options, sc.Seats, kit.NewCtx(sc.Seed, 0, kittest.Epoch))
	if err != nil {
		b.Fatal(err)
	}
	for i, step := range sc.Steps {
		if step.Move.Type == typ && i > 20 {
			return g, st, step, i + 1, sc.Seed
		}
		res, err := g.Apply(st, step.Actor, step.Move, kit.NewCtx(sc.Seed, i+1, kittest.Epoch))
		if err != nil {
			b.Fatal(err)
		}
		st = res.State
	}
	b.Fatalf("no %s move in the script", typ)
	return nil, nil, kittest.Step{}, 0, 0
}

func benchApply(b *testing.B, typ string) {
	g, st, step, no, seed := stateBefore(b, typ)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := g.Apply(st, step.Actor, step.Move, kit.NewCtx(seed, no, kittest.Epoch)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyPlaceCrewToken(b *testing.B)    { benchApply(b, "place_crew_token") }
func BenchmarkApplyPlaceBlip(b *testing.B)         { benchApply(b, "place_blip") }
func BenchmarkApplyPassMissionOrders(b *testing.B) { benchApply(b, "pass_mission_orders") }
func BenchmarkApplyChoosePosture(b *testing.B)     { benchApply(b, "choose_posture") }
func BenchmarkApplyHunt(b *testing.B)              { benchApply(b, "hunt") }
func BenchmarkApplyResolveRoom(b *testing.B)       { benchApply(b, "resolve_room") }
func BenchmarkApplyActionDraw(b *testing.B)        { benchApply(b, "action_draw") }

func BenchmarkView(b *testing.B) {
	g, st, _, _, _ := stateBefore(b, "resolve_room")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.View(st, kit.SeatViewer(i%3))
	}
}
