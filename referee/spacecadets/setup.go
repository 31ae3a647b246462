package spacecadets

import (
	"encoding/json"
	"strconv"

	"tablewarden/referee/kit"
)

// maxPlayers is the base game's crew size limit (assumed: the book gives
// none; two players only where a mission allows it).
const maxPlayers = 6

// defaultRoles spreads the stations the app tracks over n players in
// joining order, one station a player while there are players for them:
// the first to join is the Captain, the second runs Sensors, the last is
// the Science Officer (with two players, the second runs Sensors and
// Science). The book prints no table of stations by player count (the
// base game's is not in it) and lets any player be the Science Officer;
// this spread is the team's, marked assumed, and the host changes it in
// the lobby.
func defaultRoles(n int) Roles {
	return Roles{Captain: 0, Sensors: min(1, n-1), ScienceOfficer: n - 1}
}

// rolesPerPlayers is a role's default seat for each player count, for the
// lobby (kit.OptionSpec.PerPlayers).
func rolesPerPlayers(seat func(Roles) int) map[string]int {
	out := map[string]int{}
	for n := 2; n <= maxPlayers; n++ {
		out[strconv.Itoa(n)] = seat(defaultRoles(n))
	}
	return out
}

// Setup builds a mission. It returns a *kit.RuleError "bad_option" for an
// invalid option or game data and "player_count" for a crew the mission does
// not allow (2 players only in Missions 8, 9 and H1).
func (g *Game) Setup(opts json.RawMessage, seats []string, ctx kit.Ctx) (kit.State, error) {
	o, err := decodeOptions(opts)
	if err != nil {
		return nil, err
	}
	d := defaultData
	var override json.RawMessage
	if len(o.GameData) > 0 && string(o.GameData) != "null" {
		var err error
		if d, err = parseData(o.GameData); err != nil {
			return nil, err
		}
		override = o.GameData
	}
	md := d.mission(o.Mission)
	if md == nil {
		return nil, kit.Errorf("bad_option", rule(secMissions), "There is no mission %q.", o.Mission)
	}
	n := len(seats)
	if n < 2 || n > maxPlayers {
		return nil, kit.Errorf("player_count", rule(secMissions), "Space Cadets needs 2 to %d players; this table has %d.", maxPlayers, n)
	}
	if n == 2 && !md.TwoPlayers {
		return nil, kit.Errorf("player_count", rule(missionSection(md.ID)), "Mission %s cannot be played by two players; only missions with inactive stations that say so (8, 9, H1) can.", md.ID)
	}
	roles := Roles{Captain: o.CaptainSeat, ScienceOfficer: o.ScienceSeat, Sensors: o.SensorsSeat}
	def := defaultRoles(n)
	if roles.ScienceOfficer < 0 {
		roles.ScienceOfficer = def.ScienceOfficer
	}
	if roles.Sensors < 0 {
		roles.Sensors = def.Sensors
	}
	for _, r := range []struct {
		name string
		seat int
	}{{"captain_seat", roles.Captain}, {"science_seat", roles.ScienceOfficer}, {"sensors_seat", roles.Sensors}} {
		if r.seat >= n {
			return nil, kit.Errorf("bad_option", optionRule(r.name), "The %s is Player %d but the table has %d players.", roleOption[r.name], r.seat+1, n)
		}
	}
	s := &State{
		DataOverride:    override,
		data:            d,
		Mission:         md.ID,
		Difficulty:      o.Difficulty,
		Seats:           append([]string(nil), seats...),
		Roles:           roles,
		EngineeringStep: "3A",
		TimerPauses:     o.TimerPauses,
		StepSeconds:     map[string]int{"3A": md.StepSeconds["3A"], "3B": md.StepSeconds["3B"]},
		ScienceSeconds:  d.ScienceSeconds,
		Step:            "setup",
		StationDamage:   map[string]int{},
		NextEnemyID:     1,
	}
	if override == nil {
		s.data = nil // the embedded data; Decode resolves it the same way
	}
	switch {
	case o.EngineeringStep == "3A" || o.EngineeringStep == "3B":
		s.EngineeringStep = o.EngineeringStep
	case n == 2 && md.Engineering3BTwoPlayers:
		s.EngineeringStep = "3B"
	}
	if o.Step3ASeconds > 0 {
		s.StepSeconds["3A"] = o.Step3ASeconds
	}
	if o.Step3BSeconds > 0 {
		s.StepSeconds["3B"] = o.Step3BSeconds
	}
	if o.ScienceSeconds > 0 {
		s.ScienceSeconds = o.ScienceSeconds
	}
	for _, k := range []string{"3A", "3B"} {
		if s.StepSeconds[k] <= 0 {
			s.StepSeconds[k] = 30
		}
	}
	// Each timer carries the table's length from the start, so that every
	// screen can show it before the timer runs.
	s.Timers = []kit.Timer{
		{Name: "science", Label: "Science step", DurationMS: int64(s.ScienceSeconds) * 1000},
		{Name: "step3a", Label: "Step 3A", DurationMS: int64(s.StepSeconds["3A"]) * 1000},
		{Name: "step3b", Label: "Step 3B", DurationMS: int64(s.StepSeconds["3B"]) * 1000},
	}
	switch {
	case md.NemesisByDifficulty != nil:
		s.NemesisUsed, s.Nemesis = true, md.NemesisByDifficulty[o.Difficulty]
	case md.NemesisStart != nil:
		s.NemesisUsed, s.Nemesis = true, *md.NemesisStart
	}
	if md.StartSpeed != nil {
		v := *md.StartSpeed
		s.Speed = &v
	}
	setupScience(s, ctx.RNG)
	setupMission(s, ctx.RNG)
	return s, nil
}

