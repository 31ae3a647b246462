package spacecadets

import (
	"encoding/json"
	"maps"
	"slices"

	"tablewarden/referee/kit"
)

// State is a Space Cadets table: the mission, the turn's step, the shared
// timers, the ship and enemies the app tracks, the Science station and each
// mission's own tracks. Hidden fields (deck orders, face-down component
// cards, Mission 8's enemy deck, H4's planet) are filtered in View.
type State struct {
	// DataOverride is the table's game_data option (nil: the embedded data).
	DataOverride json.RawMessage `json:"data_override,omitempty" vis:"public"`
	data         *GameData

	Mission    string   `json:"mission" vis:"public"`
	Difficulty string   `json:"difficulty" vis:"public"`
	Seats      []string `json:"seats" vis:"public"`
	Roles      Roles    `json:"roles" vis:"public"`
	// EngineeringStep is "3A", or "3B" for 2 players in missions that say so.
	EngineeringStep string         `json:"engineering_step" vis:"public"`
	StepSeconds     map[string]int `json:"step_seconds" vis:"public"`
	ScienceSeconds  int            `json:"science_seconds" vis:"public"`

	Turn   int         `json:"turn" vis:"public"`
	Step   string      `json:"step" vis:"public"`
	Timers []kit.Timer `json:"timers" vis:"public"`
	// TimersStarted names the timers started in the current step: each
	// runs once a step (the book's 30 seconds), however it ended.
	TimersStarted []string `json:"timers_started,omitempty" vis:"public"`
	// TimerPauses is the table's house rule that timers may be paused.
	TimerPauses bool `json:"timer_pauses,omitempty" vis:"public"`

	NemesisUsed bool `json:"nemesis_used" vis:"public"`
	Nemesis     int  `json:"nemesis" vis:"public"`
	Speed       *int `json:"speed" vis:"public"`
	Ship        Ship `json:"ship" vis:"public"`
	// StationDamage counts damage cards on active stations.
	StationDamage map[string]int `json:"station_damage" vis:"public"`
	Enemies       []Enemy        `json:"enemies" vis:"public"`
	NextEnemyID   int            `json:"next_enemy_id" vis:"public"`
	LastRoll      *Roll          `json:"last_roll,omitempty" vis:"public"`

	Science   Science     `json:"science" vis:"public"`
	Equipment []Equipment `json:"equipment" vis:"public"`

	Rabbit    *Rabbit    `json:"rabbit,omitempty" vis:"public"`
	Siege     *Siege     `json:"siege,omitempty" vis:"public"`
	Kestrel   *Kestrel   `json:"kestrel,omitempty" vis:"public"`
	Kraken    *Kraken    `json:"kraken,omitempty" vis:"public"`
	Thrall    *ThrallRun `json:"thrall,omitempty" vis:"public"`
	Invisible *Invisible `json:"invisible,omitempty" vis:"public"`

	End *End `json:"end,omitempty" vis:"public"`
}

// Roles are the seats holding the Captain, the Science Officer and the
// Sensors station.
type Roles struct {
	Captain        int `json:"captain" vis:"public"`
	ScienceOfficer int `json:"science_officer" vis:"public"`
	Sensors        int `json:"sensors" vis:"public"`
}

// Ship is the players' ship token. Row 0 means not placed.
type Ship struct {
	Row    int    `json:"row" vis:"public"`
	Col    int    `json:"col" vis:"public"`
	Facing string `json:"facing" vis:"public"`
}

// Enemy is an enemy ship token on the map (or destroyed).
type Enemy struct {
	ID          int    `json:"id" vis:"public"`
	Card        int    `json:"card" vis:"public"`
	Name        string `json:"name" vis:"public"`
	Class       string `json:"class" vis:"public"`
	Tile        int    `json:"tile,omitempty" vis:"public"`
	Row         int    `json:"row" vis:"public"`
	Col         int    `json:"col" vis:"public"`
	PathPos     int    `json:"path_pos,omitempty" vis:"public"`
	Locked      bool   `json:"locked" vis:"public"`
	Attached    bool   `json:"attached,omitempty" vis:"public"`
	Destroyed   bool   `json:"destroyed,omitempty" vis:"public"`
	Deactivated bool   `json:"deactivated,omitempty" vis:"public"`
	Shot        bool   `json:"shot,omitempty" vis:"public"` // shot at this turn
}

// Roll is the last shared die roll.
type Roll struct {
	Purpose string `json:"purpose" vis:"public"`
	Dice    []int  `json:"dice" vis:"public"`
	Total   int    `json:"total" vis:"public"`
}

