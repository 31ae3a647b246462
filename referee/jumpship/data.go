package jumpship

import (
	_ "embed"
	"strconv"

	"tablewarden/referee/kit"
)

//go:embed data.json
var dataJSON []byte

// The token kinds of the bag (Components).
const (
	Countdown = "Countdown"
	Target    = "Target"
	Scan      = "Scan"
	Command   = "Command"
	Repair    = "Repair"
	Medical   = "Medical"
)

// tokenKinds is the order kinds are listed in (bag filling, views).
var tokenKinds = []string{Countdown, Target, Scan, Command, Repair, Medical}

// The roles (Role Rank), highest rank first.
const (
	Captain   = "Captain"
	FirstMate = "First Mate"
	Pilot     = "Pilot"
	Engineer  = "Engineer"
	Scientist = "Scientist"
	Doctor    = "Doctor"
	Diplomat  = "Diplomat"
	Chef      = "Chef"
	Security  = "Security"
	Stowaway  = "Stowaway"
)

// The Bio IDs (Set Up).
const (
	Human = "Human"
	Alien = "Alien"
	Queen = "Alien Queen"
)

// The sides that can win (Object).
const (
	SideHumans = "Humans"
	SideAliens = "Aliens"
)

// QuarantineCard is one of the three Quarantine cards. Its text is not in
// the rulebook (see data.json); each card says where it comes from.
type QuarantineCard struct {
	Name        string `json:"name" vis:"public"`
	Text        string `json:"text" vis:"public"`
	kit.Sourced `vis:"public"`
}

// Data is the game data of data.json. Each group says where its values
// come from (kit.Sourced).
type Data struct {
	About  string `json:"about"`
	BioIDs struct {
		kit.Sourced
		Chart map[string]struct {
			Humans int `json:"humans"`
			Aliens int `json:"aliens"`
		} `json:"chart"`
	} `json:"bio_ids"`
	Tokens struct {
		kit.Sourced
		Counts map[string]int `json:"counts"`
	} `json:"tokens"`
	Roles struct {
		kit.Sourced
		Rank []string `json:"rank"`
		// Abilities are the Special Abilities as the phones show them.
		Abilities map[string]string `json:"abilities"`
	} `json:"roles"`
	RepairTrack struct {
		kit.Sourced
		Spaces     int `json:"spaces"`
		ScannersAt int `json:"scanners_at"`
	} `json:"repair_track"`
	Scan struct {
		kit.Sourced
		Need            int `json:"need"`
		Return          int `json:"return"`
		ScientistNeed   int `json:"scientist_need"`
		ScientistReturn int `json:"scientist_return"`
	} `json:"scan"`
	CountdownTracks struct {
		kit.Sourced
		Lengths []int `json:"lengths"`
	} `json:"countdown_tracks"`
	QuarantineCards struct {
		kit.Sourced
		Cards []QuarantineCard `json:"cards"`
	} `json:"quarantine_cards"`
}

// data is the parsed data.json; loadData panics at init on a broken file,
// which every test catches.
var data = loadData()

func loadData() Data {
	var d Data
	if err := kit.LoadData(dataJSON, nil, ruleSetUp, &d); err != nil {
		panic("jumpship: data.json: " + err.Error())
	}
	return d
}

// bioChart returns the numbers of Humans and Aliens (Queen excluded) for n
// players, and false when the chart has no column for n.
func bioChart(n int) (humans, aliens int, ok bool) {
	c, ok := data.BioIDs.Chart[strconv.Itoa(n)]
	return c.Humans, c.Aliens, ok
}

// rank returns a role's position on the rank chart, 0 for the Captain.
func rank(role string) int {
	for i, r := range data.Roles.Rank {
		if r == role {
			return i
		}
	}
	return len(data.Roles.Rank)
}

// totalTokens is the number of tokens of every kind in the game.
func totalTokens() int {
	n := 0
	for _, c := range data.Tokens.Counts {
		n += c
	}
	return n
}
