package kraken

import (
	"fmt"

	"tablewarden/referee/spacecadets"
)

// tentacleText is the part of the page that differs by the last active
// tentacle. All of it is the tablewarden team's writing.
type tentacleText struct {
	Intro       string
	SpecialRule string
}

func textFor(b spacecadets.Part2Briefing) tentacleText {
	switch {
	case b.Spins > 1:
		return tentacleText{
			Intro:       fmt.Sprintf("%s would not settle. Xenobiology calls it the creature's restless arm: it keeps the whole beast turning, and it will keep you moving.", b.TentacleName),
			SpecialRule: fmt.Sprintf("The Restless Arm: whenever %s spins, it spins twice — it slides five squares clockwise into the next tile, then five more. It can cross the ship on each slide, for one die of damage each time.", b.TentacleName),
		}
	case b.GrabDice > 2:
		return tentacleText{
			Intro:       fmt.Sprintf("%s is the one that held on. Its grip is the strongest of the four, and the Beak is hungry.", b.TentacleName),
			SpecialRule: fmt.Sprintf("The Crushing Grip: a Grab by %s causes %d dice of damage to a random shield instead of 2.", b.TentacleName, b.GrabDice),
		}
	case b.InkCloud:
		return tentacleText{
			Intro:       fmt.Sprintf("%s fought you last, and it is still hiding its master. Wherever it lies, the space around it fills with a dark cloud your sensors cannot read.", b.TentacleName),
			SpecialRule: fmt.Sprintf("The Ink Cloud: you cannot scan the Beak while your ship is on the same map tile as %s.", b.TentacleName),
		}
	case b.AttackRangeBonus > 0:
		return tentacleText{
			Intro:       fmt.Sprintf("%s was the last to yield. It is longer than its card suggests, and it has learned to strike from further away.", b.TentacleName),
			SpecialRule: fmt.Sprintf("The Long Reach: %s attacks at %d more square(s) of range than its card shows.", b.TentacleName, b.AttackRangeBonus),
		}
	}
	return tentacleText{Intro: fmt.Sprintf("%s was the last to yield.", b.TentacleName)}
}
