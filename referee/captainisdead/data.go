package captainisdead

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

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
	Name     string `json:"name" vis:"public"`
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

// DefaultData returns a fresh copy of the embedded game data.
func DefaultData() *Data {
	d, err := loadData(nil)
	if err != nil {
		panic("captainisdead: embedded data.json: " + err.Error())
	}
	return d
}

// loadData decodes the embedded data.json with a table's override on top
// (kit.LoadData), marks every group the override gives without a source
// of its own as table-entered, and checks the result. A bad override is a
// *kit.RuleError with code "bad_option" naming Setup.
func loadData(override json.RawMessage) (*Data, error) {
	base := defaultDataJSON
	if len(override) > 0 {
		// kit.LoadData decodes a list of the override into the embedded
		// list's elements, so an entry would keep the fields it does not
		// give; the lists the override gives start empty instead.
		var d Data
		if err := kit.LoadData(defaultDataJSON, nil, ruleSetup, &d); err != nil {
			return nil, err
		}
		clearLists(reflect.ValueOf(&d).Elem(), override)
		b, err := json.Marshal(&d)
		if err != nil {
			return nil, err
		}
		base = b
	}
	var d Data
	if err := kit.LoadData(base, override, ruleSetup, &d); err != nil {
		return nil, err
	}
	markEntered(reflect.ValueOf(&d).Elem(), override)
	if err := d.index(); err != nil {
		return nil, kit.Errorf("bad_option", ruleSetup, "The game data is inconsistent: %v.", err)
	}
	return &d, nil
}

// sourced is kit.Sourced embedded under an unexported name: its fields
// are promoted in data.json as usual, and the state's visibility check
// does not need tags inside it (all game data is public).
type sourced = kit.Sourced

// grouped is a group of game data with its source.
type grouped interface{ group() *kit.Sourced }

func (c *Count) group() *kit.Sourced      { return &c.sourced }
func (l *Location) group() *kit.Sourced   { return &l.sourced }
func (a *Alias) group() *kit.Sourced      { return &a.sourced }
func (c *Connection) group() *kit.Sourced { return &c.sourced }
func (p *PatrolPath) group() *kit.Sourced { return &p.sourced }
func (s *SystemData) group() *kit.Sourced { return &s.sourced }
func (r *RoleData) group() *kit.Sourced   { return &r.sourced }
func (c *ColourData) group() *kit.Sourced { return &c.sourced }
func (a *AlienData) group() *kit.Sourced  { return &a.sourced }
func (t *ToolData) group() *kit.Sourced   { return &t.sourced }
func (r *RepairCost) group() *kit.Sourced { return &r.sourced }
func (l *Layout) group() *kit.Sourced     { return &l.sourced }

// markEntered walks the override's JSON alongside v: every group (a struct
// embedding kit.Sourced) that the override gives without saying its source
// becomes kit.SourceTableEntered.
func markEntered(v reflect.Value, raw json.RawMessage) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			markEntered(v.Elem(), raw)
		}
	case reflect.Slice:
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil {
			return
		}
		for i := 0; i < v.Len() && i < len(items); i++ {
			markEntered(v.Index(i), items[i])
		}
	case reflect.Struct:
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &fields) != nil || fields == nil {
			return
		}
		if g, ok := v.Addr().Interface().(grouped); ok {
			if _, given := fields["source"]; !given {
				g.group().Source = kit.SourceTableEntered
			}
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if sub, ok := fields[name]; ok && f.IsExported() {
				markEntered(v.Field(i), sub)
			}
		}
	}
}

// clearLists empties every list of v (a struct) that raw gives, at any
// depth of nested objects.
func clearLists(v reflect.Value, raw json.RawMessage) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return
	}
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		sub, ok := fields[name]
		if !ok || !f.IsExported() || f.Anonymous {
			continue
		}
		switch f.Type.Kind() {
		case reflect.Slice:
			v.Field(i).SetZero()
		case reflect.Struct:
			clearLists(v.Field(i), sub)
		}
	}
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

