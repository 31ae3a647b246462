package spacecadets

import (
	"fmt"
	"slices"

	"tablewarden/referee/kit"
)

// The offers: each row of the move table offers its own move to who (-1:
// the host's screen), with enum choices narrowed to the legal values.
// The move table offers nothing once the mission has ended.
//
// Every offer is exact: any values a phone can pick from an entry (a
// choice, an int in its Min..Max, an optional argument left out or not)
// make a move Apply accepts, and a move with no legal values is not
// offered. Where legality depends on the combination of arguments the
// move is split into several entries of the same type: keep_starting and
// science_select (a card of fixed cost without a level, an X card with
// one), enemy_lock (locking on, losing lock), kraken_activate (one entry
// per row with the columns no further from the ship). kittest.Conformance
// (TestConformance) checks it.

// actor is who asks for the offers: the host's screen, a seat, and the
// seat's roles. An actor that is neither (a seat past the table) is
// offered nothing.
type actor struct {
	host, seat, captain, officer, sensors bool
}

func (s *State) actor(who int) actor {
	a := actor{host: who < 0, seat: who >= 0 && who < len(s.Seats)}
	a.captain = a.seat && who == s.Roles.Captain
	a.officer = a.seat && who == s.Roles.ScienceOfficer
	a.sensors = a.seat && who == s.Roles.Sensors
	return a
}

// boss: the host's screen or the Captain.
func (a actor) boss() bool { return a.host || a.captain }

// running tells whether the mission has begun (the starting equipment is
// chosen).
func (s *State) running() bool { return s.Step != "setup" }

// offer returns a catalog entry narrowed by each narrower in turn, or nil
// (not offered) when one finds no legal value.
func offer(spec kit.MoveSpec, narrow ...func(*kit.MoveSpec) bool) *kit.MoveSpec {
	spec.Args = slices.Clone(spec.Args)
	for _, n := range narrow {
		if !n(&spec) {
			return nil
		}
	}
	return &spec
}

// offerIf is offer when ok, nil (not offered) otherwise. The narrowers
// are built either way: those that read the state must hold in any
// state, or the offer checks ok itself first.
func offerIf(ok bool, spec kit.MoveSpec, narrow ...func(*kit.MoveSpec) bool) *kit.MoveSpec {
	if !ok {
		return nil
	}
	return offer(spec, narrow...)
}

// entries lists the offered entries of a move offered as several.
func entries(offers ...*kit.MoveSpec) []kit.MoveSpec {
	out := []kit.MoveSpec{}
	for _, o := range offers {
		if o != nil {
			out = append(out, *o)
		}
	}
	return out
}

// eeChoices are Experimental Equipment cards as choices.
func (s *State) eeChoices(cards []int) []kit.Choice {
	d := s.D()
	var c []kit.Choice
	for _, x := range cards {
		c = append(c, kit.Choice{Value: d.Equipment[x].Name, Label: d.eeLabel(x)})
	}
	return c
}

// enemyChoices are the enemies the players can affect (on the map, on the
// ship's tile in Mission 7) that ok accepts.
func (s *State) enemyChoices(ok func(Enemy) bool) []kit.Choice {
	var c []kit.Choice
	for _, e := range s.Enemies {
		if !e.onMap() || s.Rabbit != nil && e.Tile != s.Rabbit.Tile || !ok(e) {
			continue
		}
		c = append(c, kit.Choice{Value: e.ID, Label: s.enemyLabel(e)})
	}
	return c
}

// onEnemies narrows the enemy argument to the enemies ok accepts.
func (s *State) onEnemies(ok func(Enemy) bool) func(*kit.MoveSpec) bool {
	return choices("enemy", s.enemyChoices(ok))
}

func anyEnemy(Enemy) bool { return true }

// onGrid narrows row and col to the mission's map.
func (s *State) onGrid() []func(*kit.MoveSpec) bool {
	grid := s.missionData().Grid
	return []func(*kit.MoveSpec) bool{ints("row", 1, grid[0]), ints("col", 1, grid[1])}
}

// arrivalPending tells whether the Captain must choose the Gate's arrival
// row or column (rolled as a 6).
func (s *State) arrivalPending() bool {
	return s.Rabbit != nil && (s.Rabbit.PendingRow || s.Rabbit.PendingCol)
}

