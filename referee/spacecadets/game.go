package spacecadets

import (
	"encoding/json"
	"fmt"

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
	EngineeringStep string          `json:"engineering_step"`
	GameData        json.RawMessage `json:"game_data"`
}

func defaultOptions() Options {
	return Options{Mission: "7", Difficulty: "normal", ScienceSeat: -1, SensorsSeat: -1, EngineeringStep: "book"}
}

func optionSpecs() []kit.OptionSpec {
	var missions []kit.Choice
	for _, id := range missionIDs {
		missions = append(missions, kit.Choice{Value: id, Label: "Mission " + id + ": " + defaultData.mission(id).Name})
	}
	players := func(auto string) []kit.Choice {
		var c []kit.Choice
		if auto != "" {
			c = append(c, kit.Choice{Value: -1, Label: auto})
		}
		for i := 0; i < maxPlayers; i++ {
			c = append(c, kit.Choice{Value: i, Label: fmt.Sprintf("Player %d", i+1)})
		}
		return c
	}
	const assumed = " Assumed: the book does not print this; change it here if your copy differs."
	return []kit.OptionSpec{
		{Name: "mission", Label: "Mission", Kind: kit.OptEnum, Default: "7", Choices: missions, Source: "rulebook",
			Help: "The mission from the expansion's rulebook. Missions 8, 9 and H1 can be played by two players."},
		{Name: "difficulty", Label: "Difficulty", Kind: kit.OptEnum, Default: "normal", Source: "rulebook",
			Choices: []kit.Choice{{Value: "easy", Label: "Easy"}, {Value: "normal", Label: "Normal"}, {Value: "hard", Label: "Hard"}},
			Help:    "The difficulty sets the enemy levels and, in some missions, the objectives."},
		{Name: "captain_seat", Label: "Captain", Kind: kit.OptEnum, Default: 0, Choices: players(""),
			Help: "The player (in joining order) who is the Captain: the Captain runs the steps and the timers with the host."},
		{Name: "science_seat", Label: "Science Officer", Kind: kit.OptEnum, Default: -1, Choices: players("The last player"),
			Help: "The player who is the Science Officer. Any player can be assigned, as they act in their own phase."},
		{Name: "sensors_seat", Label: "Sensors", Kind: kit.OptEnum, Default: -1, Choices: players("Player 3 (Player 2 with two players)"),
			Help: "The player at the Sensors station, who holds the Star Kraken's tentacle cards in Mission 10."},
		{Name: "step3a_seconds", Label: "Step 3A timer, seconds (0: mission data)", Kind: kit.OptInt, Default: 0, Min: kit.IntPtr(0), Max: kit.IntPtr(600), Source: "assumed",
			Help: "The book refers to the base game's timed Step 3 without giving its length; the mission data uses 30 seconds." + assumed},
		{Name: "step3b_seconds", Label: "Step 3B timer, seconds (0: mission data)", Kind: kit.OptInt, Default: 0, Min: kit.IntPtr(0), Max: kit.IntPtr(600), Source: "assumed",
			Help: "The length of the timed Step 3B; the mission data uses 30 seconds." + assumed},
		{Name: "science_seconds", Label: "Science step timer, seconds (0: the book's 30)", Kind: kit.OptInt, Default: 0, Min: kit.IntPtr(0), Max: kit.IntPtr(600), Source: "rulebook",
			Help: "The book's Science step lasts 30 seconds; set another length here if your table plays it differently."},
		{Name: "engineering_step", Label: "Engineering step", Kind: kit.OptEnum, Default: "book", Source: "rulebook",
			Choices: []kit.Choice{{Value: "book", Label: "As the book says"}, {Value: "3A", Label: "Always Step 3A"}, {Value: "3B", Label: "Always Step 3B"}},
			Help:    "The book moves Engineering to Step 3B only for two players in Missions 8 and H1; every other game performs it in Step 3A. Choose another step only as a house rule."},
		{Name: "game_data", Label: "Game data (cards, maps, step lengths) as JSON", Kind: kit.OptJSON, Default: nil, Source: "assumed",
			Help: "The cards, map squares and step lengths the book leaves to printed components, as JSON laid over the embedded data file: enter only what your copy prints differently, such as where Mission 9's enemies and crystals start." + assumed},
	}
}

func arg(name, label string, kind kit.ArgKind) kit.ArgSpec {
	return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgKind(kind)}
}

func intArg(name, label string, min, max int) kit.ArgSpec {
	return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgInt, Min: kit.IntPtr(min), Max: kit.IntPtr(max)}
}

func optional(a kit.ArgSpec) kit.ArgSpec { a.Optional = true; return a }

