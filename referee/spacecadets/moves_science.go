package spacecadets

import (
	"slices"
	"strings"

	"tablewarden/referee/kit"
)

type cardArgs struct {
	Card  string `json:"card"`
	Level int    `json:"level,omitempty"`
}

// drawEE draws an Experimental Equipment card, reshuffling the discard
// pile into the deck when the deck is empty.
func drawEE(s *State, rng *kit.RNG) (int, bool) {
	sc := &s.Science
	if sc.Deck.Len() == 0 && len(sc.Discard) > 0 {
		sc.Deck = kit.NewDeck(sc.Discard...)
		sc.Deck.Shuffle(rng)
		sc.Discard = nil
	}
	return sc.Deck.Draw()
}

// level checks the chosen level of a card: an X card (cost 0) needs a
// level of 1–3; other cards are built at their cost. Codes: need_level,
// not_x.
func level(t *turn, card int, lv int) (int, error) {
	c := t.S.D().Equipment[card]
	if c.Cost == 0 {
		if lv < 1 || lv > 3 {
			return 0, kit.Errorf("need_level", rule(secScience), "%s has a cost of X: choose a level of 1, 2 or 3.", c.Name)
		}
		return lv, nil
	}
	if lv != 0 && lv != c.Cost {
		return 0, kit.Errorf("not_x", rule(secScience), "%s costs %d; only X cards take a chosen level.", c.Name, c.Cost)
	}
	return c.Cost, nil
}

// scienceDraw draws the Science Officer's three cards of Step 1. Codes:
// not_science_officer, wrong_step, already_drawn, no_cards.
func scienceDraw(t *turn, seat int) error {
	if err := firstRefusal(needScienceOfficer(t, seat), inStep(t, secScience, "step1")); err != nil {
		return err
	}
	s := t.S
	if s.Science.DrewEE {
		return kit.Errorf("already_drawn", rule(secScience), "The Science Officer has already drawn this turn; draw extra cards one at a time for 1 energy each.")
	}
	n := 0
	for i := 0; i < s.D().Step1Draw; i++ {
		c, ok := drawEE(s, t.RNG)
		if !ok {
			break
		}
		s.Science.Drawn = append(s.Science.Drawn, c)
		n++
	}
	if n == 0 {
		return kit.Errorf("no_cards", rule(secScience), "The Experimental Equipment deck and discard pile are both empty.")
	}
	s.Science.DrewEE = true
	t.Reveal()
	t.Public("science_draw", "The Science Officer draws %s.", equipmentList(t, s.Science.Drawn))
	return nil
}

type stationArgs struct {
	Station string `json:"station"`
}

// scienceDrawExtra draws one more card for 1 energy from a station.
// Codes: not_science_officer, wrong_step, draw_first, bad_station, no_cards.
func scienceDrawExtra(t *turn, seat int, args stationArgs) error {
	if err := firstRefusal(needScienceOfficer(t, seat), inStep(t, secScience, "step1")); err != nil {
		return err
	}
	s := t.S
	if !s.Science.DrewEE {
		return kit.Errorf("draw_first", rule(secScience), "Draw the three free cards first.")
	}
	if !slices.Contains(s.D().Stations, args.Station) {
		return kit.Errorf("bad_station", rule(secScience), "There is no station %q.", args.Station)
	}
	c, ok := drawEE(s, t.RNG)
	if !ok {
		return kit.Errorf("no_cards", rule(secScience), "The Experimental Equipment deck and discard pile are both empty.")
	}
	s.Science.Drawn = append(s.Science.Drawn, c)
	s.Science.ExtraDraws++
	t.Reveal()
	t.Public("science_draw_extra", "Remove 1 energy from %s: the Science Officer draws %s.", args.Station, s.D().eeLabel(c))
	return nil
}

