package spacecadets

import (
	"fmt"
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
func (a *applier) level(card int, lv int) (int, error) {
	c := a.s.D().Equipment[card]
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

func (a *applier) startPlayer() error {
	if a.isCaptain() || a.who.IsSeat() && a.who.Seat == a.s.Roles.ScienceOfficer {
		return nil
	}
	return kit.Errorf("not_captain", rule(secScience), "The Captain or the Science Officer chooses the starting Experimental Equipment.")
}

func keptPoints(k []Kept) int {
	t := 0
	for _, x := range k {
		t += x.Level
	}
	return t
}

// bestStartPoints is the starting Science points the crew must keep: the
// book's 3 when some choice of the drawn cards makes exactly 3, otherwise
// the largest total below 3 (the book is silent; the team's decision).
func bestStartPoints(d *GameData, drawn []int) int {
	target := d.StartSciencePoints
	reach := map[int]bool{0: true}
	for _, c := range drawn {
		opts := []int{d.Equipment[c].Cost}
		if opts[0] == 0 {
			opts = []int{1, 2, 3}
		}
		next := map[int]bool{}
		for v := range reach {
			next[v] = true
			for _, o := range opts {
				if v+o <= target {
					next[v+o] = true
				}
			}
		}
		reach = next
	}
	best := 0
	for v := range reach {
		best = max(best, v)
	}
	return best
}

// keepStarting keeps one of the five starting cards. Codes: wrong_step,
// not_captain, not_in_draw, already_kept, need_level, not_x,
// over_three_points.
func (a *applier) keepStarting(m kit.Move) error {
	var args cardArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.inStep(secScience, "setup"); err != nil {
		return err
	}
	if err := a.startPlayer(); err != nil {
		return err
	}
	sc := &a.s.Science
	card := a.s.D().equipmentIndex(args.Card)
	if card < 0 || !slices.Contains(sc.StartDraw, card) {
		return kit.Errorf("not_in_draw", rule(secScience), "%q is not among the five cards drawn at the start.", args.Card)
	}
	for _, k := range sc.StartKept {
		if k.Card == card {
			return kit.Errorf("already_kept", rule(secScience), "%s is already kept.", args.Card)
		}
	}
	lv, err := a.level(card, args.Level)
	if err != nil {
		return err
	}
	if keptPoints(sc.StartKept)+lv > a.s.D().StartSciencePoints {
		return kit.Errorf("over_three_points", rule(secScience), "Keeping %s at %d would exceed the %d starting Science points.", args.Card, lv, a.s.D().StartSciencePoints)
	}
	sc.StartKept = append(sc.StartKept, Kept{Card: card, Level: lv})
	a.log("start_kept", "Starting equipment: %s kept at %d.", args.Card, lv)
	return nil
}

// unkeepStarting puts a kept starting card back. Codes: wrong_step,
// not_captain, not_kept.
func (a *applier) unkeepStarting(m kit.Move) error {
	var args cardArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.inStep(secScience, "setup"); err != nil {
		return err
	}
	if err := a.startPlayer(); err != nil {
		return err
	}
	sc := &a.s.Science
	card := a.s.D().equipmentIndex(args.Card)
	i := slices.IndexFunc(sc.StartKept, func(k Kept) bool { return k.Card == card })
	if i < 0 {
		return kit.Errorf("not_kept", rule(secScience), "%q is not kept.", args.Card)
	}
	sc.StartKept = slices.Delete(sc.StartKept, i, i+1)
	a.log("start_unkept", "Starting equipment: %s put back.", args.Card)
	return nil
}

// finishStarting gives the kept cards to the Captain, discards the rest
// and begins turn 1. Codes: wrong_step, not_captain, start_points.
func (a *applier) finishStarting(m kit.Move) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := a.inStep(secScience, "setup"); err != nil {
		return err
	}
	if err := a.startPlayer(); err != nil {
		return err
	}
	s := a.s
	sc := &s.Science
	want := bestStartPoints(s.D(), sc.StartDraw)
	if got := keptPoints(sc.StartKept); got != want {
		msg := fmt.Sprintf("Keep exactly %d Science points of cards; %d are kept.", want, got)
		if want < s.D().StartSciencePoints {
			msg = fmt.Sprintf("No choice of these cards makes exactly %d points, so keep the most possible: %d; %d are kept.", s.D().StartSciencePoints, want, got)
		}
		return kit.Errorf("start_points", rule(secScience), "%s", msg)
	}
	for _, c := range sc.StartDraw {
		i := slices.IndexFunc(sc.StartKept, func(k Kept) bool { return k.Card == c })
		if i < 0 {
			sc.Discard = append(sc.Discard, c)
			continue
		}
		a.gain(sc.StartKept[i])
	}
	sc.StartDraw, sc.StartKept = nil, nil
	s.Turn = 1
	a.enter("step1")
	return nil
}

// gain passes a built card to the Captain with its uses.
func (a *applier) gain(k Kept) {
	c := a.s.D().Equipment[k.Card]
	uses := 1
	switch c.Use {
	case "permanent":
		uses = -1
	case "uses":
		uses = c.Uses
		if uses <= 0 {
			uses = k.Level
		}
	}
	a.s.Equipment = append(a.s.Equipment, Equipment{Card: k.Card, Name: c.Name, Level: k.Level, UsesLeft: uses, Helm: c.Helm})
	a.log("equipment_gained", "The Captain gains %s (level %d, %s).", c.Name, k.Level, usesText(uses))
}

func usesText(u int) string {
	switch {
	case u < 0:
		return "permanent"
	case u == 1:
		return "1 use"
	}
	return fmt.Sprintf("%d uses", u)
}

// scienceDraw draws the Science Officer's three cards of Step 1. Codes:
// not_science_officer, wrong_step, already_drawn, no_cards.
func (a *applier) scienceDraw(m kit.Move) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := a.scienceOfficer(); err != nil {
		return err
	}
	if err := a.inStep(secScience, "step1"); err != nil {
		return err
	}
	s := a.s
	if s.Science.DrewEE {
		return kit.Errorf("already_drawn", rule(secScience), "The Science Officer has already drawn this turn; draw extra cards one at a time for 1 energy each.")
	}
	n := 0
	for i := 0; i < s.D().Step1Draw; i++ {
		c, ok := drawEE(s, a.ctx.RNG)
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
	a.reveals = true
	a.log("science_draw", "The Science Officer draws %s.", a.equipmentList(s.Science.Drawn))
	return nil
}

type stationArgs struct {
	Station string `json:"station"`
}

// scienceDrawExtra draws one more card for 1 energy from a station.
// Codes: not_science_officer, wrong_step, draw_first, bad_station, no_cards.
func (a *applier) scienceDrawExtra(m kit.Move) error {
	var args stationArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.scienceOfficer(); err != nil {
		return err
	}
	if err := a.inStep(secScience, "step1"); err != nil {
		return err
	}
	s := a.s
	if !s.Science.DrewEE {
		return kit.Errorf("draw_first", rule(secScience), "Draw the three free cards first.")
	}
	if !slices.Contains(s.D().Stations, args.Station) {
		return kit.Errorf("bad_station", rule(secScience), "There is no station %q.", args.Station)
	}
	c, ok := drawEE(s, a.ctx.RNG)
	if !ok {
		return kit.Errorf("no_cards", rule(secScience), "The Experimental Equipment deck and discard pile are both empty.")
	}
	s.Science.Drawn = append(s.Science.Drawn, c)
	s.Science.ExtraDraws++
	a.reveals = true
	a.log("science_draw_extra", "Remove 1 energy from %s: the Science Officer draws %s.", args.Station, s.D().Equipment[c].Name)
	return nil
}

// scienceSelect selects the one card to try to build this turn (a new
// selection replaces the old one). Codes: not_science_officer, wrong_step,
// not_drawn, need_level, not_x.
func (a *applier) scienceSelect(m kit.Move) error {
	var args cardArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.scienceOfficer(); err != nil {
		return err
	}
	if err := a.inStep(secScience, "step1"); err != nil {
		return err
	}
	sc := &a.s.Science
	card := a.s.D().equipmentIndex(args.Card)
	if card < 0 || !slices.Contains(sc.Drawn, card) {
		return kit.Errorf("not_drawn", rule(secScience), "%q was not drawn this turn.", args.Card)
	}
	lv, err := a.level(card, args.Level)
	if err != nil {
		return err
	}
	sc.Selected = &Kept{Card: card, Level: lv}
	a.log("science_select", "The Science Officer selects %s to build at cost %d.", args.Card, lv)
	return nil
}

// scienceUnselect drops the selection: Science is always optional. Codes:
// not_science_officer, wrong_step, nothing_selected.
func (a *applier) scienceUnselect(m kit.Move) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := a.scienceOfficer(); err != nil {
		return err
	}
	if err := a.inStep(secScience, "step1"); err != nil {
		return err
	}
	if a.s.Science.Selected == nil {
		return kit.Errorf("nothing_selected", rule(secScience), "No card is selected.")
	}
	a.s.Science.Selected = nil
	a.log("science_unselect", "The Science Officer will not build this turn.")
	return nil
}