// Science is the Science station: the Experimental Equipment deck and its
// discard pile, the Component deck, this turn's draw and build attempt.
type Science struct {
	Deck        kit.Deck[int] `json:"deck" vis:"hidden"`
	Discard     []int         `json:"discard" vis:"public"`
	CompDeck    kit.Deck[int] `json:"comp_deck" vis:"hidden"`
	CompRemoved []int         `json:"comp_removed" vis:"public"`
	StartDraw   []int         `json:"start_draw" vis:"public"`
	StartKept   []Kept        `json:"start_kept" vis:"public"`
	Drawn       []int         `json:"drawn" vis:"public"`
	ExtraDraws  int           `json:"extra_draws" vis:"public"`
	DrewEE      bool          `json:"drew_ee" vis:"public"`
	Selected    *Kept         `json:"selected,omitempty" vis:"public"`
	Attempt     *Attempt      `json:"attempt,omitempty" vis:"public"`
	Researched  bool          `json:"researched" vis:"public"`
	ResearchPts int           `json:"research_points" vis:"public"`
}

// Kept is an Experimental Equipment card with its chosen level (its cost,
// or the chosen X level).
type Kept struct {
	Card  int `json:"card" vis:"public"`
	Level int `json:"level" vis:"public"`
}

// Attempt is a Science build or a Research attempt in the Science step.
type Attempt struct {
	Kind  string `json:"kind" vis:"public"` // build or research
	Card  int    `json:"card" vis:"public"` // -1 for research
	Level int    `json:"level" vis:"public"`
	// FaceDown are the drawn Component cards before the timer starts.
	FaceDown []int `json:"face_down" vis:"hidden"`
	Revealed []int `json:"revealed" vis:"public"`
	SetAside int   `json:"set_aside" vis:"public"` // index into Revealed, -1 none
	// Status: face_down, running, check.
	Status string `json:"status" vis:"public"`
}

// Equipment is a built Experimental Equipment card held by the Captain.
// UsesLeft is -1 for permanent cards.
type Equipment struct {
	Card     int    `json:"card" vis:"public"`
	Name     string `json:"name" vis:"public"`
	Level    int    `json:"level" vis:"public"`
	UsesLeft int    `json:"uses_left" vis:"public"`
	Helm     bool   `json:"helm" vis:"public"`
}

// Rabbit is Mission 7: the tile the players are on (1–4), its Gate, the
// next tile once the Gate is open, and the arrival roll.
type Rabbit struct {
	Tile      int      `json:"tile" vis:"public"`
	TileNames []string `json:"tile_names" vis:"public"`
	GateOpen  bool     `json:"gate_open" vis:"public"`
	// GateOpenedTurn is the turn the current Gate opened: it is used "on
	// any future turn", never the turn it opens.
	GateOpenedTurn int    `json:"gate_opened_turn,omitempty" vis:"public"`
	Gate           Square `json:"gate" vis:"public"`
	NextGate       Square `json:"next_gate" vis:"public"`
	// ArrivedNow: the ship passed a Gate this turn; its remaining movement
	// is cancelled and the enemies are surprised.
	ArrivedNow bool `json:"arrived_now" vis:"public"`
	// PendingRow/PendingCol: the arrival roll was a 6 and the Captain chooses.
	PendingRow bool `json:"pending_row" vis:"public"`
	PendingCol bool `json:"pending_col" vis:"public"`
	Stabilized bool `json:"stabilized" vis:"public"`
}

// Siege is Mission 8: the hidden enemy deck and the movement die.
type Siege struct {
	Deck        []int    `json:"deck" vis:"hidden"`
	DeckLabels  []string `json:"deck_labels" vis:"public"`
	MovementDie int      `json:"movement_die" vis:"public"`
}

// Kestrel is Mission 9: crystals tractored and required.
type Kestrel struct {
	Tractored int `json:"tractored" vis:"public"`
	Required  int `json:"required" vis:"public"`
	// Crystals are the numbers (from 1) of the crystals tractored, in
	// order; empty in tables started before crystals were numbered.
	Crystals []int `json:"crystals,omitempty" vis:"public"`
}

// Kraken is Mission 10: the four tentacles and both parts' objectives.
type Kraken struct {
	Tentacles []Tentacle `json:"tentacles" vis:"public"`
	Activated bool       `json:"activated" vis:"public"` // this Step 7
	Part      int        `json:"part" vis:"public"`
	// Last is the last active tentacle once three are subdued.
	Last     string `json:"last,omitempty" vis:"public"`
	Scanned  bool   `json:"scanned" vis:"public"`
	Research int    `json:"research" vis:"public"` // science points in part 2
}

