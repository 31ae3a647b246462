package givetoken

import "tablewarden/referee/kit"

var _ kit.ViewShaper = (*Game)(nil)

// ViewShapes names the types of this game's view parts and its phases, for
// the API's description (cmd/tablewarden-openapi).
func (g *Game) ViewShapes() kit.ViewShapes {
	return kit.ViewShapes{
		Public:  PublicView{},
		Private: PrivateView{},
		Facts:   seatFacts{},
		Phases:  []string{PhasePlay, PhaseOver},
	}
}

// seatFacts describes a seat's facts (View).
type seatFacts struct {
	Hand   int `json:"hand,omitempty"`
	Tokens int `json:"tokens,omitempty"`
}
