package spacecadets

import "tablewarden/referee/kit"

var _ kit.ViewShaper = (*Game)(nil)

// ViewShapes names the types of this game's view parts and its phases, for
// the API's description (cmd/tablewarden-openapi).
func (g *Game) ViewShapes() kit.ViewShapes {
	return kit.ViewShapes{
		Public:   publicView{},
		Private:  privateView{},
		Revealed: nil,
		Facts:    seatFacts{},
		Phases:   []string{"setup", "step1", "science", "step2", "step3a", "step3b", "step4", "step5", "step6", "step7", "over"},
	}
}

// seatFacts describes a seat's facts (View).
type seatFacts struct {
	Stations      []string `json:"stations,omitempty" enum:"captain,science,sensors"`
	StationsLabel string   `json:"stations_label,omitempty"`
}
