package givetoken

import (
	"encoding/json"
	"fmt"

	"tablewarden/referee/kit"
)

// Game is the Give a Token referee. It holds no state of its own.
type Game struct{}

var _ kit.Game = (*Game)(nil)
var _ kit.SetupLogger = (*Game)(nil)

// New returns the Give a Token referee.
func New() *Game { return &Game{} }

// ID is the game's id in the catalog and the API.
const ID = "givetoken"

// info is the game's description, computed once.
var info = kit.Info{
	Codes:      codes,
	ID:         ID,
	Name:       "Give a Token",
	Rulebook:   "none: the rules are in referee/givetoken/doc.go",
	MinPlayers: 2,
	MaxPlayers: 10,
	Options: []kit.OptionSpec{{
		Name: "target", Label: "Tokens that win", Kind: kit.OptInt, Default: 0, Min: kit.IntPtr(0), Max: kit.IntPtr(1000),
		Help: "The first player to hold this many tokens wins. 0 plays on for ever (the load tool's workload).",
	}},
	Moves:    moves.Specs(),
	Messages: map[string]map[string]string{"pt-BR": messagesPT},
}

// Info describes the game: 2–10 players, the target option and the one
// move.
func (g *Game) Info() kit.Info { return info }

// Apply checks a move through the move table and returns the new state and
// its log entry. It never mutates s. Refusals are *kit.RuleError:
// give_to_self, unknown_seat, not_a_player, game_over and the kit's
// generic codes (unknown_move, bad_args, not_offered).
func (g *Game) Apply(s kit.State, who kit.Actor, m kit.Move, ctx kit.Ctx) (kit.Result, error) {
	return moves.Apply(s, who, m, ctx)
}

// Decode reads a state from its JSON encoding.
func (g *Game) Decode(b []byte) (kit.State, error) {
	var st State
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("givetoken: decode state: %w", err)
	}
	if st.Bag == nil {
		st.Bag = []int{}
	}
	if st.Seats == nil {
		st.Seats = []Seat{}
	}
	return &st, nil
}

// Outcome is nil while the game runs; then the seat that reached the
// target wins.
func (g *Game) Outcome(s kit.State) *kit.Outcome {
	st, err := moves.State(s)
	if err != nil || st.Winner < 0 {
		return nil
	}
	name := st.Seats[st.Winner].Name
	return &kit.Outcome{
		Winners: []int{st.Winner}, Rule: ruleGiving,
		Reason:     fmt.Sprintf("%s holds %d tokens.", name, st.Seats[st.Winner].Tokens),
		ReasonCode: "reason_target", ReasonParams: map[string]string{"player": name, "tokens": fmt.Sprint(st.Seats[st.Winner].Tokens)},
	}
}
