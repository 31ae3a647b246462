package spacecadets

import (
	"fmt"
	"strconv"

	"tablewarden/referee/kit"
)

// How the phones name the cards. The game data keeps each card under a
// name that moves and states use as its key; most Experimental Equipment
// cards have only a placeholder there ("Experimental Equipment 05"),
// because the book names three cards and prints no card list. A player
// sees a card's name where the data has one (from the book, or entered by
// the table), otherwise "Card 5" (its number in the data's list, which
// stands for the card's corner number), always with its Science points
// and its use, which are what the Science Officer weighs. Where the book
// prints no name, the words say nothing about a name.

// eeNamed reports whether the data knows the card's printed name: a name
// from the book (name_source, or a card the book gives whole) or one the
// table entered.
func (d *GameData) eeNamed(c int) bool {
	e := d.Equipment[c]
	return e.NameSource != "" || e.Source != kit.SourceAssumed
}

// eeTitle is a card's name for players: its printed name, or "Card 5"
// (its place in the data's list) when the data has none.
func (d *GameData) eeTitle(c int) string {
	if d.eeNamed(c) {
		return d.Equipment[c].Name
	}
	return fmt.Sprintf("Card %d", c+1)
}

// pointsText says what a card costs in Science points: "1 Science
// point", "2 Science points", "X Science points (1 to 3)".
func pointsText(cost int) string {
	switch cost {
	case 0:
		return "X Science points (1 to 3)"
	case 1:
		return "1 Science point"
	}
	return strconv.Itoa(cost) + " Science points"
}

// eeUseText says how long a card lasts once built: "one use",
// "permanent", "3 uses", "as many uses as its level"; "Helm" is added for
// the Helm cards.
func (d *GameData) eeUseText(c int) string {
	e := d.Equipment[c]
	use := "one use"
	switch e.Use {
	case "permanent":
		use = "permanent"
	case "uses":
		use = "as many uses as its level"
		if e.Uses > 0 {
			use = usesText(e.Uses)
		}
	}
	if e.Helm {
		use += ", Helm"
	}
	return use
}

// eeLabel is a card as a choice reads: "Beam Bias: 2 Science points, one
// use".
func (d *GameData) eeLabel(c int) string {
	return d.eeTitle(c) + ": " + pointsText(d.Equipment[c].Cost) + ", " + d.eeUseText(c)
}

// componentLabel is a Component card as a choice reads: the pieces it
// shows, which is what tells the cards apart at the table.
func (d *GameData) componentLabel(c int) string {
	return "Component card: " + piecesText(d.Components[c].Pieces)
}
