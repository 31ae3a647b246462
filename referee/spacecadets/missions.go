package spacecadets

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// damage rolls dice of damage to a shield: the named one, or a random one
// when shield is "". The players apply it to their shield board.
func (a *applier) damage(source string, dice int, shield string) {
	s := a.s
	if shield == "" {
		shield = s.D().Shields[a.ctx.RNG.Intn(4)]
	}
	rolled, total := rollDice(a.ctx.RNG, dice)
	s.LastRoll = &Roll{Purpose: source + " damage to the " + shield + " shield", Dice: rolled, Total: total}
	a.log("damage", "%s: %d damage (%s) to the %s shield.", source, total, diceText(rolled), shield)
}

// tractorCrystal records a successful Tractor Beam on a crystal: a Mission
// 7 Gate (which opens it and sets up the next tile) or the Gate Stabilizer,
// or a Mission 9 crystal. Codes: seats_only, not_in_mission, gate_open,
// already, no_crystals_left.
func (a *applier) tractorCrystal(m kit.Move) error {
	var args crystalArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.seat(secMissions); err != nil {
		return err
	}
	if err := a.running(secMissions); err != nil {
		return err
	}
	s := a.s
	switch {
	case s.Rabbit != nil:
		if args.Crystal != 0 {
			return kit.Errorf("bad_crystal", rule(secM7), "Mission 7's crystal is the tile's Gate: no crystal number is given.")
		}
		r := s.Rabbit
		last := len(s.D().M7.TileNames)
		if r.Tile == last {
			if r.Stabilized {
				return kit.Errorf("already", rule(secM7), "The Gate Stabilizer is already tractored: jump home.")
			}
			r.Stabilized = true
			a.log("stabilizer", "Gate Stabilizer tractored! Jump home to win.")
			return nil
		}
		if r.GateOpen {
			return kit.Errorf("gate_open", rule(secM7), "This Gate is already open; once open it is always open.")
		}
		r.GateOpen, r.GateOpenedTurn = true, s.Turn
		var left []string
		for _, n := range s.D().M7.TileNames {
			if !slices.Contains(r.TileNames, n) {
				left = append(left, n)
			}
		}
		if len(left) > 0 {
			r.TileNames = append(r.TileNames, left[a.ctx.RNG.Intn(len(left))])
		}
		next := r.Tile + 1
		a.log("gate_open", "The Gate opens. The next tile is %s.", r.TileNames[len(r.TileNames)-1])
		a.events = append(a.events, placeTileEnemies(s, a.ctx.RNG, next, len(s.D().M7.TileEnemyClasses[s.Difficulty]), "")...)
		row, col, dice := placementRoll(a.ctx.RNG)
		r.NextGate = Square{row, col}
		what := "Gate"
		if next == last {
			what = "Gate Stabilizer"
		}
		a.log("gate_placed", "%s placed on tile %d, row %d, column %d (dice %s).", what, next, row, col, diceText(dice))
		a.reveals = true
	case s.Kestrel != nil:
		k := s.Kestrel
		if k.Tractored >= s.D().M9.CrystalsOnMap {
			return kit.Errorf("no_crystals_left", rule(secM9), "Every crystal has been tractored.")
		}
		n := args.Crystal
		if n == 0 {
			for n = 1; slices.Contains(k.Crystals, n); n++ {
			}
		}
		if n < 1 || n > s.D().M9.CrystalsOnMap {
			return kit.Errorf("bad_crystal", rule(secM9), "The crystals are numbered 1 to %d.", s.D().M9.CrystalsOnMap)
		}
		if slices.Contains(k.Crystals, n) {
			return kit.Errorf("already", rule(secM9), "Crystal %d is already tractored.", n)
		}
		k.Crystals = append(k.Crystals, n)
		k.Tractored++
		a.log("crystal", "Crystal %d tractored: %d of %d needed.", n, k.Tractored, k.Required)
	default:
		return kit.Errorf("not_in_mission", rule(secMissions), "Mission %s has no crystals to tractor.", s.Mission)
	}
	return nil
}

