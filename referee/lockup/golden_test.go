package lockup

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// botMove picks a sensible move for a recorded game: explorers to tunnel
// locations, advances along free paths when possible, loot used and scored
// in turn, an occasional recruit or item, and scripted final scoring.
func botMove(g *Game, st *State, r *rand.Rand) (kittest.Step, bool) {
	all := offers(g, st)
	find := func(typ string, who int) (kit.MoveSpec, bool) {
		for _, o := range all {
			if o.spec.Type == typ && (who < 0 && o.who.Host || o.who.IsSeat() && o.who.Seat == who) {
				return o.spec, true
			}
		}
		return kit.MoveSpec{}, false
	}
	choice := func(sp kit.MoveSpec, name string) []kit.Choice {
		for _, a := range sp.Args {
			if a.Name == name {
				return a.Choices
			}
		}
		return nil
	}
	switch st.Phase {
	case PhaseRollCall:
		s := st.Turn
		if _, ok := find("pass", s); ok {
			return kittest.Seat(s, "pass", nil), true
		}
		sp, _ := find("assign", s)
		toks := choice(sp, "token")
		tok := toks[r.IntN(len(toks))].Value
		loc := 1 + r.IntN(7)
		for _, c := range toks {
			if c.Value == "explorer" {
				tok = "explorer"
				var tunnels []int
				for i, tn := range st.Tunnels {
					if tn != "" {
						tunnels = append(tunnels, i+1)
					}
				}
				loc = tunnels[r.IntN(len(tunnels))]
			}
		}
		fd := len(choice(sp, "face_down")) == 2 && r.IntN(3) == 0
		return kittest.Seat(s, "assign", M{"token": tok, "location": loc, "face_down": fd}), true
	case PhaseLightsOut, PhaseLegend:
		for s := range st.Seats {
			if sp, ok := find("keep_minion", s); ok {
				return kittest.Seat(s, "keep_minion", M{"card": choice(sp, "card")[0].Value}), true
			}
			if sp, ok := find("keep_loot", s); ok {
				return kittest.Seat(s, "keep_loot", M{"loot": choice(sp, "loot")[0].Value, "use": len(st.Players[s].Loot)%2 == 0}), true
			}
			if _, ok := find("guards_pay", s); ok {
				return kittest.Seat(s, "guards_pay", M{"can_pay": st.Round%2 == 0}), true
			}
			if _, ok := find("stop_advancing", s); ok {
				if sp, ok := find("advance", s); ok {
					return kittest.Seat(s, "advance", M{"to": choice(sp, "to")[0].Value}), true
				}
				if sp, ok := find("advance_paying", s); ok && r.IntN(4) > 0 {
					return kittest.Seat(s, "advance_paying", M{"to": choice(sp, "to")[0].Value}), true
				}
				return kittest.Seat(s, "stop_advancing", nil), true
			}
		}
		if st.Phase == PhaseLegend {
			k := r.IntN(12)
			s := r.IntN(len(st.Seats))
			switch {
			case k == 0:
				if sp, ok := find("recruit", s); ok {
					return kittest.Seat(s, "recruit", M{"space": choice(sp, "space")[0].Value}), true
				}
			case k == 1:
				if sp, ok := find("latecomer", s); ok {
					return kittest.Seat(s, "latecomer", M{"location": choice(sp, "location")[0].Value}), true
				}
			case k == 2:
				return kittest.Seat(s, "craft_item", M{"item": "Grappling Hook", "upgrade": st.Round%2 == 1}), true
			case k == 3 && st.Round == 3:
				if sp, ok := find("advance_lantern", s); ok {
					return kittest.Seat(s, "advance_lantern", M{"source": choice(sp, "source")[0].Value}), true
				}
			}
			var args any
			if st.Solo {
				args = M{"guards_rewarded": st.Round%3 == 0}
			}
			return kittest.Host("resolve_legend", args), true
		}
	case PhaseLastRaid:
		return kittest.Host("finish_raid", nil), true
	case PhaseFinalScoring:
		for s, p := range st.Players {
			if p.Finished {
				continue
			}
			c := p.Score.Counts
			pad := M{}
			for _, f := range st.scorePad(s) {
				pad[f.Name] = max(f.Min, c[f.Name])
			}
			pad["stars"] = p.recordedStars() + 11 + 4*s
			if st.Solo {
				pad["guard_stars"] = st.GuardState.recordedStars() + 14
			}
			pad["barrels"], pad["valuable_gold"], pad["wild_as_gems"], pad["base_other"] = 2+s, 1+s, 1, 6+2*s
			return kittest.Seat(s, "submit_final_score", pad), true
		}
	}
	return kittest.Step{}, false
}

// record plays a bot game and returns its script.
func record(t *testing.T, seats []string, seed uint64, opts string) kittest.Script {
	g := New()
	sc := kittest.Script{Seats: seats, Seed: seed}
	if opts != "" {
		sc.Options = json.RawMessage(opts)
	}
	st := setup(t, seed, opts, seats...)
	r := rand.New(rand.NewPCG(seed, 99))
	for i := 0; i < 3000 && st.Phase != PhaseGameOver; i++ {
		step, ok := botMove(g, st, r)
		if !ok {
			t.Fatalf("bot has no move in phase %s", st.Phase)
		}
		res, err := g.Apply(st, step.Actor, step.Move, kit.NewCtx(seed, len(sc.Steps)+1, kittest.Epoch.Add(0)))
		if err != nil {
			t.Fatalf("bot move %s %s: %v", step.Move.Type, step.Move.Args, err)
		}
		sc.Steps = append(sc.Steps, step)
		st = res.State.(*State)
	}
	return sc
}

// summary is what a golden file holds: the log as each event's text with
// who may see it, the board at the end and the outcome.
type summary struct {
	Moves   int          `json:"moves"`
	Log     []string     `json:"log"`
	Board   kit.View     `json:"board_view"`
	Outcome *kit.Outcome `json:"outcome"`
}

func TestRecordedGames(t *testing.T) {
	for _, tc := range []struct {
		name, opts string
		seats      []string
		seed       uint64
	}{
		{"game3p", "", []string{"Ana", "Bia", "Caio"}, 2026},
		{"solo", `{"difficulty":"yellow"}`, []string{"Ana"}, 77},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := tc.name + ".script.json"
			if *kittest.Update {
				sc := record(t, tc.seats, tc.seed, tc.opts)
				if err := os.WriteFile(filepath.Join("testdata", path), kittest.Indent(t, sc), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			sc := kittest.LoadScript(t, path)
			g := New()
			pl := kittest.Play(t, g, sc)
			st := pl.State.(*State)
			if st.Phase != PhaseGameOver {
				t.Fatalf("recorded game ends in phase %s", st.Phase)
			}
			sum := summary{Moves: pl.Moves, Board: g.View(st, kit.BoardViewer), Outcome: g.Outcome(st)}
			st0, err := g.Setup(sc.Options, sc.Seats, kit.NewCtx(sc.Seed, 0, kittest.Epoch))
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range append(kit.SetupEvents(g, st0), pl.Events...) {
				who := "all"
				if e.To != nil {
					who = "private"
					for _, s := range e.To {
						who += " " + st.Seats[s]
					}
				}
				sum.Log = append(sum.Log, "["+who+"] "+e.Text)
			}
			kittest.Golden(t, tc.name+".golden.json", kittest.Indent(t, sum))
			for _, l := range sum.Outcome.Scores {
				if l.Total != l.Sum() {
					t.Fatalf("seat %d: total %d != sum of categories %d", l.Seat, l.Total, l.Sum())
				}
			}
		})
	}
}
