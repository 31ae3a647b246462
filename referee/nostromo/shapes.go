package nostromo

import "tablewarden/referee/kit"

var _ kit.ViewShaper = (*Game)(nil)

// ViewShapes names the types of this game's view parts and its phases, for
// the API's description (cmd/tablewarden-openapi).
func (g *Game) ViewShapes() kit.ViewShapes {
	return kit.ViewShapes{
		Public:   PublicView{},
		Private:  &PrivateView{},
		Revealed: nil,
		Facts:    seatFacts{},
		Phases:   []string{PhaseSetup, PhaseHiding, PhasePosture, PhaseAppearance, PhaseHunting, PhaseAction, PhaseEndOfTurn, PhaseOver, PhaseAttack},
	}
}

// seatFacts describes a seat's facts (seatViews).
type seatFacts struct {
	CrewCardsHeld int      `json:"crew member cards held,omitempty"`
	ReminderSets  string   `json:"reminder sets,omitempty"`
	MissionCards  int      `json:"mission cards,omitempty"`
	ItemNames     []string `json:"item_names,omitempty"`
	TokensToPlace int      `json:"crew tokens to place,omitempty"`
	CrewMembers   []string `json:"crew members,omitempty"`
}
