package nostromo

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"

	"tablewarden/referee/kit"
)

//go:embed data.json
var dataJSON []byte

// Data is the game data a table plays with: the rulebook's facts plus the
// assumed values for what the book leaves to printed components (see
// data.json). It is part of the state so that a table's overrides travel
// with it; it is never modified after Setup.
type Data struct {
	// Rooms are the room names, index 0 being room 1.
	Rooms []string `json:"rooms" vis:"public"`
	// Layout places each room on the board page's unit square (x, y from
	// 0 to 1), index 0 being room 1: a drawing layout only (assumed).
	Layout [][2]float64 `json:"layout" vis:"public"`
	// Connections are the pairs of connected rooms (Motion detector).
	Connections [][2]int `json:"connections" vis:"public"`
	// Colors are the 6 Reminder card / Crew token colors.
	Colors []string `json:"colors" vis:"public"`
	// CrewMembers are the names of the 6 crew member cards.
	CrewMembers []string `json:"crew_members" vis:"public"`
	// Procedures are the names of the 5 emergency procedures.
	Procedures []string `json:"procedures" vis:"public"`
	// ProcedureCards is how many Mission cards carry each procedure.
	ProcedureCards int `json:"procedure_cards" vis:"public"`
	// WeylandProtocols is the number of Weyland Protocol Mission cards.
	WeylandProtocols int `json:"weyland_protocols" vis:"public"`
	// BehaviourCards is the size of the Behaviour deck.
	BehaviourCards int `json:"behaviour_cards" vis:"public"`
	// FlameThrowerRoom and MotionDetectorRoom are the Items' starting rooms.
	FlameThrowerRoom   int `json:"flame_thrower_room" vis:"public"`
	MotionDetectorRoom int `json:"motion_detector_room" vis:"public"`
	// Sources says where each value comes from: "rulebook", "assumed" or
	// "table-entered".
	Sources map[string]string `json:"sources" vis:"public"`
}

// nameGroup is a group of data.json that lists names.
type nameGroup struct {
	kit.Sourced
	Names []string `json:"names"`
}

// dataFile is data.json: each group says where its values come from.
type dataFile struct {
	About  string    `json:"about"`
	Rooms  nameGroup `json:"rooms"`
	Layout struct {
		kit.Sourced
		Rooms [][2]float64 `json:"rooms"`
	} `json:"layout"`
	Connections struct {
		kit.Sourced
		Pairs [][2]int `json:"pairs"`
	} `json:"connections"`
	Colors      nameGroup `json:"colors"`
	CrewMembers nameGroup `json:"crew_members"`
	Procedures  struct {
		kit.Sourced
		Names     []string `json:"names"`
		CardsEach int      `json:"cards_each"`
	} `json:"procedures"`
	MissionDeck struct {
		kit.Sourced
		Weyland   int `json:"weyland_protocols"`
		Emergency int `json:"emergency_procedures"`
	} `json:"mission_deck"`
	BehaviourCards struct {
		kit.Sourced
		Count int `json:"count"`
	} `json:"behaviour_cards"`
	Items struct {
		kit.Sourced
		FlameThrower   int `json:"flame_thrower_room"`
		MotionDetector int `json:"motion_detector_room"`
	} `json:"items"`
}

// overrideGroups names, for each key of the table option "data", the
// data.json group it fills and that group's field: the option keeps a flat
// shape ({"connections": [[1, 2]]}), easier to type than the groups.
var overrideGroups = map[string]string{
	"connections":  "pairs",
	"colors":       "names",
	"crew_members": "names",
	"procedures":   "names",
}

// defaultData is the embedded data, decoded once; every table without an
// override shares it (Data is never modified after Setup).
var defaultData = func() *Data {
	d, err := decodeData(nil)
	if err != nil {
		panic("nostromo: data.json: " + err.Error())
	}
	return d
}()

// loadData returns the embedded data with the table's override laid over
// it. A bad override is a *kit.RuleError "bad_option".
func loadData(raw json.RawMessage) (*Data, error) {
	grouped, err := groupOverride(raw)
	if err != nil {
		return nil, err
	}
	if grouped == nil {
		return defaultData, nil
	}
	return decodeData(grouped)
}

// decodeData decodes data.json with an override in its groups' shape laid
// over it by kit.LoadData, which marks the groups the override gives as
// table-entered, and checks the result.
func decodeData(grouped json.RawMessage) (*Data, error) {
	var f dataFile
	if err := kit.LoadData(dataJSON, grouped, ruleComponents, &f); err != nil {
		return nil, err
	}
	d := f.data()
	if err := d.validate(); err != nil {
		return nil, kit.Errorf("bad_option", ruleComponents, "The data option is not valid game data: %v.", err)
	}
	if len(d.Procedures)*d.ProcedureCards != f.MissionDeck.Emergency {
		return nil, fmt.Errorf("procedures × cards_each is not the number of Emergency Procedure cards")
	}
	return d, nil
}