// krakenWaits tells whether step 7 waits for the tentacle's square.
func (s *State) krakenWaits() bool {
	return s.Step == "step7" && s.Kraken != nil && krakenMustActivate(s)
}

// reporting tells whether who may report from the table: a seat, once
// the mission runs.
func (s *State) reporting(who int) bool { return s.actor(who).seat && s.running() }

// Timers.

// timerStates sorts the timers: those that may be started now, those
// running and those paused.
func (s *State) timerStates() (startable, running, paused []string) {
	at := s.Science.Attempt
	for _, t := range s.Timers {
		switch {
		case t.Running:
			running = append(running, t.Name)
		case t.Paused:
			paused = append(paused, t.Name)
		case slices.Contains(s.TimersStarted, t.Name):
			// each timer runs once a step
		case t.Name == s.Step && t.Name != "science":
			startable = append(startable, t.Name)
		case t.Name == "science" && s.Step == "science" && at != nil && at.Status == "face_down":
			startable = append(startable, t.Name)
		}
	}
	return startable, running, paused
}

func offerStartTimer(s *State, who int) *kit.MoveSpec {
	if !s.actor(who).boss() {
		return nil
	}
	startable, _, _ := s.timerStates()
	scienceReveal := func(m *kit.MoveSpec) bool {
		if slices.Contains(startable, "science") {
			m.Confirm = "Start the Science timer? The Component cards are turned over for everyone."
		}
		return true
	}
	return offer(specStartTimer, choices("name", strs(startable)), scienceReveal)
}

func offerPauseTimer(s *State, who int) *kit.MoveSpec {
	if !s.actor(who).boss() || !s.TimerPauses {
		return nil
	}
	_, running, _ := s.timerStates()
	return offer(specPauseTimer, choices("name", strs(running)))
}

func offerResumeTimer(s *State, who int) *kit.MoveSpec {
	if !s.actor(who).boss() || !s.TimerPauses {
		return nil
	}
	_, _, paused := s.timerStates()
	return offer(specResumeTimer, choices("name", strs(paused)))
}

func offerCancelTimer(s *State, who int) *kit.MoveSpec {
	if !s.actor(who).boss() {
		return nil
	}
	_, running, paused := s.timerStates()
	return offer(specCancelTimer, choices("name", strs(append(running, paused...))))
}

// offerTimerExpired offers the server an expiry for each running timer.
func offerTimerExpired(s *State, _ int) *kit.MoveSpec {
	var names []kit.Choice
	for _, tm := range s.Timers {
		if tm.Running {
			names = append(names, kit.Choice{Value: tm.Name, Label: tm.Label})
		}
	}
	return offer(specTimerExpired, choices("name", names))
}

func offerNextStep(s *State, who int) *kit.MoveSpec {
	return offerIf(s.actor(who).boss() && s.running() && !(s.Step == "science" && s.Science.Attempt != nil) &&
		!s.arrivalPending() && !s.krakenWaits(), specNextStep)
}

// Starting equipment.

// choosingStart tells whether who chooses the starting equipment now.
func (s *State) choosingStart(who int) bool {
	a := s.actor(who)
	return s.Step == "setup" && (a.captain || a.officer)
}

// startingCards splits the starting draw into the cards left and the
// cards kept.
func (s *State) startingCards() (left, kept []int) {
	sc := s.Science
	for _, c := range sc.StartDraw {
		if keptIndex(sc.StartKept, c) >= 0 {
			kept = append(kept, c)
		} else {
			left = append(left, c)
		}
	}
	return left, kept
}

// offerKeepStarting offers exactly what keep_starting accepts: fixed-cost
// cards that fit the points left (no level), and X cards with a level
// that fits.
func offerKeepStarting(s *State, who int) []kit.MoveSpec {
	if !s.choosingStart(who) {
		return nil
	}
	d := s.D()
	left, _ := s.startingCards()
	room := d.StartSciencePoints - keptPoints(s.Science.StartKept)
	var fixed, xs []int
	for _, c := range left {
		switch cost := d.Equipment[c].Cost; {
		case cost == 0 && room >= 1:
			xs = append(xs, c)
		case cost > 0 && cost <= room:
			fixed = append(fixed, c)
		}
	}
	return entries(
		offer(specKeepStarting, choices("card", s.eeChoices(fixed)), drop("level")),
		offer(specKeepStarting, choices("card", s.eeChoices(xs)), need("level"), ints("level", 1, min(3, room)), label(" (X card: choose its level)")),
	)
}

