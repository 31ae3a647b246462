package nostromo

import (
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// TokenRef is a Crew token or a Blip as a list shows it: its number on
// the board (the handle a move names it by; 0 off the board), its value
// ("blue/passage", "blip/breakdown") where the viewer may know it, and the
// line in words.
type TokenRef struct {
	Number int    `json:"number,omitempty"`
	Token  string `json:"token,omitempty"`
	Label  string `json:"label"`
}

// CardRef is a Mission card in a list: its number, and its words.
type CardRef struct {
	Card  int    `json:"card"`
	Label string `json:"label"`
}

// RoomView is one room as every screen shows it.
type RoomView struct {
	Room       string     `json:"room"`
	CrewTokens []TokenRef `json:"crew_tokens,omitempty"`
	Blips      []TokenRef `json:"blips,omitempty"`
	Items      []string   `json:"items,omitempty" enum:"flame_thrower,motion_detector"`
	ItemLabels []string   `json:"items_labels,omitempty"`
	Alien      bool       `json:"alien,omitempty"`
	Jonesy     bool       `json:"jonesy,omitempty"`
}

// CrewCardView is a crew member card as every screen shows it.
type CrewCardView struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	Owner  string `json:"owner,omitempty"`
}

// PublicView is what every screen, the board included, may see.
type PublicView struct {
	Round              int            `json:"round"`
	AlienPlayer        string         `json:"alien_player,omitempty"`
	Difficulty         string         `json:"difficulty" enum:"novice,experienced,hardcore"`
	DifficultyLabel    string         `json:"difficulty_label"`
	Heroic             bool           `json:"heroic,omitempty"`
	Survival           bool           `json:"survival,omitempty"`
	WaitingFor         string         `json:"waiting_for"`
	MissionOrderWindow string         `json:"mission_order_window,omitempty"`
	Effect             string         `json:"effect,omitempty"`
	Posture            string         `json:"posture,omitempty" enum:"aggressive,instinctive,focused"`
	PostureLabel       string         `json:"posture_label,omitempty"`
	HuntingActionsLeft int            `json:"hunting_actions_left,omitempty"`
	AttackRoom         string         `json:"attack_room,omitempty"`
	Attack             *AttackView    `json:"attack,omitempty"`
	NoMissionOrders    string         `json:"no_mission_orders_this_turn,omitempty"`
	Resolving          string         `json:"resolving,omitempty"`
	Rooms              []RoomView     `json:"rooms"`
	MissionDeck        int            `json:"mission_deck"`
	DiscardPile        []CardRef      `json:"discard_pile"`
	Procedures         []string       `json:"emergency_procedures_activated"`
	ProceduresThisTurn int            `json:"emergency_procedures_this_turn"`
	CrewMembers        []CrewCardView `json:"crew_members"`
	BlipsToPlace       int            `json:"blips_to_place"`
	BreakdownsOwned    int            `json:"breakdown_tokens_owned"`
	BreakdownStock     int            `json:"breakdown_stock"`
	BehaviourDeck      int            `json:"behaviour_deck"`
	BehaviourDiscard   []string       `json:"behaviour_discard,omitempty"`
	CapturedPresence   []string       `json:"captured_presence_tokens,omitempty"`
	TokenPool          int            `json:"token_pool,omitempty"`
	// RemovedThisTurn are Crew tokens as "colour/kind" codes.
	RemovedThisTurn       []string `json:"removed_this_turn,omitempty"`
	RemovedThisTurnLabels []string `json:"removed_this_turn_labels,omitempty"`
	// Winner is the winning side's code, "alien" or "crew".
	Winner      string            `json:"winner,omitempty" enum:"alien,crew"`
	WinnerLabel string            `json:"winner_label,omitempty"`
	DataSources map[string]string `json:"data_sources"`
}

// View returns what v may see. Face-down tokens show no identity once the
// hiding phase is over; during it crew seats see every Crew token and the
// Alien sees its Blips. Hands are on their owner's phone only.
func (g *Game) View(st kit.State, v kit.Viewer) kit.View {
	s, err := moves.State(st)
	if err != nil {
		return kit.View{Game: "nostromo", Moves: []kit.MoveSpec{}}
	}
	out := kit.View{
		Game:    "nostromo",
		Phase:   s.Phase,
		Turn:    s.awaited(),
		Seats:   s.seatViews(),
		Public:  s.publicView(),
		Board:   s.boardView(),
		Moves:   []kit.MoveSpec{},
		Outcome: g.Outcome(st),
	}
	if s.AttackRoom != 0 {
		out.Phase = PhaseAttack
	}
	out.PhaseLabel = s.phaseLabel()
	out.Prompt = s.promptFor(v)
	switch v.Role {
	case kit.RoleSeat:
		if v.Seat >= 0 && v.Seat < len(s.Names) {
			out.Private = s.privateView(v.Seat)
			out.Moves = moves.Offers(s, v.Seat)
		}
	case kit.RoleHost:
		out.Moves = moves.Offers(s, -1)
	}
	return out
}