func enumArg(name, label string, values ...string) kit.ArgSpec {
	a := kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgEnum}
	for _, v := range values {
		a.Choices = append(a.Choices, kit.Choice{Value: v, Label: choiceLabel(v)})
	}
	return a
}

// choiceLabels are the words players read for the coded choices.
var choiceLabels = map[string]string{
	"science": "Science step", "step3a": "Step 3A", "step3b": "Step 3B",
	"N": "North", "E": "East", "S": "South", "W": "West",
	"sensors": "Sensors broke the lock", "range": "Out of range", "other": "Another reason",
}

// choiceLabel is the label of a choice's value: its words when the value
// is a code, the value itself when it already is words.
func choiceLabel(v string) string {
	if l, ok := choiceLabels[v]; ok {
		return l
	}
	return v
}

// moveHints are the phone's hints for each move: Primary (it moves the
// game on), Group (a heading for secondary moves) and Confirm (a sentence
// asked before sending a move that ends the mission, cannot be undone or
// reveals something).
var moveHints = map[string]kit.MoveSpec{
	"start_timer":         {Primary: true},
	"pause_timer":         {Group: "Timer"},
	"resume_timer":        {Group: "Timer"},
	"cancel_timer":        {Group: "Timer"},
	"next_step":           {Primary: true},
	"keep_starting":       {Group: "Starting equipment"},
	"unkeep_starting":     {Group: "Starting equipment"},
	"finish_starting":     {Primary: true, Confirm: "Give the kept cards to the Captain and discard the others? This cannot be undone."},
	"science_draw":        {Primary: true, Confirm: "Draw the Experimental Equipment cards? A draw cannot be undone."},
	"science_draw_extra":  {Group: "Science", Confirm: "Remove 1 energy from that station and draw one more card? A draw cannot be undone."},
	"science_select":      {Group: "Science"},
	"science_unselect":    {Group: "Science"},
	"science_build":       {Primary: true, Confirm: "Announce the build and draw the Component cards face down? This cannot be undone."},
	"research":            {Group: "Science", Confirm: "Announce Research and draw the Component cards face down? This cannot be undone."},
	"set_aside_component": {Primary: true},
	"report_workbench":    {Primary: true, Confirm: "Report the Workbench? The card is built or discarded; this cannot be undone."},
	"abort_science":       {Group: "Science", Confirm: "Abort the attempt? The Experimental Equipment card is discarded."},
	"use_equipment":       {Group: "Experimental Equipment", Confirm: "Use this card? A one-use card is discarded."},
	"ship_moved":          {Group: "Ship and map"},
	"set_speed":           {Group: "Ship and map"},
	"radiation_belt":      {Group: "Ship and map"},
	"null_zone":           {Group: "Ship and map"},
	"damage_card":         {Group: "Damage and repair"},
	"repair":              {Group: "Damage and repair"},
	"enemy_lock":          {Group: "Enemies"},
	"enemy_shot":          {Group: "Enemies"},
	"enemy_destroyed":     {Group: "Enemies"},
	"enemy_deactivated":   {Group: "Enemies"},
	"enemy_moved":         {Group: "Enemies"},
	"parasite_attach":     {Group: "Enemies"},
	"tractor_enemy":       {Group: "Enemies"},
	"enemy_obstacle":      {Group: "Enemies"},
	"roll":                {Group: "Dice"},
	"roll_half":           {Group: "Dice"},
	"roll_placement":      {Group: "Dice"},
	"tractor_crystal":     {Group: "Mission"},
	"pass_gate":           {Group: "Mission", Confirm: "Pass the Gate? The arrival square is rolled and the ship's remaining movement is cancelled."},
	"choose_arrival":      {Primary: true},
	"exit_map":            {Group: "Mission", Confirm: "Leave the map? This ends the mission."},
	"jump_home":           {Group: "Mission", Confirm: "Jump home? This ends the mission."},
	"tile_revealed":       {Group: "Mission", Confirm: "Draw the Saucers for this tile? The draw cannot be undone."},
	"reveal_crystal":      {Group: "Mission", Confirm: "Turn over the token beneath this crystal? This cannot be undone."},
	"subdue_tentacle":     {Group: "Mission", Confirm: "Record this tentacle as subdued? This cannot be undone."},
	"kraken_activate":     {Primary: true, Confirm: "Record the tentacle's square? Its Grab, Attack or Spin is resolved at once."},
	"start_kraken_part2":  {Primary: true, Confirm: "Start part 2 of Mission 10? This cannot be undone."},
	"scan_beak":           {Group: "Mission"},
	"declare_loss":        {Group: "End the mission", Confirm: "End the mission as lost? This cannot be undone."},
}

