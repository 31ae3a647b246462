package spacecadets

import (
	_ "embed"
	"fmt"
	"slices"

	"tablewarden/referee/kit"
)

//go:embed data.json
var defaultDataJSON []byte

// defaultData is the parsed embedded data file; it is never mutated.
var defaultData = mustParseData(defaultDataJSON)

// GameData is everything the rulebook leaves to printed components: card
// texts, map layouts, step lengths. Every record embeds kit.Sourced and
// says where its values come from ("rulebook" or "assumed"); the top-level
// values say it in a sibling "…_source" note, prose that an override does
// not change (nothing reads it). A table lays its game_data
// option over it (parseData).
type GameData struct {
	Note                 string       `json:"note"`
	Stations             []string     `json:"stations"`
	StationsSource       string       `json:"stations_source"`
	Shields              []string     `json:"shields"`
	ShieldsSource        string       `json:"shields_source"`
	ScienceSeconds       int          `json:"science_seconds"`
	ScienceSecondsSource string       `json:"science_seconds_source"`
	StartSciencePoints   int          `json:"start_science_points"`
	StartDraw            int          `json:"start_draw"`
	Step1Draw            int          `json:"step1_draw"`
	ScienceSource        string       `json:"science_source"`
	RangeMetric          string       `json:"range_metric"`
	RangeMetricSource    string       `json:"range_metric_source"`
	NemesisTrack         NemesisTrack `json:"nemesis_track"`
	// StepNotes says in a few words what the table does in each step of
	// the base game, for the prompts (assumed: the book only refers to the
	// steps).
	StepNotes       map[string]string `json:"step_notes"`
	StepNotesSource string            `json:"step_notes_source"`
	Missions        []MissionData     `json:"missions"`
	Equipment       []EquipmentCard   `json:"equipment"`
	EquipmentSource string            `json:"equipment_source"`
	Components      []ComponentCard   `json:"components"`
	Enemies         []EnemyCard       `json:"enemies"`
	Tentacles       []TentacleCard    `json:"tentacles"`
	Kraken          KrakenData        `json:"kraken"`
	M7              RabbitData        `json:"m7"`
	M8              SiegeData         `json:"m8"`
	M9              KestrelData       `json:"m9"`
	H2              PlatformData      `json:"h2"`
	H3              ThrallData        `json:"h3"`
	H4              InvisibleData     `json:"h4"`
	Part2           Part2Data         `json:"part2"`
}

// NemesisTrack bounds the Nemesis track's boxes.
type NemesisTrack struct {
	kit.Sourced
	Min int `json:"min"`
	Max int `json:"max"`
}

// MissionData is one mission's briefing card.
type MissionData struct {
	kit.Sourced
	ID         string `json:"id"`
	Name       string `json:"name"`
	StartSpeed *int   `json:"start_speed"` // nil: N/A
	// NemesisStart is the marker's starting box; nil (with
	// NemesisByDifficulty nil) means "not used".
	NemesisStart        *int           `json:"nemesis_start"`
	NemesisByDifficulty map[string]int `json:"nemesis_by_difficulty"`
	// NemesisRule: none, down (base game), m7, h2.
	NemesisRule string         `json:"nemesis_rule"`
	Inactive    []string       `json:"inactive"`
	TwoPlayers  bool           `json:"two_players"`
	Grid        [2]int         `json:"grid"`
	GridSource  string         `json:"grid_source"`
	Special     []string       `json:"special"`
	Minor       string         `json:"minor"`
	Major       string         `json:"major"`
	StepSeconds map[string]int `json:"step_seconds"`
	// StepSecondsSource says where the step lengths come from.
	StepSecondsSource string   `json:"step_seconds_source"`
	ExitEdges         []string `json:"exit_edges"`
	// Board is where the board page draws the mission's map tiles.
	Board BoardLayout `json:"board"`
	// Engineering3BTwoPlayers: with 2 players Engineering is performed
	// during Step 3B instead of 3A (the book says so for Mission 8 and H1
	// only).
	Engineering3BTwoPlayers bool `json:"engineering_3b_two_players,omitempty"`
}