// Tentacle is one tentacle token.
type Tentacle struct {
	ID      string `json:"id" vis:"public"`
	Name    string `json:"name" vis:"public"`
	Row     int    `json:"row" vis:"public"`
	Col     int    `json:"col" vis:"public"`
	Subdued bool   `json:"subdued" vis:"public"`
}

// ThrallRun is H3: the Thrall's enemy id.
type ThrallRun struct {
	ThrallID int `json:"thrall_id" vis:"public"`
}

// Invisible is H4: which crystal hides the planet (hidden) and what has
// been turned over.
type Invisible struct {
	Planet   int       `json:"planet" vis:"hidden"`
	Revealed [3]string `json:"revealed" vis:"public"`
	Found    bool      `json:"found" vis:"public"`
}

// End is how the mission ended.
type End struct {
	Won    bool   `json:"won" vis:"public"`
	Level  string `json:"level,omitempty" vis:"public"` // minor or major
	Reason string `json:"reason" vis:"public"`
	// Code is Reason's message-catalog key and Params fill its
	// placeholders (kit.Outcome.ReasonCode and ReasonParams).
	Code   string            `json:"code,omitempty" vis:"public"`
	Params map[string]string `json:"params,omitempty" vis:"public"`
	Rule   string            `json:"rule" vis:"public"`
}

// Clone returns a deep copy that shares no mutable memory with s (the
// parsed game data is immutable and shared).
func (s *State) Clone() *State {
	c := *s
	c.DataOverride = slices.Clone(s.DataOverride)
	c.Seats = slices.Clone(s.Seats)
	c.StepSeconds = maps.Clone(s.StepSeconds)
	c.Timers = slices.Clone(s.Timers)
	if s.Speed != nil {
		v := *s.Speed
		c.Speed = &v
	}
	c.StationDamage = maps.Clone(s.StationDamage)
	c.Enemies = slices.Clone(s.Enemies)
	if s.LastRoll != nil {
		r := *s.LastRoll
		r.Dice = slices.Clone(r.Dice)
		c.LastRoll = &r
	}
	c.Science = s.Science.clone()
	c.Equipment = slices.Clone(s.Equipment)
	if s.Rabbit != nil {
		r := *s.Rabbit
		r.TileNames = slices.Clone(r.TileNames)
		c.Rabbit = &r
	}
	if s.Siege != nil {
		g := *s.Siege
		g.Deck = slices.Clone(g.Deck)
		g.DeckLabels = slices.Clone(g.DeckLabels)
		c.Siege = &g
	}
	if s.Kestrel != nil {
		k := *s.Kestrel
		k.Crystals = slices.Clone(k.Crystals)
		c.Kestrel = &k
	}
	if s.Kraken != nil {
		k := *s.Kraken
		k.Tentacles = slices.Clone(k.Tentacles)
		c.Kraken = &k
	}
	if s.Thrall != nil {
		t := *s.Thrall
		c.Thrall = &t
	}
	if s.Invisible != nil {
		v := *s.Invisible
		c.Invisible = &v
	}
	if s.End != nil {
		e := *s.End
		e.Params = maps.Clone(e.Params)
		c.End = &e
	}
	return &c
}

func (s Science) clone() Science {
	c := s
	c.Deck = s.Deck.Clone()
	c.Discard = slices.Clone(s.Discard)
	c.CompDeck = s.CompDeck.Clone()
	c.CompRemoved = slices.Clone(s.CompRemoved)
	c.StartDraw = slices.Clone(s.StartDraw)
	c.StartKept = slices.Clone(s.StartKept)
	c.Drawn = slices.Clone(s.Drawn)
	if s.Selected != nil {
		k := *s.Selected
		c.Selected = &k
	}
	if s.Attempt != nil {
		a := *s.Attempt
		a.FaceDown = slices.Clone(a.FaceDown)
		a.Revealed = slices.Clone(a.Revealed)
		c.Attempt = &a
	}
	return c
}

// D returns the game data the state was set up with.
func (s *State) D() *GameData {
	if s.data == nil {
		return defaultData
	}
	return s.data
}

func (s *State) missionData() *MissionData { return s.D().mission(s.Mission) }

func (s *State) inactive(station string) bool {
	return slices.Contains(s.missionData().Inactive, station)
}

func (s *State) timer(name string) *kit.Timer {
	for i := range s.Timers {
		if s.Timers[i].Name == name {
			return &s.Timers[i]
		}
	}
	return nil
}

func (s *State) enemy(id int) *Enemy {
	for i := range s.Enemies {
		if s.Enemies[i].ID == id {
			return &s.Enemies[i]
		}
	}
	return nil
}

// onMap reports whether an enemy is on the map (not destroyed).
func (e Enemy) onMap() bool { return !e.Destroyed }
