package spacecadets

import (
	"fmt"
	"strings"
)

// privateView is a phone's own part of the view: who the player is and one
// panel per station they hold (Captain, Science, Sensors), then the crew's
// panel every player has. Nothing here is secret from the other players
// (Space Cadets deals no one a hidden hand); it is grouped for the phone.
type privateView struct {
	You string `json:"you"`
	// Roles are the stations this player holds ("captain", "science",
	// "sensors"), RoleLabels their names.
	Roles      []string       `json:"your_roles" enum:"captain,science,sensors"`
	RoleLabels []string       `json:"your_roles_labels"`
	Stations   []stationPanel `json:"stations"`
}

// stationPanel is what one station's player needs at hand.
type stationPanel struct {
	Station string   `json:"station"`
	Title   string   `json:"title"`
	Facts   []string `json:"facts,omitempty"`
	// Cards are the Experimental Equipment cards to choose from.
	Cards []cardView `json:"cards,omitempty"`
	// Workbench lists each turned-over Component card with the pieces it
	// needs, for the Science Officer to choose within the timer.
	Workbench []componentView `json:"workbench,omitempty"`
	// TentacleCards are the Star Kraken cards the Sensors player holds.
	TentacleCards []tentacleView `json:"tentacle_cards,omitempty"`
}

// componentView is one turned-over Component card as text: the pieces to
// gather and where they come from.
type componentView struct {
	Card string `json:"card"`
	// Label is the card as players tell it apart: its pieces.
	Label string `json:"label"`
	// Text is the whole card in one line: "Component 03: torpedo
	// (Weapons)".
	Text  string      `json:"text"`
	Needs []pieceView `json:"needs"`
	// AutoMatched are the pieces from inactive stations, which count as
	// gathered.
	AutoMatched []pieceView `json:"auto_matched,omitempty"`
	// Status: "choose" (no card set aside yet), "use" or "set aside".
	Status string `json:"status"`
}

// workbenchOf lists the turned-over Component cards of the attempt.
func workbenchOf(s *State) []componentView {
	at := s.Science.Attempt
	if at == nil {
		return nil
	}
	var out []componentView
	for i, c := range at.Revealed {
		cc := s.D().Components[c]
		v := componentView{Card: cc.Name, Label: s.D().componentLabel(c), Text: cc.Name + ": " + piecesText(cc.Pieces), Needs: []pieceView{}, Status: "choose"}
		for _, p := range cc.Pieces {
			piece := pieceOf(p)
			if s.inactive(p.Station) {
				v.AutoMatched = append(v.AutoMatched, piece)
			} else {
				v.Needs = append(v.Needs, piece)
			}
		}
		switch {
		case i == at.SetAside:
			v.Status = "set aside"
		case at.SetAside >= 0:
			v.Status = "use"
		}
		out = append(out, v)
	}
	return out
}

// privateOf is the private view of seat.
func privateOf(s *State, seat int) privateView {
	codes, labels := s.stations(seat)
	p := privateView{You: s.Seats[seat], Roles: codes, RoleLabels: labels, Stations: []stationPanel{}}
	if seat == s.Roles.Captain {
		p.Stations = append(p.Stations, captainPanel(s))
	}
	if seat == s.Roles.ScienceOfficer {
		p.Stations = append(p.Stations, sciencePanel(s))
	}
	if seat == s.Roles.Sensors {
		p.Stations = append(p.Stations, sensorsPanel(s))
	}
	crew := stationPanel{Station: "crew", Title: "Your station", Facts: []string{"Report what happens at the table from here: the ship's square, damage cards, enemies locking on, moving or destroyed."}}
	if in := s.missionData().Inactive; len(in) > 0 {
		crew.Facts = append(crew.Facts, "Inactive in this mission: "+strings.Join(in, ", ")+"; damage to them is ignored.")
	}
	p.Stations = append(p.Stations, crew)
	return p
}

func captainPanel(s *State) stationPanel {
	p := stationPanel{Station: "captain", Title: "Captain", Facts: []string{"You move the table from step to step and start the timers (the host can too)."}}
	if len(s.Equipment) == 0 {
		p.Facts = append(p.Facts, "You hold no Experimental Equipment.")
	}
	for _, e := range s.Equipment {
		line := fmt.Sprintf("You hold %s (level %d, %s).", s.D().eeTitle(e.Card), e.Level, usesText(e.UsesLeft))
		if e.Helm {
			line += " Helm: always available, causes no damage."
		}
		p.Facts = append(p.Facts, line)
	}
	return p
}

func sciencePanel(s *State) stationPanel {
	sc := s.Science
	d := s.D()
	p := stationPanel{Station: "science", Title: "Science"}
	switch {
	case s.Step == "setup":
		p.Facts = append(p.Facts, fmt.Sprintf("Keep %d Science points of these cards with the Captain.", bestStartPoints(d, sc.StartDraw)))
		for _, c := range sc.StartDraw {
			p.Cards = append(p.Cards, s.cardView(c))
		}
	case len(sc.Drawn) > 0:
		p.Facts = append(p.Facts, "Cards drawn this turn: select one to build, or none.")
		for _, c := range sc.Drawn {
			p.Cards = append(p.Cards, s.cardView(c))
		}
	}
	if sc.Selected != nil {
		p.Facts = append(p.Facts, fmt.Sprintf("Selected to build: %s at %s (draws %d Component cards).", d.eeTitle(sc.Selected.Card), pointsText(sc.Selected.Level), sc.Selected.Level+1))
	}
	if at := sc.Attempt; at != nil {
		switch at.Status {
		case "face_down":
			p.Facts = append(p.Facts, fmt.Sprintf("%d Component cards lie face down until the %d-second timer starts.", len(at.FaceDown), s.ScienceSeconds))
		case "running":
			p.Facts = append(p.Facts, fmt.Sprintf("Set aside one card and gather the pieces of the other %d on the Workbench within %d seconds.", at.Level, s.ScienceSeconds))
		case "check":
			p.Facts = append(p.Facts, "Time is up: check the Workbench against the cards in use.")
		}
		p.Workbench = workbenchOf(s)
	}
	p.Facts = append(p.Facts, fmt.Sprintf("Experimental Equipment deck: %d cards; Component cards: %d.", sc.Deck.Len(), sc.CompDeck.Len()))
	return p
}

func sensorsPanel(s *State) stationPanel {
	p := stationPanel{Station: "sensors", Title: "Sensors"}
	if s.Mission == "H1" {
		p.Facts = append(p.Facts, "Escape from Mercury: you may not break enemy lock with sensors.")
	}
	if s.Kraken != nil {
		p.Facts = append(p.Facts, "You hold the four tentacle cards.")
		p.TentacleCards = krakenOf(s).Tentacles
		if k := s.Kraken; k.Last != "" {
			p.Facts = append(p.Facts, fmt.Sprintf("Turn over %s's card: its QR code leads to %s.", k.tentacle(k.Last).Name, ContinuationPath(k.Last)))
		}
	}
	if iv := s.Invisible; iv != nil {
		p.Facts = append(p.Facts, fmt.Sprintf("With a Superlock on a crystal within %d squares, turn over the token beneath it.", s.D().H4.RevealRange))
	}
	if len(p.Facts) == 0 {
		p.Facts = []string{"Lock on and scan as the base game's Sensors station does."}
	}
	return p
}
