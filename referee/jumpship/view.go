package jumpship

import (
	"slices"
	"strconv"

	"tablewarden/referee/kit"
)

// PublicView is what every screen sees besides seats and tracks.
type PublicView struct {
	TurnOrder       []kit.SeatRef  `json:"turn_order"`
	Turn            string         `json:"turn,omitempty"`
	DrawnTokens     []string       `json:"drawn_tokens"`
	RedrawsLeft     int            `json:"redraws_left"`
	GivenThisTurn   []kit.SeatRef  `json:"given_this_turn,omitempty"`
	TokensInBag     int            `json:"tokens_in_bag"`
	ScannersOnline  bool           `json:"scanners_online"`
	QuarantineCard  QuarantineCard `json:"quarantine_card"`
	Quarantined     string         `json:"quarantined,omitempty"`
	Awaiting        string         `json:"awaiting,omitempty"`
	TiedPlayers     []kit.SeatRef  `json:"tied_players,omitempty"`
	EventsToResolve []string       `json:"events_to_resolve,omitempty" enum:"quarantine,eject,kill"`
	// EventsToResolveLabels are EventsToResolve's names, in English.
	EventsToResolveLabels []string `json:"events_to_resolve_labels,omitempty"`
	// Abilities are the roles at the table with their Special Abilities,
	// in turn order: "Ada, Captain: breaks a tie …". Roles are open
	// information.
	Abilities []string `json:"abilities"`
}

// PrivateView is what only one seat sees: its Bio ID, the aliens it knows
// (for Aliens and the Queen, from the close-your-eyes ritual) and its own
// scan results. Notes says the same in sentences that name people.
type PrivateView struct {
	BioID  string     `json:"bio_id"`
	Side   string     `json:"side"`
	Aliens []KnownBio `json:"aliens,omitempty"`
	Queen  string     `json:"queen,omitempty"`
	Scans  []KnownBio `json:"scans,omitempty"`
	// Notes are this seat's secrets and role as sentences: "Your Bio ID:
	// Alien. You win with the Aliens.", "Your fellow aliens: Carla, Elena
	// (Queen)", "Your scan: Bo is Human.", "Your role: Doctor — …".
	Notes []string `json:"notes"`
}

// KnownBio is a Bio ID a seat knows about another seat.
type KnownBio struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	BioID string `json:"bio_id"`
}

// phaseLabels name the phases as players call them.
var phaseLabels = map[string]string{
	PhaseTurn:            "Draw",
	PhaseGive:            "Give tokens",
	PhaseCaptainTiebreak: "Captain breaks a tie",
	PhaseQuarantine:      "Countdown to Quarantine",
	PhaseKill:            "Countdown to Kill",
	PhaseOver:            "Game over",
}

// View returns exactly what v may see. A seat sees its own Bio ID, its own
// scan results and, if it is an Alien or the Queen, who the aliens are and
// who the Queen is. The host and the board see public facts only; nobody
// sees the bag's contents, only how many tokens it holds. Every Bio ID is
// shown to all once the game is over. A state of another game gives an
// empty view.
func (g *Game) View(s kit.State, v kit.Viewer) kit.View {
	st, err := moves.State(s)
	if err != nil {
		return kit.View{Game: "jumpship", Turn: []int{}, Seats: []kit.SeatView{}, Moves: []kit.MoveSpec{}}
	}
	view := g.ownView(st, v)
	view.Seats = st.seatViews()
	view.Tracks = st.trackViews()
	view.Public = st.publicView()
	view.Board = st.boardView()
	return view
}

// OwnView returns View(s, v) without the parts every viewer shares (Seats,
// Tracks, Public, Board): the server encodes those once from the board's
// view (kit.OwnViewer).
func (g *Game) OwnView(s kit.State, v kit.Viewer) kit.View {
	st, err := moves.State(s)
	if err != nil {
		return kit.View{Game: "jumpship", Turn: []int{}, Moves: []kit.MoveSpec{}}
	}
	return g.ownView(st, v)
}

// ownView is v's view of st without the shared parts.
func (g *Game) ownView(st *State, v kit.Viewer) kit.View {
	view := kit.View{
		Game:       "jumpship",
		Phase:      st.Phase,
		PhaseLabel: phaseLabels[st.Phase],
		Turn:       st.waitingFor(),
		Moves:      []kit.MoveSpec{},
		Outcome:    g.Outcome(st),
		Prompt:     st.prompt(v),
	}
	if v.Role == kit.RoleSeat && v.Seat >= 0 && v.Seat < len(st.Seats) {
		view.Private = st.privateView(v.Seat)
		view.Moves = moves.Offers(st, v.Seat)
	}
	return view
}

// waitingFor lists the seats the game waits for.
func (st *State) waitingFor() []int {
	switch {
	case st.End != nil:
		return []int{}
	case st.Choice != nil:
		return []int{st.Choice.Chooser}
	}
	return []int{st.Order.Seat()}
}

func (st *State) seatViews() []kit.SeatView {
	out := make([]kit.SeatView, len(st.Seats))
	for i, s := range st.Seats {
		f := map[string]any{
			"role":       s.Role,
			"ability":    data.Roles.Abilities[s.Role],
			"rank":       rank(s.Role) + 1,
			"target":     s.Target,
			"medical":    s.Medical,
			"net_target": s.netTarget(),
			"command":    s.Command,
			"scan":       s.Scan,
		}
		if i == st.Quarantined {
			f["quarantine"] = st.Card.Name
			f["quarantine_text"] = st.Card.Text
		}
		if st.End != nil {
			f["bio_id"] = s.BioID
		}
		out[i] = kit.SeatView{Seat: i, Name: s.Name, Status: s.Status, Facts: f}
	}
	return out
}