func offerUnkeepStarting(s *State, who int) *kit.MoveSpec {
	if !s.choosingStart(who) {
		return nil
	}
	_, kept := s.startingCards()
	return offer(specUnkeepStarting, choices("card", s.eeChoices(kept)))
}

func offerFinishStarting(s *State, who int) *kit.MoveSpec {
	return offerIf(s.choosingStart(who) && keptPoints(s.Science.StartKept) == bestStartPoints(s.D(), s.Science.StartDraw), specFinishStarting)
}

// Science station: the Science Officer's moves.

// canDrawEE tells whether an Experimental Equipment card can be drawn
// (from the deck, or the discard pile reshuffled).
func (s *State) canDrawEE() bool { return s.Science.Deck.Len() > 0 || len(s.Science.Discard) > 0 }

func offerScienceDraw(s *State, who int) *kit.MoveSpec {
	return offerIf(s.actor(who).officer && s.Step == "step1" && !s.Science.DrewEE && s.canDrawEE(), specScienceDraw)
}

func offerScienceDrawExtra(s *State, who int) *kit.MoveSpec {
	return offerIf(s.actor(who).officer && s.Step == "step1" && s.Science.DrewEE && s.canDrawEE(), specScienceDrawExtra,
		choices("station", strs(s.D().Stations)))
}

// offerScienceSelect offers a card of fixed cost without a level, an X
// card with one.
func offerScienceSelect(s *State, who int) []kit.MoveSpec {
	if !s.actor(who).officer || s.Step != "step1" {
		return nil
	}
	d := s.D()
	var fixed, xs []int
	for _, c := range s.Science.Drawn {
		if d.Equipment[c].Cost == 0 {
			xs = append(xs, c)
		} else {
			fixed = append(fixed, c)
		}
	}
	return entries(
		offer(specScienceSelect, choices("card", s.eeChoices(fixed)), drop("level")),
		offer(specScienceSelect, choices("card", s.eeChoices(xs)), need("level"), label(" (X card: choose its level)")),
	)
}

func offerScienceUnselect(s *State, who int) *kit.MoveSpec {
	return offerIf(s.actor(who).officer && s.Step == "step1" && s.Science.Selected != nil, specScienceUnselect)
}

func offerScienceBuild(s *State, who int) *kit.MoveSpec {
	return offerIf(s.actor(who).officer && canBuild(s), specScienceBuild)
}

func offerResearch(s *State, who int) *kit.MoveSpec {
	if !s.actor(who).officer || researchMax(s) <= 0 {
		return nil
	}
	return offer(specResearch, ints("points", 1, researchMax(s)))
}

func offerSetAsideComponent(s *State, who int) *kit.MoveSpec {
	at := s.Science.Attempt
	if !s.actor(who).officer || at == nil || at.Status != "running" {
		return nil
	}
	d := s.D()
	var cards []kit.Choice
	for _, c := range at.Revealed {
		cards = append(cards, kit.Choice{Value: d.Components[c].Name, Label: d.componentLabel(c)})
	}
	return offer(specSetAsideComponent, choices("card", cards))
}

func offerReportWorkbench(s *State, who int) *kit.MoveSpec {
	return offerIf(s.actor(who).officer && s.Science.Attempt != nil && s.Science.Attempt.Status == "check", specReportWorkbench)
}

func offerAbortScience(s *State, who int) *kit.MoveSpec {
	return offerIf(s.actor(who).officer && s.Science.Attempt != nil, specAbortScience)
}

// The Captain's moves, once the mission runs.

// captaining tells whether who is the Captain of a running mission.
func (s *State) captaining(who int) bool { return s.actor(who).captain && s.running() }

func offerUseEquipment(s *State, who int) *kit.MoveSpec {
	if !s.captaining(who) {
		return nil
	}
	d := s.D()
	var held []kit.Choice
	for _, e := range s.Equipment {
		held = append(held, kit.Choice{Value: e.Name, Label: fmt.Sprintf("%s (level %d, %s)", d.eeTitle(e.Card), e.Level, usesText(e.UsesLeft))})
	}
	return offer(specUseEquipment, choices("card", held))
}