// awaited lists the seats the game waits for.
func (s *State) awaited() []int {
	out := []int{}
	if t := s.top(); t != nil {
		switch t.Kind {
		case taskWindow:
			return s.windowSeats()
		case taskDetector:
			for _, h := range t.Handles {
				if i := s.tokenIndex(h); i >= 0 {
					out = appendUnique(out, s.owner(s.Board[i].Shown.Color))
				}
			}
			return out
		case taskPassSet:
			return append(out, t.Handles...)
		case taskBehaviour:
			return append(out, s.Alien)
		}
		return append(out, t.Seat)
	}
	switch s.Phase {
	case PhaseSetup:
		if s.Stage == stExtraSets {
			out = append(out, s.Alien)
		}
	case PhaseHiding:
		if p := s.hidingPlacer(); p >= 0 {
			out = append(out, p)
		}
	case PhasePosture, PhaseHunting:
		out = append(out, s.Alien)
	case PhaseAction:
		if s.Stage == stActing {
			for _, h := range s.Acting {
				if i := s.tokenIndex(h); i >= 0 {
					out = appendUnique(out, s.owner(s.Board[i].Shown.Color))
				}
			}
		} else {
			out = s.crewSeats()
		}
	}
	return out
}

func (s *State) seatViews() []kit.SeatView {
	out := make([]kit.SeatView, len(s.Names))
	for i, n := range s.Names {
		sv := kit.SeatView{Seat: i, Name: n}
		switch {
		case s.Alien < 0:
			sv.Status, sv.StatusLabel = "to_be_designated", "to be designated"
		case i == s.Alien:
			sv.Status, sv.StatusLabel = "alien", "Alien player"
			sv.Facts = map[string]any{"crew member cards held": s.capturedCards()}
		default:
			sv.Status, sv.StatusLabel = "crew", "Crew player"
			f := map[string]any{
				"reminder sets": s.setNames(i),
				"mission cards": len(s.Hands[i]),
			}
			if its := s.heldItems(i); len(its) > 0 {
				var names []string
				for _, it := range its {
					names = append(names, itemLabel(it))
				}
				f["item_names"] = names
			}
			if !s.Options.Survival && s.Phase == PhaseHiding {
				f["crew tokens to place"] = len(s.Reserve[i])
			}
			if s.Options.Heroic {
				names := []string{}
				for _, c := range s.CrewCards {
					if c.Owner == i && !c.Captured {
						names = append(names, c.Name)
					}
				}
				f["crew members"] = names
			}
			sv.Facts = f
		}
		out[i] = sv
	}
	return out
}

