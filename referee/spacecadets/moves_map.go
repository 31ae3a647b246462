package spacecadets

import (
	"fmt"
	"slices"

	"tablewarden/referee/kit"
)

type shipArgs struct {
	Row         int    `json:"row"`
	Col         int    `json:"col"`
	Facing      string `json:"facing"`
	BeakSquares int    `json:"beak_squares,omitempty"`
	Vortex      bool   `json:"vortex,omitempty"`
}

var facings = []string{"N", "E", "S", "W"}

// maxSpeed is the highest speed set_speed takes (the catalog's 0–10,
// assumed: the base game's speed track is not in the book).
const maxSpeed = 10

func shipFixed(t *turn) error {
	if t.S.Mission == "8" {
		return kit.Errorf("ship_fixed", rule(secM8), "The starbase never moves or rotates, and nothing can change its speed, position or rotation.")
	}
	return nil
}

func onGrid(t *turn, section string, row, col int) error {
	g := t.S.missionData().Grid
	if row < 1 || col < 1 || row > g[0] || col > g[1] {
		return kit.Errorf("off_map", rule(section), "Square (%d, %d) is not on this mission's %d×%d map.", row, col, g[0], g[1])
	}
	return nil
}

// shipMoved records the ship's square and facing after movement. Passing
// through the Kraken's Beak costs 2 dice per Beak square to a random
// shield; ending the full move on a Vortex turns the ship 90° clockwise.
// Codes: seats_only, wrong_step, ship_fixed, off_map, bad_facing,
// arrival_pending, movement_cancelled (Mission 7, after passing a Gate),
// no_beak. A move that ends on a Beak square the ship was not on has
// entered at least one Beak square: it costs at least one square's dice
// even when the report says none.
func shipMoved(t *turn, seat int, args shipArgs) error {
	if err := running(t, secMissions); err != nil {
		return err
	}
	if err := shipFixed(t); err != nil {
		return err
	}
	s := t.S
	if err := onGrid(t, secMissions, args.Row, args.Col); err != nil {
		return err
	}
	if !slices.Contains(facings, args.Facing) {
		return kit.Errorf("bad_facing", rule(secMissions), "Facing is N, E, S or W.")
	}
	if s.Rabbit != nil && (s.Rabbit.PendingRow || s.Rabbit.PendingCol) {
		return kit.Errorf("arrival_pending", rule(secM7), "The Captain must first choose the arrival row or column.")
	}
	if s.Rabbit != nil && s.Rabbit.ArrivedNow {
		return kit.Errorf("movement_cancelled", rule(secM7), "The ship passed a Gate this turn: any remaining movement is cancelled until next turn.")
	}
	if args.BeakSquares > 0 && s.Kraken == nil {
		return kit.Errorf("no_beak", rule(secM10), "Only Mission 10 has a Beak.")
	}
	squares := args.BeakSquares
	if squares == 0 && s.entersBeak(args.Row, args.Col) {
		squares = 1
	}
	s.Ship = Ship{Row: args.Row, Col: args.Col, Facing: args.Facing}
	if args.Vortex {
		s.Ship.Facing = rotateCW(s.Ship.Facing)
		t.Public("vortex", "The ship ended its full move on a Vortex: it turns 90° clockwise to face %s.", s.Ship.Facing)
	}
	for i := range s.Enemies {
		if e := &s.Enemies[i]; e.onMap() && e.Attached {
			e.Row, e.Col = s.Ship.Row, s.Ship.Col
		}
	}
	t.Public("ship_moved", "Ship at row %d, column %d, facing %s.", s.Ship.Row, s.Ship.Col, s.Ship.Facing)
	if squares > args.BeakSquares {
		t.Public("beak_entered", "The ship ends on a Beak square it was not on: it entered the Beak, %d dice of damage to a random shield.", s.D().Kraken.BeakDicePerSquare)
	}
	for i := 0; i < squares; i++ {
		damage(t, "Beak", s.D().Kraken.BeakDicePerSquare, "")
	}
	return nil
}

// entersBeak reports whether a move ending on (row, col) ends on a Beak
// square of Mission 10 that the ship was not on before the move.
func (s *State) entersBeak(row, col int) bool {
	if s.Kraken == nil || s.Ship.Row == row && s.Ship.Col == col {
		return false
	}
	return slices.Contains(s.D().Kraken.Beak[:], Square{row, col})
}

func rotateCW(f string) string {
	i := slices.Index(facings, f)
	return facings[(i+1)%4]
}

type speedArgs struct {
	Speed int `json:"speed"`
}