// groupOverride turns the option's flat keys into data.json's groups; nil
// for no override.
func groupOverride(raw json.RawMessage) (json.RawMessage, error) {
	if t := bytes.TrimSpace(raw); len(t) == 0 || string(t) == "null" {
		return nil, nil
	}
	var flat map[string]json.RawMessage
	if err := json.Unmarshal(raw, &flat); err != nil {
		return nil, kit.Errorf("bad_option", ruleComponents, "The data option is not valid game data: %v.", err)
	}
	grouped := map[string]map[string]json.RawMessage{}
	for k, v := range flat {
		field, ok := overrideGroups[k]
		if !ok {
			return nil, kit.Errorf("bad_option", ruleComponents, "The data option is not valid game data: unknown key %q.", k)
		}
		grouped[k] = map[string]json.RawMessage{field: v}
	}
	return json.Marshal(grouped)
}

// data is the table's Data from data.json's groups; each group's source
// is kept in Sources under the group's key.
func (f *dataFile) data() *Data {
	return &Data{
		Rooms:              f.Rooms.Names,
		Layout:             f.Layout.Rooms,
		Connections:        f.Connections.Pairs,
		Colors:             f.Colors.Names,
		CrewMembers:        f.CrewMembers.Names,
		Procedures:         f.Procedures.Names,
		ProcedureCards:     f.Procedures.CardsEach,
		WeylandProtocols:   f.MissionDeck.Weyland,
		BehaviourCards:     f.BehaviourCards.Count,
		FlameThrowerRoom:   f.Items.FlameThrower,
		MotionDetectorRoom: f.Items.MotionDetector,
		Sources: map[string]string{
			"rooms":        f.Rooms.Source,
			"connections":  f.Connections.Source,
			"colors":       f.Colors.Source,
			"crew_members": f.CrewMembers.Source,
			"procedures":   f.Procedures.Source,
			"mission_deck": f.MissionDeck.Source,
			"behaviour":    f.BehaviourCards.Source,
			"items":        f.Items.Source,
			"layout":       f.Layout.Source,
		},
	}
}

func (d *Data) validate() error {
	if len(d.Rooms) != 10 || len(d.Layout) != 10 {
		return fmt.Errorf("there must be 10 rooms with a layout, not %d and %d", len(d.Rooms), len(d.Layout))
	}
	for _, p := range d.Connections {
		if p[0] < 1 || p[0] > 10 || p[1] < 1 || p[1] > 10 || p[0] == p[1] {
			return fmt.Errorf("the connection from %d to %d must join two different rooms, each numbered 1 to 10", p[0], p[1])
		}
	}
	for _, l := range []struct {
		what  string
		names []string
		n     int
	}{{"colors", d.Colors, 6}, {"crew_members", d.CrewMembers, 6}, {"procedures", d.Procedures, 5}} {
		if len(l.names) != l.n {
			return fmt.Errorf("%s must list %d names, not %d", l.what, l.n, len(l.names))
		}
		seen := map[string]bool{}
		for _, s := range l.names {
			if s == "" || seen[s] {
				return fmt.Errorf("%s must be %d different non-empty names", l.what, l.n)
			}
			seen[s] = true
		}
	}
	return nil
}

// RoomName returns "4 The Kitchen".
func (d *Data) RoomName(r int) string {
	if r < 1 || r > len(d.Rooms) {
		return fmt.Sprintf("room %d", r)
	}
	return fmt.Sprintf("%d %s", r, d.Rooms[r-1])
}

// Connected returns the rooms connected to r, in increasing order.
func (d *Data) Connected(r int) []int {
	var out []int
	for _, p := range d.Connections {
		switch r {
		case p[0]:
			out = append(out, p[1])
		case p[1]:
			out = append(out, p[0])
		}
	}
	sort.Ints(out)
	j := 0
	for i, x := range out {
		if i == 0 || x != out[j-1] {
			out[j] = x
			j++
		}
	}
	return out[:j]
}

// MissionCards is the size of the Mission deck.
func (d *Data) MissionCards() int { return d.WeylandProtocols + len(d.Procedures)*d.ProcedureCards }

// IsWeyland reports whether Mission card id (1-based) is a Weyland
// Protocol card: ids 1..WeylandProtocols are, the rest carry an emergency
// procedure.
func (d *Data) IsWeyland(id int) bool { return id >= 1 && id <= d.WeylandProtocols }

// Procedure returns the index of the emergency procedure on card id, or -1
// for a Weyland Protocol card.
func (d *Data) Procedure(id int) int {
	if d.IsWeyland(id) || id < 1 || id > d.MissionCards() {
		return -1
	}
	return (id - d.WeylandProtocols - 1) / d.ProcedureCards
}

// CardName names Mission card id for screens and logs.
func (d *Data) CardName(id int) string {
	if d.IsWeyland(id) {
		return fmt.Sprintf("Mission card %d (Weyland protocol)", id)
	}
	if p := d.Procedure(id); p >= 0 {
		return fmt.Sprintf("Mission card %d (%s)", id, d.Procedures[p])
	}
	return fmt.Sprintf("Mission card %d", id)
}

// BehaviourName names Behaviour card id (1-based).
func BehaviourName(id int) string { return fmt.Sprintf("Behaviour card %d", id) }
