package spacecadets

import (
	"encoding/json"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// TestGoldenKraken records a Mission 10 game: starting equipment, a
// Science build, Step 7 activations, three tentacles subdued, part 2 with
// the Beak scan and Research, and the jump home. The script is built by
// playing it, then replayed by kittest.Play; the golden file holds the
// script, the log and the final board view.
func TestGoldenKraken(t *testing.T) {
	const opts = `{"mission":"10","difficulty":"normal"}`
	tb := newTable(t, opts, 4, 2026)
	tb.startWith(pickStart(tb.s)...)
	tb.do(officer, "science_draw", nil)
	first := tb.s.Science.Drawn[0]
	args := map[string]any{"card": tb.s.D().Equipment[first].Name}
	if tb.s.D().Equipment[first].Cost == 0 {
		args["level"] = 1
	}
	tb.do(officer, "science_select", args)
	tb.do(captain, "next_step", nil)
	tb.do(officer, "science_build", nil)
	tb.do(captain, "start_timer", map[string]any{"name": "science"})
	tb.do(officer, "set_aside_component", map[string]any{"card": tb.s.D().Components[tb.s.Science.Attempt.Revealed[0]].Name})
	tb.expire("science")
	tb.do(officer, "report_workbench", map[string]any{"exact_match": true})
	tb.to("step3a")
	tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
	tb.expire("step3a")
	tb.to("step5")
	tb.do(crew, "ship_moved", map[string]any{"row": 9, "col": 2, "facing": "N"})
	tb.to("step7")
	tb.do(sensors, "subdue_tentacle", map[string]any{"tentacle": "t1"})
	tb.do(sensors, "subdue_tentacle", map[string]any{"tentacle": "t2"})
	tb.do(sensors, "subdue_tentacle", map[string]any{"tentacle": "t3"})
	tb.do(captain, "next_step", nil)
	tb.do(captain, "start_kraken_part2", nil)
	tb.to("step5")
	tb.do(crew, "ship_moved", map[string]any{"row": 7, "col": 4, "facing": "E"})
	tb.do(sensors, "scan_beak", nil)
	for tb.s.Kraken.Research < tb.s.D().variant("t4").ResearchTarget {
		tb.researchRound()
	}
	tb.do(crew, "jump_home", nil)
	if tb.s.End == nil || !tb.s.End.Won {
		t.Fatalf("end = %+v", tb.s.End)
	}

	script := kittest.Script{Options: json.RawMessage(opts), Seats: seatNames(4), Seed: 2026, Steps: tb.script}
	played := kittest.Play(t, New(), script)
	if got, want := kittest.Encode(t, played.State), kittest.Encode(t, tb.s); string(got) != string(want) {
		t.Fatal("kittest.Play reached a different state")
	}
	var log []string
	for _, e := range played.Events {
		log = append(log, e.Code+": "+e.Text)
	}
	kittest.Golden(t, "kraken_game.json", kittest.Indent(t, map[string]any{
		"script":  script,
		"log":     log,
		"board":   New().View(played.State, kit.BoardViewer),
		"outcome": New().Outcome(played.State),
	}))
}

// pickStart finds kept cards worth the required starting points among the
// cards actually drawn.
func pickStart(s *State) []Kept {
	d := s.D()
	want := bestStartPoints(d, s.Science.StartDraw)
	var best []Kept
	var walk func(i, sum int, kept []Kept) bool
	walk = func(i, sum int, kept []Kept) bool {
		if sum == want {
			best = append([]Kept(nil), kept...)
			return true
		}
		if i == len(s.Science.StartDraw) || sum > want {
			return false
		}
		c := s.Science.StartDraw[i]
		levels := []int{d.Equipment[c].Cost}
		if levels[0] == 0 {
			levels = []int{1, 2, 3}
		}
		for _, lv := range levels {
			k := Kept{Card: c}
			if d.Equipment[c].Cost == 0 {
				k.Level = lv
			}
			if walk(i+1, sum+lv, append(kept, k)) {
				return true
			}
		}
		return walk(i+1, sum, kept)
	}
	walk(0, 0, nil)
	return best
}