// decodeOptions reads the table options: a "bad_option" refusal names the
// section of the book its option comes from (its OptionSpec.Rule; Missions
// for an unknown option).
func decodeOptions(raw json.RawMessage) (Options, error) {
	o := defaultOptions()
	err := kit.DecodeOptionsIn(raw, info.Options, &o, rule(secMissions))
	return o, err
}

var roleOption = map[string]string{"captain_seat": "Captain", "science_seat": "Science Officer", "sensors_seat": "Sensors player"}

// optionRule returns the rule of the table option named name.
func optionRule(name string) string {
	for _, o := range info.Options {
		if o.Name == name {
			return o.Rule
		}
	}
	return rule(secMissions)
}

// setupScience shuffles both decks and draws the five starting cards.
func setupScience(s *State, rng *kit.RNG) {
	d := s.D()
	ee := make([]int, len(d.Equipment))
	for i := range ee {
		ee[i] = i
	}
	s.Science.Deck = kit.NewDeck(ee...)
	s.Science.Deck.Shuffle(rng)
	cc := make([]int, len(d.Components))
	for i := range cc {
		cc[i] = i
	}
	s.Science.CompDeck = kit.NewDeck(cc...)
	s.Science.CompDeck.Shuffle(rng)
	for i := 0; i < d.StartDraw; i++ {
		c, ok := drawEE(s, rng)
		if !ok {
			break
		}
		s.Science.StartDraw = append(s.Science.StartDraw, c)
	}
}

