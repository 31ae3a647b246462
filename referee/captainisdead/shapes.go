package captainisdead

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
		Phases:   []string{PhaseChooseRoles, PhaseTurn, PhaseAlert, PhaseOver},
	}
}

// seatFacts describes a seat's facts (seatView).
type seatFacts struct {
	Colour         string   `json:"colour,omitempty"`
	Character      string   `json:"character,omitempty"`
	Hand           int      `json:"hand,omitempty"`
	HandSize       int      `json:"hand_size,omitempty"`
	Actions        int      `json:"actions,omitempty"`
	ActionsLeft    int      `json:"actions_left,omitempty"`
	ActionsLabel   string   `json:"actions_label,omitempty"`
	Room           string   `json:"room,omitempty"`
	VeteranAbility bool     `json:"veteran_ability,omitempty"`
	Skills         int      `json:"skills,omitempty"`
	Grenades       int      `json:"grenades,omitempty"`
	ScentBombs     int      `json:"scent_bombs,omitempty"`
	Tools          []string `json:"tools,omitempty"`
	ToolsLabel     []string `json:"tools_label,omitempty"`
	Injured        bool     `json:"injured,omitempty"`
	OverHandSize   int      `json:"over_hand_size,omitempty"`
	DeadCharacters []string `json:"dead_characters,omitempty"`
}
