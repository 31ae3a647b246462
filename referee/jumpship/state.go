package jumpship

import (
	"maps"

	"tablewarden/referee/kit"
)

// The phases of the game.
const (
	// PhaseTurn waits for the seat whose turn it is to draw, scan or use
	// an ability instead of drawing.
	PhaseTurn = "turn"
	// PhaseGive waits for that seat to redraw, give its drawn tokens and
	// place its Repair tokens.
	PhaseGive = "give"
	// PhaseCaptainTiebreak waits for the Captain to choose among the seats
	// tied for the most Command (Quarantine) or net Target (Eject).
	PhaseCaptainTiebreak = "captain_tiebreak"
	// PhaseQuarantine waits for the seat with the most Command to choose
	// whom to quarantine.
	PhaseQuarantine = "quarantine_choice"
	// PhaseKill waits for the seat with the most Command to choose whom to
	// kill, or nobody.
	PhaseKill = "kill_choice"
	// PhaseOver means the game has ended.
	PhaseOver = "over"
)

// The seat statuses.
const (
	Aboard  = "aboard"
	Ejected = "ejected"
	Killed  = "killed"
)

// The countdown events, in track order (Part 1, 2, 3).
const (
	EventQuarantine = "quarantine"
	EventEject      = "eject"
	EventKill       = "kill"
)

// trackEvents names the countdown tracks in order.
var trackEvents = [3]string{EventQuarantine, EventEject, EventKill}

// State is a whole game of Jumpship. Its JSON encoding is deterministic.
type State struct {
	Phase string `json:"phase" vis:"public"`
	Seats []Seat `json:"seats" vis:"public"`
	// Order is the seating order, starting with the first player.
	Order kit.TurnOrder `json:"order" vis:"public"`
	// Bag is the token bag; its contents are hidden from every view.
	Bag kit.Bag `json:"bag" vis:"hidden"`
	// Countdown holds the three countdown tracks (Quarantine, Eject, Kill).
	Countdown [3]CountdownTrack `json:"countdown" vis:"public"`
	// Repair is the number of Repair tokens on the Ship Repair track.
	Repair int `json:"repair" vis:"public"`
	// Hand holds the tokens drawn this turn that are still to be given or
	// placed; drawn tokens are shown to all.
	Hand []string `json:"hand" vis:"public"`
	// Redraws counts the redraws made this turn.
	Redraws int `json:"redraws" vis:"public"`
	// Taken is true when the hand is the Target the Security took from
	// the bag instead of drawing; it cannot be redrawn.
	Taken bool `json:"taken" vis:"public"`
	// Placed counts the tokens given or placed this turn.
	Placed int `json:"placed" vis:"public"`
	// GivenTo lists the seats given a token this turn.
	GivenTo []int `json:"given_to" vis:"public"`
	// Pending lists the completed countdown events still to resolve, in
	// the order their tracks completed.
	Pending []string `json:"pending" vis:"public"`
	// Choice is the event choice the game waits for, if any.
	Choice *Choice `json:"choice,omitempty" vis:"public"`
	// Card is the Quarantine card chosen at setup.
	Card QuarantineCard `json:"quarantine_card" vis:"public"`
	// Quarantined is the seat holding the Quarantine card, or -1.
	Quarantined int `json:"quarantined" vis:"public"`
	// TrackLengths are the slots of the three countdown tracks.
	TrackLengths [3]int `json:"track_lengths" vis:"public"`
	// End is set when the game is over.
	End *End `json:"end,omitempty" vis:"public"`
}

// Seat is one player: a public Role card, a secret Bio ID card and the
// tokens in front of the player.
type Seat struct {
	Name   string `json:"name" vis:"public"`
	Role   string `json:"role" vis:"public"`
	BioID  string `json:"bio_id" vis:"private"`
	Status string `json:"status" vis:"public"`
	// Tokens in front of the player (public).
	Target  int `json:"target" vis:"public"`
	Medical int `json:"medical" vis:"public"`
	Command int `json:"command" vis:"public"`
	Scan    int `json:"scan" vis:"public"`
	// Scans are the Bio IDs this seat has looked at, known to it alone.
	Scans []ScanRecord `json:"scans,omitempty" vis:"private"`
}

// ScanRecord is one scan a seat performed.
type ScanRecord struct {
	Target int    `json:"target"`
	BioID  string `json:"bio_id"`
}

// CountdownTrack is one countdown track of the Ship Console Board.
type CountdownTrack struct {
	Count    int  `json:"count" vis:"public"`
	Resolved bool `json:"resolved" vis:"public"`
}

// Choice is a decision an event waits for.
type Choice struct {
	Event   string `json:"event" vis:"public"`
	Chooser int    `json:"chooser" vis:"public"`
	// Tied lists the seats tied, for a Captain's tiebreak.
	Tied []int `json:"tied,omitempty" vis:"public"`
}

// End records how the game ended.
type End struct {
	Side   string `json:"side" vis:"public"`
	Reason string `json:"reason" vis:"public"`
	Rule   string `json:"rule" vis:"public"`
	// Code is Reason's message-catalog key and Params fill its
	// placeholders ({queen}, {killed}).
	Code   string            `json:"code,omitempty" vis:"public"`
	Params map[string]string `json:"params,omitempty" vis:"public"`
}

// Clone returns a deep copy of st.
func (st *State) Clone() *State {
	c := *st
	c.Seats = make([]Seat, len(st.Seats))
	for i, s := range st.Seats {
		s.Scans = append([]ScanRecord(nil), s.Scans...)
		c.Seats[i] = s
	}
	c.Order = st.Order.Clone()
	c.Bag = st.Bag.Clone()
	c.Hand = append([]string{}, st.Hand...)
	c.GivenTo = append([]int{}, st.GivenTo...)
	c.Pending = append([]string{}, st.Pending...)
	if st.Choice != nil {
		ch := *st.Choice
		ch.Tied = append([]int(nil), st.Choice.Tied...)
		c.Choice = &ch
	}
	if st.End != nil {
		e := *st.End
		e.Params = maps.Clone(st.End.Params)
		c.End = &e
	}
	return &c
}

// aboard reports whether a seat is still on the ship.
func (st *State) aboard(seat int) bool { return st.Seats[seat].Status == Aboard }

// seatWithRole returns the aboard seat holding a role, or -1.
func (st *State) seatWithRole(role string) int {
	for i, s := range st.Seats {
		if s.Role == role && s.Status == Aboard {
			return i
		}
	}
	return -1
}

// netTarget is a seat's Target tokens less its Medical tokens, never below
// zero: a Medical token cancels one Target, and spare Medical tokens wait
// for Targets to come.
func (s Seat) netTarget() int {
	if n := s.Target - s.Medical; n > 0 {
		return n
	}
	return 0
}

// scannersOnline reports whether the 5th Repair space is filled.
func (st *State) scannersOnline() bool { return st.Repair >= data.RepairTrack.ScannersAt }

// openTrack returns the countdown track the next Countdown token goes on:
// the first track neither resolved nor full, or -1.
func (st *State) openTrack() int {
	for i, t := range st.Countdown {
		if !t.Resolved && t.Count < st.TrackLengths[i] {
			return i
		}
	}
	return -1
}

// isSide reports whether a Bio ID belongs to a side.
func isSide(bio, side string) bool {
	if side == SideHumans {
		return bio == Human
	}
	return bio == Alien || bio == Queen
}

// sideOf names the side of a Bio ID.
func sideOf(bio string) string {
	if bio == Human {
		return SideHumans
	}
	return SideAliens
}
