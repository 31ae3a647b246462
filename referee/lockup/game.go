package lockup

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// gameName is the game's name as rule sections begin with it.
const gameName = "Lockup: Breakout"

// Game is the Lockup: Breakout referee.
type Game struct{}

var _ kit.Game = (*Game)(nil)
var _ kit.SetupLogger = (*Game)(nil)

// New returns the referee.
func New() *Game { return &Game{} }

// Options are the table options.
type Options struct {
	// Difficulty is the solo guard deck's colour.
	Difficulty string `json:"difficulty"`
	// GameData overrides data.json key by key.
	GameData json.RawMessage `json:"game_data,omitempty"`
}

// info is the game's description, computed once.
var info = buildInfo()

// Info describes the game, its options and its full move catalog.
func (g *Game) Info() kit.Info { return info }

// Apply validates a move and returns the new state, through the move
// table's one wrapper (see kit.Moves.Apply for the generic refusals:
// "game_over", "unknown_move", "host_only", "seat_only", "wrong_phase",
// "bad_args", "not_offered"); each move's own codes are listed on its
// handler.
func (g *Game) Apply(st kit.State, who kit.Actor, m kit.Move, ctx kit.Ctx) (kit.Result, error) {
	return moves.Apply(st, who, m, ctx)
}

// Decode reads a state from its JSON encoding.
func (g *Game) Decode(data []byte) (kit.State, error) {
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, err
	}
	if st.Data == nil {
		d, err := LoadData(nil)
		if err != nil {
			return nil, err
		}
		st.Data = d
	}
	return &st, nil
}

func buildInfo() kit.Info {
	d, err := LoadData(nil)
	if err != nil {
		panic("lockup: embedded data.json: " + err.Error())
	}
	var colours []kit.Choice
	for _, c := range []string{"green", "yellow", "red"} {
		if _, ok := d.GuardCards.Value[c]; ok {
			colours = append(colours, kit.Choice{Value: c, Label: label(choiceTexts, c)})
		}
	}
	return kit.Info{
		Codes:      codes,
		ID:         "lockup",
		Name:       gameName,
		Rulebook:   "lockup-breakout.pt.txt",
		MinPlayers: 1,
		MaxPlayers: 5,
		Options: []kit.OptionSpec{
			{Name: "difficulty", Rule: secSoloSetup, Label: label(argTexts, "option.difficulty"), Kind: kit.OptEnum, Default: "green", Choices: colours, Source: "assumed",
				Help: label(argTexts, "option_help.difficulty")},
			{Name: "game_data", Rule: secSetup, Label: label(argTexts, "option.game_data"), Kind: kit.OptJSON, Default: json.RawMessage(`{}`), Source: "assumed",
				Help: label(argTexts, "option_help.game_data")},
		},
		Moves:    moves.Specs(),
		Messages: Messages(),
	}
}

// Outcome is nil until every player has finished final scoring; then it
// holds each player's per-category breakdown, ranks and the winners (solo:
// the player wins by beating the guards, whose breakdown is in Revealed).
func (g *Game) Outcome(s kit.State) *kit.Outcome {
	st, err := moves.State(s)
	if err != nil || st.Phase != PhaseGameOver {
		return nil
	}
	lines := st.scoreLines()
	o := &kit.Outcome{Winners: []int{}, Scores: lines, Rule: secEnd}
	var ties []string
	for _, c := range st.Data.Scoring.Value.TieBreak {
		ties = append(ties, categoryTerm(c))
	}
	reason := func(code string, kv ...string) {
		o.ReasonCode = code
		o.ReasonParams = pairs(kv)
		o.Reason = fill(outcomeTexts[code].en, englishParams(o.ReasonParams))
	}
	reason("outcome.final", "rounds", strconv.Itoa(st.Data.Rounds.Value), "tie_break", strings.Join(ties, ", "))
	for _, l := range lines {
		if l.Rank == 1 {
			o.Winners = append(o.Winners, l.Seat)
		}
	}
	sort.Ints(o.Winners)
	if st.Solo {
		gl := st.guardsLine()
		// The guards' breakdown, as a row of the end's table: points by
		// category and the total.
		row := map[string]int{"total": gl.Total}
		for _, c := range gl.Categories {
			row[c.Category] = c.Points
		}
		o.Revealed = revealedView{Guards: row}
		if len(o.Winners) == 0 {
			o.Side, o.SideLabel = "guards", "Guards"
			reason("outcome.solo_lost", "guards", strconv.Itoa(gl.Total), "player", strconv.Itoa(lines[0].Total))
		} else {
			reason("outcome.solo_won", "guards", strconv.Itoa(gl.Total), "player", strconv.Itoa(lines[0].Total))
		}
	}
	return o
}