func offerRadiationBelt(s *State, who int) *kit.MoveSpec {
	return offerIf(s.captaining(who) && !s.inactive("Shields"), specRadiationBelt, choices("shield", strs(s.D().Shields)))
}

func offerNullZone(s *State, who int) *kit.MoveSpec {
	return offerIf(s.captaining(who), specNullZone)
}

// offerChooseArrival offers the Captain exactly the row and/or column
// rolled as a 6.
func offerChooseArrival(s *State, who int) *kit.MoveSpec {
	if !s.captaining(who) || !s.arrivalPending() {
		return nil
	}
	arrival := func(name string, pend bool) func(*kit.MoveSpec) bool {
		if pend {
			return func(m *kit.MoveSpec) bool { return need(name)(m) && ints(name, 1, 5)(m) }
		}
		return drop(name)
	}
	r := s.Rabbit
	return offer(specChooseArrival, arrival("row", r.PendingRow), arrival("col", r.PendingCol))
}

// Reports from the table: any seat, once the mission runs.

func offerShipMoved(s *State, who int) *kit.MoveSpec {
	arrived := s.Rabbit != nil && s.Rabbit.ArrivedNow
	if !s.reporting(who) || s.Mission == "8" || s.arrivalPending() || arrived {
		return nil
	}
	beak := drop("beak_squares")
	if s.Kraken != nil {
		beak = ints("beak_squares", 0, 4)
	}
	return offer(specShipMoved, append(s.onGrid(), beak)...)
}

func offerSetSpeed(s *State, who int) *kit.MoveSpec {
	return offerIf(s.reporting(who) && s.Mission != "8", specSetSpeed)
}

func offerDamageCard(s *State, who int) *kit.MoveSpec {
	return offerIf(s.reporting(who), specDamageCard, choices("station", strs(s.D().Stations)))
}

func offerRepair(s *State, who int) *kit.MoveSpec {
	if !s.reporting(who) {
		return nil
	}
	var damaged []string
	for _, st := range s.D().Stations {
		if s.StationDamage[st] > 0 {
			damaged = append(damaged, st)
		}
	}
	return offer(specRepair, choices("station", strs(damaged)))
}

// lockedAs narrows the locked argument to the one value v.
func lockedAs(v bool) func(*kit.MoveSpec) bool {
	return func(m *kit.MoveSpec) bool {
		for i := range m.Args {
			if m.Args[i].Name == "locked" {
				m.Args[i].Choices = []kit.Choice{{Value: v, Label: map[bool]string{true: "locks on", false: "loses lock"}[v]}}
			}
		}
		return true
	}
}

// offerEnemyLock offers locking on and losing lock apart: each holds for
// different enemies, and H1 forbids breaking lock with sensors.
func offerEnemyLock(s *State, who int) []kit.MoveSpec {
	if !s.reporting(who) {
		return nil
	}
	causes := strs([]string{"sensors", "range", "other"})
	if s.Mission == "H1" {
		causes = strs([]string{"range", "other"})
	}
	return entries(
		offer(specEnemyLock, s.onEnemies(func(e Enemy) bool {
			return !e.Locked && !(s.Rabbit != nil && s.Rabbit.ArrivedNow && !e.Shot)
		}), lockedAs(true), drop("cause"), label(": locks on")),
		offer(specEnemyLock, s.onEnemies(func(e Enemy) bool { return e.Locked && !e.Attached }),
			lockedAs(false), choices("cause", causes), label(": loses lock")),
	)
}

func offerEnemyShot(s *State, who int) *kit.MoveSpec {
	if !s.reporting(who) || s.inactive("Weapons") {
		return nil
	}
	return offer(specEnemyShot, s.onEnemies(anyEnemy))
}

func offerEnemyDestroyed(s *State, who int) *kit.MoveSpec {
	if !s.reporting(who) {
		return nil
	}
	thrallWarning := func(m *kit.MoveSpec) bool {
		if s.Thrall != nil {
			m.Confirm = "Destroying the Thrall instead of deactivating it loses the mission. Record the enemy as destroyed?"
			m.Ask = kit.AskEndsGame
		}
		return true
	}
	return offer(specEnemyDestroyed, s.onEnemies(anyEnemy), thrallWarning)
}

