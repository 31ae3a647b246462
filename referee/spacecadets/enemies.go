package spacecadets

import (
	"fmt"
	"slices"
	"strings"

	"tablewarden/referee/kit"
)

// drawEnemyCard draws a random enemy card matching filter that is not on
// the map. With reentry, destroyed enemies' cards may be drawn again
// (H4); otherwise a card used once never comes back.
func drawEnemyCard(s *State, rng *kit.RNG, filter func(EnemyCard) bool, reentry bool) (int, bool) {
	d := s.D()
	var pool []int
	for i, e := range d.Enemies {
		if !filter(e) || cardInPlay(s, i, reentry) {
			continue
		}
		pool = append(pool, i)
	}
	if len(pool) == 0 {
		return 0, false
	}
	return pool[rng.Intn(len(pool))], true
}

func cardInPlay(s *State, card int, reentry bool) bool {
	for _, e := range s.Enemies {
		if e.Card == card && (!reentry || e.onMap()) {
			return true
		}
	}
	return false
}

func enemyCardByName(d *GameData, name string) int {
	return slices.IndexFunc(d.Enemies, func(e EnemyCard) bool { return e.Name == name })
}

// addEnemy puts an enemy token on the map and returns it.
func addEnemy(s *State, card, tile, row, col int) *Enemy {
	c := s.D().Enemies[card]
	s.Enemies = append(s.Enemies, Enemy{ID: s.NextEnemyID, Card: card, Name: c.Name, Class: c.Class, Tile: tile, Row: row, Col: col})
	s.NextEnemyID++
	return &s.Enemies[len(s.Enemies)-1]
}

// placementRoll rolls a row and a column die, rerolling 6s, and returns
// every die rolled.
func placementRoll(rng *kit.RNG) (row, col int, dice []int) {
	roll := func() int {
		for {
			v := rng.Die(6)
			dice = append(dice, v)
			if v != 6 {
				return v
			}
		}
	}
	row = roll()
	col = roll()
	return row, col, dice
}

// placeTileEnemies draws Mission 7 enemies for a tile and places them by
// dice. class "" uses the difficulty's classes from the data.
func placeTileEnemies(s *State, rng *kit.RNG, tile, count int, class string) []kit.Event {
	d := s.D()
	classes := d.M7.TileEnemyClasses[s.Difficulty]
	var ev []kit.Event
	for i := 0; i < count; i++ {
		cl := class
		if cl == "" && i < len(classes) {
			cl = classes[i]
		}
		c, ok := drawEnemyCard(s, rng, func(e EnemyCard) bool { return e.Class == cl }, false)
		if !ok {
			ev = append(ev, kit.PublicEvent("no_enemy", fmt.Sprintf("No %s enemy card is left to place.", cl)))
			continue
		}
		r, col, dice := placementRoll(rng)
		addEnemy(s, c, tile, r, col)
		ev = append(ev, kit.PublicEvent("enemy_placed", fmt.Sprintf("%s placed on tile %d, row %d, column %d (dice %s).", d.Enemies[c].Name, tile, r, col, diceText(dice))))
	}
	return ev
}

func diceText(dice []int) string {
	parts := make([]string, len(dice))
	for i, v := range dice {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ", ")
}

func rollDice(rng *kit.RNG, n int) ([]int, int) {
	dice := make([]int, n)
	t := 0
	for i := range dice {
		dice[i] = rng.Die(6)
		t += dice[i]
	}
	return dice, t
}

// halfDamage is a half-damage ship's roll: a die divided by two, rounded up.
func halfDamage(die int) int { return (die + 1) / 2 }

func (s *State) enemyCard(e Enemy) EnemyCard { return s.D().Enemies[e.Card] }

func (s *State) enemyLabel(e Enemy) string { return fmt.Sprintf("%s (#%d)", e.Name, e.ID) }