// trackDefs describes the three countdown tracks and the Ship Repair track,
// each step listed and the steps that trigger something saying so.
func (st *State) trackDefs() [4]kit.TrackDef {
	var defs [4]kit.TrackDef
	events := [3]string{"Quarantine", "Eject", "Kill"}
	for i := range 3 {
		steps := make([]string, st.TrackLengths[i]+1)
		for j := range steps {
			steps[j] = strconv.Itoa(j)
		}
		steps[0] = "Empty"
		steps[len(steps)-1] += " · " + events[i] + " event"
		defs[i] = kit.TrackDef{Name: trackEvents[i], Label: trackLabel(i), Steps: steps}
	}
	steps := make([]string, data.RepairTrack.Spaces+1)
	for j := range steps {
		steps[j] = strconv.Itoa(j)
	}
	steps[0] = "Empty"
	steps[data.RepairTrack.ScannersAt] += " · Scanners online"
	steps[data.RepairTrack.Spaces] += " · Engines repaired: the game ends"
	defs[3] = kit.TrackDef{Name: "repair", Label: "Ship Repair", Steps: steps}
	return defs
}

func (st *State) trackViews() []kit.TrackView {
	defs := st.trackDefs()
	out := make([]kit.TrackView, 0, 4)
	for i := range 3 {
		tv := defs[i].View(kit.Track{Pos: st.Countdown[i].Count})
		if st.Countdown[i].Resolved && tv.Pos == 0 {
			// A resolved part's tokens went back to the bag (Jumpship ›
			// Part 1/2): its track is not waiting empty but done, as the
			// board's counter says.
			tv.Steps = append([]string(nil), tv.Steps...)
			tv.Steps[0] = "Resolved"
		}
		out = append(out, tv)
	}
	return append(out, defs[3].View(kit.Track{Pos: st.Repair}))
}

func (st *State) publicView() PublicView {
	p := PublicView{
		TurnOrder:      make([]kit.SeatRef, len(st.Order.Order)),
		DrawnTokens:    append([]string{}, st.Hand...),
		TokensInBag:    st.Bag.Len(),
		ScannersOnline: st.scannersOnline(),
		QuarantineCard: st.Card,
	}
	for i, s := range st.Order.Order {
		p.TurnOrder[i] = kit.SeatRef{Seat: s, Label: st.Seats[s].Name}
		p.Abilities = append(p.Abilities, st.Seats[s].Name+", "+st.Seats[s].Role+": "+data.Roles.Abilities[st.Seats[s].Role])
	}
	if st.End == nil {
		p.Turn = st.Seats[st.Order.Seat()].Name
	}
	if st.Phase == PhaseGive && !st.Taken && st.Placed == 0 {
		p.RedrawsLeft = redrawLimit(st.Seats[st.Order.Seat()].Role) - st.Redraws
	}
	for _, s := range st.GivenTo {
		p.GivenThisTurn = append(p.GivenThisTurn, kit.SeatRef{Seat: s, Label: st.Seats[s].Name})
	}
	if st.Quarantined >= 0 {
		p.Quarantined = st.Seats[st.Quarantined].Name
	}
	if c := st.Choice; c != nil {
		who := st.Seats[c.Chooser].Name
		switch st.Phase {
		case PhaseCaptainTiebreak:
			p.Awaiting = who + ", the Captain, breaks the tie of the " + trackLabel(slices.Index(trackEvents[:], c.Event)) + "."
		case PhaseQuarantine:
			p.Awaiting = who + " chooses a player to quarantine."
		case PhaseKill:
			p.Awaiting = who + " chooses a player to kill, or nobody."
		}
		for _, s := range c.Tied {
			p.TiedPlayers = append(p.TiedPlayers, kit.SeatRef{Seat: s, Label: st.Seats[s].Name})
		}
	}
	for _, ev := range st.Pending {
		p.EventsToResolve = append(p.EventsToResolve, ev)
		p.EventsToResolveLabels = append(p.EventsToResolveLabels, trackLabel(slices.Index(trackEvents[:], ev)))
	}
	if st.End != nil {
		p.EventsToResolve, p.EventsToResolveLabels = nil, nil
	}
	return p
}

func (st *State) privateView(seat int) PrivateView {
	me := st.Seats[seat]
	p := PrivateView{BioID: me.BioID, Side: sideOf(me.BioID)}
	p.Notes = append(p.Notes, "Your Bio ID: "+me.BioID+". You win with the "+p.Side+".")
	if p.Side == SideAliens {
		for i, s := range st.Seats {
			if isSide(s.BioID, SideAliens) {
				p.Aliens = append(p.Aliens, KnownBio{Seat: i, Name: s.Name, BioID: s.BioID})
			}
			if s.BioID == Queen {
				p.Queen = s.Name
			}
		}
		p.Notes = append(p.Notes, "Your fellow aliens: "+st.fellowAliens(seat)+".")
	}
	for _, r := range me.Scans {
		p.Scans = append(p.Scans, KnownBio{Seat: r.Target, Name: st.Seats[r.Target].Name, BioID: r.BioID})
		p.Notes = append(p.Notes, "Your scan: "+st.Seats[r.Target].Name+" is "+r.BioID+".")
	}
	p.Notes = append(p.Notes, "Your role: "+me.Role+". "+data.Roles.Abilities[me.Role])
	if st.Quarantined == seat {
		p.Notes = append(p.Notes, "You are in Quarantine: "+st.Card.Name+". "+st.Card.Text)
	}
	return p
}
