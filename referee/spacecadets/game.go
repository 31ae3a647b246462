package spacecadets

import (
	"encoding/json"

	"tablewarden/referee/kit"
)

// Game is the Space Cadets: Resistance Is Mostly Futile referee.
type Game struct{}

var (
	_ kit.Game        = (*Game)(nil)
	_ kit.TimerHolder = (*Game)(nil)
)

// New returns the referee.
func New() *Game { return &Game{} }

// Rulebook section headings, used in every refusal.
const (
	secComponentList = "Components"
	secMapTiles      = "Map Tiles"
	secMissions      = "Missions"
	secEnemies       = "Enemies"
	secScience       = "Science"
	secUsing         = "Using Experimental Equipment Cards"
	secComponents    = "Notes on Components"
	secM7            = "Mission 7: Down the Rabbit Hole"
	secM8            = "Mission 8: Siege of Starbase Gamma"
	secM9            = "Mission 9: Kestrel Run"
	secM10           = "Mission 10: Star Kraken"
	secH1            = "Historical Mission H1: Escape from Mercury"
	secH2            = "Historical Mission H2: Earth Orbital Platform"
	secH3            = "Historical Mission H3: Thrall Rescue"
	secH4            = "Historical Mission H4: Hunt for the Invisible Planet"
	// secTurn is for the base game's step structure, which this book only
	// refers to.
	secTurn = "Missions"
)

func rule(section string) string { return "Space Cadets › " + section }

func missionSection(id string) string {
	switch id {
	case "7":
		return secM7
	case "8":
		return secM8
	case "9":
		return secM9
	case "10":
		return secM10
	case "H1":
		return secH1
	case "H2":
		return secH2
	case "H3":
		return secH3
	case "H4":
		return secH4
	}
	return secMissions
}

// Steps of a turn. The base game's Steps 1–7 are referred to by the book
// but not described; the Science step comes before Step 2.
var steps = []string{"step1", "science", "step2", "step3a", "step3b", "step4", "step5", "step6", "step7"}

var stepLabels = map[string]string{
	"setup":   "Setup: starting Experimental Equipment",
	"step1":   "Step 1",
	"science": "Science step",
	"step2":   "Step 2",
	"step3a":  "Step 3A (timed)",
	"step3b":  "Step 3B (timed)",
	"step4":   "Step 4",
	"step5":   "Step 5",
	"step6":   "Step 6",
	"step7":   "Step 7",
	"over":    "Mission over",
}

// Options are the table options.
type Options struct {
	Mission        string `json:"mission"`
	Difficulty     string `json:"difficulty"`
	CaptainSeat    int    `json:"captain_seat"`
	ScienceSeat    int    `json:"science_seat"`
	SensorsSeat    int    `json:"sensors_seat"`
	Step3ASeconds  int    `json:"step3a_seconds"`
	Step3BSeconds  int    `json:"step3b_seconds"`
	ScienceSeconds int    `json:"science_seconds"`
	// EngineeringStep is "book" (Step 3B with 2 players in Missions 8 and
	// H1, Step 3A otherwise), or "3A"/"3B" as the table chooses.
	EngineeringStep string `json:"engineering_step"`
	// TimerPauses is the house rule that lets the timers be paused and
	// resumed; the book's timers run once, without a pause.
	TimerPauses bool            `json:"timer_pauses"`
	GameData    json.RawMessage `json:"game_data"`
}

func defaultOptions() Options {
	return Options{Mission: "7", Difficulty: "normal", ScienceSeat: -1, SensorsSeat: -1, EngineeringStep: "book"}
}