// scienceSelect selects the one card to try to build this turn (a new
// selection replaces the old one). Codes: not_science_officer, wrong_step,
// not_drawn, need_level, not_x.
func scienceSelect(t *turn, seat int, args cardArgs) error {
	if err := firstRefusal(needScienceOfficer(t, seat), inStep(t, secScience, "step1")); err != nil {
		return err
	}
	sc := &t.S.Science
	card := t.S.D().equipmentIndex(args.Card)
	if card < 0 || !slices.Contains(sc.Drawn, card) {
		return kit.Errorf("not_drawn", rule(secScience), "%q was not drawn this turn.", args.Card)
	}
	lv, err := level(t, card, args.Level)
	if err != nil {
		return err
	}
	sc.Selected = &Kept{Card: card, Level: lv}
	t.Public("science_select", "The Science Officer selects %s to build at cost %d.", t.S.D().eeTitle(card), lv)
	return nil
}

// scienceUnselect drops the selection: Science is always optional. Codes:
// not_science_officer, wrong_step, nothing_selected.
func scienceUnselect(t *turn, seat int) error {
	if err := firstRefusal(needScienceOfficer(t, seat), inStep(t, secScience, "step1")); err != nil {
		return err
	}
	if t.S.Science.Selected == nil {
		return kit.Errorf("nothing_selected", rule(secScience), "No card is selected.")
	}
	t.S.Science.Selected = nil
	t.Public("science_unselect", "The Science Officer will not build this turn.")
	return nil
}

// scienceBuild announces the build: cost + 1 Component cards are drawn
// face down. Codes: not_science_officer, wrong_step, nothing_selected,
// attempt_in_progress, not_enough_components.
func scienceBuild(t *turn, seat int) error {
	if err := firstRefusal(needScienceOfficer(t, seat), inStep(t, secScience, "science")); err != nil {
		return err
	}
	sc := &t.S.Science
	if sc.Attempt != nil {
		return kit.Errorf("attempt_in_progress", rule(secScience), "A Science attempt is already under way.")
	}
	if sc.Selected == nil {
		return kit.Errorf("nothing_selected", rule(secScience), "No Experimental Equipment card was selected in Step 1.")
	}
	lv := sc.Selected.Level
	if sc.CompDeck.Len() < lv+1 {
		return kit.Errorf("not_enough_components", rule(secScience), "Building a cost %d card needs %d Component cards and only %d are left: you cannot build it.", lv, lv+1, sc.CompDeck.Len())
	}
	at := &Attempt{Kind: "build", Card: sc.Selected.Card, Level: lv, SetAside: -1, Status: "face_down"}
	for i := 0; i <= lv; i++ {
		c, _ := sc.CompDeck.Draw()
		at.FaceDown = append(at.FaceDown, c)
	}
	sc.Attempt, sc.Selected = at, nil
	t.Public("science_build", "Science step: building %s at cost %d. %d Component cards are drawn face down; start the timer when everyone is ready.", t.S.D().Equipment[at.Card].Name, lv, lv+1)
	return nil
}

type pointsArgs struct {
	Points int `json:"points"`
}

// research announces Research of 1–3 points (Mission 10): the same
// procedure without an Experimental Equipment card, never on a turn with
// normal Science. Codes: not_science_officer, wrong_step, not_in_mission,
// science_and_research, already_researched, attempt_in_progress,
// bad_points, not_enough_components.
func research(t *turn, seat int, args pointsArgs) error {
	if err := firstRefusal(needScienceOfficer(t, seat), inMission(t, secScience, "10"), inStep(t, secScience, "science")); err != nil {
		return err
	}
	sc := &t.S.Science
	if sc.DrewEE || sc.Selected != nil {
		return kit.Errorf("science_and_research", rule(secScience), "You may not do normal Science and Research on the same turn.")
	}
	if sc.Attempt != nil {
		return kit.Errorf("attempt_in_progress", rule(secScience), "A Science attempt is already under way.")
	}
	if sc.Researched {
		return kit.Errorf("already_researched", rule(secScience), "Research has already been attempted this turn.")
	}
	if args.Points < 1 || args.Points > 3 {
		return kit.Errorf("bad_points", rule(secScience), "Research is 1, 2 or 3 Science points.")
	}
	if sc.CompDeck.Len() < args.Points+1 {
		return kit.Errorf("not_enough_components", rule(secScience), "Research of %d points needs %d Component cards and only %d are left.", args.Points, args.Points+1, sc.CompDeck.Len())
	}
	at := &Attempt{Kind: "research", Card: -1, Level: args.Points, SetAside: -1, Status: "face_down"}
	for i := 0; i <= args.Points; i++ {
		c, _ := sc.CompDeck.Draw()
		at.FaceDown = append(at.FaceDown, c)
	}
	sc.Attempt, sc.Researched = at, true
	t.Public("research", "Research of %d Science points announced: %d Component cards drawn face down.", args.Points, args.Points+1)
	return nil
}

