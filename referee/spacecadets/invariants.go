package spacecadets

import (
	"fmt"
	"maps"
	"slices"

	"tablewarden/referee/kit"
)

// Invariants checks the Nemesis track bounds, the conservation of the
// Experimental Equipment and Component cards, enemy ids, timers that may
// run only in their own step, and the Kraken's four tentacles.
func (g *Game) Invariants(st kit.State) error {
	s, err := moves.State(st)
	if err != nil {
		return err
	}
	d := s.D()
	if _, ok := stepLabels[s.Step]; !ok {
		return fmt.Errorf("unknown step %q", s.Step)
	}
	if s.NemesisUsed && (s.Nemesis < d.NemesisTrack.Min || s.Nemesis > d.NemesisTrack.Max) {
		return fmt.Errorf("nemesis marker %d off the track", s.Nemesis)
	}
	sc := s.Science
	ee := make([]int, len(d.Equipment))
	count := func(cs ...int) {
		for _, c := range cs {
			ee[c]++
		}
	}
	count(sc.Deck.Cards...)
	count(sc.Discard...)
	count(sc.StartDraw...)
	count(sc.Drawn...)
	if sc.Selected != nil && !slices.Contains(sc.Drawn, sc.Selected.Card) {
		count(sc.Selected.Card)
	}
	if sc.Attempt != nil && sc.Attempt.Kind == "build" {
		count(sc.Attempt.Card)
	}
	for _, e := range s.Equipment {
		count(e.Card)
	}
	for i, n := range ee {
		if n != 1 {
			return fmt.Errorf("experimental equipment card %q is in %d places", d.Equipment[i].Name, n)
		}
	}
	cc := make([]int, len(d.Components))
	for _, c := range sc.CompDeck.Cards {
		cc[c]++
	}
	for _, c := range sc.CompRemoved {
		cc[c]++
	}
	if sc.Attempt != nil {
		for _, c := range append(slices.Clone(sc.Attempt.FaceDown), sc.Attempt.Revealed...) {
			cc[c]++
		}
		if sc.Attempt.SetAside >= len(sc.Attempt.Revealed) {
			return fmt.Errorf("set-aside index out of range")
		}
	}
	for i, n := range cc {
		if n != 1 {
			return fmt.Errorf("component card %q is in %d places", d.Components[i].Name, n)
		}
	}
	ids := map[int]bool{}
	for _, e := range s.Enemies {
		if ids[e.ID] || e.ID >= s.NextEnemyID {
			return fmt.Errorf("enemy id %d repeated or unissued", e.ID)
		}
		ids[e.ID] = true
	}
	own := map[string]string{"science": "science", "step3a": "step3a", "step3b": "step3b"}
	for _, t := range s.Timers {
		if (t.Running || t.Paused) && own[t.Name] != s.Step {
			return fmt.Errorf("timer %s runs outside its step (step %s)", t.Name, s.Step)
		}
	}
	if k := s.Kraken; k != nil {
		if len(k.Tentacles) != 4 {
			return fmt.Errorf("the Kraken has %d tentacles", len(k.Tentacles))
		}
		for _, t := range k.Tentacles {
			if t.Row < 1 || t.Col < 1 || t.Row > d.Kraken.Grid || t.Col > d.Kraken.Grid {
				return fmt.Errorf("%s is off the map", t.Name)
			}
		}
		if (k.Last != "") != (k.subdued() >= 3 || k.Part == 2) {
			return fmt.Errorf("last tentacle %q with %d subdued", k.Last, k.subdued())
		}
	}
	if g := s.Siege; g != nil && len(g.Deck) != len(g.DeckLabels) {
		return fmt.Errorf("mission 8 deck and labels differ")
	}
	return nil
}

// Outcome is nil while the mission runs. A win is shared by the whole
// crew; the end reveals Mission 8's unplaced enemies and H4's planet.
func (g *Game) Outcome(st kit.State) *kit.Outcome {
	s, err := moves.State(st)
	if err != nil || s.End == nil {
		return nil
	}
	o := &kit.Outcome{Winners: []int{}, Reason: s.End.Reason, ReasonCode: s.End.Code, ReasonParams: maps.Clone(s.End.Params), Rule: s.End.Rule}
	if s.End.Won {
		o.Side, o.SideLabel = "crew", "Crew"
		for i := range s.Seats {
			o.Winners = append(o.Winners, i)
		}
	}
	rev := map[string]any{}
	if s.End.Level != "" {
		rev["victory"] = s.End.Level
	}
	if s.Siege != nil && len(s.Siege.Deck) > 0 {
		var names []string
		for _, c := range s.Siege.Deck {
			names = append(names, s.D().Enemies[c].Name)
		}
		rev["enemy_deck_left"] = names
	}
	if s.Invisible != nil {
		rev["invisible_planet_crystal"] = s.Invisible.Planet + 1
	}
	if len(rev) > 0 {
		o.Revealed = rev
	}
	return o
}