// setupMission places each mission's pieces.
func setupMission(s *State, rng *kit.RNG) {
	d := s.D()
	switch s.Mission {
	case "7":
		names := append([]string(nil), d.M7.TileNames...)
		first := rng.Intn(len(names))
		s.Rabbit = &Rabbit{Tile: 1, TileNames: []string{names[first]}}
		r, c, _ := placementRoll(rng)
		s.Rabbit.Gate = Square{r, c}
		placeTileEnemies(s, rng, 1, len(d.M7.TileEnemyClasses[s.Difficulty]), "")
	case "8":
		path := d.M8.Path
		last := path[len(path)-1]
		s.Ship = Ship{Row: last[0], Col: last[1], Facing: "N"}
		s.Siege = &Siege{}
		for _, pos := range d.M8.StartEasyPositions {
			if c, ok := drawEnemyCard(s, rng, siegeFilter(s, "easy"), false); ok {
				e := addEnemy(s, c, 0, path[pos][0], path[pos][1])
				e.PathPos = pos
			}
		}
		for _, label := range d.M8.Deck {
			c, ok := drawEnemyCard(s, rng, siegeFilter(s, classOfLabel(label)), false)
			if !ok {
				continue
			}
			s.Siege.Deck = append(s.Siege.Deck, c)
			s.Siege.DeckLabels = append(s.Siege.DeckLabels, label)
		}
	case "9":
		s.Kestrel = &Kestrel{Required: d.M9.CrystalsRequired[s.Difficulty]}
		for i, class := range d.M9.EnemyClasses[s.Difficulty] {
			sq := d.M9.EnemySquares[i]
			if c, ok := drawEnemyCard(s, rng, func(e EnemyCard) bool { return e.Class == class }, false); ok {
				addEnemy(s, c, 0, sq[0], sq[1])
			}
		}
	case "10":
		k := d.Kraken
		s.Kraken = &Kraken{Part: 1}
		perm := rng.Perm(4)
		for i, t := range d.Tentacles {
			sq := k.TentacleStarts[perm[i]]
			s.Kraken.Tentacles = append(s.Kraken.Tentacles, Tentacle{ID: t.ID, Name: t.Name, Row: sq[0], Col: sq[1]})
		}
		s.Ship = Ship{Row: k.ShipStart[0], Col: k.ShipStart[1], Facing: k.ShipFacing}
	case "H2":
		s.Ship = Ship{Row: d.H2.ShipStart[0], Col: d.H2.ShipStart[1], Facing: "N"}
		for i := 0; i < d.H2.Saucers; i++ {
			if c, ok := drawEnemyCard(s, rng, func(e EnemyCard) bool { return e.Saucer }, false); ok {
				addEnemy(s, c, 0, 0, 0)
			}
		}
		if c := enemyCardByName(d, "Thrall"); c >= 0 {
			addEnemy(s, c, 0, 0, 0)
		}
	case "H3":
		if c := enemyCardByName(d, "Saucer Leader"); c >= 0 {
			addEnemy(s, c, 0, 0, 0)
		}
		for i := 0; i < 2; i++ {
			if c, ok := drawEnemyCard(s, rng, func(e EnemyCard) bool { return e.Saucer }, false); ok {
				addEnemy(s, c, 0, 0, 0)
			}
		}
		if c := enemyCardByName(d, "Thrall"); c >= 0 {
			e := addEnemy(s, c, 0, (s.missionData().Grid[0]+1)/2, d.H3.ThrallStartCol[s.Difficulty])
			s.Thrall = &ThrallRun{ThrallID: e.ID}
		}
	case "H4":
		s.Invisible = &Invisible{Planet: rng.Intn(3)}
		for i := 0; i < 2; i++ {
			if c, ok := drawEnemyCard(s, rng, func(e EnemyCard) bool { return e.Saucer }, false); ok {
				addEnemy(s, c, 0, 0, 0)
			}
		}
		extra := map[string]int{"normal": 1, "hard": 2}[s.Difficulty]
		used := map[int]bool{}
		for i := 0; i < extra; i++ {
			sq := rng.Die(6)
			for used[sq] {
				sq = rng.Die(6)
			}
			used[sq] = true
			if c, ok := drawEnemyCard(s, rng, historical, true); ok {
				p := d.H4.EntrySquares[sq-1]
				addEnemy(s, c, 0, p[0], p[1])
			}
		}
	}
}

func classOfLabel(label string) string {
	switch label[0] {
	case 'E':
		return "easy"
	case 'N':
		return "normal"
	case 'H':
		return "hard"
	}
	return ""
}

func historical(e EnemyCard) bool { return e.Class == "historical" }

// siegeFilter is Mission 8's pool: the class, without the excluded cards
// and without cards already in the hidden deck.
func siegeFilter(s *State, class string) func(EnemyCard) bool {
	d := s.D()
	return func(e EnemyCard) bool {
		if e.Class != class {
			return false
		}
		for _, x := range d.M8.Excluded {
			if x == e.Name {
				return false
			}
		}
		for _, c := range s.Siege.Deck {
			if d.Enemies[c].Name == e.Name {
				return false
			}
		}
		return true
	}
}
