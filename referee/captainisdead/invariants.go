package captainisdead

import (
	"fmt"

	"tablewarden/referee/kit"
)

// Invariants checks the tracks, the alert deck, the alien supply and the
// conservation of grenades, scent bombs, honeypots, skills, tools and
// contraband.
func (g *Game) Invariants(st kit.State) error { return moves.Check(st, invariants) }

// invariants is Invariants on the game's own state.
func invariants(s *State) error {
	d := s.Data
	c := d.Counts
	if !ConcealmentDef.InBounds(s.Concealment) || !ShipControlDef.InBounds(s.ShipControl) {
		return fmt.Errorf("a track is out of bounds: concealment %d, ship control %d", s.Concealment.Pos, s.ShipControl.Pos)
	}
	if s.Deck.Yellow < 0 || s.Deck.Orange < 0 || s.Deck.Red < 0 ||
		s.Deck.Left()+s.Deck.Drawn != c.YellowAlerts.Value+c.OrangeAlerts.Value+c.RedAlerts.Value {
		return fmt.Errorf("alert deck %+v does not add up", s.Deck)
	}
	if len(s.Rooms) != len(d.Locations) || len(s.Systems) != len(d.Systems) {
		return fmt.Errorf("rooms or systems do not match the game data")
	}
	aboard := s.aboard()
	for k := range numRanks {
		if aboard[k] > d.alienSupply[k] {
			return fmt.Errorf("%d %s aboard, only %d exist", aboard[k], Ranks[k], d.alienSupply[k])
		}
		for r := range s.Rooms {
			if s.Rooms[r].Aliens[k] < 0 {
				return fmt.Errorf("negative %s count in the %s", Ranks[k], s.roomName(r))
			}
		}
	}
	if aboard[Commander] == d.alienSupply[Commander] && s.Concealment.Pos != 0 {
		return fmt.Errorf("all Commanders are aboard but the Concealment Level is not SET TO KILL")
	}
	grenades, bombs, skills, contraband := s.GrenadeLocker+s.GrenadesGone, s.ScentBombs+s.ScentBombsGone, s.SkillPile+s.CargoPodSkills+s.SkillsGone, s.ContrabandSupply+s.ContrabandGone
	tools := len(s.CargoPodTools) + len(s.ToolsGone)
	for i, p := range s.Players {
		if p.Grenades < 0 || p.ScentBombs < 0 || p.Skills < 0 {
			return fmt.Errorf("seat %d holds a negative count", i)
		}
		grenades += p.Grenades
		bombs += p.ScentBombs
		skills += p.Skills
		tools += len(p.Tools)
		if p.Contraband.Held {
			contraband++
			if !p.Alive {
				return fmt.Errorf("seat %d is dead but holds contraband", i)
			}
		}
		if p.Room < 0 || p.Room >= len(s.Rooms) {
			return fmt.Errorf("seat %d is in no room", i)
		}
	}
	switch {
	case grenades != c.Grenades.Value:
		return fmt.Errorf("%d grenades accounted for, want %d", grenades, c.Grenades.Value)
	case bombs != c.ScentBombs.Value:
		return fmt.Errorf("%d scent bombs accounted for, want %d", bombs, c.ScentBombs.Value)
	case skills != c.Skills.Value:
		return fmt.Errorf("%d skill cards accounted for, want %d", skills, c.Skills.Value)
	case tools != len(d.Tools):
		return fmt.Errorf("%d tools accounted for, want %d", tools, len(d.Tools))
	case contraband != c.Contraband.Value:
		return fmt.Errorf("%d contraband accounted for, want %d", contraband, c.Contraband.Value)
	case s.honeypotsPlaced() > c.Honeypots.Value:
		return fmt.Errorf("%d honeypots on the board, only %d exist", s.honeypotsPlaced(), c.Honeypots.Value)
	case s.Phase == PhaseAlert && s.Alert == nil:
		return fmt.Errorf("alert phase without an alert")
	case s.Phase == PhaseOver && s.End == nil:
		return fmt.Errorf("game over without an end")
	}
	if s.Phase != PhaseChooseRoles && s.ActionsUsed > s.role(s.active()).Actions {
		return fmt.Errorf("%d actions used, more than %d", s.ActionsUsed, s.role(s.active()).Actions)
	}
	return nil
}