func offerEnemyDeactivated(s *State, who int) *kit.MoveSpec {
	if !s.reporting(who) {
		return nil
	}
	return offer(specEnemyDeactivated, s.onEnemies(func(e Enemy) bool { return s.enemyCard(e).Deactivatable && !e.Deactivated }))
}

func offerEnemyMoved(s *State, who int) *kit.MoveSpec {
	if !s.reporting(who) || s.Siege != nil {
		return nil
	}
	enemy := s.onEnemies(func(e Enemy) bool { return !e.Attached && !(s.Thrall != nil && e.ID == s.Thrall.ThrallID) })
	return offer(specEnemyMoved, append([]func(*kit.MoveSpec) bool{enemy}, s.onGrid()...)...)
}

func offerParasiteAttach(s *State, who int) *kit.MoveSpec {
	if !s.reporting(who) {
		return nil
	}
	return offer(specParasiteAttach, s.onEnemies(func(e Enemy) bool { return s.enemyCard(e).Parasite != "" && e.Locked && !e.Attached }))
}

func offerTractorEnemy(s *State, who int) *kit.MoveSpec {
	if !s.reporting(who) {
		return nil
	}
	return offer(specTractorEnemy, s.onEnemies(func(e Enemy) bool { return !e.Attached }))
}

// offerEnemyObstacle offers the Radiation Belt and the Null Zone: a
// Vortex has no effect on enemies, and reporting it is refused.
func offerEnemyObstacle(s *State, who int) *kit.MoveSpec {
	if !s.reporting(who) {
		return nil
	}
	return offer(specEnemyObstacle, s.onEnemies(func(e Enemy) bool { return !e.Attached }),
		choices("obstacle", strs([]string{"Radiation Belt", "Null Zone"})))
}

// offerTractorCrystal offers Mission 7's crystal (no argument) and
// Mission 9's crystals left on the map (one required).
func offerTractorCrystal(s *State, who int) []kit.MoveSpec {
	if !s.reporting(who) {
		return nil
	}
	d := s.D()
	var m7, m9 *kit.MoveSpec
	if r := s.Rabbit; r != nil {
		last := len(d.M7.TileNames)
		if !r.GateOpen && r.Tile < last || r.Tile == last && !r.Stabilized {
			m7 = offer(specTractorCrystal, drop("crystal"))
		}
	}
	if k := s.Kestrel; k != nil && k.Tractored < d.M9.CrystalsOnMap {
		var left []kit.Choice
		for i := 1; i <= d.M9.CrystalsOnMap; i++ {
			if !slices.Contains(k.Crystals, i) {
				sq := d.M9.CrystalSquares[i-1]
				left = append(left, kit.Choice{Value: i, Label: fmt.Sprintf("Crystal %d (%s)", i, square(sq[0], sq[1]))})
			}
		}
		m9 = offer(specTractorCrystal, choices("crystal", left), need("crystal"))
	}
	return entries(m7, m9)
}

func offerPassGate(s *State, who int) *kit.MoveSpec {
	r := s.Rabbit
	return offerIf(s.reporting(who) && r != nil && r.GateOpen && r.Tile < len(s.D().M7.TileNames) && !r.ArrivedNow && r.GateOpenedTurn != s.Turn, specPassGate)
}

// offerJumpHome offers the jump home from Mission 7's last tile once the
// crystal is stabilized, and in Mission 10's part 2 once the Beak is
// scanned and researched.
func offerJumpHome(s *State, who int) []kit.MoveSpec {
	if !s.reporting(who) {
		return nil
	}
	var m7, m10 *kit.MoveSpec
	if r := s.Rabbit; r != nil && r.Tile == len(s.D().M7.TileNames) && r.Stabilized {
		m7 = offer(specJumpHome)
	}
	if k := s.Kraken; k != nil && k.Part == 2 && k.Scanned && k.Research >= s.D().variant(k.Last).ResearchTarget {
		m10 = offer(specJumpHome)
	}
	return entries(m7, m10)
}

