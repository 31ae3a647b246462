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
		Facts:    seatFacts{},
		Phases:   []string{PhaseRollCall, PhaseLightsOut, PhaseLegend, PhaseLastRaid, PhaseFinalScoring, PhaseGameOver},
	}
}

// seatFacts describes a seat's facts (seatView).
type seatFacts struct {
	HoldingCell  int    `json:"holding_cell,omitempty"`
	Lantern      string `json:"lantern,omitempty"`
	LanternLabel string `json:"lantern_label,omitempty"`
	LootTokens   int    `json:"loot_tokens,omitempty"`
	Minions      int    `json:"minions,omitempty"`
	FaceDown     int    `json:"face_down,omitempty"`
	FirstPlayer  bool   `json:"first_player,omitempty"`
	EscapedStars int    `json:"escaped_stars,omitempty"`
}
