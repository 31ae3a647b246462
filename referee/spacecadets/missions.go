package spacecadets

import ()

// damage rolls dice of damage to a shield: the named one, or a random one
// when shield is "". The players apply it to their shield board.
func damage(t *turn, source string, dice int, shield string) {
	s := t.S
	if shield == "" {
		shield = s.D().Shields[t.RNG.Intn(4)]
	}
	rolled, total := rollDice(t.RNG, dice)
	s.LastRoll = &Roll{Purpose: source + " damage to the " + shield + " shield", Dice: rolled, Total: total}
	t.Public("damage", "%s: %d damage (%s) to the %s shield.", source, total, diceText(rolled), shield)
}

// siegeMove moves Mission 8's enemies along the path at the start of
// Step 7: speed + half the movement die, rounded up; reaching the ship
// loses the mission.
func siegeMove(t *turn) {
	s := t.S
	g := s.Siege
	if g.MovementDie == 0 {
		g.MovementDie = t.RNG.Die(6)
		t.Public("movement_die", "The Step 3 timer was not started: movement die rolled now: %d.", g.MovementDie)
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
		t.Public("siege_move", "%s moves %d squares (speed %d + %d).", s.enemyLabel(*e), step, s.enemyCard(*e).Speed, halfDamage(g.MovementDie))
		if e.PathPos == len(path)-1 {
			end(t, false, "", why("outcome.m8_reached", s.enemyLabel(*e)+" reached the starbase.", "enemy", s.enemyLabel(*e)), secM8)
			return
		}
	}
}

// siegeNextEnemy places the top card of Mission 8's enemy deck on the
// Enemy Start square at the end of Step 7.
func siegeNextEnemy(t *turn) {
	s := t.S
	g := s.Siege
	if len(g.Deck) == 0 {
		return
	}
	c, label := g.Deck[0], g.DeckLabels[0]
	g.Deck, g.DeckLabels = g.Deck[1:], g.DeckLabels[1:]
	start := s.D().M8.Path[0]
	e := addEnemy(s, c, 0, start[0], start[1])
	t.Reveal()
	t.Public("siege_enemy", "Enemy deck (%s): %s arrives on the Enemy Start square; it does not move or fire until next turn.", label, s.enemyLabel(*e))
}

// platformAttack is H2's Orbital Platform attacking as the last enemy in
// Step 7: range 4 plus the Nemesis box, damage equal to the box.
func platformAttack(t *turn) {
	s := t.S
	p := s.D().H2.Platform
	if s.Ship.Row == 0 {
		return
	}
	rng, dmg := 4+s.Nemesis, s.Nemesis
	d := distance(s.Ship.Row, s.Ship.Col, p[0], p[1])
	if d > rng {
		t.Public("platform", "The Orbital Platform (range %d) cannot reach the ship %d squares away.", rng, d)
		return
	}
	shield := s.D().Shields[0]
	if d > 0 {
		shield = facingShield(s.D().Shields, s.Ship.Facing, direction(s.Ship.Row, s.Ship.Col, p[0], p[1]))
	}
	t.Public("platform", "After the other enemies, the Orbital Platform fires (range %d, ship at %d): %d damage to the %s shield.", rng, d, dmg, shield)
}

// thrallMove moves H3's Thrall left at the start of Step 7: 3 squares, 1
// once deactivated. Leaving the left edge first loses the mission.
func thrallMove(t *turn) {
	s := t.S
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
		end(t, false, "", why("outcome.h3_escaped", "the Thrall's sleeper ship moved off the left edge of the board."), secH3)
		return
	}
	t.Public("thrall", "The Thrall moves %d squares left to column %d.", step, e.Col)
}

// invisibleNewEnemy brings H4's new enemy of the turn onto a rolled entry
// square, locked on; it does not move or shoot this turn.
func invisibleNewEnemy(t *turn) {
	s := t.S
	c, ok := drawEnemyCard(s, t.RNG, historical, true)
	if !ok {
		t.Public("no_new_enemy", "Every Historical enemy is on the map: no new enemy.")
		return
	}
	d := t.RNG.Die(6)
	sq := s.D().H4.EntrySquares[d-1]
	e := addEnemy(s, c, 0, sq[0], sq[1])
	e.Locked = true
	s.LastRoll = &Roll{Purpose: "enemy entry square", Dice: []int{d}, Total: d}
	t.Reveal()
	t.Public("enemy_enters", "Rolled %d: %s enters on entry square %d, locked on; it does not move or shoot this turn.", d, s.enemyLabel(*e), d)
}

// checkEnd ends the mission when a win condition holds.
func checkEnd(t *turn) {
	s := t.S
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
		end(t, true, "", why("outcome.m8_won", "every enemy ship was destroyed before one reached the starbase."), secM8)
	case "H2":
		for _, e := range s.Enemies {
			if e.onMap() && !e.Deactivated {
				return
			}
		}
		p := s.D().H2.Platform
		if s.Ship.Row != 0 && distance(s.Ship.Row, s.Ship.Col, p[0], p[1]) <= 1 {
			end(t, true, "", why("outcome.h2_won", "all four enemy ships are destroyed or deactivated and the ship is docked with the Orbital Platform."), secH2)
		}
	case "H3":
		th := s.enemy(s.Thrall.ThrallID)
		for _, e := range s.Enemies {
			if e.ID != th.ID && e.onMap() {
				return
			}
		}
		if th.Deactivated && th.onMap() {
			end(t, true, "", why("outcome.h3_won", "the three saucers are destroyed and the Thrall is deactivated before it escaped."), secH3)
		}
	}
}
