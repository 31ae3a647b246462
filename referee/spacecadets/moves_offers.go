package spacecadets

import (
	"fmt"
	"slices"

	"tablewarden/referee/kit"
)

// available lists the moves seat (-1: the host's screen) may make now,
// with enum choices narrowed to the legal values; each row of the move
// table offers the entries of its type, want (offersOf).
//
// The list is exact: any values a phone can pick from an entry (a choice,
// an int in its Min..Max, an optional argument left out or not) make a
// move Apply accepts, and a move with no legal values is not listed. Where
// legality depends on the combination of arguments the move is split into
// several entries of the same type: keep_starting and science_select (a
// card of fixed cost without a level, an X card with one), enemy_lock
// (locking on, losing lock), kraken_activate (one entry per row with the
// columns no further from the ship). kittest.Conformance (TestConformance) checks it.
func available(s *State, who int, want string) []kit.MoveSpec {
	out := []kit.MoveSpec{}
	if s.End != nil {
		return out
	}
	host := who < 0
	seat := who >= 0 && who < len(s.Seats)
	if !host && !seat {
		return out
	}
	captain := seat && who == s.Roles.Captain
	officer := seat && who == s.Roles.ScienceOfficer
	sensors := seat && who == s.Roles.Sensors
	boss := host || captain
	running := s.Step != "setup"
	sc := s.Science
	at := sc.Attempt
	d := s.D()

	add := func(ok bool, typ string, narrow ...func(*kit.MoveSpec) bool) {
		if !ok || typ != want {
			return
		}
		i := slices.IndexFunc(moveCatalog, func(m kit.MoveSpec) bool { return m.Type == typ })
		m := moveCatalog[i]
		m.Args = slices.Clone(m.Args)
		for _, n := range narrow {
			if !n(&m) {
				return
			}
		}
		out = append(out, m)
	}
	eeNames := func(cards []int) []kit.Choice {
		var c []kit.Choice
		for _, x := range cards {
			c = append(c, kit.Choice{Value: d.Equipment[x].Name, Label: d.eeLabel(x)})
		}
		return c
	}
	enemies := func(ok func(Enemy) bool) []kit.Choice {
		var c []kit.Choice
		for _, e := range s.Enemies {
			if !e.onMap() || s.Rabbit != nil && e.Tile != s.Rabbit.Tile || !ok(e) {
				continue
			}
			c = append(c, kit.Choice{Value: e.ID, Label: s.enemyLabel(e)})
		}
		return c
	}
	all := func(Enemy) bool { return true }
	// enemyChoices narrows the enemy argument to the enemies ok accepts,
	// computed only for the move asked for.
	enemyChoices := func(ok func(Enemy) bool) func(*kit.MoveSpec) bool {
		return func(m *kit.MoveSpec) bool { return choices("enemy", enemies(ok))(m) }
	}
	// wants tells whether the move asked for is among types.
	wants := func(types ...string) bool { return slices.Contains(types, want) }
	onGrid := func() []func(*kit.MoveSpec) bool {
		grid := s.missionData().Grid
		return []func(*kit.MoveSpec) bool{ints("row", 1, grid[0]), ints("col", 1, grid[1])}
	}

	// Timers.
	if wants(MoveStartTimer, MovePauseTimer, MoveResumeTimer, MoveCancelTimer) {
		var startable, runningT, pausedT []string
		for _, t := range s.Timers {
			switch {
			case t.Running:
				runningT = append(runningT, t.Name)
			case t.Paused:
				pausedT = append(pausedT, t.Name)
			case slices.Contains(s.TimersStarted, t.Name):
				// each timer runs once a step
			case t.Name == s.Step && t.Name != "science":
				startable = append(startable, t.Name)
			case t.Name == "science" && s.Step == "science" && at != nil && at.Status == "face_down":
				startable = append(startable, t.Name)
			}
		}
		scienceReveal := func(m *kit.MoveSpec) bool {
			if slices.Contains(startable, "science") {
				m.Confirm = "Start the Science timer? The Component cards are turned over for everyone."
			}
			return true
		}
		if want == MoveStartTimer {
			add(boss, MoveStartTimer, choices("name", strs(startable)), scienceReveal)
		}
		if want == MovePauseTimer {
			add(boss && s.TimerPauses, MovePauseTimer, choices("name", strs(runningT)))
		}
		if want == MoveResumeTimer {
			add(boss && s.TimerPauses, MoveResumeTimer, choices("name", strs(pausedT)))
		}
		if want == MoveCancelTimer {
			add(boss, MoveCancelTimer, choices("name", strs(append(slices.Clone(runningT), pausedT...))))
		}
	}
	pending := s.Rabbit != nil && (s.Rabbit.PendingRow || s.Rabbit.PendingCol)
	krakenWait := s.Step == "step7" && s.Kraken != nil && krakenMustActivate(s)
	if want == MoveNextStep {
		add(boss && running && !(s.Step == "science" && at != nil) && !pending && !krakenWait, MoveNextStep)
	}

	// Starting equipment.
	if s.Step == "setup" && (captain || officer) && wants(MoveKeepStarting, MoveUnkeepStarting, MoveFinishStarting) {
		var left, kept []int
		for _, c := range sc.StartDraw {
			if keptIndex(sc.StartKept, c) >= 0 {
				kept = append(kept, c)
			} else {
				left = append(left, c)
			}
		}
		// Offer exactly what keep_starting accepts: fixed-cost cards that fit
		// the points left (no level), and X cards with a level that fits.
		room := d.StartSciencePoints - keptPoints(sc.StartKept)
		var fixed, xs []int
		for _, c := range left {
			switch cost := d.Equipment[c].Cost; {
			case cost == 0 && room >= 1:
				xs = append(xs, c)
			case cost > 0 && cost <= room:
				fixed = append(fixed, c)
			}
		}
		if want == MoveKeepStarting {
			add(true, MoveKeepStarting, choices("card", eeNames(fixed)), drop("level"))
		}
		if want == MoveKeepStarting {
			add(true, MoveKeepStarting, choices("card", eeNames(xs)), need("level"), ints("level", 1, min(3, room)), label(" (X card: choose its level)"))
		}
		if want == MoveUnkeepStarting {
			add(true, MoveUnkeepStarting, choices("card", eeNames(kept)))
		}
		if want == MoveFinishStarting {
			add(keptPoints(sc.StartKept) == bestStartPoints(d, sc.StartDraw), MoveFinishStarting)
		}
	}

	// Science station.
	if officer && wants(MoveScienceDraw, MoveScienceDrawExtra, MoveScienceSelect, MoveScienceUnselect, MoveScienceBuild,
		MoveResearch, MoveSetAsideComponent, MoveReportWorkbench, MoveAbortScience) {
		canDraw := sc.Deck.Len() > 0 || len(sc.Discard) > 0
		if want == MoveScienceDraw {
			add(s.Step == "step1" && !sc.DrewEE && canDraw, MoveScienceDraw)
		}
		if want == MoveScienceDrawExtra {
			add(s.Step == "step1" && sc.DrewEE && canDraw, MoveScienceDrawExtra, choices("station", strs(d.Stations)))
		}
		// A card of fixed cost is selected without a level, an X card
		// with one.
		var fixed, xs []int
		for _, c := range sc.Drawn {
			if d.Equipment[c].Cost == 0 {
				xs = append(xs, c)
			} else {
				fixed = append(fixed, c)
			}
		}
		if want == MoveScienceSelect {
			add(s.Step == "step1", MoveScienceSelect, choices("card", eeNames(fixed)), drop("level"))
		}
		if want == MoveScienceSelect {
			add(s.Step == "step1", MoveScienceSelect, choices("card", eeNames(xs)), need("level"), label(" (X card: choose its level)"))
		}
		if want == MoveScienceUnselect {
			add(s.Step == "step1" && sc.Selected != nil, MoveScienceUnselect)
		}
		if want == MoveScienceBuild {
			add(canBuild(s), MoveScienceBuild)
		}
		if want == MoveResearch {
			add(researchMax(s) > 0, MoveResearch, ints("points", 1, researchMax(s)))
		}
		if at != nil && at.Status == "running" {
			var cards []kit.Choice
			for _, c := range at.Revealed {
				cards = append(cards, kit.Choice{Value: d.Components[c].Name, Label: d.componentLabel(c)})
			}
			if want == MoveSetAsideComponent {
				add(true, MoveSetAsideComponent, choices("card", cards))
			}
		}
		if want == MoveReportWorkbench {
			add(at != nil && at.Status == "check", MoveReportWorkbench)
		}
		if want == MoveAbortScience {
			add(at != nil, MoveAbortScience)
		}
	}
	if captain && running {
		var held []kit.Choice
		for _, e := range s.Equipment {
			held = append(held, kit.Choice{Value: e.Name, Label: fmt.Sprintf("%s (level %d, %s)", d.eeTitle(e.Card), e.Level, usesText(e.UsesLeft))})
		}
		if want == MoveUseEquipment {
			add(true, MoveUseEquipment, choices("card", held))
		}
		if want == MoveRadiationBelt {
			add(!s.inactive("Shields"), MoveRadiationBelt, choices("shield", strs(d.Shields)))
		}
		if want == MoveNullZone {
			add(true, MoveNullZone)
		}
		if r := s.Rabbit; pending {
			// The Captain chooses exactly the row and/or column rolled as a 6.
			arrival := func(name string, pend bool) func(*kit.MoveSpec) bool {
				if pend {
					return func(m *kit.MoveSpec) bool { return need(name)(m) && ints(name, 1, 5)(m) }
				}
				return drop(name)
			}
			if want == MoveChooseArrival {
				add(true, MoveChooseArrival, arrival("row", r.PendingRow), arrival("col", r.PendingCol))
			}
		}
	}

	// Reports from the table.
	if seat && running {
		arrived := s.Rabbit != nil && s.Rabbit.ArrivedNow
		if want == MoveShipMoved {
			beak := drop("beak_squares")
			if s.Kraken != nil {
				beak = ints("beak_squares", 0, 4)
			}
			add(s.Mission != "8" && !pending && !arrived, MoveShipMoved, append(onGrid(), beak)...)
		}
		if want == MoveSetSpeed {
			add(s.Mission != "8", MoveSetSpeed)
		}
		if want == MoveDamageCard {
			add(true, MoveDamageCard, choices("station", strs(d.Stations)))
		}
		var damaged []string
		for _, st := range d.Stations {
			if s.StationDamage[st] > 0 {
				damaged = append(damaged, st)
			}
		}
		if want == MoveRepair {
			add(true, MoveRepair, choices("station", strs(damaged)))
		}
		// Locking on and losing lock are offered apart: each holds for
		// different enemies, and H1 forbids breaking lock with sensors.
		locked := func(v bool) func(*kit.MoveSpec) bool {
			return func(m *kit.MoveSpec) bool {
				for i := range m.Args {
					if m.Args[i].Name == "locked" {
						m.Args[i].Choices = []kit.Choice{{Value: v, Label: map[bool]string{true: "locks on", false: "loses lock"}[v]}}
					}
				}
				return true
			}
		}
		if want == MoveEnemyLock {
			add(true, MoveEnemyLock, enemyChoices(func(e Enemy) bool {
				return !e.Locked && !(s.Rabbit != nil && s.Rabbit.ArrivedNow && !e.Shot)
			}), locked(true), drop("cause"), label(": locks on"))
		}
		if want == MoveEnemyLock {
			causes := strs([]string{"sensors", "range", "other"})
			if s.Mission == "H1" {
				causes = strs([]string{"range", "other"})
			}
			add(true, MoveEnemyLock, enemyChoices(func(e Enemy) bool { return e.Locked && !e.Attached }),
				locked(false), choices("cause", causes), label(": loses lock"))
		}
		if want == MoveEnemyShot {
			add(!s.inactive("Weapons"), MoveEnemyShot, enemyChoices(all))
		}
		thrallWarning := func(m *kit.MoveSpec) bool {
			if s.Thrall != nil {
				m.Confirm = "Destroying the Thrall instead of deactivating it loses the mission. Record the enemy as destroyed?"
			}
			return true
		}
		if want == MoveEnemyDestroyed {
			add(true, MoveEnemyDestroyed, enemyChoices(all), thrallWarning)
		}
		if want == MoveEnemyDeactivated {
			add(true, MoveEnemyDeactivated, enemyChoices(func(e Enemy) bool { return s.enemyCard(e).Deactivatable && !e.Deactivated }))
		}
		if want == MoveEnemyMoved {
			add(s.Siege == nil, MoveEnemyMoved, append([]func(*kit.MoveSpec) bool{enemyChoices(func(e Enemy) bool {
				return !e.Attached && !(s.Thrall != nil && e.ID == s.Thrall.ThrallID)
			})}, onGrid()...)...)
		}
		if want == MoveParasiteAttach {
			add(true, MoveParasiteAttach, enemyChoices(func(e Enemy) bool { return s.enemyCard(e).Parasite != "" && e.Locked && !e.Attached }))
		}
		if want == MoveTractorEnemy {
			add(true, MoveTractorEnemy, enemyChoices(func(e Enemy) bool { return !e.Attached }))
		}
		// A Vortex has no effect on enemies: reporting it is refused.
		if want == MoveEnemyObstacle {
			add(true, MoveEnemyObstacle, enemyChoices(func(e Enemy) bool { return !e.Attached }),
				choices("obstacle", strs([]string{"Radiation Belt", "Null Zone"})))
		}
		if r := s.Rabbit; r != nil {
			last := len(d.M7.TileNames)
			if want == MoveTractorCrystal {
				add(!r.GateOpen && r.Tile < last || r.Tile == last && !r.Stabilized, MoveTractorCrystal, drop("crystal"))
			}
			if want == MovePassGate {
				add(r.GateOpen && r.Tile < last && !r.ArrivedNow && r.GateOpenedTurn != s.Turn, MovePassGate)
			}
			if want == MoveJumpHome {
				add(r.Tile == last && r.Stabilized, MoveJumpHome)
			}
		}
		if k := s.Kestrel; k != nil && want == MoveTractorCrystal {
			var left []kit.Choice
			for i := 1; i <= d.M9.CrystalsOnMap; i++ {
				if !slices.Contains(k.Crystals, i) {
					sq := d.M9.CrystalSquares[i-1]
					left = append(left, kit.Choice{Value: i, Label: fmt.Sprintf("Crystal %d (%s)", i, square(sq[0], sq[1]))})
				}
			}
			if want == MoveTractorCrystal {
				add(k.Tractored < d.M9.CrystalsOnMap, MoveTractorCrystal, choices("crystal", left), need("crystal"))
			}
		}
		if edges := s.missionData().ExitEdges; len(edges) > 0 {
			done := true
			switch {
			case s.Kestrel != nil:
				done = s.Kestrel.Tractored >= s.Kestrel.Required
			case s.Invisible != nil:
				done = s.Invisible.Found
			}
			if want == MoveExitMap {
				add(done, MoveExitMap, choices("edge", strs(edges[:1])))
			}
		}
		if want == MoveTileRevealed {
			add(s.Mission == "H1", MoveTileRevealed)
		}
		if iv := s.Invisible; iv != nil && sensors && want == MoveRevealCrystal {
			var cs []kit.Choice
			for i, r := range iv.Revealed {
				sq := d.H4.Crystals[i]
				if r == "" && s.Ship.Row != 0 && distance(s.Ship.Row, s.Ship.Col, sq[0], sq[1]) <= d.H4.RevealRange {
					cs = append(cs, kit.Choice{Value: i + 1, Label: "Crystal " + string(rune('1'+i))})
				}
			}
			if want == MoveRevealCrystal {
				add(true, MoveRevealCrystal, choices("crystal", cs))
			}
		}
		if k := s.Kraken; k != nil {
			if (sensors || captain) && want == MoveSubdueTentacle {
				var cs []kit.Choice
				for _, t := range k.Tentacles {
					if !t.Subdued && (k.Part == 1 && k.Last == "" || k.Part == 2 && t.ID == k.Last) {
						cs = append(cs, kit.Choice{Value: t.ID, Label: t.Name})
					}
				}
				add(true, MoveSubdueTentacle, choices("tentacle", cs))
			}
			if krakenWait {
				// The tentacle moves towards the players: one entry per row
				// with the columns no further away than it is now.
				t := s.activeTentacle()
				sr, sc := s.Ship.Row, s.Ship.Col
				reach := distance(t.Row, t.Col, sr, sc)
				g := d.Kraken.Grid
				for row := max(1, sr-reach); row <= min(g, sr+reach); row++ {
					w := reach - abs(row-sr)
					if want == MoveKrakenActivate {
						add(true, MoveKrakenActivate, choices("row", []kit.Choice{{Value: row, Label: fmt.Sprint(row)}}),
							ints("col", max(1, sc-w), min(g, sc+w)), label(fmt.Sprintf(" (row %d)", row)))
					}
				}
			}
			if want == MoveScanBeak {
				add(k.Part == 2 && sensors && !k.Scanned && s.beakScanError() == nil, MoveScanBeak)
			}
			v := d.variant(k.Last)
			if want == MoveJumpHome {
				add(k.Part == 2 && k.Scanned && k.Research >= v.ResearchTarget, MoveJumpHome)
			}
		}
	}
	if (seat || host) && running {
		if want == MoveRoll {
			add(true, MoveRoll)
		}
		if want == MoveRollHalf {
			add(true, MoveRollHalf)
		}
		if want == MoveRollPlacement {
			add(true, MoveRollPlacement)
		}
	}
	// Only the Captain starts part 2 (the Sensors player holds the cards).
	if want == MoveStartKrakenPart2 {
		add(captain && s.Kraken != nil && s.Kraken.Last != "" && s.Kraken.Part == 1, MoveStartKrakenPart2)
	}
	if want == MoveDeclareLoss {
		add(boss, MoveDeclareLoss)
	}
	return out
}