var timerNames = []string{"science", "step3a", "step3b"}

// catalog is the full move catalog.
func catalog() []kit.MoveSpec {
	tn := enumArg("name", "Timer", timerNames...)
	return []kit.MoveSpec{
		{Type: "start_timer", Label: "Start timer", Rule: rule(secScience), Args: []kit.ArgSpec{tn}, Host: true},
		{Type: "pause_timer", Label: "Pause timer", Rule: rule(secScience), Args: []kit.ArgSpec{tn}, Host: true},
		{Type: "resume_timer", Label: "Resume timer", Rule: rule(secScience), Args: []kit.ArgSpec{tn}, Host: true},
		{Type: "cancel_timer", Label: "Cancel timer", Rule: rule(secScience), Args: []kit.ArgSpec{tn}, Host: true},
		{Type: kit.TimerExpiredMove, Label: "Timer ran out (server)", Rule: rule(secScience),
			Args: []kit.ArgSpec{arg("name", "Timer", kit.ArgString), intArg("generation", "Generation", 0, 1<<30)}},
		{Type: "next_step", Label: "Next step", Rule: rule(secTurn), Host: true},
		{Type: "keep_starting", Label: "Keep a starting Experimental Equipment card", Rule: rule(secScience),
			Args: []kit.ArgSpec{enumArg("card", "Card"), optional(intArg("level", "X level", 1, 3))}},
		{Type: "unkeep_starting", Label: "Put back a starting card", Rule: rule(secScience), Args: []kit.ArgSpec{enumArg("card", "Card")}},
		{Type: "finish_starting", Label: "Done choosing starting equipment", Rule: rule(secScience)},
		{Type: "science_draw", Label: "Draw Experimental Equipment cards", Rule: rule(secScience)},
		{Type: "science_draw_extra", Label: "Draw one more card (1 energy)", Rule: rule(secScience), Args: []kit.ArgSpec{enumArg("station", "Energy from station")}},
		{Type: "science_select", Label: "Select the card to build", Rule: rule(secScience),
			Args: []kit.ArgSpec{enumArg("card", "Card"), optional(intArg("level", "X level", 1, 3))}},
		{Type: "science_unselect", Label: "Build nothing this turn", Rule: rule(secScience)},
		{Type: "science_build", Label: "Announce the build (draw Component cards)", Rule: rule(secScience)},
		{Type: "research", Label: "Announce Research", Rule: rule(secScience), Args: []kit.ArgSpec{intArg("points", "Science points", 1, 3)}},
		{Type: "set_aside_component", Label: "Set aside the unused Component card", Rule: rule(secScience), Args: []kit.ArgSpec{enumArg("card", "Component card")}},
		{Type: "report_workbench", Label: "Report the Workbench", Rule: rule(secScience), Args: []kit.ArgSpec{arg("exact_match", "Components match exactly", kit.ArgBool)}},
		{Type: "abort_science", Label: "Abort the attempt", Rule: rule(secScience)},
		{Type: "use_equipment", Label: "Use Experimental Equipment", Rule: rule(secUsing), Args: []kit.ArgSpec{enumArg("card", "Card")}},
		{Type: "ship_moved", Label: "Report the ship's position", Rule: rule(secMissions),
			Args: []kit.ArgSpec{intArg("row", "Row", 1, 20), intArg("col", "Column", 1, 20), enumArg("facing", "Facing", "N", "E", "S", "W"),
				optional(intArg("beak_squares", "Beak squares passed through", 0, 4)), optional(arg("vortex", "Ended the full move on a Vortex", kit.ArgBool))}},
		{Type: "set_speed", Label: "Set ship speed", Rule: rule(secMissions), Args: []kit.ArgSpec{intArg("speed", "Speed", 0, maxSpeed)}},
		{Type: "radiation_belt", Label: "Radiation Belt: zero a shield", Rule: rule(secMapTiles), Args: []kit.ArgSpec{enumArg("shield", "Shield")}},
		{Type: "null_zone", Label: "Null Zone: remove 1 energy", Rule: rule(secMapTiles), Args: []kit.ArgSpec{enumArg("system", "System", "Tractor Beams", "Jump", "Repair", "none (no energy)")}},
		{Type: "damage_card", Label: "Damage card on a station", Rule: rule(secMissions), Args: []kit.ArgSpec{enumArg("station", "Station")}},
		{Type: "repair", Label: "Repair a station", Rule: rule(secMissions), Args: []kit.ArgSpec{enumArg("station", "Station")}},
		{Type: "enemy_lock", Label: "Enemy lock on / lock lost", Rule: rule(secEnemies),
			Args: []kit.ArgSpec{enumArg("enemy", "Enemy"), arg("locked", "Locked on", kit.ArgBool), optional(enumArg("cause", "Cause", "sensors", "range", "other"))}},
		{Type: "enemy_shot", Label: "Shoot at an enemy", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy")}},
		{Type: "enemy_destroyed", Label: "Enemy destroyed", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy")}},
		{Type: "enemy_deactivated", Label: "Enemy deactivated", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy")}},
		{Type: "enemy_moved", Label: "Report an enemy's square", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy"), intArg("row", "Row", 1, 20), intArg("col", "Column", 1, 20)}},
		{Type: "parasite_attach", Label: "Parasite attaches", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Parasite")}},
		{Type: "tractor_enemy", Label: "Tractor Beam an enemy", Rule: rule(secEnemies), Args: []kit.ArgSpec{enumArg("enemy", "Enemy")}},
		{Type: "enemy_obstacle", Label: "Enemy enters an obstacle", Rule: rule(secMapTiles),
			Args: []kit.ArgSpec{enumArg("enemy", "Enemy"), enumArg("obstacle", "Obstacle", "Radiation Belt", "Null Zone", "Vortex")}},
		{Type: "roll", Label: "Roll dice", Rule: rule(secEnemies), Args: []kit.ArgSpec{intArg("dice", "Dice", 1, 6), optional(arg("purpose", "For", kit.ArgString))}, Host: true},
		{Type: "roll_half", Label: "Roll half damage (d6 ÷ 2, up)", Rule: rule(secEnemies), Host: true},
		{Type: "roll_placement", Label: "Roll a square (row, column; 6s rerolled)", Rule: rule(secM7), Host: true},
		{Type: "tractor_crystal", Label: "Successful Tractor Beam on a crystal", Rule: rule(secMissions), Args: []kit.ArgSpec{optional(intArg("crystal", "Crystal", 1, 9))}},
		{Type: "pass_gate", Label: "Pass over the open Gate", Rule: rule(secM7)},
		{Type: "choose_arrival", Label: "Choose the arrival row/column", Rule: rule(secM7),
			Args: []kit.ArgSpec{optional(intArg("row", "Row", 1, 5)), optional(intArg("col", "Column", 1, 5))}},
		{Type: "exit_map", Label: "Leave the map", Rule: rule(secMissions), Args: []kit.ArgSpec{enumArg("edge", "Edge")}},
		{Type: "jump_home", Label: "Jump home", Rule: rule(secMissions)},
		{Type: "tile_revealed", Label: "Map tile revealed", Rule: rule(secH1), Args: []kit.ArgSpec{intArg("saucers", "Saucer squares on the tile", 0, 6)}},
		{Type: "reveal_crystal", Label: "Superlock: turn over a crystal's token", Rule: rule(secH4), Args: []kit.ArgSpec{intArg("crystal", "Crystal", 1, 3)}},
		{Type: "subdue_tentacle", Label: "Tentacle subdued", Rule: rule(secM10), Args: []kit.ArgSpec{enumArg("tentacle", "Tentacle")}},
		{Type: "kraken_activate", Label: "Step 7: the tentacle moved to", Rule: rule(secM10), Args: []kit.ArgSpec{intArg("row", "Row", 1, 10), intArg("col", "Column", 1, 10)}},
		{Type: "start_kraken_part2", Label: "Start Mission 10, part 2", Rule: rule(secM10)},
		{Type: "scan_beak", Label: "Superlock scan of the Beak", Rule: rule(secM10)},
		{Type: "declare_loss", Label: "Mission failed", Rule: rule(secMissions), Args: []kit.ArgSpec{enumArg("reason", "Reason", "ship destroyed", "mission abandoned")}, Host: true},
	}
}

var moveCatalog = hinted(catalog())

// hinted sets each move's phone hints from moveHints.
func hinted(specs []kit.MoveSpec) []kit.MoveSpec {
	for i := range specs {
		h := moveHints[specs[i].Type]
		specs[i].Primary, specs[i].Group, specs[i].Confirm = h.Primary, h.Group, h.Confirm
	}
	return specs
}

// info is the game's description, computed once.
var info = kit.Info{
	ID:         "spacecadets",
	Name:       "Space Cadets: Resistance Is Mostly Futile",
	Rulebook:   "space-cadets-rimf.txt",
	MinPlayers: 2,
	MaxPlayers: maxPlayers,
	Options:    optionSpecs(),
	Moves:      moveCatalog,
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
	s, ok := st.(*State)
	if !ok || s == nil {
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