func optionSpecs() []kit.OptionSpec {
	var missions []kit.Choice
	for _, id := range missionIDs {
		missions = append(missions, kit.Choice{Value: id, Label: "Mission " + id + ": " + defaultData.mission(id).Name})
	}
	// The stations are seat options: the host assigns them in the lobby,
	// once players have joined (kit.OptSeat); -1 is the default rule,
	// which PerPlayers spells out for each player count, so that the lobby
	// names the player it gives.
	const assumed = " Assumed: the book does not print this; change it here if your copy differs."
	return []kit.OptionSpec{
		{Name: "mission", Rule: rule(secMissions), Label: "Mission", Kind: kit.OptEnum, Default: "7", Choices: missions, Source: "rulebook",
			Help: "The mission from the expansion's rulebook. Missions 8, 9 and H1 can be played by two players."},
		{Name: "difficulty", Rule: rule(secMissions), Label: "Difficulty", Kind: kit.OptEnum, Default: "normal", Source: "rulebook",
			Choices: []kit.Choice{{Value: "easy", Label: "Easy"}, {Value: "normal", Label: "Normal"}, {Value: "hard", Label: "Hard"}},
			Help:    "The difficulty sets the enemy levels and, in some missions, the objectives."},
		{Name: "captain_seat", Rule: rule(secMissions), Label: "Captain", Kind: kit.OptSeat, Default: 0, Min: kit.IntPtr(0), Max: kit.IntPtr(maxPlayers - 1), Source: "assumed",
			PerPlayers: rolesPerPlayers(func(r Roles) int { return r.Captain }),
			Help:       "The player who is the Captain: the Captain runs the steps and the timers with the host. The host assigns the stations in the lobby, once players have joined; by default one station a player: the first to join is the Captain, the second runs Sensors, the last is the Science Officer."},
		{Name: "science_seat", Rule: rule(secScience), Label: "Science Officer", Kind: kit.OptSeat, Default: -1, Min: kit.IntPtr(-1), Max: kit.IntPtr(maxPlayers - 1), Source: "assumed",
			PerPlayers: rolesPerPlayers(func(r Roles) int { return r.ScienceOfficer }),
			Help:       "The player who is the Science Officer. Any player can be assigned, as they act in their own phase; by default the last to join."},
		{Name: "sensors_seat", Rule: rule(secMissions), Label: "Sensors", Kind: kit.OptSeat, Default: -1, Min: kit.IntPtr(-1), Max: kit.IntPtr(maxPlayers - 1), Source: "assumed",
			PerPlayers: rolesPerPlayers(func(r Roles) int { return r.Sensors }),
			Help:       "The player at the Sensors station, who holds the Star Kraken's tentacle cards in Mission 10; by default the second to join."},
		{Name: "step3a_seconds", Rule: rule(secMissions), Label: "Step 3A timer, seconds (0: mission data)", Kind: kit.OptInt, Default: 0, Min: kit.IntPtr(0), Max: kit.IntPtr(600), Source: "assumed",
			Help: "The book refers to the base game's timed Step 3 without giving its length; the mission data uses 30 seconds." + assumed},
		{Name: "step3b_seconds", Rule: rule(secMissions), Label: "Step 3B timer, seconds (0: mission data)", Kind: kit.OptInt, Default: 0, Min: kit.IntPtr(0), Max: kit.IntPtr(600), Source: "assumed",
			Help: "The length of the timed Step 3B; the mission data uses 30 seconds." + assumed},
		{Name: "science_seconds", Rule: rule(secScience), Label: "Science step timer, seconds (0: the book's 30)", Kind: kit.OptInt, Default: 0, Min: kit.IntPtr(0), Max: kit.IntPtr(600), Source: "rulebook",
			Help: "The book's Science step lasts 30 seconds; set another length here if your table plays it differently."},
		{Name: "engineering_step", Rule: rule(secMissions), Label: "Engineering step", Kind: kit.OptEnum, Default: "book", Source: "rulebook",
			Choices: []kit.Choice{{Value: "book", Label: "As the book says"}, {Value: "3A", Label: "Always Step 3A"}, {Value: "3B", Label: "Always Step 3B"}},
			Help:    "The book moves Engineering to Step 3B only for two players in Missions 8 and H1; every other game performs it in Step 3A. Choose another step only as a house rule."},
		{Name: "timer_pauses", Rule: rule(secScience), Label: "House rule: timers can be paused", Kind: kit.OptBool, Default: false,
			Help: "The book's Science step runs its 30 seconds once, and so does each timed step: no pause, and no second start in the same step. Tick this only if your table pauses the timers; the board shows the house rule."},
		{Name: "game_data", Rule: rule(secComponentList), Label: "Game data (cards, maps, step lengths) as JSON", Kind: kit.OptJSON, Default: nil, Source: "assumed",
			Help: "The cards, map squares and step lengths the book leaves to printed components, as JSON laid over the embedded data file: enter only what your copy prints differently, such as where Mission 9's enemies and crystals start." + assumed},
	}
}

// info is the game's description, computed once.
var info = kit.Info{
	Codes:      codes,
	ID:         "spacecadets",
	Name:       "Space Cadets: Resistance Is Mostly Futile",
	Rulebook:   "space-cadets-rimf.txt",
	MinPlayers: 2,
	MaxPlayers: maxPlayers,
	Options:    optionSpecs(),
	Moves:      moves.Specs(),
}

// Info describes the game: its options and its move catalog.
func (g *Game) Info() kit.Info { return info }

// Decode reads a state from JSON and resolves its game data.
func (g *Game) Decode(data []byte) (kit.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	if len(s.DataOverride) > 0 {
		d, err := parseData(s.DataOverride)
		if err != nil {
			return nil, err
		}
		s.data = d
	}
	return &s, nil
}

// Timers returns the state's timers (the server schedules the running ones).
func (g *Game) Timers(st kit.State) []kit.Timer {
	s, err := moves.State(st)
	if err != nil {
		return nil
	}
	var out []kit.Timer
	for _, t := range s.Timers {
		if t.Running {
			out = append(out, t)
		}
	}
	return out
}