// scienceBuild announces the build: cost + 1 Component cards are drawn
// face down. Codes: not_science_officer, wrong_step, nothing_selected,
// attempt_in_progress, not_enough_components.
func (a *applier) scienceBuild(m kit.Move) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := a.scienceOfficer(); err != nil {
		return err
	}
	if err := a.inStep(secScience, "science"); err != nil {
		return err
	}
	sc := &a.s.Science
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
	a.log("science_build", "Science step: building %s at cost %d. %d Component cards are drawn face down; start the timer when everyone is ready.", a.s.D().Equipment[at.Card].Name, lv, lv+1)
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
func (a *applier) research(m kit.Move) error {
	var args pointsArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.scienceOfficer(); err != nil {
		return err
	}
	if err := a.inMission(secScience, "10"); err != nil {
		return err
	}
	if err := a.inStep(secScience, "science"); err != nil {
		return err
	}
	sc := &a.s.Science
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
	a.log("research", "Research of %d Science points announced: %d Component cards drawn face down.", args.Points, args.Points+1)
	return nil
}

// setAside picks the one revealed Component card that will not be used,
// so that exactly cost-many cards are chosen. Codes: not_science_officer,
// no_attempt, not_revealed, too_late, not_a_revealed_card.
func (a *applier) setAside(m kit.Move) error {
	var args cardArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.scienceOfficer(); err != nil {
		return err
	}
	at := a.s.Science.Attempt
	switch {
	case at == nil:
		return kit.Errorf("no_attempt", rule(secScience), "No Science attempt is under way.")
	case at.Status == "face_down":
		return kit.Errorf("not_revealed", rule(secScience), "The Component cards stay face down until the %d-second Science timer starts.", a.s.ScienceSeconds)
	case at.Status == "check":
		return kit.Errorf("too_late", rule(secScience), "Time is up: the components are checked against the cards chosen during the %d seconds.", a.s.ScienceSeconds)
	}
	i := slices.IndexFunc(at.Revealed, func(c int) bool { return a.s.D().Components[c].Name == args.Card })
	if i < 0 {
		return kit.Errorf("not_a_revealed_card", rule(secScience), "%q is not one of the turned-over Component cards.", args.Card)
	}
	at.SetAside = i
	a.log("set_aside", "%s is set aside; gather the components of the other %d card(s).", args.Card, at.Level)
	return nil
}

