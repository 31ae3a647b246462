package spacecadets

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// tractorCrystal records a successful Tractor Beam on a crystal: a Mission
// 7 Gate (which opens it and sets up the next tile) or the Gate Stabilizer,
// or a Mission 9 crystal. Codes: seats_only, not_in_mission, gate_open,
// already, no_crystals_left.
func tractorCrystal(t *turn, seat int, args crystalArgs) error {
	if err := running(t, secMissions); err != nil {
		return err
	}
	s := t.S
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
			t.Public("stabilizer", "Gate Stabilizer tractored! Jump home to win.")
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
			r.TileNames = append(r.TileNames, left[t.RNG.Intn(len(left))])
		}
		next := r.Tile + 1
		t.Public("gate_open", "The Gate opens. The next tile is %s.", r.TileNames[len(r.TileNames)-1])
		t.Events = append(t.Events, placeTileEnemies(s, t.RNG, next, len(s.D().M7.TileEnemyClasses[s.Difficulty]), "")...)
		row, col, dice := placementRoll(t.RNG)
		r.NextGate = Square{row, col}
		what := "Gate"
		if next == last {
			what = "Gate Stabilizer"
		}
		t.Public("gate_placed", "%s placed on tile %d, row %d, column %d (dice %s).", what, next, row, col, diceText(dice))
		t.Reveal()
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
		t.Public("crystal", "Crystal %d tractored: %d of %d needed.", n, k.Tractored, k.Required)
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
func passGate(t *turn, seat int) error {
	if err := firstRefusal(inMission(t, secM7, "7"), running(t, secM7)); err != nil {
		return err
	}
	s := t.S
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
	t.Reveal()
	rd, cd := t.RNG.Die(6), t.RNG.Die(6)
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
	t.Public("gate_passed", "The ship passes the Gate to tile %d (%s); remaining movement is cancelled. Arrival roll: row %d, column %d%s. The enemies are surprised this turn.",
		r.Tile, r.TileNames[r.Tile-1], rd, cd, map[bool]string{true: " — the Captain chooses where a 6 was rolled", false: ""}[r.PendingRow || r.PendingCol])
	if r.Tile == last && (s.Nemesis == -1 || s.Nemesis == -2) {
		n := -s.Nemesis
		t.Public("extra_enemies", "Arriving on Tile %d with the Nemesis marker on %d: %d Easy enemies are added.", last, s.Nemesis, n)
		t.Events = append(t.Events, placeTileEnemies(s, t.RNG, r.Tile, n, "easy")...)
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
func chooseArrival(t *turn, seat int, args arrivalArgs) error {
	if err := firstRefusal(needCaptain(t, seat, secM7), inMission(t, secM7, "7")); err != nil {
		return err
	}
	r := t.S.Rabbit
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
		t.S.Ship.Row = args.Row
	}
	if r.PendingCol {
		t.S.Ship.Col = args.Col
	}
	r.PendingRow, r.PendingCol = false, false
	for i := range t.S.Enemies {
		if e := &t.S.Enemies[i]; e.Attached && e.onMap() {
			e.Row, e.Col = t.S.Ship.Row, t.S.Ship.Col
		}
	}
	t.Public("arrival", "The Captain chooses: the ship arrives on row %d, column %d.", t.S.Ship.Row, t.S.Ship.Col)
	return nil
}

type edgeArgs struct {
	Edge string `json:"edge"`
}

// exitMap is the ship leaving the map: through Mission 9's green edges
// with enough crystals, H1's indicated edge, or H4's start edge with the
// planet located. Codes: not_in_mission, bad_edge, wrong_edge,
// objective_incomplete.
func exitMap(t *turn, seat int, args edgeArgs) error {
	if err := running(t, secMissions); err != nil {
		return err
	}
	s := t.S
	md := s.missionData()
	sec := missionSection(s.Mission)
	if len(md.ExitEdges) == 0 {
		return kit.Errorf("not_in_mission", rule(sec), "Leaving the map is not an objective of this mission.")
	}
	if !slices.Contains(md.ExitEdges, args.Edge) {
		return kit.Errorf("bad_edge", rule(sec), "The edges are: %s.", kit.ListOr(md.ExitEdges))
	}
	if args.Edge != md.ExitEdges[0] {
		return kit.Errorf("wrong_edge", rule(sec), "The mission is won only by leaving through the %s.", md.ExitEdges[0])
	}
	switch s.Mission {
	case "9":
		if s.Kestrel.Tractored < s.Kestrel.Required {
			return kit.Errorf("objective_incomplete", rule(secM9), "On %s difficulty tractor %d crystals before leaving; %d tractored.", s.Difficulty, s.Kestrel.Required, s.Kestrel.Tractored)
		}
		end(t, true, "", why("outcome.m9_won", fmt.Sprintf("the ship left through a green edge with %d crystals tractored.", s.Kestrel.Tractored), "crystals", strconv.Itoa(s.Kestrel.Tractored)), secM9)
	case "H1":
		end(t, true, "", why("outcome.h1_won", "the ore hauler slipped through the blockade and left along the indicated edge."), secH1)
	case "H4":
		if !s.Invisible.Found {
			return kit.Errorf("objective_incomplete", rule(secH4), "Locate the Invisible Planet before leaving.")
		}
		end(t, true, "", why("outcome.h4_won", "the Invisible Planet was located and the ship left by the edge it started from."), secH4)
	}
	return nil
}

// jumpHome records a successful jump home. Codes: station_inactive,
// objective_incomplete, not_in_mission.
func jumpHome(t *turn, seat int) error {
	if err := running(t, secMissions); err != nil {
		return err
	}
	s := t.S
	if s.inactive("Jump") {
		return kit.Errorf("station_inactive", rule(secMissions), "Jump is inactive in this mission.")
	}
	switch s.Mission {
	case "7":
		if !s.Rabbit.Stabilized {
			return kit.Errorf("objective_incomplete", rule(secM7), "Tractor beam the Gate Stabilizer on Tile 4 before jumping home.")
		}
		left := kit.Count(s.Enemies, func(e Enemy) bool { return e.onMap() && e.Tile == s.Rabbit.Tile })
		if left == 0 {
			end(t, true, "major", why("outcome.m7_major", "Major Victory: the Gate Stabilizer is tractored, every enemy on the final tile destroyed, and the crew jumped home."), secM7)
		} else {
			end(t, true, "minor", why("outcome.m7_minor", fmt.Sprintf("Minor Victory: the Gate Stabilizer is tractored and the crew jumped home (%d enemies left on the final tile).", left), "enemies", strconv.Itoa(left)), secM7)
		}
	case "10":
		return krakenJumpHome(t)
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
func tileRevealed(t *turn, seat int, args saucerArgs) error {
	if err := firstRefusal(inMission(t, secH1, "H1"), running(t, secH1)); err != nil {
		return err
	}
	if args.Saucers < 0 || args.Saucers > 6 {
		return kit.Errorf("bad_count", rule(secH1), "A tile shows 0 to 6 enemy squares.")
	}
	var names []string
	for i := 0; i < args.Saucers; i++ {
		c, ok := drawEnemyCard(t.S, t.RNG, func(e EnemyCard) bool { return e.Saucer }, false)
		if !ok {
			break
		}
		e := addEnemy(t.S, c, 0, 0, 0)
		names = append(names, t.S.enemyLabel(*e))
	}
	t.Reveal()
	t.Public("saucers", "Tile revealed: place %s on the squares indicated.", listOrNone(names))
	return nil
}

type crystalArgs struct {
	Crystal int `json:"crystal"`
}

// revealCrystal turns over the token beneath an H4 crystal, allowed with a
// Superlock on it (reported by the Sensors player) within 3 squares.
// Codes: not_sensors, not_in_mission, bad_crystal, already, too_far.
func revealCrystal(t *turn, seat int, args crystalArgs) error {
	if err := firstRefusal(needSensors(t, seat, secH4, false), inMission(t, secH4, "H4"), running(t, secH4)); err != nil {
		return err
	}
	s := t.S
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
	t.Reveal()
	if iv.Planet == args.Crystal-1 {
		iv.Revealed[args.Crystal-1], iv.Found = "Invisible Planet", true
		t.Public("planet_found", "Crystal %d hides the Invisible Planet! Now exit by the edge you started from.", args.Crystal)
	} else {
		iv.Revealed[args.Crystal-1] = "dummy"
		t.Public("planet_dummy", "Crystal %d hides a dummy token.", args.Crystal)
	}
	return nil
}

type lossArgs struct {
	Reason string `json:"reason"`
}

// declareLoss ends the mission as lost for a base-game reason the app
// does not track (the ship destroyed) or when the crew gives up. Codes:
// host_or_captain, bad_reason.
func declareLoss(t *turn, seat int, args lossArgs) error {
	if err := hostOrCaptain(t, seat, secMissions); err != nil {
		return err
	}
	if args.Reason != "ship destroyed" && args.Reason != "mission abandoned" {
		return kit.Errorf("bad_reason", rule(secMissions), "The reasons are: ship destroyed, mission abandoned.")
	}
	end(t, false, "", why("outcome.declared_"+strings.ReplaceAll(args.Reason, " ", "_"), args.Reason+"."), missionSection(t.S.Mission))
	return nil
}
