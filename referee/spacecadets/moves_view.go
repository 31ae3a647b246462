package spacecadets

import (
	"fmt"
	"slices"

	"tablewarden/referee/kit"
)

// available lists the moves a viewer may make now, with enum choices
// narrowed to the legal values. The board page makes no moves.
//
// The list is exact: any values a phone can pick from an entry (a choice,
// an int in its Min..Max, an optional argument left out or not) make a
// move Apply accepts, and a move with no legal values is not listed. Where
// legality depends on the combination of arguments the move is split into
// several entries of the same type: keep_starting and science_select (a
// card of fixed cost without a level, an X card with one), enemy_lock
// (locking on, losing lock), kraken_activate (one entry per row with the
// columns no further from the ship). TestOfferedMovesAreAccepted checks it.
func available(s *State, v kit.Viewer) []kit.MoveSpec {
	out := []kit.MoveSpec{}
	if v.Role == kit.RoleBoard || s.End != nil {
		return out
	}
	host := v.Role == kit.RoleHost
	seat := v.Role == kit.RoleSeat && v.Seat >= 0 && v.Seat < len(s.Seats)
	if !host && !seat {
		return out
	}
	captain := seat && v.Seat == s.Roles.Captain
	officer := seat && v.Seat == s.Roles.ScienceOfficer
	sensors := seat && v.Seat == s.Roles.Sensors
	boss := host || captain
	running := s.Step != "setup"
	sc := s.Science
	at := sc.Attempt
	d := s.D()

	add := func(ok bool, typ string, narrow ...func(*kit.MoveSpec) bool) {
		if !ok {
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
	choices := func(name string, vals []kit.Choice) func(*kit.MoveSpec) bool {
		return func(m *kit.MoveSpec) bool {
			if len(vals) == 0 {
				return false
			}
			for i := range m.Args {
				if m.Args[i].Name == name {
					m.Args[i].Choices = vals
				}
			}
			return true
		}
	}
	strs := func(xs []string) []kit.Choice {
		var c []kit.Choice
		for _, x := range xs {
			c = append(c, kit.Choice{Value: x, Label: choiceLabel(x)})
		}
		return c
	}
	eeNames := func(cards []int) []kit.Choice {
		var c []kit.Choice
		for _, x := range cards {
			c = append(c, kit.Choice{Value: d.Equipment[x].Name, Label: d.Equipment[x].Name})
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
	// ints narrows an int argument to [lo, hi]; the move is not offered
	// when the range is empty.
	ints := func(name string, lo, hi int) func(*kit.MoveSpec) bool {
		return func(m *kit.MoveSpec) bool {
			if hi < lo {
				return false
			}
			for i := range m.Args {
				if m.Args[i].Name == name {
					m.Args[i].Min, m.Args[i].Max = kit.IntPtr(lo), kit.IntPtr(hi)
				}
			}
			return true
		}
	}
	// drop removes an optional argument that has no legal value now.
	drop := func(name string) func(*kit.MoveSpec) bool {
		return func(m *kit.MoveSpec) bool {
			m.Args = slices.DeleteFunc(m.Args, func(a kit.ArgSpec) bool { return a.Name == name })
			return true
		}
	}
	// need makes an optional argument required.
	need := func(name string) func(*kit.MoveSpec) bool {
		return func(m *kit.MoveSpec) bool {
			for i := range m.Args {
				if m.Args[i].Name == name {
					m.Args[i].Optional = false
				}
			}
			return true
		}
	}
	label := func(suffix string) func(*kit.MoveSpec) bool {
		return func(m *kit.MoveSpec) bool { m.Label += suffix; return true }
	}
	grid := s.missionData().Grid
	onGrid := []func(*kit.MoveSpec) bool{ints("row", 1, grid[0]), ints("col", 1, grid[1])}

	// Timers.
	var startable, runningT, pausedT []string
	for _, t := range s.Timers {
		switch {
		case t.Running:
			runningT = append(runningT, t.Name)
		case t.Paused:
			pausedT = append(pausedT, t.Name)
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
	add(boss, "start_timer", choices("name", strs(startable)), scienceReveal)
	add(boss, "pause_timer", choices("name", strs(runningT)))
	add(boss, "resume_timer", choices("name", strs(pausedT)))
	add(boss, "cancel_timer", choices("name", strs(append(slices.Clone(runningT), pausedT...))))
	pending := s.Rabbit != nil && (s.Rabbit.PendingRow || s.Rabbit.PendingCol)
	krakenWait := s.Step == "step7" && s.Kraken != nil && (&applier{s: s}).krakenMustActivate()
	add(boss && running && !(s.Step == "science" && at != nil) && !pending && !krakenWait, "next_step")

	// Starting equipment.
	if s.Step == "setup" && (captain || officer) {
		var left, kept []int
		for _, c := range sc.StartDraw {
			if slices.ContainsFunc(sc.StartKept, func(k Kept) bool { return k.Card == c }) {
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
		add(true, "keep_starting", choices("card", eeNames(fixed)), drop("level"))
		add(true, "keep_starting", choices("card", eeNames(xs)), need("level"), ints("level", 1, min(3, room)), label(" (X card: choose its level)"))
		add(true, "unkeep_starting", choices("card", eeNames(kept)))
		add(keptPoints(sc.StartKept) == bestStartPoints(d, sc.StartDraw), "finish_starting")
	}

	// Science station.
	if officer {
		canDraw := sc.Deck.Len() > 0 || len(sc.Discard) > 0
		add(s.Step == "step1" && !sc.DrewEE && canDraw, "science_draw")
		add(s.Step == "step1" && sc.DrewEE && canDraw, "science_draw_extra", choices("station", strs(d.Stations)))
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
		add(s.Step == "step1", "science_select", choices("card", eeNames(fixed)), drop("level"))
		add(s.Step == "step1", "science_select", choices("card", eeNames(xs)), need("level"), label(" (X card: choose its level)"))
		add(s.Step == "step1" && sc.Selected != nil, "science_unselect")
		add(s.Step == "science" && at == nil && sc.Selected != nil && sc.CompDeck.Len() > sc.Selected.Level, "science_build")
		add(s.Mission == "10" && s.Step == "science" && at == nil && sc.Selected == nil && !sc.DrewEE && !sc.Researched, "research",
			ints("points", 1, min(3, sc.CompDeck.Len()-1)))
		if at != nil && at.Status == "running" {
			var names []string
			for _, c := range at.Revealed {
				names = append(names, d.Components[c].Name)
			}
			add(true, "set_aside_component", choices("card", strs(names)))
		}
		add(at != nil && at.Status == "check", "report_workbench")
		add(at != nil, "abort_science")
	}
	if captain && running {
		var names []string
		for _, e := range s.Equipment {
			names = append(names, e.Name)
		}
		add(true, "use_equipment", choices("card", strs(names)))
		add(!s.inactive("Shields"), "radiation_belt", choices("shield", strs(d.Shields)))
		add(true, "null_zone")
		if r := s.Rabbit; pending {
			// The Captain chooses exactly the row and/or column rolled as a 6.
			arrival := func(name string, pend bool) func(*kit.MoveSpec) bool {
				if pend {
					return func(m *kit.MoveSpec) bool { return need(name)(m) && ints(name, 1, 5)(m) }
				}
				return drop(name)
			}
			add(true, "choose_arrival", arrival("row", r.PendingRow), arrival("col", r.PendingCol))
		}
	}

	// Reports from the table.
	if seat && running {
		beak := drop("beak_squares")
		if s.Kraken != nil {
			beak = ints("beak_squares", 0, 4)
		}
		arrived := s.Rabbit != nil && s.Rabbit.ArrivedNow
		add(s.Mission != "8" && !pending && !arrived, "ship_moved", append(slices.Clone(onGrid), beak)...)
		add(s.Mission != "8", "set_speed")
		add(true, "damage_card", choices("station", strs(d.Stations)))
		var damaged []string
		for _, st := range d.Stations {
			if s.StationDamage[st] > 0 {
				damaged = append(damaged, st)
			}
		}
		add(true, "repair", choices("station", strs(damaged)))
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
		add(true, "enemy_lock", choices("enemy", enemies(func(e Enemy) bool {
			return !e.Locked && !(s.Rabbit != nil && s.Rabbit.ArrivedNow && !e.Shot)
		})), locked(true), drop("cause"), label(": locks on"))
		causes := strs([]string{"sensors", "range", "other"})
		if s.Mission == "H1" {
			causes = strs([]string{"range", "other"})
		}
		add(true, "enemy_lock", choices("enemy", enemies(func(e Enemy) bool { return e.Locked && !e.Attached })),
			locked(false), choices("cause", causes), label(": loses lock"))
		add(!s.inactive("Weapons"), "enemy_shot", choices("enemy", enemies(all)))
		thrallWarning := func(m *kit.MoveSpec) bool {
			if s.Thrall != nil {
				m.Confirm = "Destroying the Thrall instead of deactivating it loses the mission. Record the enemy as destroyed?"
			}
			return true
		}
		add(true, "enemy_destroyed", choices("enemy", enemies(all)), thrallWarning)
		add(true, "enemy_deactivated", choices("enemy", enemies(func(e Enemy) bool { return s.enemyCard(e).Deactivatable && !e.Deactivated })))
		add(s.Siege == nil, "enemy_moved", append([]func(*kit.MoveSpec) bool{choices("enemy", enemies(func(e Enemy) bool {
			return !e.Attached && !(s.Thrall != nil && e.ID == s.Thrall.ThrallID)
		}))}, onGrid...)...)
		add(true, "parasite_attach", choices("enemy", enemies(func(e Enemy) bool { return s.enemyCard(e).Parasite != "" && e.Locked && !e.Attached })))
		add(true, "tractor_enemy", choices("enemy", enemies(func(e Enemy) bool { return !e.Attached })))
		// A Vortex has no effect on enemies: reporting it is refused.
		add(true, "enemy_obstacle", choices("enemy", enemies(func(e Enemy) bool { return !e.Attached })),
			choices("obstacle", strs([]string{"Radiation Belt", "Null Zone"})))
		if r := s.Rabbit; r != nil {
			last := len(d.M7.TileNames)
			add(!r.GateOpen && r.Tile < last || r.Tile == last && !r.Stabilized, "tractor_crystal", drop("crystal"))
			add(r.GateOpen && r.Tile < last && !r.ArrivedNow && r.GateOpenedTurn != s.Turn, "pass_gate")
			add(r.Tile == last && r.Stabilized, "jump_home")
		}
		if k := s.Kestrel; k != nil {
			var left []kit.Choice
			for i := 1; i <= d.M9.CrystalsOnMap; i++ {
				if !slices.Contains(k.Crystals, i) {
					sq := d.M9.CrystalSquares[i-1]
					left = append(left, kit.Choice{Value: i, Label: fmt.Sprintf("Crystal %d (%s)", i, square(sq[0], sq[1]))})
				}
			}
			add(k.Tractored < d.M9.CrystalsOnMap, "tractor_crystal", choices("crystal", left), need("crystal"))
		}
		if edges := s.missionData().ExitEdges; len(edges) > 0 {
			done := true
			switch {
			case s.Kestrel != nil:
				done = s.Kestrel.Tractored >= s.Kestrel.Required
			case s.Invisible != nil:
				done = s.Invisible.Found
			}
			add(done, "exit_map", choices("edge", strs(edges[:1])))
		}
		add(s.Mission == "H1", "tile_revealed")
		if iv := s.Invisible; iv != nil && sensors {
			var cs []kit.Choice
			for i, r := range iv.Revealed {
				sq := d.H4.Crystals[i]
				if r == "" && s.Ship.Row != 0 && distance(s.Ship.Row, s.Ship.Col, sq[0], sq[1]) <= d.H4.RevealRange {
					cs = append(cs, kit.Choice{Value: i + 1, Label: "Crystal " + string(rune('1'+i))})
				}
			}
			add(true, "reveal_crystal", choices("crystal", cs))
		}
		if k := s.Kraken; k != nil {
			var subdue []string
			for _, t := range k.Tentacles {
				if !t.Subdued && (k.Part == 1 && k.Last == "" || k.Part == 2 && t.ID == k.Last) {
					subdue = append(subdue, t.ID)
				}
			}
			if sensors || captain {
				var cs []kit.Choice
				for _, id := range subdue {
					cs = append(cs, kit.Choice{Value: id, Label: k.tentacle(id).Name})
				}
				add(true, "subdue_tentacle", choices("tentacle", cs))
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
					add(true, "kraken_activate", choices("row", []kit.Choice{{Value: row, Label: fmt.Sprint(row)}}),
						ints("col", max(1, sc-w), min(g, sc+w)), label(fmt.Sprintf(" (row %d)", row)))
				}
			}
			add(k.Part == 2 && sensors && !k.Scanned && s.beakScanError() == nil, "scan_beak")
			v := d.variant(k.Last)
			add(k.Part == 2 && k.Scanned && k.Research >= v.ResearchTarget, "jump_home")
		}
	}
	if (seat || host) && running {
		add(true, "roll")
		add(true, "roll_half")
		add(true, "roll_placement")
	}
	// Only the Captain starts part 2 (the Sensors player holds the cards).
	add(captain && s.Kraken != nil && s.Kraken.Last != "" && s.Kraken.Part == 1, "start_kraken_part2")
	add(boss, "declare_loss")
	if host {
		hostOnly := out[:0]
		for _, m := range out {
			if m.Host {
				hostOnly = append(hostOnly, m)
			}
		}
		out = hostOnly
	}
	return out
}