// setSpeed records the ship's speed. Codes: seats_only, ship_fixed.
func setSpeed(t *turn, seat int, args speedArgs) error {
	if err := shipFixed(t); err != nil {
		return err
	}
	if args.Speed < 0 || args.Speed > maxSpeed {
		return kit.Errorf("bad_speed", rule(secMissions), "A ship's speed is 0 to %d, not %d.", maxSpeed, args.Speed)
	}
	v := args.Speed
	t.S.Speed = &v
	t.Public("speed", "Ship speed is now %d.", v)
	return nil
}

type shieldArgs struct {
	Shield string `json:"shield"`
}

// radiationBelt zeroes a shield the Captain selects. Codes: not_captain,
// station_inactive, bad_shield.
func radiationBelt(t *turn, seat int, args shieldArgs) error {
	if err := needCaptain(t, seat, secMapTiles); err != nil {
		return err
	}
	if t.S.inactive("Shields") {
		return kit.Errorf("station_inactive", rule(secMapTiles), "Shields are inactive in this mission: the Radiation Belt has no effect.")
	}
	if !slices.Contains(t.S.D().Shields, args.Shield) {
		return kit.Errorf("bad_shield", rule(secMapTiles), "There is no %q shield.", args.Shield)
	}
	t.Public("radiation_belt", "Radiation Belt: the %s shield is reduced to zero.", args.Shield)
	return nil
}

type systemArgs struct {
	System string `json:"system"`
}

// nullZone removes one energy from Tractor Beams, Jump or Repair, chosen
// by the Captain. Codes: not_captain, bad_system.
func nullZone(t *turn, seat int, args systemArgs) error {
	if err := needCaptain(t, seat, secMapTiles); err != nil {
		return err
	}
	switch args.System {
	case "Tractor Beams", "Jump", "Repair":
		t.Public("null_zone", "Null Zone: remove one energy from %s.", args.System)
	case "none (no energy)":
		t.Public("null_zone", "Null Zone: no energy in Tractor Beams, Jump or Repair: no effect.")
	default:
		return kit.Errorf("bad_system", rule(secMapTiles), "The Null Zone takes energy from Tractor Beams, Jump or Repair.")
	}
	return nil
}

// damageCard records a damage card on a station; damage to an inactive
// station is ignored. Codes: seats_only, bad_station.
func damageCard(t *turn, seat int, args stationArgs) error {
	if !slices.Contains(t.S.D().Stations, args.Station) {
		return kit.Errorf("bad_station", rule(secMissions), "There is no station %q.", args.Station)
	}
	if t.S.inactive(args.Station) {
		t.Public("damage_ignored", "%s is inactive in this mission: the damage card is ignored.", args.Station)
		return nil
	}
	t.S.StationDamage[args.Station]++
	t.Public("station_damaged", "%s is damaged (%d damage cards).", args.Station, t.S.StationDamage[args.Station])
	return nil
}

// repair removes a damage card from a station. Codes: seats_only,
// not_damaged.
func repair(t *turn, seat int, args stationArgs) error {
	if t.S.StationDamage[args.Station] == 0 {
		return kit.Errorf("not_damaged", rule(secMissions), "%s has no damage card.", args.Station)
	}
	t.S.StationDamage[args.Station]--
	if t.S.StationDamage[args.Station] == 0 {
		delete(t.S.StationDamage, args.Station)
	}
	t.Public("station_repaired", "%s repaired.", args.Station)
	return nil
}

type enemyArgs struct {
	Enemy    int    `json:"enemy"`
	Locked   bool   `json:"locked,omitempty"`
	Cause    string `json:"cause,omitempty"`
	Row      int    `json:"row,omitempty"`
	Col      int    `json:"col,omitempty"`
	Obstacle string `json:"obstacle,omitempty"`
}

// enemyReport is a table report about one enemy: e is the enemy args
// names, found by targetEnemy.
type enemyReport func(t *turn, e *Enemy, args enemyArgs) error

// onEnemy makes an enemy report a move handler: it finds the enemy first
// (targetEnemy's codes) and hands it to report.
func onEnemy(report enemyReport) func(t *turn, seat int, args enemyArgs) error {
	return func(t *turn, _ int, args enemyArgs) error {
		e, err := targetEnemy(t, args)
		if err != nil {
			return err
		}
		return report(t, e, args)
	}
}