// scienceTimeUp runs when the Science timer expires: without a choice the
// attempt fails; when every piece to gather is from an inactive station it
// succeeds at once; otherwise the Science Officer reports the Workbench.
func (a *applier) scienceTimeUp() {
	at := a.s.Science.Attempt
	at.Status = "check"
	if at.SetAside < 0 {
		a.failAttempt("no Component cards were chosen before time ran out")
		return
	}
	if len(a.piecesToGather()) == 0 {
		a.log("auto_match", "Every component is from an inactive station and counts as matched.")
		a.succeedAttempt()
		return
	}
	a.log("workbench", "Check the Workbench against: %s.", strings.Join(a.piecesToGather(), "; "))
}

// piecesToGather lists the pieces of the chosen cards that must be on the
// Workbench (pieces of inactive stations count as matched).
func (a *applier) piecesToGather() []string {
	at := a.s.Science.Attempt
	var out []string
	for i, c := range at.Revealed {
		if i == at.SetAside {
			continue
		}
		for _, p := range a.s.D().Components[c].Pieces {
			if !a.s.inactive(p.Station) {
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
func (a *applier) reportWorkbench(m kit.Move) error {
	var args workbenchArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.scienceOfficer(); err != nil {
		return err
	}
	at := a.s.Science.Attempt
	if at == nil {
		return kit.Errorf("no_attempt", rule(secScience), "No Science attempt is waiting for a check.")
	}
	if at.Status != "check" {
		return kit.Errorf("timer_not_expired", rule(secScience), "The Workbench is checked at the end of the %d seconds.", a.s.ScienceSeconds)
	}
	if args.ExactMatch {
		a.succeedAttempt()
	} else {
		a.failAttempt("the components on the Workbench do not match exactly")
	}
	return nil
}

// abortScience abandons the attempt: the card is discarded and the
// Component cards are shuffled back. Codes: not_science_officer, no_attempt.
func (a *applier) abortScience(m kit.Move) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := a.scienceOfficer(); err != nil {
		return err
	}
	if a.s.Science.Attempt == nil {
		return kit.Errorf("no_attempt", rule(secScience), "No Science attempt is under way.")
	}
	if t := a.s.timer("science"); t.Running || t.Paused {
		_ = t.Cancel()
	}
	a.failAttempt("the Science Officer aborted the attempt")
	return nil
}

// succeedAttempt: the card goes to the Captain with its uses (or the
// Research points are scored); the chosen Component cards are removed from
// the game and the unused one is shuffled back.
func (a *applier) succeedAttempt() {
	s := a.s
	sc := &s.Science
	at := sc.Attempt
	for i, c := range at.Revealed {
		if i == at.SetAside {
			sc.CompDeck.PutBottom(c)
		} else {
			sc.CompRemoved = append(sc.CompRemoved, c)
		}
	}
	sc.CompDeck.Shuffle(a.ctx.RNG)
	if at.Kind == "build" {
		a.log("build_success", "Success! %s is built; its components and Component cards are removed from the game.", s.D().Equipment[at.Card].Name)
		a.gain(Kept{Card: at.Card, Level: at.Level})
	} else {
		sc.ResearchPts += at.Level
		if s.Kraken != nil && s.Kraken.Part == 2 {
			s.Kraken.Research += at.Level
		}
		a.log("research_success", "Research succeeds: %d Science points (total %d).", at.Level, sc.ResearchPts)
	}
	sc.Attempt = nil
}

// failAttempt: the card is discarded, the collected components go back to
// their stations and every Component card is shuffled back.
func (a *applier) failAttempt(why string) {
	s := a.s
	sc := &s.Science
	at := sc.Attempt
	sc.CompDeck.PutBottom(at.FaceDown...)
	sc.CompDeck.PutBottom(at.Revealed...)
	sc.CompDeck.Shuffle(a.ctx.RNG)
	if at.Kind == "build" {
		sc.Discard = append(sc.Discard, at.Card)
		a.log("build_failed", "The build fails (%s): %s is discarded and the components return to their stations.", why, s.D().Equipment[at.Card].Name)
	} else {
		a.log("research_failed", "The Research fails (%s); the components return to their stations.", why)
	}
	sc.Attempt = nil
}

// useEquipment uses a card the Captain holds: one-use cards are discarded,
// N-use cards lose a use, permanent cards stay. There is no limit per turn.
// Codes: not_captain, wrong_step, no_such_equipment.
func (a *applier) useEquipment(m kit.Move) error {
	var args cardArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.captain(secUsing); err != nil {
		return err
	}
	if err := a.running(secUsing); err != nil {
		return err
	}
	s := a.s
	i := slices.IndexFunc(s.Equipment, func(e Equipment) bool { return e.Name == args.Card })
	if i < 0 {
		return kit.Errorf("no_such_equipment", rule(secUsing), "The Captain holds no %q.", args.Card)
	}
	e := &s.Equipment[i]
	switch {
	case e.UsesLeft < 0:
		a.log("equipment_used", "%s used (permanent).", e.Name)
	case e.UsesLeft > 1:
		e.UsesLeft--
		a.log("equipment_used", "%s used: %s left.", e.Name, usesText(e.UsesLeft))
	default:
		a.log("equipment_used", "%s used up and discarded.", e.Name)
		s.Science.Discard = append(s.Science.Discard, e.Card)
		s.Equipment = slices.Delete(s.Equipment, i, i+1)
	}
	return nil
}

func (a *applier) equipmentList(cards []int) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = a.s.D().Equipment[c].Name
	}
	return strings.Join(names, ", ")
}

func (a *applier) componentList(cards []int) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		cc := a.s.D().Components[c]
		names[i] = cc.Name + " [" + piecesText(cc.Pieces) + "]"
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
