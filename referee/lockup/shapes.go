package lockup

import "tablewarden/referee/kit"

var _ kit.ViewShaper = (*Game)(nil)

// ViewShapes names the types of this game's view parts and its phases, for
// the API's description (cmd/tablewarden-openapi).
func (g *Game) ViewShapes() kit.ViewShapes {
	return kit.ViewShapes{
		Public:   publicView{},
		Private:  privateView{},
		Revealed: revealedView{},
		Phases:   []string{PhaseRollCall, PhaseLightsOut, PhaseLegend, PhaseLastRaid, PhaseFinalScoring, PhaseGameOver},
	}
}
