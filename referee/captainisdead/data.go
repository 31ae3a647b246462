package captainisdead

import (
	_ "embed"
	"strconv"

	"tablewarden/referee/kit"
)

//go:embed data.json
var defaultDataJSON []byte

// Ranks are the five alien ranks, lowest first (How Aliens Work).
var Ranks = []string{"Infantry", "Patrol", "Lieutenant", "Hacker", "Commander"}

// The rank indexes.
const (
	Infantry = iota
	Patrol
	Lieutenant
	HackerAlien
	Commander
	numRanks
)

// Data is the game data the book leaves to printed components: the Episode 1
// board, patrol path, roles and component counts. Every entry says where its
// value comes from ("rulebook", "assumed" or "table-entered").
type Data struct {
	Note        string       `json:"note,omitempty" vis:"public"`
	MinPlayers  Count        `json:"min_players" vis:"public"`
	Locations   []Location   `json:"locations" vis:"public"`
	Aliases     []Alias      `json:"aliases" vis:"public"`
	AliasesNote string       `json:"aliases_note,omitempty" vis:"public"`
	Connections []Connection `json:"connections" vis:"public"`
	Layout      Layout       `json:"layout" vis:"public"`
	PatrolPath  PatrolPath   `json:"patrol_path" vis:"public"`
	Systems     []SystemData `json:"systems" vis:"public"`
	Roles       []RoleData   `json:"roles" vis:"public"`
	RolesNote   string       `json:"roles_note,omitempty" vis:"public"`
	Colours     []ColourData `json:"colours" vis:"public"`
	Aliens      []AlienData  `json:"aliens" vis:"public"`
	Tools       []ToolData   `json:"tools" vis:"public"`
	// AlertCards are the alert cards the data knows, with their effects;
	// AlertCardsNote says where they come from.
	AlertCards     []AlertCard `json:"alert_cards" vis:"public"`
	AlertCardsNote string      `json:"alert_cards_note,omitempty" vis:"public"`
	// SurveillancePeek is how many alert cards the Surveillance Scanners
	// show.
	SurveillancePeek Count       `json:"surveillance_peek" vis:"public"`
	Counts           Counts      `json:"counts" vis:"public"`
	ActionCosts      ActionCosts `json:"action_costs" vis:"public"`
	locIndex         map[string]int
	dist             [][]int
	roleIndex        map[string]int
	pathNext         map[int]int
	alienSupply      [numRanks]int
	systemIndex      map[string]int
	colourByName     map[string]int
	// Choice values precomputed for the views.
	roomChoice   []kit.Choice
	systemChoice []kit.Choice
	alienChoice  [][numRanks]kit.Choice   // [room][rank]
	moveChoice   [][][numRanks]kit.Choice // [from][to][rank]
	adjChoice    [][]kit.Choice           // [room] the adjacent rooms
	placeValue   [][]any                  // [seat][room] "seat|room"
}

// placeValues returns the place_character values of a seat, one per room.
func (d *Data) placeValues(seat int) []any {
	if seat < len(d.placeValue) {
		return d.placeValue[seat]
	}
	out := make([]any, len(d.Locations))
	for r, l := range d.Locations {
		out[r] = strconv.Itoa(seat) + "|" + l.Name
	}
	return out
}

// Count is one number with its source.
type Count struct {
	Value int `json:"value" vis:"public"`
	sourced
}

// Location is one room of the board.
type Location struct {
	Name string `json:"name" vis:"public"`
	sourced
}

// Alias makes a name another name of a room (CPU Core for Computer Core).
type Alias struct {
	Name string `json:"name" vis:"public"`
	Room string `json:"room" vis:"public"`
	sourced
}

// Connection is a door between two rooms.
type Connection struct {
	A string `json:"a" vis:"public"`
	B string `json:"b" vis:"public"`
	sourced
}

// Layout places the rooms on the board page: a drawing layout only.
type Layout struct {
	Rooms map[string]Point `json:"rooms" vis:"public"`
	sourced
}

// Point is a position on the unit square (0,0 top left).
type Point struct {
	X float64 `json:"x" vis:"public"`
	Y float64 `json:"y" vis:"public"`
}

// PatrolPath is the cycle of rooms Patrol aliens step along.
type PatrolPath struct {
	Rooms []string `json:"rooms" vis:"public"`
	sourced
}

