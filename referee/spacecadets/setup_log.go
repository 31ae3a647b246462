package spacecadets

import (
	"fmt"
	"strings"

	"tablewarden/referee/kit"
)

var _ kit.SetupLogger = (*Game)(nil)

// SetupEvents logs what the setup placed and dealt that the table may
// know: the mission, the roles, the ship, the enemies and crystals, the
// Kraken's tentacles, the five starting Experimental Equipment cards. It
// is derived from the initial state only; every entry is public, because
// Space Cadets deals nothing to one seat alone. The hidden parts (the deck
// orders, Mission 8's enemy deck, H4's planet) appear only as counts.
func (g *Game) SetupEvents(st kit.State) []kit.Event {
	s, err := moves.State(st)
	if err != nil {
		return nil
	}
	d := s.D()
	md := s.missionData()
	var ev []kit.Event
	log := func(code, format string, args ...any) {
		ev = append(ev, kit.PublicEvent(code, fmt.Sprintf(format, args...)))
	}
	log("setup_mission", "Mission %s: %s, %s difficulty. Captain: %s; Science Officer: %s; Sensors: %s. Engineering is performed in Step %s.",
		md.ID, md.Name, difficultyLabel(s.Difficulty), s.Seats[s.Roles.Captain], s.Seats[s.Roles.ScienceOfficer], s.Seats[s.Roles.Sensors], s.EngineeringStep)
	if len(md.Inactive) > 0 {
		log("setup_inactive", "Inactive stations: %s.", strings.Join(md.Inactive, ", "))
	}
	if s.NemesisUsed {
		log("setup_nemesis", "The Nemesis marker starts on %d.", s.Nemesis)
	}
	if s.Speed != nil {
		log("setup_speed", "The ship's starting speed is %d.", *s.Speed)
	}
	if s.Ship.Row != 0 {
		log("setup_ship", "The ship starts on %s, facing %s.", square(s.Ship.Row, s.Ship.Col), facingLabel(s.Ship.Facing))
	}
	if r := s.Rabbit; r != nil {
		log("setup_tile", "The first tile is %s; its Gate (a crystal token) is on %s.", r.TileNames[0], square(r.Gate[0], r.Gate[1]))
	}
	for _, e := range s.Enemies {
		where := square(e.Row, e.Col)
		if e.Row == 0 {
			where = "its square shown on the mission map"
		}
		if e.Tile > 0 {
			where = fmt.Sprintf("tile %d, %s", e.Tile, where)
		}
		log("setup_enemy", "%s (%s) is placed on %s.", s.enemyLabel(e), e.Class, where)
	}
	if g := s.Siege; g != nil {
		log("setup_enemy_deck", "The enemy deck holds %d face-down cards, top to bottom: %s.", len(g.Deck), strings.Join(g.DeckLabels, ", "))
	}
	if k := s.Kestrel; k != nil {
		var sq []string
		for _, c := range d.M9.CrystalSquares {
			sq = append(sq, square(c[0], c[1]))
		}
		log("setup_crystals", "Crystals are placed on %s; tractor %d of them, then leave by a green edge.", strings.Join(sq, "; "), k.Required)
	}
	if k := s.Kraken; k != nil {
		var at []string
		for _, t := range k.Tentacles {
			at = append(at, fmt.Sprintf("%s on %s", t.Name, square(t.Row, t.Col)))
		}
		log("setup_tentacles", "The tentacles are placed Active side up: %s. %s (Sensors) holds the four tentacle cards.", strings.Join(at, "; "), s.Seats[s.Roles.Sensors])
	}
	if s.Invisible != nil {
		log("setup_planet", "The three Invisible Planet tokens (one planet, two dummies) are mixed face down beneath the three crystals.")
	}
	var cards []string
	for _, c := range s.Science.StartDraw {
		cv := s.cardView(c)
		cards = append(cards, cv.Label)
	}
	if len(cards) > 0 {
		log("setup_equipment", "Five Experimental Equipment cards are drawn: %s. Keep %d Science points of them.", strings.Join(cards, "; "), bestStartPoints(d, s.Science.StartDraw))
	}
	return ev
}

func difficultyLabel(d string) string {
	switch d {
	case "easy":
		return "Easy"
	case "hard":
		return "Hard"
	}
	return "Normal"
}

var facingLabels = map[string]string{"N": "north", "E": "east", "S": "south", "W": "west"}

// facingArrows are what the ship's token shows on the board: an arrow
// the way it faces (its label says the facing in words).
var facingArrows = map[string]string{"N": "↑", "E": "→", "S": "↓", "W": "←"}

// tentacleLetter is the letter a tentacle token shows on the board, A to
// D by its place among the data's tentacle cards ("Tentacle A" is A).
func (d *GameData) tentacleLetter(id string) string {
	for i, c := range d.Tentacles {
		if c.ID == id && i < 26 {
			return string(rune('A' + i))
		}
	}
	return ""
}

func facingLabel(f string) string {
	if l, ok := facingLabels[f]; ok {
		return l
	}
	return f
}
