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
		Phases:   []string{"setup", "step1", "science", "step2", "step3a", "step3b", "step4", "step5", "step6", "step7", "over"},
	}
}