// index checks the data and builds the lookup tables.
func (d *Data) index() error {
	d.locIndex = map[string]int{}
	for i, l := range d.Locations {
		if l.Name == "" {
			return fmt.Errorf("location %d has no name", i)
		}
		if _, dup := d.locIndex[l.Name]; dup {
			return fmt.Errorf("location %q is listed twice", l.Name)
		}
		d.locIndex[l.Name] = i
	}
	for _, a := range d.Aliases {
		r, ok := d.locIndex[a.Room]
		if !ok {
			return fmt.Errorf("alias %q names unknown room %q", a.Name, a.Room)
		}
		if _, dup := d.locIndex[a.Name]; dup {
			return fmt.Errorf("alias %q is also a location", a.Name)
		}
		d.locIndex[a.Name] = r
	}
	for name, p := range d.Layout.Rooms {
		if _, ok := d.locIndex[name]; !ok {
			return fmt.Errorf("the layout places unknown room %q", name)
		}
		if p.X < 0 || p.X > 1 || p.Y < 0 || p.Y > 1 {
			return fmt.Errorf("the layout places %q off the unit square", name)
		}
	}
	if d.room("Infirmary") < 0 {
		return fmt.Errorf("there must be an Infirmary")
	}
	n := len(d.Locations)
	adj := make([][]bool, n)
	for i := range adj {
		adj[i] = make([]bool, n)
	}
	for _, c := range d.Connections {
		a, b := d.room(c.A), d.room(c.B)
		if a < 0 || b < 0 || c.A == c.B {
			return fmt.Errorf("connection %q–%q names an unknown room or a room twice", c.A, c.B)
		}
		if a == b {
			continue // two names of one room (an alias)
		}
		adj[a][b], adj[b][a] = true, true
	}
	d.dist = make([][]int, n)
	for s := range n {
		dist := make([]int, n)
		for i := range dist {
			dist[i] = -1
		}
		dist[s] = 0
		queue := []int{s}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for y := range n {
				if adj[x][y] && dist[y] < 0 {
					dist[y] = dist[x] + 1
					queue = append(queue, y)
				}
			}
		}
		d.dist[s] = dist
	}
	d.pathNext = map[int]int{}
	p := d.PatrolPath.Rooms
	for i, name := range p {
		a, b := d.room(name), d.room(p[(i+1)%len(p)])
		if a < 0 || b < 0 {
			return fmt.Errorf("patrol path names an unknown room")
		}
		if _, dup := d.pathNext[a]; dup {
			return fmt.Errorf("patrol path passes %q twice", name)
		}
		if len(p) > 1 && d.dist[a][b] != 1 {
			return fmt.Errorf("patrol path steps from %q to %q, which are not connected", name, p[(i+1)%len(p)])
		}
		if len(p) > 1 {
			d.pathNext[a] = b
		}
	}
	d.systemIndex = map[string]int{}
	for i, s := range d.Systems {
		if d.room(s.Location) < 0 {
			return fmt.Errorf("system %q sits in unknown room %q", s.Name, s.Location)
		}
		if s.Repair.Count < 0 {
			return fmt.Errorf("system %q has a negative repair cost", s.Name)
		}
		if _, dup := d.systemIndex[s.Name]; dup {
			return fmt.Errorf("system %q is listed twice", s.Name)
		}
		d.systemIndex[s.Name] = i
	}
	d.roleIndex = map[string]int{}
	for i, r := range d.Roles {
		if d.room(r.Start) < 0 {
			return fmt.Errorf("role %q starts in unknown room %q", r.Name, r.Start)
		}
		if r.Actions < 0 || r.Hand < 0 {
			return fmt.Errorf("role %q has a negative action count or hand size", r.Name)
		}
		if _, dup := d.roleIndex[r.Name]; dup {
			return fmt.Errorf("role %q is listed twice", r.Name)
		}
		d.roleIndex[r.Name] = i
	}
	d.colourByName = map[string]int{}
	used := map[string]bool{}
	for i, c := range d.Colours {
		if len(c.Roles) != 3 {
			return fmt.Errorf("colour %q must have 3 roles", c.Name)
		}
		for _, r := range c.Roles {
			if _, ok := d.roleIndex[r]; !ok || used[r] {
				return fmt.Errorf("colour %q names unknown or repeated role %q", c.Name, r)
			}
			used[r] = true
		}
		d.colourByName[c.Name] = i
	}
	if len(d.Aliens) != numRanks {
		return fmt.Errorf("aliens must list the 5 ranks in order")
	}
	for i, a := range d.Aliens {
		if a.Rank != Ranks[i] || a.Count < 0 {
			return fmt.Errorf("aliens must list the 5 ranks in order (%s)", Ranks[i])
		}
		d.alienSupply[i] = a.Count
	}
	if d.alienSupply[Commander] != 4 {
		return fmt.Errorf("there are exactly 4 Commanders")
	}
	if slices.ContainsFunc(d.Tools, func(t ToolData) bool { return t.Name == "" }) {
		return fmt.Errorf("a tool has no name")
	}
	c := d.Counts
	for _, v := range []Count{c.YellowAlerts, c.OrangeAlerts, c.RedAlerts, c.SetupAlerts, c.Grenades, c.ScentBombs, c.Honeypots, c.Contraband, c.Veterans, c.Skills, c.SkillsDealt, c.CargoPodSkills} {
		if v.Value < 0 {
			return fmt.Errorf("a count is negative")
		}
	}
	ac := d.ActionCosts
	for _, v := range []Count{ac.Move, ac.Kill, ac.KillLieutenant, ac.ScentBomb, ac.Grenade, ac.System} {
		if v.Value < 0 {
			return fmt.Errorf("an action cost is negative")
		}
	}
	if d.SurveillancePeek.Value < 0 {
		return fmt.Errorf("surveillance_peek is negative")
	}
	if d.MinPlayers.Value < 1 {
		return fmt.Errorf("min_players must be at least 1")
	}
	d.choices()
	return nil
}

