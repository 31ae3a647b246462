package jumpship

import "tablewarden/referee/kit"

var _ kit.ViewShaper = (*Game)(nil)

// ViewShapes names the types of this game's view parts and its phases, for
// the API's description (cmd/tablewarden-openapi).
func (g *Game) ViewShapes() kit.ViewShapes {
	return kit.ViewShapes{
		Public:   PublicView{},
		Private:  PrivateView{},
		Revealed: []RevealedBioID{},
		Facts:    seatFacts{},
		Phases:   []string{PhaseTurn, PhaseGive, PhaseCaptainTiebreak, PhaseQuarantine, PhaseKill, PhaseOver},
	}
}

// seatFacts describes a seat's facts (seatViews).
type seatFacts struct {
	Role           string `json:"role,omitempty"`
	Ability        string `json:"ability,omitempty"`
	Rank           int    `json:"rank,omitempty"`
	Target         int    `json:"target,omitempty"`
	Medical        int    `json:"medical,omitempty"`
	NetTarget      int    `json:"net_target,omitempty"`
	Command        int    `json:"command,omitempty"`
	Scan           int    `json:"scan,omitempty"`
	Quarantine     string `json:"quarantine,omitempty"`
	QuarantineText string `json:"quarantine_text,omitempty"`
	BioID          string `json:"bio_id,omitempty"`
}
