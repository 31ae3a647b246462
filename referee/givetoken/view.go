package givetoken

import (
	"tablewarden/referee/kit"
)

// PublicView is the public part every screen shares.
type PublicView struct {
	// Bag is how many tokens of each colour the bag holds.
	Bag []BagCount `json:"bag"`
	// Given is the number of tokens given so far.
	Given int `json:"given"`
	// Target is the tokens that win; 0 plays on for ever.
	Target int `json:"target,omitempty"`
}

// BagCount is one colour of the bag.
type BagCount struct {
	Colour string `json:"colour"`
	Count  int    `json:"count"`
}

// PrivateView is what only its seat sees.
type PrivateView struct {
	Secret string `json:"secret"`
}

// phaseLabels are the phases as players call them.
var phaseLabels = map[string]string{PhasePlay: "Giving", PhaseOver: "Game over"}

// View returns exactly what v may see: every seat's name, hand and tokens,
// the bag and the count given for everyone; a seat's secret for that seat
// only; the give move for a seat while the game runs. A state of another
// game gives an empty view.
func (g *Game) View(s kit.State, v kit.Viewer) kit.View {
	st, err := moves.State(s)
	if err != nil {
		return kit.View{Game: ID, Turn: []int{}, Seats: []kit.SeatView{}, Moves: []kit.MoveSpec{}}
	}
	view := kit.View{
		Game: ID, Phase: st.Phase, PhaseLabel: phaseLabels[st.Phase],
		Turn: []int{}, Seats: make([]kit.SeatView, len(st.Seats)), Moves: []kit.MoveSpec{},
		Public:  st.publicView(),
		Outcome: g.Outcome(st),
		Prompt:  st.prompt(v),
	}
	for i, seat := range st.Seats {
		view.Seats[i] = kit.SeatView{Seat: i, Name: seat.Name,
			Facts: map[string]any{"hand": seat.Hand, "tokens": seat.Tokens}}
		if st.Winner < 0 {
			view.Turn = append(view.Turn, i) // anyone may give at any time
		}
	}
	if v.Role == kit.RoleSeat && v.Seat >= 0 && v.Seat < len(st.Seats) {
		view.Private = PrivateView{Secret: st.Seats[v.Seat].Secret}
		view.Moves = moves.Offers(st, v.Seat)
	}
	return view
}

func (st *State) publicView() PublicView {
	p := PublicView{Bag: make([]BagCount, len(st.Bag)), Given: st.Given, Target: st.Target}
	for i, n := range st.Bag {
		p.Bag[i] = BagCount{Colour: Colours[i], Count: n}
	}
	return p
}

// prompt says what v should do: a seat gives, the host and the board
// watch; at the end, who won.
func (st *State) prompt(v kit.Viewer) *kit.Prompt {
	if st.Winner >= 0 {
		name := st.Seats[st.Winner].Name
		return &kit.Prompt{Code: "prompt_over", Text: name + " won.", Params: map[string]string{"player": name}}
	}
	if v.Role == kit.RoleSeat {
		return &kit.Prompt{Code: "prompt_give", Text: "Give a token to another player."}
	}
	return &kit.Prompt{Code: "prompt_watch", Text: "Any player may give a token to another.", Params: map[string]string{}}
}
