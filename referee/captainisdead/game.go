package captainisdead

import (
	"encoding/json"

	"tablewarden/referee/kit"
)

// GameName prefixes every rule reference.
const GameName = "The Captain Is Dead: Lockdown"

// rule formats a rulebook section reference.
func rule(section string) string { return GameName + " › " + section }

// The rulebook sections the referee enforces.
var (
	ruleSetup       = rule("Setup")
	ruleConcealment = rule("Concealment Level")
	ruleElimination = rule("Player Elimination")
	ruleAlarms      = rule("Alarms")
	ruleGrenades    = rule("Grenades and Scent Bombs")
	ruleShipControl = rule("Ship Control")
	ruleContraband  = rule("Contraband")
	ruleHowAliens   = rule("How Aliens Work")
	ruleNewSystems  = rule("New Systems")
	ruleNewRoles    = rule("New Roles")
	ruleStarting    = rule("Starting The Game")
	ruleContinuing  = rule("Continuing Play")
	ruleWinning     = rule("Winning The Game")
	ruleLosing      = rule("Losing The Game")
	ruleTrackText   = rule("Track Text on the Ship Control and Concealment Level Cards")
)

// ConcealmentDef is the Concealment Level track, bottom first: an alarm
// moves it one step down (Concealment Level Track).
var ConcealmentDef = kit.TrackDef{Name: "concealment", Label: "Concealment Level",
	Steps: []string{"SET TO KILL", "1%", "10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%", "90%", "100%"}}

// ShipControlDef is the Ship Control track, bottom first (Ship Control Track).
var ShipControlDef = kit.TrackDef{Name: "ship_control", Label: "Ship Control",
	Steps: []string{"Insane", "Hardcore", "Expert", "Veteran", "Normal", "Novice", "Coward", "Pointless", "WIN!"}}

// Difficulties are the Ship Control starts the book allows (Setup).
var Difficulties = []string{"Novice", "Normal", "Veteran"}

// New returns the game with the embedded game data.
func New() *Game { return &Game{data: defaultData} }

// Game is The Captain Is Dead: Lockdown referee.
type Game struct {
	data *Data
}

var _ kit.Game = (*Game)(nil)
var _ kit.SetupLogger = (*Game)(nil)

// defaultData is the embedded data.json, parsed once; it is never modified.
var defaultData = DefaultData()

// info is the game's description, computed once from the embedded data.
var info = buildInfo(defaultData)

// Info describes the game, its options and its full move catalog.
func (g *Game) Info() kit.Info { return info }

func buildInfo(d *Data) kit.Info {
	return kit.Info{
		Codes:      codes,
		ID:         "captainisdead",
		Name:       "The Captain Is Dead: Episode III – Lockdown",
		Rulebook:   "captain-is-dead-lockdown.txt",
		MinPlayers: d.MinPlayers.Value,
		MaxPlayers: d.maxPlayers(),
		Options:    options,
		Moves:      moves.Specs(),
	}
}

// Apply checks a move against the rulebook and returns the new state; the
// input state is never modified. Every move goes through the one move
// table (kit.Moves), which returns "game_over", "unknown_move",
// "host_only", "seat_only", "system_only", "wrong_phase", "bad_args" and
// "not_offered" besides each move's own codes. A card effect (a host row)
// may also be made by the player whose turn it is, who draws and applies
// the alerts: it is then made on the host's behalf, and another seat gets
// "not_your_turn".
func (g *Game) Apply(st kit.State, who kit.Actor, m kit.Move, ctx kit.Ctx) (kit.Result, error) {
	s, err := moves.State(st)
	if err != nil {
		return kit.Result{}, err
	}
	if who.System && s.End == nil {
		return kit.Result{}, kit.Errorf("no_timers", ruleSetup, "This game has no timers; the server makes no moves in it.")
	}
	if d, ok := moves.Def(m.Type); ok && d.Who == kit.ByHost && who.IsSeat() && s.End == nil {
		if err := s.requireTable(who); err != nil {
			return kit.Result{}, err
		}
		who = kit.HostActor
	}
	return moves.Apply(st, who, m, ctx)
}

// Outcome is nil while the game runs. The crew wins or loses together.
func (g *Game) Outcome(st kit.State) *kit.Outcome {
	s, err := moves.State(st)
	if err != nil || s.End == nil {
		return nil
	}
	o := &kit.Outcome{Winners: []int{}, Reason: s.End.Reason, Rule: s.End.Rule,
		ReasonCode: s.End.Code, ReasonParams: s.End.Params}
	if s.End.Won {
		o.Side, o.SideLabel = "crew", "Crew"
		for i := range s.Players {
			o.Winners = append(o.Winners, i)
		}
	} else {
		o.Side, o.SideLabel = "aliens", "Aliens"
	}
	return o
}

// Decode reads a state from JSON.
func (g *Game) Decode(data []byte) (kit.State, error) { return decodeState(data) }

// Options are the table options.
type Options struct {
	Difficulty  string          `json:"difficulty"`
	Elimination bool            `json:"elimination"`
	GameData    json.RawMessage `json:"game_data"`
	// LastTurnAfterDeck: the other reading of the end of the Alert deck.
	LastTurnAfterDeck bool `json:"last_turn_after_deck"`
}

// options are the table options' specs.
var options = []kit.OptionSpec{
	{Name: "difficulty", Label: "Difficulty (Ship Control start)", Kind: kit.OptEnum, Default: "Normal", Choices: strChoices(Difficulties), Source: kit.SourceRulebook, Rule: ruleSetup,
		Help: "Ship Control starts at Normal; a crew feeling meager and weak bumps it down to Novice, a strong one up to Veteran."},
	{Name: "elimination", Label: "Use the optional Player Elimination rules", Kind: kit.OptBool, Default: false, Source: kit.SourceRulebook, Rule: ruleElimination,
		Help: "With these rules a player whose character dies spawns another character of their colour once the Concealment Level is no longer at SET TO KILL."},
	{Name: "last_turn_after_deck", Label: "House rule: play on after the last alert", Kind: kit.OptBool, Default: false, Source: kit.SourceAssumed, Rule: ruleLosing,
		Help: "The book: the game is lost as soon as the last alert of the Alert deck is resolved without Ship Control at WIN!. With this house rule the next player still takes a turn, and the game is lost when an alert is due and none is left."},
	{Name: "game_data", Label: "Game data (board, patrol path, roles, repair costs, counts)", Kind: kit.OptJSON, Default: nil, Source: kit.SourceAssumed, Rule: ruleSetup,
		Help: "Assumed: the book does not print the Episode 1 board, role cards or repair costs; change them here if your copy differs. What you enter replaces the matching parts of the embedded data and is marked table-entered."},
}

func strChoices(vals []string) []kit.Choice {
	out := make([]kit.Choice, len(vals))
	for i, v := range vals {
		out[i] = kit.Choice{Value: v, Label: v}
	}
	return out
}