// choices precomputes the choice values the views offer.
func (d *Data) choices() {
	n := len(d.Locations)
	d.roomChoice = make([]kit.Choice, n)
	d.alienChoice = make([][numRanks]kit.Choice, n)
	d.moveChoice = make([][][numRanks]kit.Choice, n)
	for r, l := range d.Locations {
		d.roomChoice[r] = kit.Choice{Value: l.Name, Label: l.Name}
		d.moveChoice[r] = make([][numRanks]kit.Choice, n)
		for k, rank := range Ranks {
			d.alienChoice[r][k] = kit.Choice{Value: alienKey(k, l.Name), Label: rank + " in the " + l.Name}
			for to, t := range d.Locations {
				d.moveChoice[r][to][k] = kit.Choice{Value: moveKey(k, l.Name, t.Name), Label: rank + ": " + l.Name + " → " + t.Name}
			}
		}
	}
	d.adjChoice = make([][]kit.Choice, n)
	for r := range n {
		for to := range n {
			if d.dist[r][to] == 1 {
				d.adjChoice[r] = append(d.adjChoice[r], d.roomChoice[to])
			}
		}
	}
	d.placeValue = make([][]any, len(d.Colours))
	for seat := range d.placeValue {
		d.placeValue[seat] = make([]any, n)
		for r, l := range d.Locations {
			d.placeValue[seat][r] = strconv.Itoa(seat) + "|" + l.Name
		}
	}
	d.systemChoice = make([]kit.Choice, len(d.Systems))
	for i, sy := range d.Systems {
		d.systemChoice[i] = kit.Choice{Value: sy.Name, Label: sy.Name}
	}
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