// targetEnemy finds an enemy on the map that the players can affect.
// Codes: wrong_step, no_such_enemy, other_tile.
func targetEnemy(t *turn, args enemyArgs) (*Enemy, error) {
	if err := running(t, secEnemies); err != nil {
		return nil, err
	}
	e := t.S.enemy(args.Enemy)
	if e == nil || !e.onMap() {
		return nil, kit.Errorf("no_such_enemy", rule(secEnemies), "There is no enemy #%d on the map.", args.Enemy)
	}
	if t.S.Rabbit != nil && e.Tile != t.S.Rabbit.Tile {
		return nil, kit.Errorf("other_tile", rule(secM7), "%s is on another tile: the players can never shoot at or lock on to tokens on another tile, and it never acts.", t.S.enemyLabel(*e))
	}
	return e, nil
}

// enemyLock records an enemy locking on or losing lock. Codes: surprised
// (Mission 7 arrival turn), no_sensor_unlock (H1), attached_parasite,
// already.
func enemyLock(t *turn, e *Enemy, args enemyArgs) error {
	s := t.S
	if args.Locked {
		if e.Locked {
			return kit.Errorf("already", rule(secEnemies), "%s is already locked on.", s.enemyLabel(*e))
		}
		if s.Rabbit != nil && s.Rabbit.ArrivedNow && !e.Shot {
			return kit.Errorf("surprised", rule(secM7), "On the turn of your arrival the enemies are surprised and do not lock on unless you shoot them.")
		}
		e.Locked = true
		t.Public("enemy_locked", "%s locks on: its special abilities now apply.", s.enemyLabel(*e))
		return nil
	}
	if !e.Locked {
		return kit.Errorf("already", rule(secEnemies), "%s is not locked on.", s.enemyLabel(*e))
	}
	if e.Attached {
		return kit.Errorf("attached_parasite", rule(secEnemies), "An attached parasite stays attached until destroyed.")
	}
	if s.Mission == "H1" && args.Cause == "sensors" {
		return kit.Errorf("no_sensor_unlock", rule(secH1), "In Escape from Mercury you may not break enemy lock with sensors.")
	}
	e.Locked = false
	t.Public("enemy_unlocked", "%s loses lock.", s.enemyLabel(*e))
	return nil
}

// enemyShot records a shot at an enemy (on the Mission 7 arrival turn a
// shot enemy locks on as normal). Codes: station_inactive.
func enemyShot(t *turn, e *Enemy, args enemyArgs) error {
	if t.S.inactive("Weapons") {
		return kit.Errorf("station_inactive", rule(secMissions), "Weapons are inactive in this mission.")
	}
	e.Shot = true
	t.Public("enemy_shot", "The players shoot at %s.", t.S.enemyLabel(*e))
	return nil
}

// enemyDestroyed removes an enemy from the map. Destroying H3's Thrall
// loses the mission.
func enemyDestroyed(t *turn, e *Enemy, args enemyArgs) error {
	e.Destroyed, e.Locked, e.Attached = true, false, false
	t.Public("enemy_destroyed", "%s destroyed.", t.S.enemyLabel(*e))
	if t.S.Thrall != nil && e.ID == t.S.Thrall.ThrallID {
		end(t, false, "", why("outcome.h3_thrall_destroyed", "the Thrall was destroyed instead of deactivated: the sleeper ship is lost."), secH3)
	}
	return nil
}

// enemyDeactivated deactivates an enemy whose card allows it (the Thrall).
// Codes: cannot_deactivate, already.
func enemyDeactivated(t *turn, e *Enemy, args enemyArgs) error {
	if !t.S.enemyCard(*e).Deactivatable {
		return kit.Errorf("cannot_deactivate", rule(secEnemies), "%s cannot be deactivated, only destroyed.", t.S.enemyLabel(*e))
	}
	if e.Deactivated {
		return kit.Errorf("already", rule(secEnemies), "%s is already deactivated.", t.S.enemyLabel(*e))
	}
	e.Deactivated, e.Locked = true, false
	t.Public("enemy_deactivated", "%s deactivated.", t.S.enemyLabel(*e))
	return nil
}

// enemyMoved records an enemy's new square. Codes: auto_moved (Mission 8
// enemies and H3's Thrall move by the app), attached_parasite,
// off_map.
func enemyMoved(t *turn, e *Enemy, args enemyArgs) error {
	s := t.S
	if s.Siege != nil || s.Thrall != nil && e.ID == s.Thrall.ThrallID {
		return kit.Errorf("auto_moved", rule(missionSection(s.Mission)), "In this mission %s moves by the mission's rule; the app moves it in Step 7.", s.enemyLabel(*e))
	}
	if e.Attached {
		return kit.Errorf("attached_parasite", rule(secEnemies), "An attached parasite moves with the ship.")
	}
	if err := onGrid(t, secEnemies, args.Row, args.Col); err != nil {
		return err
	}
	e.Row, e.Col = args.Row, args.Col
	t.Public("enemy_moved", "%s moves to row %d, column %d.", s.enemyLabel(*e), e.Row, e.Col)
	return nil
}