func (s *State) publicView() PublicView {
	d := s.Data
	p := PublicView{
		Round:              s.Round,
		Difficulty:         s.Options.Difficulty,
		DifficultyLabel:    difficultyLabel(s.Options.Difficulty),
		Heroic:             s.Options.Heroic,
		Survival:           s.Options.Survival,
		WaitingFor:         s.waitingText(),
		Posture:            s.Posture,
		PostureLabel:       postureLabel(s.Posture),
		Attack:             s.attackView(),
		NoMissionOrders:    s.noOrdersNames(),
		MissionDeck:        s.Deck.Len(),
		DiscardPile:        make([]CardRef, 0, len(s.Discard)),
		Procedures:         make([]string, 0, len(s.Activated)),
		ProceduresThisTurn: s.ActivatedThisTurn,
		BlipsToPlace:       len(s.BlipReserve),
		BreakdownsOwned:    s.Breakdowns,
		BreakdownStock:     4 - s.Breakdowns,
		BehaviourDeck:      s.Behaviour.Len(),
		CapturedPresence:   s.Captured,
		Winner:             strings.ToLower(s.Winner),
		WinnerLabel:        s.Winner,
		DataSources:        d.Sources,
	}
	if s.Alien >= 0 {
		p.AlienPlayer = s.name(s.Alien)
	}
	if s.Options.Survival && s.Phase == PhaseHiding {
		p.TokenPool = len(s.Pool)
	}
	if s.Phase == PhaseHunting {
		p.HuntingActionsLeft = s.HuntLeft
	}
	if s.AttackRoom != 0 {
		p.AttackRoom = d.RoomName(s.AttackRoom)
	}
	if s.Resolving != 0 {
		p.Resolving = d.RoomName(s.Resolving)
	}
	if t := s.top(); t != nil {
		switch t.Kind {
		case taskWindow:
			p.MissionOrderWindow = "Open: " + t.Reason
		case taskEffect:
			what := sourceLabel(t.Source)
			switch t.Source {
			case srcBehaviour:
				what += " " + BehaviourName(t.Card)
			case srcCrewPower:
				what += " of " + s.CrewCards[t.Card].Name
			default:
				what += " of " + d.CardName(t.Card)
			}
			p.Effect = s.name(t.Seat) + " applies the " + what
		}
	}
	for _, c := range s.Discard {
		p.DiscardPile = append(p.DiscardPile, CardRef{Card: c, Label: d.CardName(c)})
	}
	for _, c := range s.Activated {
		p.Procedures = append(p.Procedures, d.Procedures[d.Procedure(c)])
	}
	for _, c := range s.BehaviourDiscard {
		p.BehaviourDiscard = append(p.BehaviourDiscard, BehaviourName(c))
	}
	for _, t := range s.Removed {
		p.RemovedThisTurn = append(p.RemovedThisTurn, tokenValue(t))
		p.RemovedThisTurnLabels = append(p.RemovedThisTurnLabels, tokenLabel(t))
	}
	for _, c := range s.CrewCards {
		cv := CrewCardView{Name: c.Name, Status: "face up"}
		switch {
		case c.Captured:
			cv.Status = "face down with the Alien player"
		case c.Presence != "":
			cv.Status = "power used this turn (" + c.Presence + " Presence token)"
		}
		if c.Owner >= 0 {
			cv.Owner = s.name(c.Owner)
		}
		p.CrewMembers = append(p.CrewMembers, cv)
	}
	p.Rooms = make([]RoomView, 10)
	for r := 1; r <= 10; r++ {
		rv := RoomView{Room: d.RoomName(r), Alien: s.AlienRoom == r, Jonesy: s.JonesyRoom == r}
		for _, t := range s.Board {
			if t.Room != r {
				continue
			}
			if t.Shown != nil {
				rv.CrewTokens = append(rv.CrewTokens, TokenRef{Number: t.Handle, Token: tokenValue(*t.Shown), Label: "#" + strconv.Itoa(t.Handle) + " " + tokenLabel(*t.Shown) + " (" + s.name(s.owner(t.Shown.Color)) + ")"})
			} else {
				rv.CrewTokens = append(rv.CrewTokens, TokenRef{Number: t.Handle, Label: "#" + strconv.Itoa(t.Handle) + " face down (placed by " + s.name(t.Placer) + ")"})
			}
		}
		for _, b := range s.Blips {
			if b.Room != r {
				continue
			}
			if b.Shown != "" {
				rv.Blips = append(rv.Blips, TokenRef{Number: b.Handle, Token: "blip/" + b.Shown, Label: "#" + strconv.Itoa(b.Handle) + " " + blipLabel(b.Shown)})
			} else {
				rv.Blips = append(rv.Blips, TokenRef{Number: b.Handle, Label: "#" + strconv.Itoa(b.Handle) + " face-down Blip"})
			}
		}
		for _, it := range s.roomItems(r) {
			rv.Items = append(rv.Items, it)
			rv.ItemLabels = append(rv.ItemLabels, itemLabel(it))
		}
		p.Rooms[r-1] = rv
	}
	return p
}

// AttackView is the attack banner every screen shows during an attack
// phase and after it, until the action phase.
type AttackView struct {
	Room   string       `json:"room"`
	Caught []CaughtView `json:"caught,omitempty"`
	Over   bool         `json:"over,omitempty"`
	// Text is the banner in one sentence.
	Text string `json:"text"`
}

// CaughtView is a Presence token the Alien caught: its colour, its
// owner's seat, and the two in words ("Bob's Red Presence token").
type CaughtView struct {
	Color string `json:"color"`
	Seat  int    `json:"seat"`
	Label string `json:"label"`
}

func (s *State) attackView() *AttackView {
	at := s.Attack
	if at == nil {
		return nil
	}
	av := &AttackView{Room: s.Data.RoomName(at.Room), Over: at.Over}
	var caught []string
	for _, c := range at.Caught {
		seat := s.owner(c)
		cv := CaughtView{Color: c, Seat: seat, Label: s.name(seat) + "'s " + c + " Presence token"}
		av.Caught, caught = append(av.Caught, cv), append(caught, cv.Label)
	}
	switch {
	case !at.Over && len(caught) == 0:
		av.Text = "The Alien attacks in " + av.Room + "."
	case !at.Over:
		av.Text = "The Alien attacks in " + av.Room + ": it caught " + strings.Join(caught, ", ") + "."
	case len(caught) == 0:
		av.Text = "The Alien attacked in " + av.Room + ": nobody was caught."
	default:
		av.Text = "The Alien attacked in " + av.Room + ": it caught " + strings.Join(caught, ", ") + "."
	}
	return av
}