// SystemData is one of the 9 system cards and the room it sits in.
type SystemData struct {
	// Name is the system's key: what the moves name it by.
	Name string `json:"name" vis:"public"`
	// Label, when set, is what players read for a system whose name the
	// Lockdown book does not print (one of the five Episode 1 systems it
	// leaves on the board): the spot on the ship it sits on, until the
	// table enters the name printed on its card.
	Label    string `json:"label,omitempty" vis:"public"`
	Location string `json:"location" vis:"public"`
	// LocationSource says where Location comes from: the book sets the
	// systems on the board's spots but does not print the board.
	LocationSource string     `json:"location_source" vis:"public"`
	Repair         RepairCost `json:"repair" vis:"public"`
	sourced
}

// RepairCost is what repairing a system costs in skill cards of one kind
// (an Episode 1 value the table enters).
type RepairCost struct {
	Skill string `json:"skill" vis:"public"`
	Count int    `json:"count" vis:"public"`
	sourced
}

// RoleData is one role card.
type RoleData struct {
	Name         string         `json:"name" vis:"public"`
	Actions      int            `json:"actions" vis:"public"`
	Hand         int            `json:"hand" vis:"public"`
	Rank         int            `json:"rank" vis:"public"`
	Start        string         `json:"start" vis:"public"`
	Discounts    map[string]int `json:"discounts,omitempty" vis:"public"`     // skill kind → cards saved per repair
	Unharmed     bool           `json:"unharmed,omitempty" vis:"public"`      // never injured nor escorted (Hologram, Sympathizer)
	Unseen       bool           `json:"unseen,omitempty" vis:"public"`        // never sounds an alarm when found (Sympathizer)
	NeverKills   bool           `json:"never_kills,omitempty" vis:"public"`   // never kills an alien (Sympathizer)
	QuietSystems bool           `json:"quiet_systems,omitempty" vis:"public"` // no alarm bringing a system online (Hacker)
	RankSource   string         `json:"rank_source,omitempty" vis:"public"`
	StartSource  string         `json:"start_source,omitempty" vis:"public"`
	sourced
}

// ColourData is a pawn colour and its three role cards.
type ColourData struct {
	Name  string   `json:"name" vis:"public"`
	Roles []string `json:"roles" vis:"public"`
	sourced
}

// AlienData is the number of hostile alien pawns of a rank.
type AlienData struct {
	Rank  string `json:"rank" vis:"public"`
	Count int    `json:"count" vis:"public"`
	sourced
}

// ToolData is one tool card.
type ToolData struct {
	Name string `json:"name" vis:"public"`
	sourced
}

// Counts are the component counts.
type Counts struct {
	YellowAlerts   Count `json:"yellow_alerts" vis:"public"`
	OrangeAlerts   Count `json:"orange_alerts" vis:"public"`
	RedAlerts      Count `json:"red_alerts" vis:"public"`
	SetupAlerts    Count `json:"setup_alerts" vis:"public"`
	Grenades       Count `json:"grenades" vis:"public"`
	ScentBombs     Count `json:"scent_bombs" vis:"public"`
	Honeypots      Count `json:"honeypots" vis:"public"`
	Contraband     Count `json:"contraband" vis:"public"`
	Veterans       Count `json:"veterans" vis:"public"`
	Skills         Count `json:"skills" vis:"public"`
	SkillsDealt    Count `json:"skills_dealt" vis:"public"`
	CargoPodSkills Count `json:"cargo_pod_skills" vis:"public"`
}

// ActionCosts are the actions each kind of action costs.
type ActionCosts struct {
	Move           Count `json:"move" vis:"public"`
	Kill           Count `json:"kill" vis:"public"`
	KillLieutenant Count `json:"kill_lieutenant" vis:"public"`
	ScentBomb      Count `json:"scent_bomb" vis:"public"`
	Grenade        Count `json:"grenade" vis:"public"`
	System         Count `json:"system" vis:"public"`
}

// roleNames lists every role.
func (d *Data) roleNames() []string {
	out := make([]string, len(d.Roles))
	for i, r := range d.Roles {
		out[i] = r.Name
	}
	return out
}

// room resolves a room name or alias to its index, or -1.
func (d *Data) room(name string) int {
	if i, ok := d.locIndex[name]; ok {
		return i
	}
	return -1
}

// adjacent reports whether rooms a and b share a door.
func (d *Data) adjacent(a, b int) bool { return d.dist[a][b] == 1 }

// role returns a role by name.
func (d *Data) role(name string) (RoleData, bool) {
	i, ok := d.roleIndex[name]
	if !ok {
		return RoleData{}, false
	}
	return d.Roles[i], true
}

// maxPlayers is the number of colours, capped by the veteran cards.
func (d *Data) maxPlayers() int {
	return min(len(d.Colours), d.Counts.Veterans.Value)
}