// parasiteAttach attaches a locked-on parasite to the ship (range 0).
// Codes: not_parasite, not_locked, already.
func parasiteAttach(t *turn, e *Enemy, args enemyArgs) error {
	s := t.S
	if s.enemyCard(*e).Parasite == "" {
		return kit.Errorf("not_parasite", rule(secEnemies), "%s is not a parasite.", s.enemyLabel(*e))
	}
	if e.Attached {
		return kit.Errorf("already", rule(secEnemies), "%s is already attached.", s.enemyLabel(*e))
	}
	if !e.Locked {
		return kit.Errorf("not_locked", rule(secEnemies), "A parasite closes in and attaches only once locked on.")
	}
	e.Attached, e.Row, e.Col = true, s.Ship.Row, s.Ship.Col
	t.Public("parasite_attached", "%s attaches to the ship: it moves with it at range 0 and causes 1 internal damage each Step 7, starting this turn.", s.enemyLabel(*e))
	return nil
}

// tractorEnemy records a Tractor Beam on an enemy. Codes: attached_parasite.
func tractorEnemy(t *turn, e *Enemy, args enemyArgs) error {
	if e.Attached {
		return kit.Errorf("attached_parasite", rule(secEnemies), "Tractor beams do not affect attached parasites.")
	}
	t.Public("enemy_tractored", "Tractor Beam on %s.", t.S.enemyLabel(*e))
	return nil
}

// enemyObstacle applies a map obstacle to an enemy. Codes:
// attached_parasite, vortex_no_effect, bad_obstacle.
func enemyObstacle(t *turn, e *Enemy, args enemyArgs) error {
	if e.Attached {
		return kit.Errorf("attached_parasite", rule(secEnemies), "Map obstacles do not affect attached parasites.")
	}
	switch args.Obstacle {
	case "Radiation Belt":
		t.Public("enemy_radiation", "%s moved through a Radiation Belt: its shields are zero until its next activation.", t.S.enemyLabel(*e))
	case "Null Zone":
		t.Public("enemy_null_zone", "%s entered a Null Zone and stops moving.", t.S.enemyLabel(*e))
	case "Vortex":
		return kit.Errorf("vortex_no_effect", rule(secMapTiles), "A Vortex has no effect on enemy ships; they treat it as an empty square.")
	default:
		return kit.Errorf("bad_obstacle", rule(secMapTiles), "The obstacles are Radiation Belt, Null Zone and Vortex.")
	}
	return nil
}

type rollArgs struct {
	Dice    int    `json:"dice"`
	Purpose string `json:"purpose,omitempty"`
}

// roll is the shared die roller: everyone sees the result, and it is
// logged. Codes: seats_only, bad_dice.
func roll(t *turn, seat int, args rollArgs) error {
	if args.Dice < 1 || args.Dice > 6 {
		return kit.Errorf("bad_dice", rule(secEnemies), "Roll 1 to 6 dice.")
	}
	purpose := args.Purpose
	if purpose == "" {
		purpose = "roll"
	}
	dice, total := rollDice(t.RNG, args.Dice)
	t.S.LastRoll = &Roll{Purpose: purpose, Dice: dice, Total: total}
	t.Public("roll", "%s: %s = %d.", purpose, diceText(dice), total)
	return nil
}

// rollHalf is a half-damage ship's roll: a die divided by two, rounded up.
func rollHalf(t *turn, seat int) error {
	d := t.RNG.Die(6)
	t.S.LastRoll = &Roll{Purpose: "half damage", Dice: []int{d}, Total: halfDamage(d)}
	t.Public("roll_half", "Half damage: rolled %d, damage %d.", d, halfDamage(d))
	return nil
}

// rollPlacement rolls a square: row die then column die, 6s rerolled.
func rollPlacement(t *turn, seat int) error {
	r, c, dice := placementRoll(t.RNG)
	t.S.LastRoll = &Roll{Purpose: fmt.Sprintf("placement: row %d, column %d", r, c), Dice: dice, Total: 0}
	t.Public("roll_placement", "Placement: row %d, column %d (dice %s; 6s rerolled).", r, c, diceText(dice))
	return nil
}