// passGate moves the players over the open Gate to the next tile: the old
// tile's enemies go back to the box (attached parasites travel along), the
// remaining movement is cancelled, the arrival square is rolled (on a 6
// the Captain chooses), and arriving on Tile 4 with the Nemesis marker on
// -1 or -2 adds one or two Easy enemies. A Gate is passed on a turn after
// the one it opened, and at most once a turn (the movement after it is
// cancelled). Codes: not_in_mission, gate_closed, no_next_tile,
// movement_cancelled, gate_opened_this_turn.
func (a *applier) passGate(m kit.Move) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := a.seat(secM7); err != nil {
		return err
	}
	if err := a.inMission(secM7, "7"); err != nil {
		return err
	}
	if err := a.running(secM7); err != nil {
		return err
	}
	s := a.s
	r := s.Rabbit
	last := len(s.D().M7.TileNames)
	if r.Tile >= last {
		return kit.Errorf("no_next_tile", rule(secM7), "This is the last tile: tractor the Gate Stabilizer and jump home.")
	}
	if !r.GateOpen {
		return kit.Errorf("gate_closed", rule(secM7), "The Gate cannot be used until a successful Tractor Beam opens it.")
	}
	if r.ArrivedNow {
		return kit.Errorf("movement_cancelled", rule(secM7), "The ship passed a Gate this turn: any remaining movement is cancelled. Pass the next Gate on a later turn.")
	}
	if r.GateOpenedTurn == s.Turn {
		return kit.Errorf("gate_opened_this_turn", rule(secM7), "The Gate opened this turn: the players may advance through it on any future turn, from turn %d.", s.Turn+1)
	}
	kept := s.Enemies[:0:0]
	for _, e := range s.Enemies {
		switch {
		case e.Tile == r.Tile && e.Attached && e.onMap():
			e.Tile = r.Tile + 1
			kept = append(kept, e)
		case e.Tile == r.Tile:
			// returned to the box with the tile
		default:
			kept = append(kept, e)
		}
	}
	s.Enemies = kept
	r.Tile++
	r.Gate, r.NextGate, r.GateOpen = r.NextGate, Square{}, false
	r.ArrivedNow = true
	a.reveals = true
	rd, cd := a.ctx.RNG.Die(6), a.ctx.RNG.Die(6)
	r.PendingRow, r.PendingCol = rd == 6, cd == 6
	row, col := rd, cd
	if r.PendingRow {
		row = 0
	}
	if r.PendingCol {
		col = 0
	}
	s.Ship.Row, s.Ship.Col = row, col
	s.LastRoll = &Roll{Purpose: "arrival square", Dice: []int{rd, cd}}
	a.log("gate_passed", "The ship passes the Gate to tile %d (%s); remaining movement is cancelled. Arrival roll: row %d, column %d%s. The enemies are surprised this turn.",
		r.Tile, r.TileNames[r.Tile-1], rd, cd, map[bool]string{true: " — the Captain chooses where a 6 was rolled", false: ""}[r.PendingRow || r.PendingCol])
	if r.Tile == last && (s.Nemesis == -1 || s.Nemesis == -2) {
		n := -s.Nemesis
		a.log("extra_enemies", "Arriving on Tile %d with the Nemesis marker on %d: %d Easy enemies are added.", last, s.Nemesis, n)
		a.events = append(a.events, placeTileEnemies(s, a.ctx.RNG, r.Tile, n, "easy")...)
	}
	for i := range s.Enemies {
		if e := &s.Enemies[i]; e.Attached && e.onMap() {
			e.Row, e.Col = s.Ship.Row, s.Ship.Col
		}
	}
	return nil
}

type arrivalArgs struct {
	Row int `json:"row,omitempty"`
	Col int `json:"col,omitempty"`
}

// chooseArrival is the Captain's choice of the arrival row or column
// where a 6 was rolled. Codes: not_captain, not_in_mission, not_pending,
// need_choice, off_map.
func (a *applier) chooseArrival(m kit.Move) error {
	var args arrivalArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.captain(secM7); err != nil {
		return err
	}
	if err := a.inMission(secM7, "7"); err != nil {
		return err
	}
	r := a.s.Rabbit
	if !r.PendingRow && !r.PendingCol {
		return kit.Errorf("not_pending", rule(secM7), "No arrival choice is pending.")
	}
	if args.Row != 0 && !r.PendingRow || args.Col != 0 && !r.PendingCol {
		return kit.Errorf("not_pending", rule(secM7), "Only a row or column rolled as a 6 is chosen by the Captain.")
	}
	if r.PendingRow && args.Row == 0 || r.PendingCol && args.Col == 0 {
		return kit.Errorf("need_choice", rule(secM7), "Choose every row or column that was rolled as a 6.")
	}
	if args.Row > 5 || args.Col > 5 || args.Row < 0 || args.Col < 0 {
		return kit.Errorf("off_map", rule(secM7), "Rows and columns are numbered 1 to 5.")
	}
	if r.PendingRow {
		a.s.Ship.Row = args.Row
	}
	if r.PendingCol {
		a.s.Ship.Col = args.Col
	}
	r.PendingRow, r.PendingCol = false, false
	for i := range a.s.Enemies {
		if e := &a.s.Enemies[i]; e.Attached && e.onMap() {
			e.Row, e.Col = a.s.Ship.Row, a.s.Ship.Col
		}
	}
	a.log("arrival", "The Captain chooses: the ship arrives on row %d, column %d.", a.s.Ship.Row, a.s.Ship.Col)
	return nil
}