// BoardLayout places a mission's map tiles on the board page's unit
// square. It is a drawing layout only (assumed: the book's map figures are
// not reproduced).
type BoardLayout struct {
	kit.Sourced
	Tiles []TileBox `json:"tiles"`
}

// TileBox is one map tile: the squares it covers (Row, Col: its top-left
// square; Rows×Cols squares; in Mission 7 every tile is its own 5×5 map)
// and its box on the unit square.
type TileBox struct {
	Label string  `json:"label"`
	Row   int     `json:"row"`
	Col   int     `json:"col"`
	Rows  int     `json:"rows"`
	Cols  int     `json:"cols"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	W     float64 `json:"w"`
	H     float64 `json:"h"`
}

// EquipmentCard is an Experimental Equipment card. Cost 0 means X (built at
// a chosen 1–3). Use is "once", "permanent" or "uses" (Uses uses; an X card
// with Uses 0 has as many uses as its chosen cost).
type EquipmentCard struct {
	kit.Sourced
	Name       string `json:"name"`
	NameSource string `json:"name_source,omitempty"`
	Cost       int    `json:"cost"`
	Use        string `json:"use"`
	Uses       int    `json:"uses"`
	Helm       bool   `json:"helm"`
}

// ComponentCard shows the game pieces to gather on the Workbench.
type ComponentCard struct {
	kit.Sourced
	Name   string  `json:"name"`
	Pieces []Piece `json:"pieces"`
}

// Piece is one game piece and the station it comes from.
type Piece struct {
	Station string `json:"station"`
	Piece   string `json:"piece"`
}

// EnemyCard is an enemy card. Class is easy, normal, hard or historical.
// BaseGame marks a card of the original Space Cadets that the expansion's
// book names (Mission 8 leaves Sniper, Battle Platform and Carrier out);
// the others are the expansion's 18 (Components: 5 Easy, 3 Normal,
// 2 Hard, 8 Historical; its 4 Kraken cards are the tentacles).
type EnemyCard struct {
	kit.Sourced
	Name          string `json:"name"`
	BaseGame      bool   `json:"base_game,omitempty"`
	Class         string `json:"class"`
	Speed         int    `json:"speed"`
	Parasite      string `json:"parasite"` // shield, weapon, energy, ripper or ""
	HalfDamage    bool   `json:"half_damage"`
	Deactivatable bool   `json:"deactivatable"`
	Saucer        bool   `json:"saucer"`
}

// TentacleCard is a Star Kraken tentacle card.
type TentacleCard struct {
	kit.Sourced
	ID         string `json:"id"`
	Name       string `json:"name"`
	Station    string `json:"station"`
	Subdue     string `json:"subdue"`
	Range      int    `json:"range"`
	AttackDice int    `json:"attack_dice"`
}

// KrakenData is the Mission 10 map: a grid of 2×2 tiles numbered clockwise
// from the top left, the Beak's four squares (one per tile, in tile order).
type KrakenData struct {
	kit.Sourced
	Grid              int       `json:"grid"`
	TileSize          int       `json:"tile_size"`
	Beak              [4]Square `json:"beak"`
	TentacleStarts    [4]Square `json:"tentacle_starts"`
	ShipStart         Square    `json:"ship_start"`
	ShipFacing        string    `json:"ship_facing"`
	GrabDice          int       `json:"grab_dice"`
	BeakDicePerSquare int       `json:"beak_dice_per_square"`
	SpinSquares       int       `json:"spin_squares"`
	SpinDice          int       `json:"spin_dice"`
}

// Square is [row, column], both from 1.
type Square [2]int

// RabbitData is Mission 7's data.
type RabbitData struct {
	kit.Sourced
	TileNames        []string            `json:"tile_names"`
	TileEnemyClasses map[string][]string `json:"tile_enemy_classes"`
}

// SiegeData is Mission 8's data: the enemies' movement path (its last
// square is the ship), the enemy deck and the excluded cards.
type SiegeData struct {
	kit.Sourced
	Path               []Square `json:"path"`
	Deck               []string `json:"deck"`
	StartEasyPositions []int    `json:"start_easy_positions"`
	Excluded           []string `json:"excluded"`
}

// KestrelData is Mission 9's data: the crystals to tractor by difficulty,
// and the squares where the enemies and crystals are placed at the start
// of the game with each enemy's class by difficulty.
type KestrelData struct {
	kit.Sourced
	CrystalsRequired map[string]int      `json:"crystals_required"`
	CrystalsOnMap    int                 `json:"crystals_on_map"`
	CrystalSquares   []Square            `json:"crystal_squares"`
	EnemySquares     []Square            `json:"enemy_squares"`
	EnemyClasses     map[string][]string `json:"enemy_classes"`
}

// PlatformData is H2's data.
type PlatformData struct {
	kit.Sourced
	Platform  Square `json:"platform"`
	ShipStart Square `json:"ship_start"`
	Saucers   int    `json:"saucers"`
}

// ThrallData is H3's data.
type ThrallData struct {
	kit.Sourced
	ThrallStartCol         map[string]int `json:"thrall_start_col"`
	ThrallSpeed            int            `json:"thrall_speed"`
	ThrallSpeedDeactivated int            `json:"thrall_speed_deactivated"`
}

// InvisibleData is H4's data.
type InvisibleData struct {
	kit.Sourced
	Crystals     [3]Square `json:"crystals"`
	EntrySquares [6]Square `json:"entry_squares"`
	RevealRange  int       `json:"reveal_range"`
}

// Part2Data is the team's own second part of Mission 10.
type Part2Data struct {
	kit.Sourced
	ScanRange int            `json:"scan_range"`
	Variants  []Part2Variant `json:"variants"`
}

// Part2Variant is how the second part differs by the last active tentacle.
type Part2Variant struct {
	Tentacle         string `json:"tentacle"`
	Title            string `json:"title"`
	ResearchTarget   int    `json:"research_target"`
	Spins            int    `json:"spins"`
	GrabDice         int    `json:"grab_dice"`
	AttackRangeBonus int    `json:"attack_range_bonus"`
	InkCloud         bool   `json:"ink_cloud"`
}

func mustParseData(b []byte) *GameData {
	var d GameData
	if err := kit.LoadData(b, nil, rule(secComponentList), &d); err != nil {
		panic(err)
	}
	if err := d.check(); err != nil {
		panic(err)
	}
	return &d
}

// parseData is the game data of a table: the embedded data file with the
// table's game_data option decoded on top of it (kit.LoadData), so a table
// may enter only what its copy prints differently, such as Mission 9's
// squares: {"m9": {"enemy_squares": [[2, 7]], ...}}; a list it gives
// replaces the embedded list whole. kit.LoadData marks the records the
// option gives table-entered. It returns a *kit.RuleError
// "bad_option" naming the first problem.
func parseData(override []byte) (*GameData, error) {
	var d GameData
	if err := kit.LoadData(defaultDataJSON, override, rule(secComponentList), &d); err != nil {
		if _, ok := kit.AsRuleError(err); ok {
			return nil, err
		}
		return nil, kit.Errorf("bad_option", rule(secComponentList), "The game_data option is not valid: %v.", err)
	}
	if err := d.check(); err != nil {
		return nil, kit.Errorf("bad_option", rule(secComponentList), "The game_data option is not valid: %v.", err)
	}
	return &d, nil
}

func (d *GameData) check() error {
	if len(d.Shields) != 4 {
		return fmt.Errorf("shields must name 4 shields")
	}
	if d.ScienceSeconds <= 0 || d.StartDraw <= 0 || d.Step1Draw <= 0 || d.StartSciencePoints <= 0 {
		return fmt.Errorf("science counts must be positive")
	}
	if d.NemesisTrack.Min >= d.NemesisTrack.Max {
		return fmt.Errorf("nemesis track min must be below max")
	}
	seen := map[string]bool{}
	for _, c := range d.Equipment {
		if seen[c.Name] || c.Name == "" {
			return fmt.Errorf("equipment name %q is empty or repeated", c.Name)
		}
		seen[c.Name] = true
		if c.Cost < 0 || c.Cost > 3 {
			return fmt.Errorf("equipment %q cost must be 1-3 or 0 for X", c.Name)
		}
		if c.Use != "once" && c.Use != "permanent" && c.Use != "uses" {
			return fmt.Errorf("equipment %q use must be once, permanent or uses", c.Name)
		}
	}
	seen = map[string]bool{}
	for _, c := range d.Components {
		if seen[c.Name] || c.Name == "" || len(c.Pieces) == 0 {
			return fmt.Errorf("component card %q is empty or repeated", c.Name)
		}
		seen[c.Name] = true
	}
	seen = map[string]bool{}
	for _, e := range d.Enemies {
		if seen[e.Name] || e.Name == "" {
			return fmt.Errorf("enemy %q is empty or repeated", e.Name)
		}
		seen[e.Name] = true
	}
	if len(d.Tentacles) != 4 {
		return fmt.Errorf("there must be 4 tentacle cards")
	}
	if d.Kraken.Grid != 2*d.Kraken.TileSize || d.Kraken.TileSize <= 0 {
		return fmt.Errorf("the Kraken grid must be 2x2 tiles")
	}
	if len(d.M9.CrystalSquares) != d.M9.CrystalsOnMap {
		return fmt.Errorf("mission 9 needs one crystal square per crystal on the map")
	}
	for _, cl := range d.M9.EnemyClasses {
		if len(cl) > len(d.M9.EnemySquares) {
			return fmt.Errorf("mission 9 lists more enemy classes than enemy squares")
		}
	}
	if len(d.M8.Path) < 2 {
		return fmt.Errorf("the Mission 8 path needs at least 2 squares")
	}
	for _, m := range d.Missions {
		if m.Grid[0] <= 0 || m.Grid[1] <= 0 {
			return fmt.Errorf("mission %s grid must be positive", m.ID)
		}
		for _, b := range m.Board.Tiles {
			if b.Rows <= 0 || b.Cols <= 0 || b.W <= 0 || b.H <= 0 || b.X < 0 || b.Y < 0 || b.X+b.W > 1 || b.Y+b.H > 1 {
				return fmt.Errorf("mission %s board tile %q must have squares and fit the unit square", m.ID, b.Label)
			}
		}
	}
	for _, id := range missionIDs {
		if d.mission(id) == nil {
			return fmt.Errorf("mission %s is missing", id)
		}
	}
	return nil
}

// missionIDs are the expansion's missions in book order.
var missionIDs = []string{"7", "8", "9", "10", "H1", "H2", "H3", "H4"}

func (d *GameData) mission(id string) *MissionData {
	return firstOf(d.Missions, func(m MissionData) bool { return m.ID == id })
}

func (d *GameData) equipmentIndex(name string) int {
	return slices.IndexFunc(d.Equipment, func(c EquipmentCard) bool { return c.Name == name })
}

func (d *GameData) tentacle(id string) *TentacleCard {
	return firstOf(d.Tentacles, func(c TentacleCard) bool { return c.ID == id })
}

// firstOf returns the first record of list that match accepts, or nil.
func firstOf[T any](list []T, match func(T) bool) *T {
	if i := slices.IndexFunc(list, match); i >= 0 {
		return &list[i]
	}
	return nil
}

func (d *GameData) variant(id string) Part2Variant {
	if v := firstOf(d.Part2.Variants, func(v Part2Variant) bool { return v.Tentacle == id }); v != nil {
		return *v
	}
	return Part2Variant{Tentacle: id, Title: "Further instructions", ResearchTarget: 5, Spins: 1, GrabDice: d.Kraken.GrabDice}
}
