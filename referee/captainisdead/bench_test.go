package captainisdead

import (
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// benchState is a four-player game in progress with aliens aboard.
func benchState(b *testing.B) *State {
	s := turnOf(begin(b, `{"elimination":true}`, "Spy", "Hacker", "Sympathizer", "Tactical Officer"), 0)
	put(s, Infantry, "Infirmary", 2)
	put(s, Patrol, "Bridge Hallway", 2)
	put(s, Lieutenant, "Bridge", 1)
	put(s, HackerAlien, "Science Lab", 1)
	put(s, Commander, "Cargo Bay", 1)
	s.Rooms[room(s, "War Room")].Honeypot = true
	s.Players[0].Tools = []string{"Rifle"}
	s.CargoPodTools = s.CargoPodTools[1:]
	return s
}

func benchApply(b *testing.B, s *State, who kit.Actor, typ string, args any) {
	m := kittest.MakeMove(typ, args)
	ctx := kit.NewCtx(1, 9, kittest.Epoch)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := game.Apply(s, who, m, ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApplyRandom measures Apply on a state reached by random play.
func BenchmarkApplyRandom(b *testing.B) { kittest.BenchApply(b, New(), nil, 4, 60) }

func BenchmarkApplyMove(b *testing.B) {
	benchApply(b, benchState(b), kit.SeatActor(0), MoveMove, toArgs{"War Room"})
}

func BenchmarkApplyKillAlien(b *testing.B) {
	benchApply(b, benchState(b), kit.SeatActor(0), MoveKillAlien, rankArgs{"Infantry"})
}

func BenchmarkApplyAddAlien(b *testing.B) {
	benchApply(b, benchState(b), kit.HostActor, MoveAddAlien, addAlienArgs{Rank: "Patrol", Room: "War Room"})
}

func BenchmarkApplyEndTurn(b *testing.B) {
	benchApply(b, benchState(b), kit.SeatActor(0), MoveEndTurn, nil)
}

func BenchmarkApplyFinishAlert(b *testing.B) {
	s := benchState(b)
	at(s, 3, "War Room")
	res, err := try(s, kit.SeatActor(0), MoveEndTurn, nil)
	if err != nil {
		b.Fatal(err)
	}
	benchApply(b, res.State.(*State), kit.HostActor, MoveFinishAlert, nil)
}

func BenchmarkView(b *testing.B) {
	s := benchState(b)
	for _, c := range []struct {
		name string
		v    kit.Viewer
	}{{"Seat", kit.SeatViewer(0)}, {"Host", kit.HostViewer}, {"Board", kit.BoardViewer}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				_ = game.View(s, c.v)
			}
		})
	}
}