type edgeArgs struct {
	Edge string `json:"edge"`
}

// exitMap is the ship leaving the map: through Mission 9's green edges
// with enough crystals, H1's indicated edge, or H4's start edge with the
// planet located. Codes: not_in_mission, bad_edge, wrong_edge,
// objective_incomplete.
func (a *applier) exitMap(m kit.Move) error {
	var args edgeArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.seat(secMissions); err != nil {
		return err
	}
	if err := a.running(secMissions); err != nil {
		return err
	}
	s := a.s
	md := s.missionData()
	sec := missionSection(s.Mission)
	if len(md.ExitEdges) == 0 {
		return kit.Errorf("not_in_mission", rule(sec), "Leaving the map is not an objective of this mission.")
	}
	if !slices.Contains(md.ExitEdges, args.Edge) {
		return kit.Errorf("bad_edge", rule(sec), "The edges are: %s.", joinOr(md.ExitEdges))
	}
	if args.Edge != md.ExitEdges[0] {
		return kit.Errorf("wrong_edge", rule(sec), "The mission is won only by leaving through the %s.", md.ExitEdges[0])
	}
	switch s.Mission {
	case "9":
		if s.Kestrel.Tractored < s.Kestrel.Required {
			return kit.Errorf("objective_incomplete", rule(secM9), "On %s difficulty tractor %d crystals before leaving; %d tractored.", s.Difficulty, s.Kestrel.Required, s.Kestrel.Tractored)
		}
		a.end(true, "", why("outcome.m9_won", fmt.Sprintf("the ship left through a green edge with %d crystals tractored.", s.Kestrel.Tractored), "crystals", strconv.Itoa(s.Kestrel.Tractored)), secM9)
	case "H1":
		a.end(true, "", why("outcome.h1_won", "the ore hauler slipped through the blockade and left along the indicated edge."), secH1)
	case "H4":
		if !s.Invisible.Found {
			return kit.Errorf("objective_incomplete", rule(secH4), "Locate the Invisible Planet before leaving.")
		}
		a.end(true, "", why("outcome.h4_won", "the Invisible Planet was located and the ship left by the edge it started from."), secH4)
	}
	return nil
}

// jumpHome records a successful jump home. Codes: station_inactive,
// objective_incomplete, not_in_mission.
func (a *applier) jumpHome(m kit.Move) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := a.seat(secMissions); err != nil {
		return err
	}
	if err := a.running(secMissions); err != nil {
		return err
	}
	s := a.s
	if s.inactive("Jump") {
		return kit.Errorf("station_inactive", rule(secMissions), "Jump is inactive in this mission.")
	}
	switch s.Mission {
	case "7":
		if !s.Rabbit.Stabilized {
			return kit.Errorf("objective_incomplete", rule(secM7), "Tractor beam the Gate Stabilizer on Tile 4 before jumping home.")
		}
		left := 0
		for _, e := range s.Enemies {
			if e.onMap() && e.Tile == s.Rabbit.Tile {
				left++
			}
		}
		if left == 0 {
			a.end(true, "major", why("outcome.m7_major", "Major Victory: the Gate Stabilizer is tractored, every enemy on the final tile destroyed, and the crew jumped home."), secM7)
		} else {
			a.end(true, "minor", why("outcome.m7_minor", fmt.Sprintf("Minor Victory: the Gate Stabilizer is tractored and the crew jumped home (%d enemies left on the final tile).", left), "enemies", strconv.Itoa(left)), secM7)
		}
	case "10":
		return a.krakenJumpHome()
	default:
		return kit.Errorf("not_in_mission", rule(secMissions), "Jumping home is not this mission's objective.")
	}
	return nil
}

type saucerArgs struct {
	Saucers int `json:"saucers"`
}