// setAside picks the one revealed Component card that will not be used,
// so that exactly cost-many cards are chosen. Codes: not_science_officer,
// no_attempt, not_revealed, too_late, not_a_revealed_card.
func setAside(t *turn, seat int, args cardArgs) error {
	if err := needScienceOfficer(t, seat); err != nil {
		return err
	}
	at := t.S.Science.Attempt
	switch {
	case at == nil:
		return kit.Errorf("no_attempt", rule(secScience), "No Science attempt is under way.")
	case at.Status == "face_down":
		return kit.Errorf("not_revealed", rule(secScience), "The Component cards stay face down until the %d-second Science timer starts.", t.S.ScienceSeconds)
	case at.Status == "check":
		return kit.Errorf("too_late", rule(secScience), "Time is up: the components are checked against the cards chosen during the %d seconds.", t.S.ScienceSeconds)
	}
	i := slices.IndexFunc(at.Revealed, func(c int) bool { return t.S.D().Components[c].Name == args.Card })
	if i < 0 {
		return kit.Errorf("not_a_revealed_card", rule(secScience), "%q is not one of the turned-over Component cards.", args.Card)
	}
	at.SetAside = i
	t.Public("set_aside", "The Component card showing %s is set aside; gather the components of the other %d card(s).", piecesText(t.S.D().Components[at.Revealed[i]].Pieces), at.Level)
	return nil
}

// scienceTimeUp runs when the Science timer expires: without a choice the
// attempt fails; when every piece to gather is from an inactive station it
// succeeds at once; otherwise the Science Officer reports the Workbench.
func scienceTimeUp(t *turn) {
	at := t.S.Science.Attempt
	at.Status = "check"
	if at.SetAside < 0 {
		failAttempt(t, "no Component cards were chosen before time ran out")
		return
	}
	if len(piecesToGather(t.S)) == 0 {
		t.Public("auto_match", "Every component is from an inactive station and counts as matched.")
		succeedAttempt(t)
		return
	}
	t.Public("workbench", "Check the Workbench against: %s.", strings.Join(piecesToGather(t.S), "; "))
}

// piecesToGather lists the pieces of the chosen cards that must be on the
// Workbench (pieces of inactive stations count as matched).
func piecesToGather(s *State) []string {
	at := s.Science.Attempt
	var out []string
	for i, c := range at.Revealed {
		if i == at.SetAside {
			continue
		}
		for _, p := range s.D().Components[c].Pieces {
			if !s.inactive(p.Station) {
				out = append(out, p.Piece+" ("+p.Station+")")
			}
		}
	}
	return out
}

type workbenchArgs struct {
	ExactMatch bool `json:"exact_match"`
}

// reportWorkbench records the players' check after the timed seconds: success
// only on an exact match. Codes: not_science_officer, no_attempt,
// timer_not_expired.
func reportWorkbench(t *turn, seat int, args workbenchArgs) error {
	if err := needScienceOfficer(t, seat); err != nil {
		return err
	}
	at := t.S.Science.Attempt
	if at == nil {
		return kit.Errorf("no_attempt", rule(secScience), "No Science attempt is waiting for a check.")
	}
	if at.Status != "check" {
		return kit.Errorf("timer_not_expired", rule(secScience), "The Workbench is checked at the end of the %d seconds.", t.S.ScienceSeconds)
	}
	if args.ExactMatch {
		succeedAttempt(t)
	} else {
		failAttempt(t, "the components on the Workbench do not match exactly")
	}
	return nil
}

