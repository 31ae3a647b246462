package nostromo

import (
	"encoding/json"
	"strings"

	"tablewarden/referee/kit"
)

// Game is the Alien: USCSS Nostromo referee.
type Game struct{}

var (
	_ kit.Game        = (*Game)(nil)
	_ kit.SetupLogger = (*Game)(nil)
)

// New returns the referee.
func New() *Game { return &Game{} }

// info is the game's description, computed once (in init, after the move
// table).
var info kit.Info

func newInfo() kit.Info {
	return kit.Info{
		Codes:      codes,
		ID:         "nostromo",
		Name:       "Alien: USCSS Nostromo",
		Rulebook:   "alien-uscss-nostromo.txt",
		MinPlayers: 2,
		MaxPlayers: 7,
		Options:    optionSpecs(),
		Moves:      moves.Specs(),
	}
}

// Info describes the game, its options and its move catalog.
func (g *Game) Info() kit.Info { return info }

func optionSpecs() []kit.OptionSpec {
	return []kit.OptionSpec{
		{Name: "difficulty", Label: "Difficulty (crew players)", Kind: kit.OptEnum, Default: Novice, Source: kit.SourceRulebook,
			Help: "How hard the game is for the Crew players: Novice plays the green side of the Alien board, Experienced the blue side, Hard-core the blue side with 2 penalties for the crew.",
			Choices: []kit.Choice{
				{Value: Novice, Label: "Novice (green side of the Alien board)"},
				{Value: Experienced, Label: "Experienced (blue side)"},
				{Value: HardCore, Label: "Hard-core / Veteran (blue side and 2 penalties)"},
			}},
		{Name: "heroic", Label: "Heroic mode", Kind: kit.OptBool, Default: false, Source: kit.SourceRulebook,
			Help: "Each Crew player incarnates the crew members dealt to him at random, one per Reminder card, and uses only their powers."},
		{Name: "survival", Label: "Survival mode", Kind: kit.OptBool, Default: false, Source: kit.SourceRulebook,
			Help: "A longer game: the Crew tokens form a shared pool, the Alien keeps captured Presence tokens, the Nest can liberate a crew member, no limit of 2 emergency procedures per turn, and the Mission deck is reshuffled instead of ending the game."},
		{Name: "data", Label: "Game data: room connections, colors, crew members, procedures", Kind: kit.OptJSON,
			Default: nil, Source: kit.SourceAssumed,
			Help: "Assumed: the book does not print which rooms are connected, the 6 colors, the crew member names or the 5 emergency procedure names; change them here if your copy differs. Give a JSON object whose keys are all optional: connections (pairs of room numbers, such as [[1,2],[2,3]]), colors (6 names), crew_members (6 names), procedures (5 names)."},
	}
}

// Setup returns a new game waiting for the host to record the Alien
// player. It returns "player_count" for fewer than 2 or more than 7 seats
// and "bad_option" for invalid options or game data.
func (g *Game) Setup(opts json.RawMessage, seats []string, ctx kit.Ctx) (kit.State, error) {
	o := Options{Difficulty: Novice}
	if err := kit.DecodeOptionsIn(opts, optionSpecs(), &o, ruleOptions); err != nil {
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

// Apply validates and applies a move through the move table (see
// kit.Moves.Apply). Besides each move's own codes it returns "game_over",
// "unknown_move", "bad_args", "not_offered", "host_only" and "seat_only".
func (g *Game) Apply(st kit.State, who kit.Actor, m kit.Move, ctx kit.Ctx) (kit.Result, error) {
	return moves.Apply(st, who, m, ctx)
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

// Outcome is nil while the game runs (and for a state of another game).
func (g *Game) Outcome(st kit.State) *kit.Outcome {
	s, err := moves.State(st)
	if err != nil || s.Phase != PhaseOver {
		return nil
	}
	var winners []int
	if s.Winner == "Alien" {
		winners = []int{s.Alien}
	} else {
		winners = s.crewSeats()
	}
	return &kit.Outcome{Winners: winners, Side: strings.ToLower(s.Winner), SideLabel: s.Winner, Reason: s.Reason, ReasonCode: s.ReasonCode, Rule: ruleGameEnd}
}