// tileRevealed places H1's randomly chosen Saucers on a revealed tile.
// Codes: not_in_mission, bad_count.
func (a *applier) tileRevealed(m kit.Move) error {
	var args saucerArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.seat(secH1); err != nil {
		return err
	}
	if err := a.inMission(secH1, "H1"); err != nil {
		return err
	}
	if err := a.running(secH1); err != nil {
		return err
	}
	if args.Saucers < 0 || args.Saucers > 6 {
		return kit.Errorf("bad_count", rule(secH1), "A tile shows 0 to 6 enemy squares.")
	}
	var names []string
	for i := 0; i < args.Saucers; i++ {
		c, ok := drawEnemyCard(a.s, a.ctx.RNG, func(e EnemyCard) bool { return e.Saucer }, false)
		if !ok {
			break
		}
		e := addEnemy(a.s, c, 0, 0, 0)
		names = append(names, a.s.enemyLabel(*e))
	}
	a.reveals = true
	a.log("saucers", "Tile revealed: place %s on the squares indicated.", listOrNone(names))
	return nil
}

type crystalArgs struct {
	Crystal int `json:"crystal"`
}

// revealCrystal turns over the token beneath an H4 crystal, allowed with a
// Superlock on it (reported by the Sensors player) within 3 squares.
// Codes: not_sensors, not_in_mission, bad_crystal, already, too_far.
func (a *applier) revealCrystal(m kit.Move) error {
	var args crystalArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.sensors(secH4, false); err != nil {
		return err
	}
	if err := a.inMission(secH4, "H4"); err != nil {
		return err
	}
	if err := a.running(secH4); err != nil {
		return err
	}
	s := a.s
	if args.Crystal < 1 || args.Crystal > 3 {
		return kit.Errorf("bad_crystal", rule(secH4), "The crystals are numbered 1 to 3.")
	}
	iv := s.Invisible
	if iv.Revealed[args.Crystal-1] != "" {
		return kit.Errorf("already", rule(secH4), "Crystal %d has already been turned over.", args.Crystal)
	}
	sq := s.D().H4.Crystals[args.Crystal-1]
	if s.Ship.Row == 0 {
		return kit.Errorf("too_far", rule(secH4), "Report the ship's square first.")
	}
	if d := distance(s.Ship.Row, s.Ship.Col, sq[0], sq[1]); d > s.D().H4.RevealRange {
		return kit.Errorf("too_far", rule(secH4), "Crystal %d is %d squares away; a Superlock reveals it only within %d squares.", args.Crystal, d, s.D().H4.RevealRange)
	}
	a.reveals = true
	if iv.Planet == args.Crystal-1 {
		iv.Revealed[args.Crystal-1], iv.Found = "Invisible Planet", true
		a.log("planet_found", "Crystal %d hides the Invisible Planet! Now exit by the edge you started from.", args.Crystal)
	} else {
		iv.Revealed[args.Crystal-1] = "dummy"
		a.log("planet_dummy", "Crystal %d hides a dummy token.", args.Crystal)
	}
	return nil
}

type lossArgs struct {
	Reason string `json:"reason"`
}

// declareLoss ends the mission as lost for a base-game reason the app
// does not track (the ship destroyed) or when the crew gives up. Codes:
// host_or_captain, bad_reason.
func (a *applier) declareLoss(m kit.Move) error {
	var args lossArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.hostOrCaptain(secMissions); err != nil {
		return err
	}
	if args.Reason != "ship destroyed" && args.Reason != "mission abandoned" {
		return kit.Errorf("bad_reason", rule(secMissions), "The reasons are: ship destroyed, mission abandoned.")
	}
	a.end(false, "", why("outcome.declared_"+strings.ReplaceAll(args.Reason, " ", "_"), args.Reason+"."), missionSection(a.s.Mission))
	return nil
}

// siegeMove moves Mission 8's enemies along the path at the start of
// Step 7: speed + half the movement die, rounded up; reaching the ship
// loses the mission.
func (a *applier) siegeMove() {
	s := a.s
	g := s.Siege
	if g.MovementDie == 0 {
		g.MovementDie = a.ctx.RNG.Die(6)
		a.log("movement_die", "The Step 3 timer was not started: movement die rolled now: %d.", g.MovementDie)
	}
	path := s.D().M8.Path
	for i := range s.Enemies {
		e := &s.Enemies[i]
		if !e.onMap() {
			continue
		}
		step := s.enemyCard(*e).Speed + halfDamage(g.MovementDie)
		e.PathPos = min(e.PathPos+step, len(path)-1)
		e.Row, e.Col = path[e.PathPos][0], path[e.PathPos][1]
		a.log("siege_move", "%s moves %d squares (speed %d + %d).", s.enemyLabel(*e), step, s.enemyCard(*e).Speed, halfDamage(g.MovementDie))
		if e.PathPos == len(path)-1 {
			a.end(false, "", why("outcome.m8_reached", s.enemyLabel(*e)+" reached the starbase.", "enemy", s.enemyLabel(*e)), secM8)
			return
		}
	}
}

