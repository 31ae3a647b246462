package givetoken

import "slices"

// The phases: the game runs until a seat reaches the target (if any).
const (
	PhasePlay = "play"
	PhaseOver = "over"
)

// State is the whole state of a table of Give a Token.
type State struct {
	Phase string `json:"phase" vis:"public"`
	// Bag is how many tokens of each colour the bag holds (Colours order).
	Bag []int `json:"bag" vis:"public"`
	// Seats are the players, by seat.
	Seats []Seat `json:"seats" vis:"public"`
	// Given counts the tokens given so far (the log's length).
	Given int `json:"given" vis:"public"`
	// Target is the table option: the tokens that win; 0 never ends.
	Target int `json:"target" vis:"public"`
	// Winner is the seat that reached the target, or -1.
	Winner int `json:"winner" vis:"public"`
}

// Seat is one player.
type Seat struct {
	Name   string `json:"name" vis:"public"`
	Hand   int    `json:"hand" vis:"public"`
	Tokens int    `json:"tokens" vis:"public"`
	// Secret is seen by this seat only.
	Secret string `json:"secret" vis:"private"`
}

// Clone returns a deep copy: no slice is shared with st.
func (st *State) Clone() *State {
	c := *st
	c.Bag = slices.Clone(st.Bag)
	c.Seats = slices.Clone(st.Seats)
	return &c
}
