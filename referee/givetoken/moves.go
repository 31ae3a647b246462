package givetoken

import (
	"fmt"

	"tablewarden/referee/kit"
)

// MoveGive is the one move type.
const MoveGive = "give"

// GiveArgs are the arguments of "give".
type GiveArgs struct {
	To int `json:"to"`
}

var specGive = kit.MoveSpec{Type: MoveGive, Label: "Give a token", Rule: ruleGiving, Primary: true,
	Args: []kit.ArgSpec{{Name: "to", Label: "To", Kind: kit.ArgSeat}}}

// moves is the move table: one row. Every seat may give at any time; the
// host's screen and the board have no move.
var moves = kit.NewMoves(kit.MovesConfig[State]{
	Game:         "Give a Token",
	Rule:         ruleGiving,
	Clone:        (*State).Clone,
	Over:         gameOver,
	Seats:        func(s *State) int { return len(s.Seats) },
	Phase:        func(s *State) string { return s.Phase },
	SeatOnlyCode: "not_a_player",
},
	kit.Row(specGive, kit.BySeat, offerGive, kit.Args(ruleGiving, give)),
)

// gameOver refuses every move once a seat has reached the target.
func gameOver(st *State) *kit.RuleError {
	if st.Winner < 0 {
		return nil
	}
	return kit.Errorf("game_over", ruleGiving, "The game is over: %s won.", st.Seats[st.Winner].Name)
}

// offerGive offers a token to every other seat.
func offerGive(st *State, seat int) *kit.MoveSpec {
	sp := specGive
	to := kit.ArgSpec{Name: "to", Label: "To", Kind: kit.ArgSeat, Choices: make([]kit.Choice, 0, len(st.Seats)-1)}
	for i, s := range st.Seats {
		if i != seat {
			to.Choices = append(to.Choices, kit.Choice{Value: i, Label: s.Name})
		}
	}
	sp.Args = []kit.ArgSpec{to}
	return &sp
}

// give hands one token to another seat ("give_to_self", "unknown_seat").
func give(t *kit.Turn[State], seat int, a GiveArgs) error {
	st := t.S
	switch {
	case a.To == seat:
		return kit.Errorf("give_to_self", ruleGiving, "You cannot give a token to yourself.")
	case a.To < 0 || a.To >= len(st.Seats):
		return kit.Errorf("unknown_seat", ruleGiving, "There is no player %d at this table.", a.To+1).With("seat", fmt.Sprint(a.To+1))
	}
	st.Seats[a.To].Tokens++
	st.Given++
	t.Log(kit.Event{Code: "given", Text: fmt.Sprintf("%s gave a token to %s.", st.Seats[seat].Name, st.Seats[a.To].Name),
		Params: map[string]string{"from": st.Seats[seat].Name, "to": st.Seats[a.To].Name}})
	if st.Target > 0 && st.Seats[a.To].Tokens >= st.Target {
		st.Winner, st.Phase = a.To, PhaseOver
	}
	return nil
}
