package nostromo

import (
	"encoding/json"
	"fmt"

	"tablewarden/referee/kit"
)

// Game is the Alien: USCSS Nostromo referee.
type Game struct{}

var _ kit.Game = (*Game)(nil)

// New returns the referee.
func New() *Game { return &Game{} }

// move is one move type: its catalog entry, how it applies and when it is
// offered. offer returns the spec narrowed to the legal choices for seat
// (-1 for the host) now, or nil; every combination of offered choices is
// accepted by apply.
type move struct {
	spec  kit.MoveSpec
	apply func(a *applier, seat int, m kit.Move) error
	offer func(s *State, seat int) *kit.MoveSpec
}

var moves []move

var moveIndex map[string]int

func init() {
	moves = allMoves()
	moveIndex = map[string]int{}
	for i, m := range moves {
		moveIndex[m.spec.Type] = i
	}
}

// Info describes the game, its options and its move catalog.
func (g *Game) Info() kit.Info {
	specs := make([]kit.MoveSpec, len(moves))
	for i, m := range moves {
		specs[i] = m.spec
	}
	return kit.Info{
		ID:         "nostromo",
		Name:       "Alien: USCSS Nostromo",
		Rulebook:   "alien-uscss-nostromo.txt",
		MinPlayers: 2,
		MaxPlayers: 7,
		Options:    optionSpecs(),
		Moves:      specs,
	}
}

func optionSpecs() []kit.OptionSpec {
	return []kit.OptionSpec{
		{Name: "difficulty", Label: "Difficulty (crew players)", Kind: kit.OptEnum, Default: Novice, Source: "rulebook",
			Choices: []kit.Choice{
				{Value: Novice, Label: "Novice (green side of the Alien board)"},
				{Value: Experienced, Label: "Experienced (blue side)"},
				{Value: HardCore, Label: "Hard-core / Veteran (blue side and 2 penalties)"},
			}},
		{Name: "heroic", Label: "Heroic mode", Kind: kit.OptBool, Default: false, Source: "rulebook"},
		{Name: "survival", Label: "Survival mode", Kind: kit.OptBool, Default: false, Source: "rulebook"},
		{Name: "data", Label: "Game data override (connections, colors, crew_members, procedures)", Kind: kit.OptJSON,
			Default: nil, Source: "table-entered",
			Help: "JSON object; every key optional: connections [[1,2],…], colors [6 names], crew_members [6 names], procedures [5 names]. Replaces the assumed values of data.json."},
	}
}

// Setup returns a new game waiting for the host to record the Alien
// player. It returns "player_count" for fewer than 2 or more than 7 seats
// and "bad_option" for invalid options or game data.
func (g *Game) Setup(opts json.RawMessage, seats []string, ctx kit.Ctx) (kit.State, error) {
	o := Options{Difficulty: Novice}
	if err := kit.DecodeOptions(opts, optionSpecs(), &o); err != nil {
		return nil, err
	}
	if n := len(seats); n < 2 || n > 7 {
		return nil, kit.Errorf("player_count", ruleCrewSetup, "Alien: USCSS Nostromo is for 2 to 7 players, not %d.", n)
	}
	d, err := loadData(o.Data)
	if err != nil {
		return nil, err
	}
	return newState(o, d, seats, ctx.RNG), nil
}

// Apply validates and applies a move. Besides each move's own codes it
// returns "game_over", "unknown_move", "bad_args", "host_only" and
// "seat_only".
func (g *Game) Apply(st kit.State, who kit.Actor, m kit.Move, ctx kit.Ctx) (kit.Result, error) {
	s0, ok := st.(*State)
	if !ok {
		return kit.Result{}, fmt.Errorf("nostromo: state is %T", st)
	}
	if s0.Phase == PhaseOver {
		return kit.Result{}, kit.Errorf("game_over", ruleGameEnd, "The game is over: the %s won.", s0.Winner)
	}
	i, ok := moveIndex[m.Type]
	if !ok {
		return kit.Result{}, kit.Errorf("unknown_move", ruleTurn, "There is no move %q in this game.", m.Type)
	}
	mv := moves[i]
	seat := who.Seat
	if mv.spec.Host {
		if !who.Host {
			return kit.Result{}, kit.Errorf("host_only", ruleSetup, "Only the host records this.")
		}
		seat = -1
	} else if !who.IsSeat() || who.Seat >= len(s0.Names) {
		return kit.Result{}, kit.Errorf("seat_only", ruleTurn, "This move is made from a player's phone.")
	}
	a := &applier{s: s0.Clone(), rng: ctx.RNG}
	if err := mv.apply(a, seat, m); err != nil {
		return kit.Result{}, err
	}
	a.advance()
	return kit.Result{State: a.s, Events: a.events, Reveals: a.reveals}, nil
}

// Decode reads a state from JSON.
func (g *Game) Decode(data []byte) (kit.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	if s.Data == nil {
		s.Data = defaultData
	}
	return &s, nil
}

// Outcome is nil while the game runs.
func (g *Game) Outcome(st kit.State) *kit.Outcome {
	s := st.(*State)
	if s.Phase != PhaseOver {
		return nil
	}
	var winners []int
	if s.Winner == "Alien" {
		winners = []int{s.Alien}
	} else {
		winners = s.crewSeats()
	}
	return &kit.Outcome{Winners: winners, Side: s.Winner, Reason: s.Reason, Rule: ruleGameEnd}
}
