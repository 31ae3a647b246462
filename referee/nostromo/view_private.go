package nostromo

import (
	"strconv"
)

// PrivateView is what only one seat may see.
type PrivateView struct {
	// Role is "alien", "crew" or, before the Alien is designated,
	// "to_be_designated".
	Role      string `json:"role" enum:"alien,crew,to_be_designated"`
	RoleLabel string `json:"role_label"`
	// AlienPlayer names the Alien player (crew seats); CrewPlayers names
	// the Crew players (the Alien seat); FellowCrew the other Crew players.
	AlienPlayer string `json:"alien_player,omitempty"`
	CrewPlayers string `json:"crew_players,omitempty"`
	FellowCrew  string `json:"fellow_crew,omitempty"`
	// ReminderSets are the colors of the Reminder cards this player holds.
	ReminderSets string `json:"reminder_sets,omitempty"`
	// Hand are the Mission cards in hand, as cards.
	Hand []CardView `json:"hand,omitempty"`
	// Placed are the tokens this player placed on the board this turn,
	// by number and room; their identity only during the hiding phase.
	Placed []PlacedView `json:"placed,omitempty"`
	// CrewTokens (crew seats, hiding phase only): every Crew token, on the
	// board and in front of the players.
	CrewTokens []TokenRef `json:"crew_tokens,omitempty"`
	// Blips (Alien, hiding phase only): the Alien's Blip tokens.
	Blips []TokenRef `json:"blips,omitempty"`
	// BehaviourDrawn (Alien): the Behaviour cards drawn and not yet played.
	BehaviourDrawn []string `json:"behaviour_drawn,omitempty"`
	// NoMissionOrders is set when this player said "I have no mission
	// orders this turn".
	NoMissionOrders bool `json:"no_mission_orders_this_turn,omitempty"`
}

// CardView is a Mission card as a phone draws it.
type CardView struct {
	Card  int    `json:"card"`
	Label string `json:"label"`
	// Kind is "Weyland protocol" or the emergency procedure it carries.
	Kind string `json:"kind"`
	// Text says what the card can do; the card's own texts are printed on
	// it, not in the book.
	Text string `json:"text"`
}

// PlacedView is a token this player placed, as its phone shows it.
type PlacedView struct {
	Number int    `json:"number"`
	Room   string `json:"room"`
	// Token is the token's identity, during the hiding phase only (the
	// book lets the players look at their tokens until it ends).
	Token string `json:"token,omitempty"`
	// FaceUp is the identity of a token flipped face up (public).
	FaceUp string `json:"face_up,omitempty"`
	// TokenLabel and FaceUpLabel name them. Token and FaceUp are codes:
	// "colour/kind" for a Crew token, "blip/kind" for a Blip.
	TokenLabel  string `json:"token_label,omitempty"`
	FaceUpLabel string `json:"face_up_label,omitempty"`
}

func (s *State) cardView(c int) CardView {
	cv := CardView{Card: c, Label: s.Data.CardName(c)}
	if s.Data.IsWeyland(c) {
		cv.Kind = "Weyland protocol"
		cv.Text = "Mission order: play it in a mission-order window (its text is printed on the card). Its Weyland protocol (green text) is the Alien player's when the card is discarded from the Mission deck."
		return cv
	}
	p := s.Data.Procedures[s.Data.Procedure(c)]
	cv.Kind = p
	cv.Text = "Mission order: play it in a mission-order window (its text is printed on the card). Emergency procedure: " + p + ", activated with Mother's or the Shuttle's room effect."
	return cv
}

// mayLook reports whether the players may still look at their face-down
// tokens: during the hiding phase until the last Crew or Blip token is
// placed. From then on (the mission-order window before the posture phase
// included, while the phase is still hiding) nobody may ("Once all Crew
// tokens and Blip tokens are placed, the hiding phase is over. Players can
// NOT look at the Crew tokens or the Blip tokens anymore").
func (s *State) mayLook() bool {
	return s.Phase == PhaseHiding && s.Stage != stEnding
}

func (s *State) privateView(seat int) *PrivateView {
	if s.Alien < 0 {
		return &PrivateView{Role: "to_be_designated", RoleLabel: "to be designated"}
	}
	hiding := s.mayLook()
	if seat == s.Alien {
		pv := &PrivateView{Role: "alien", RoleLabel: "Alien player", CrewPlayers: s.nameList(s.crewSeats())}
		for _, b := range s.Blips {
			pl := PlacedView{Number: b.Handle, Room: s.Data.RoomName(b.Room)}
			switch {
			case hiding:
				pl.Token, pl.TokenLabel = "blip/"+b.Kind, blipLabel(b.Kind)+" Blip"
			case b.Shown != "":
				pl.FaceUp, pl.FaceUpLabel = "blip/"+b.Shown, blipLabel(b.Shown)+" Blip"
			}
			pv.Placed = append(pv.Placed, pl)
		}
		if hiding {
			for _, b := range s.Blips {
				pv.Blips = append(pv.Blips, TokenRef{Number: b.Handle, Token: "blip/" + b.Kind, Label: "#" + strconv.Itoa(b.Handle) + " in " + s.Data.RoomName(b.Room) + ": " + blipLabel(b.Kind)})
			}
			for _, k := range s.BlipReserve {
				pv.Blips = append(pv.Blips, TokenRef{Token: "blip/" + k, Label: "to place: " + blipLabel(k)})
			}
		}
		for _, c := range s.BehaviourDrawn {
			pv.BehaviourDrawn = append(pv.BehaviourDrawn, BehaviourName(c))
		}
		return pv
	}
	var fellows []int
	for _, c := range s.crewSeats() {
		if c != seat {
			fellows = append(fellows, c)
		}
	}
	pv := &PrivateView{
		Role:            "crew",
		RoleLabel:       "Crew player",
		AlienPlayer:     s.name(s.Alien),
		ReminderSets:    s.setNames(seat),
		Hand:            make([]CardView, 0, len(s.Hands[seat])),
		NoMissionOrders: s.noOrders(seat),
	}
	if len(fellows) > 0 {
		pv.FellowCrew = s.nameList(fellows)
	}
	for _, c := range s.Hands[seat] {
		pv.Hand = append(pv.Hand, s.cardView(c))
	}
	for _, t := range s.Board {
		if t.Placer != seat {
			continue
		}
		pl := PlacedView{Number: t.Handle, Room: s.Data.RoomName(t.Room)}
		switch {
		case t.Shown != nil:
			pl.FaceUp, pl.FaceUpLabel = tokenValue(*t.Shown), tokenLabel(*t.Shown)
		case hiding:
			pl.Token, pl.TokenLabel = tokenValue(t.Token), tokenLabel(t.Token)
		}
		pv.Placed = append(pv.Placed, pl)
	}
	if hiding {
		for _, t := range s.Board {
			pv.CrewTokens = append(pv.CrewTokens, TokenRef{Number: t.Handle, Token: tokenValue(t.Token), Label: "#" + strconv.Itoa(t.Handle) + " in " + s.Data.RoomName(t.Room) + ": " + tokenLabel(t.Token)})
		}
		for _, c := range s.crewSeats() {
			for _, t := range s.Reserve[c] {
				pv.CrewTokens = append(pv.CrewTokens, TokenRef{Token: tokenValue(t), Label: "in front of " + s.name(c) + ": " + tokenLabel(t)})
			}
		}
		for _, t := range s.Pool {
			pv.CrewTokens = append(pv.CrewTokens, TokenRef{Token: tokenValue(t), Label: "in the pool: " + tokenLabel(t)})
		}
	}
	return pv
}