func offerExitMap(s *State, who int) *kit.MoveSpec {
	if !s.reporting(who) {
		return nil
	}
	edges := s.missionData().ExitEdges
	if len(edges) == 0 {
		return nil
	}
	done := true
	switch {
	case s.Kestrel != nil:
		done = s.Kestrel.Tractored >= s.Kestrel.Required
	case s.Invisible != nil:
		done = s.Invisible.Found
	}
	if !done {
		return nil
	}
	return offer(specExitMap, choices("edge", strs(edges[:1])))
}

func offerTileRevealed(s *State, who int) *kit.MoveSpec {
	return offerIf(s.reporting(who) && s.Mission == "H1", specTileRevealed)
}

// offerRevealCrystal offers the Sensors player the crystals in range whose
// token is still face down.
func offerRevealCrystal(s *State, who int) *kit.MoveSpec {
	iv := s.Invisible
	if !s.reporting(who) || iv == nil || !s.actor(who).sensors {
		return nil
	}
	d := s.D()
	var cs []kit.Choice
	for i, r := range iv.Revealed {
		sq := d.H4.Crystals[i]
		if r == "" && s.Ship.Row != 0 && distance(s.Ship.Row, s.Ship.Col, sq[0], sq[1]) <= d.H4.RevealRange {
			cs = append(cs, kit.Choice{Value: i + 1, Label: "Crystal " + string(rune('1'+i))})
		}
	}
	return offer(specRevealCrystal, choices("crystal", cs))
}

func offerSubdueTentacle(s *State, who int) *kit.MoveSpec {
	k := s.Kraken
	a := s.actor(who)
	if !s.reporting(who) || k == nil || !a.sensors && !a.captain {
		return nil
	}
	var cs []kit.Choice
	for _, t := range k.Tentacles {
		if !t.Subdued && (k.Part == 1 && k.Last == "" || k.Part == 2 && t.ID == k.Last) {
			cs = append(cs, kit.Choice{Value: t.ID, Label: t.Name})
		}
	}
	return offer(specSubdueTentacle, choices("tentacle", cs))
}

// offerKrakenActivate offers the squares the tentacle may move to,
// towards the players: one entry per row with the columns no further away
// than it is now.
func offerKrakenActivate(s *State, who int) []kit.MoveSpec {
	if !s.reporting(who) || !s.krakenWaits() {
		return nil
	}
	t := s.activeTentacle()
	sr, sc := s.Ship.Row, s.Ship.Col
	reach := distance(t.Row, t.Col, sr, sc)
	g := s.D().Kraken.Grid
	var rows []*kit.MoveSpec
	for row := max(1, sr-reach); row <= min(g, sr+reach); row++ {
		w := reach - abs(row-sr)
		rows = append(rows, offer(specKrakenActivate, choices("row", []kit.Choice{{Value: row, Label: fmt.Sprint(row)}}),
			ints("col", max(1, sc-w), min(g, sc+w)), label(fmt.Sprintf(" (row %d)", row))))
	}
	return entries(rows...)
}

func offerScanBeak(s *State, who int) *kit.MoveSpec {
	k := s.Kraken
	return offerIf(s.reporting(who) && k != nil && k.Part == 2 && s.actor(who).sensors && !k.Scanned && s.beakScanError() == nil, specScanBeak)
}

// The dice: any seat or the host's screen, once the mission runs.

// rolling tells whether who may roll dice now.
func (s *State) rolling(who int) bool {
	a := s.actor(who)
	return (a.seat || a.host) && s.running()
}

func offerRoll(s *State, who int) *kit.MoveSpec {
	return offerIf(s.rolling(who), specRoll)
}

func offerRollHalf(s *State, who int) *kit.MoveSpec {
	return offerIf(s.rolling(who), specRollHalf)
}

func offerRollPlacement(s *State, who int) *kit.MoveSpec {
	return offerIf(s.rolling(who), specRollPlacement)
}

// offerStartKrakenPart2 offers part 2 to the Captain only (the Sensors
// player holds the cards).
func offerStartKrakenPart2(s *State, who int) *kit.MoveSpec {
	k := s.Kraken
	return offerIf(s.actor(who).captain && k != nil && k.Last != "" && k.Part == 1, specStartKrakenPart2)
}

func offerDeclareLoss(s *State, who int) *kit.MoveSpec {
	return offerIf(s.actor(who).boss(), specDeclareLoss)
}