// siegeNextEnemy places the top card of Mission 8's enemy deck on the
// Enemy Start square at the end of Step 7.
func (a *applier) siegeNextEnemy() {
	s := a.s
	g := s.Siege
	if len(g.Deck) == 0 {
		return
	}
	c, label := g.Deck[0], g.DeckLabels[0]
	g.Deck, g.DeckLabels = g.Deck[1:], g.DeckLabels[1:]
	start := s.D().M8.Path[0]
	e := addEnemy(s, c, 0, start[0], start[1])
	a.reveals = true
	a.log("siege_enemy", "Enemy deck (%s): %s arrives on the Enemy Start square; it does not move or fire until next turn.", label, s.enemyLabel(*e))
}

// platformAttack is H2's Orbital Platform attacking as the last enemy in
// Step 7: range 4 plus the Nemesis box, damage equal to the box.
func (a *applier) platformAttack() {
	s := a.s
	p := s.D().H2.Platform
	if s.Ship.Row == 0 {
		return
	}
	rng, dmg := 4+s.Nemesis, s.Nemesis
	d := distance(s.Ship.Row, s.Ship.Col, p[0], p[1])
	if d > rng {
		a.log("platform", "The Orbital Platform (range %d) cannot reach the ship %d squares away.", rng, d)
		return
	}
	shield := s.D().Shields[0]
	if d > 0 {
		shield = facingShield(s.D().Shields, s.Ship.Facing, direction(s.Ship.Row, s.Ship.Col, p[0], p[1]))
	}
	a.log("platform", "After the other enemies, the Orbital Platform fires (range %d, ship at %d): %d damage to the %s shield.", rng, d, dmg, shield)
}

// thrallMove moves H3's Thrall left at the start of Step 7: 3 squares, 1
// once deactivated. Leaving the left edge first loses the mission.
func (a *applier) thrallMove() {
	s := a.s
	e := s.enemy(s.Thrall.ThrallID)
	if e == nil || !e.onMap() {
		return
	}
	step := s.D().H3.ThrallSpeed
	if e.Deactivated {
		step = s.D().H3.ThrallSpeedDeactivated
	}
	e.Col -= step
	if e.Col < 1 {
		a.end(false, "", why("outcome.h3_escaped", "the Thrall's sleeper ship moved off the left edge of the board."), secH3)
		return
	}
	a.log("thrall", "The Thrall moves %d squares left to column %d.", step, e.Col)
}

// invisibleNewEnemy brings H4's new enemy of the turn onto a rolled entry
// square, locked on; it does not move or shoot this turn.
func (a *applier) invisibleNewEnemy() {
	s := a.s
	c, ok := drawEnemyCard(s, a.ctx.RNG, historical, true)
	if !ok {
		a.log("no_new_enemy", "Every Historical enemy is on the map: no new enemy.")
		return
	}
	d := a.ctx.RNG.Die(6)
	sq := s.D().H4.EntrySquares[d-1]
	e := addEnemy(s, c, 0, sq[0], sq[1])
	e.Locked = true
	s.LastRoll = &Roll{Purpose: "enemy entry square", Dice: []int{d}, Total: d}
	a.reveals = true
	a.log("enemy_enters", "Rolled %d: %s enters on entry square %d, locked on; it does not move or shoot this turn.", d, s.enemyLabel(*e), d)
}

// checkEnd ends the mission when a win condition holds.
func (a *applier) checkEnd() {
	s := a.s
	if s.End != nil || s.Step == "setup" {
		return
	}
	switch s.Mission {
	case "8":
		if len(s.Siege.Deck) > 0 {
			return
		}
		for _, e := range s.Enemies {
			if e.onMap() {
				return
			}
		}
		a.end(true, "", why("outcome.m8_won", "every enemy ship was destroyed before one reached the starbase."), secM8)
	case "H2":
		for _, e := range s.Enemies {
			if e.onMap() && !e.Deactivated {
				return
			}
		}
		p := s.D().H2.Platform
		if s.Ship.Row != 0 && distance(s.Ship.Row, s.Ship.Col, p[0], p[1]) <= 1 {
			a.end(true, "", why("outcome.h2_won", "all four enemy ships are destroyed or deactivated and the ship is docked with the Orbital Platform."), secH2)
		}
	case "H3":
		th := s.enemy(s.Thrall.ThrallID)
		for _, e := range s.Enemies {
			if e.ID != th.ID && e.onMap() {
				return
			}
		}
		if th.Deactivated && th.onMap() {
			a.end(true, "", why("outcome.h3_won", "the three saucers are destroyed and the Thrall is deactivated before it escaped."), secH3)
		}
	}
}