// abortScience abandons the attempt: the card is discarded and the
// Component cards are shuffled back. Codes: not_science_officer, no_attempt.
func abortScience(t *turn, seat int) error {
	if err := needScienceOfficer(t, seat); err != nil {
		return err
	}
	if t.S.Science.Attempt == nil {
		return kit.Errorf("no_attempt", rule(secScience), "No Science attempt is under way.")
	}
	if t := t.S.timer("science"); t.Running || t.Paused {
		_ = t.Cancel()
	}
	failAttempt(t, "the Science Officer aborted the attempt")
	return nil
}

// succeedAttempt: the card goes to the Captain with its uses (or the
// Research points are scored); the chosen Component cards are removed from
// the game and the unused one is shuffled back.
func succeedAttempt(t *turn) {
	s := t.S
	sc := &s.Science
	at := sc.Attempt
	for i, c := range at.Revealed {
		if i == at.SetAside {
			sc.CompDeck.PutBottom(c)
		} else {
			sc.CompRemoved = append(sc.CompRemoved, c)
		}
	}
	sc.CompDeck.Shuffle(t.RNG)
	if at.Kind == "build" {
		t.Public("build_success", "Success! %s is built; its components and Component cards are removed from the game.", s.D().eeTitle(at.Card))
		gain(t, Kept{Card: at.Card, Level: at.Level})
	} else {
		sc.ResearchPts += at.Level
		if s.Kraken != nil && s.Kraken.Part == 2 {
			s.Kraken.Research += at.Level
		}
		t.Public("research_success", "Research succeeds: %d Science points (total %d).", at.Level, sc.ResearchPts)
	}
	sc.Attempt = nil
}

// failAttempt: the card is discarded, the collected components go back to
// their stations and every Component card is shuffled back.
func failAttempt(t *turn, why string) {
	s := t.S
	sc := &s.Science
	at := sc.Attempt
	sc.CompDeck.PutBottom(at.FaceDown...)
	sc.CompDeck.PutBottom(at.Revealed...)
	sc.CompDeck.Shuffle(t.RNG)
	if at.Kind == "build" {
		sc.Discard = append(sc.Discard, at.Card)
		t.Public("build_failed", "The build fails (%s): %s is discarded and the components return to their stations.", why, s.D().eeTitle(at.Card))
	} else {
		t.Public("research_failed", "The Research fails (%s); the components return to their stations.", why)
	}
	sc.Attempt = nil
}

// useEquipment uses a card the Captain holds: one-use cards are discarded,
// N-use cards lose a use, permanent cards stay. There is no limit per turn.
// Codes: not_captain, wrong_step, no_such_equipment.
func useEquipment(t *turn, seat int, args cardArgs) error {
	if err := firstRefusal(needCaptain(t, seat, secUsing), running(t, secUsing)); err != nil {
		return err
	}
	s := t.S
	i := slices.IndexFunc(s.Equipment, func(e Equipment) bool { return e.Name == args.Card })
	if i < 0 {
		return kit.Errorf("no_such_equipment", rule(secUsing), "The Captain holds no %q.", args.Card)
	}
	e := &s.Equipment[i]
	switch {
	case e.UsesLeft < 0:
		t.Public("equipment_used", "%s used (permanent).", s.D().eeTitle(e.Card))
	case e.UsesLeft > 1:
		e.UsesLeft--
		t.Public("equipment_used", "%s used: %s left.", s.D().eeTitle(e.Card), usesText(e.UsesLeft))
	default:
		t.Public("equipment_used", "%s used up and discarded.", s.D().eeTitle(e.Card))
		s.Science.Discard = append(s.Science.Discard, e.Card)
		s.Equipment = slices.Delete(s.Equipment, i, i+1)
	}
	return nil
}

func equipmentList(t *turn, cards []int) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = t.S.D().eeLabel(c)
	}
	return strings.Join(names, "; ")
}

func componentList(t *turn, cards []int) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = "[" + piecesText(t.S.D().Components[c].Pieces) + "]"
	}
	return strings.Join(names, ", ")
}

func piecesText(ps []Piece) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Piece + " (" + p.Station + ")"
	}
	return strings.Join(out, ", ")
}
