package spacecadets

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

type missionView struct {
	Name             string   `json:"name"`
	StartingSpeed    string   `json:"starting_speed"`
	NemesisMarker    string   `json:"nemesis_marker"`
	InactiveStations []string `json:"inactive_stations"`
	TwoPlayers       bool     `json:"two_players_allowed"`
	SpecialRules     []string `json:"special_rules"`
	MinorObjective   string   `json:"minor_objective"`
	MajorObjective   string   `json:"major_objective,omitempty"`
}

type enemyView struct {
	ID         int    `json:"id"`
	Name       string `json:"name"`
	Class      string `json:"class" enum:"easy,normal,hard,historical"`
	ClassLabel string `json:"class_label"`
	Where      string `json:"where"`
	LockedOn   bool   `json:"locked_on"`
	Abilities  string `json:"abilities"`
	Status     string `json:"status,omitempty"`
}

type cardView struct {
	// Name is the card's key in the moves (a placeholder where the data
	// has no printed name); Title is its name for players ("Card 5"
	// without one) and Label the whole card in one line.
	Name  string `json:"name"`
	Title string `json:"title"`
	Cost  string `json:"cost"`
	// Points is its cost in words: "2 Science points".
	Points string `json:"points"`
	Use    string `json:"use"`
	Label  string `json:"label"`
}

// keptView is an Experimental Equipment card kept at the start (the
// Science Officer's starting draw): the card's key (Name), its name for
// players, the level it is kept at, and the line in words.
type keptView struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Level int    `json:"level"`
	Label string `json:"label"`
}

// componentRef is a Component card: its key in the data (Card), and the
// card in words (Label).
type componentRef struct {
	Card  string `json:"card"`
	Label string `json:"label"`
}

// pieceView is a piece a Component card asks for, with the station it
// comes from ("torpedo" from "Weapons"), and the two in words.
type pieceView struct {
	Piece   string `json:"piece"`
	Station string `json:"station"`
	Label   string `json:"label"`
}

func pieceOf(p Piece) pieceView {
	return pieceView{Piece: p.Piece, Station: p.Station, Label: p.Piece + " (" + p.Station + ")"}
}

type attemptView struct {
	Kind              string         `json:"kind" enum:"build,research"`
	KindLabel         string         `json:"kind_label"`
	Card              string         `json:"card,omitempty"`
	Cost              int            `json:"cost"`
	FaceDownCards     int            `json:"face_down_cards"`
	Revealed          []componentRef `json:"revealed,omitempty"`
	SetAside          string         `json:"set_aside,omitempty"`
	Gather            []pieceView    `json:"gather,omitempty"`
	InactiveAutoMatch []pieceView    `json:"inactive_auto_match,omitempty"`
	// Cards lists each turned-over Component card with what it needs.
	Cards       []componentView `json:"cards,omitempty"`
	Status      string          `json:"status" enum:"face_down,running,check"`
	StatusLabel string          `json:"status_label"`
}

type scienceView struct {
	DeckCards         int            `json:"deck_cards"`
	DiscardPile       []cardView     `json:"discard_pile"`
	ComponentCards    int            `json:"component_cards"`
	ComponentsRemoved []componentRef `json:"components_removed"`
	StartingDraw      []cardView     `json:"starting_draw,omitempty"`
	StartingKept      []keptView     `json:"starting_kept,omitempty"`
	StartingTarget    int            `json:"starting_points_to_keep,omitempty"`
	Drawn             []cardView     `json:"drawn_this_turn,omitempty"`
	ExtraDraws        int            `json:"extra_draws"`
	Selected          string         `json:"selected,omitempty"`
	Attempt           *attemptView   `json:"attempt,omitempty"`
	ResearchPoints    int            `json:"research_points"`
	ScienceDone       string         `json:"this_turn"`
}

type equipmentView struct {
	Name  string `json:"name"`
	Level int    `json:"level"`
	Uses  string `json:"uses"`
	Note  string `json:"note,omitempty"`
}

type krakenView struct {
	Part        int            `json:"part"`
	Beak        []string       `json:"beak_squares"`
	Tentacles   []tentacleView `json:"tentacles"`
	CardsHeldBy string         `json:"cards_held_by"`
	Subdued     int            `json:"subdued"`
	// LastActive and Continuation are shown once three are subdued.
	LastActive   string `json:"last_active_tentacle,omitempty"`
	LastActiveID string `json:"last_active_id,omitempty"`
	// Continuation is the link path of the next part of the mission
	// ("/kraken/t3"), for the phone to show as a link.
	Continuation string `json:"continuation,omitempty"`
	// Part2StartedBy names the one player offered "Start Mission 10, part
	// 2": the Captain.
	Part2StartedBy string     `json:"part2_started_by,omitempty"`
	Part2          *part2View `json:"part2,omitempty"`
	// data is the table's game data, for the continuation page
	// (Part2FromView); it is not part of the JSON.
	data *GameData
}

type tentacleView struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Square string `json:"square"`
	Tile   int    `json:"tile"`
	State  string `json:"state"`
	Subdue string `json:"how_to_subdue"`
	Attack string `json:"attack"`
}

type part2View struct {
	Title          string `json:"title"`
	BeakScanned    bool   `json:"beak_scanned"`
	Research       string `json:"research"`
	LastSubdued    bool   `json:"last_tentacle_subdued"`
	MinorObjective string `json:"minor_objective"`
	MajorObjective string `json:"major_objective"`
}

type publicView struct {
	Mission         missionView `json:"mission"`
	Difficulty      string      `json:"difficulty" enum:"easy,normal,hard"`
	DifficultyLabel string      `json:"difficulty_label"`
	Turn            int         `json:"turn"`
	Step            string      `json:"step" enum:"setup,step1,science,step2,step3a,step3b,step4,step5,step6,step7,over"`
	StepLabel       string      `json:"step_label"`
	// EngineeringStep is the step Engineering is done in, "3A" or "3B".
	EngineeringStep      string            `json:"engineering_in" enum:"3A,3B"`
	EngineeringStepLabel string            `json:"engineering_in_label"`
	Roles                map[string]string `json:"roles"`
	Ship                 map[string]string `json:"ship"`
	StationDamage        map[string]int    `json:"station_damage,omitempty"`
	Enemies              []enemyView       `json:"enemies"`
	LastRoll             *Roll             `json:"last_roll,omitempty"`
	Science              scienceView       `json:"science"`
	Equipment            []equipmentView   `json:"captains_equipment"`
	Tracks               map[string]any    `json:"mission_tracks,omitempty"`
	Kraken               *krakenView       `json:"kraken,omitempty"`
	End                  *End              `json:"end,omitempty"`
	// HouseRules lists the table's house rules by option name
	// ("timer_pauses"), HouseRulesLabels in words ("Timers can be
	// paused"); empty when the table plays by the book.
	HouseRules       []string `json:"house_rules,omitempty" enum:"timer_pauses"`
	HouseRulesLabels []string `json:"house_rules_labels,omitempty"`
}

// View returns what a viewer may see. Nothing in this game is private to
// one seat; the hidden parts (deck orders, face-down Component cards,
// Mission 8's enemy deck, H4's planet) are shown only as counts or not at
// all.
func (g *Game) View(st kit.State, v kit.Viewer) kit.View {
	s, err := moves.State(st)
	if err != nil {
		return kit.View{Game: "spacecadets", Moves: []kit.MoveSpec{}}
	}
	view := kit.View{
		Game:       "spacecadets",
		Phase:      s.Step,
		PhaseLabel: phaseLabel(s),
		Prompt:     promptFor(s, v),
		Turn:       waitingFor(s),
		Public:     publicOf(s),
		Board:      boardOf(s),
		Moves:      offersFor(s, v),
		Outcome:    g.Outcome(s),
	}
	for i, name := range s.Seats {
		codes, labels := s.stations(i)
		sv := kit.SeatView{Seat: i, Name: name, Status: "crew", StatusLabel: "crew", Facts: map[string]any{"stations": codes}}
		if len(codes) > 0 {
			sv.Status, sv.StatusLabel = "station", strings.Join(labels, ", ")
			sv.Facts["stations_label"] = sv.StatusLabel
		}
		view.Seats = append(view.Seats, sv)
	}
	if v.Role == kit.RoleSeat && v.Seat >= 0 && v.Seat < len(s.Seats) {
		view.Private = privateOf(s, v.Seat)
	}
	if s.NemesisUsed {
		tr := s.D().NemesisTrack
		def := kit.TrackDef{Name: "nemesis", Label: "Nemesis marker"}
		for x := tr.Min; x <= tr.Max; x++ {
			def.Steps = append(def.Steps, strconv.Itoa(x))
		}
		view.Tracks = append(view.Tracks, def.View(kit.Track{Pos: s.Nemesis - tr.Min}))
	}
	if s.Rabbit != nil {
		def := kit.TrackDef{Name: "tile", Label: "Tile", Steps: []string{"Tile 1", "Tile 2", "Tile 3", "Tile 4"}}
		view.Tracks = append(view.Tracks, def.View(kit.Track{Pos: s.Rabbit.Tile - 1}))
	}
	view.Timers = timersOf(s)
	return view
}

func waitingFor(s *State) []int {
	switch s.Step {
	case "over":
		return []int{}
	case "setup":
		return uniq(s.Roles.Captain, s.Roles.ScienceOfficer)
	case "step1", "science":
		return uniq(s.Roles.ScienceOfficer, s.Roles.Captain)
	}
	return []int{s.Roles.Captain}
}

func uniq(xs ...int) []int {
	var out []int
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func square(r, c int) string {
	if r == 0 && c == 0 {
		return "not placed"
	}
	rs, cs := strconv.Itoa(r), strconv.Itoa(c)
	if r == 0 {
		rs = "?"
	}
	if c == 0 {
		cs = "?"
	}
	return "row " + rs + ", column " + cs
}

// houseRules names the house rules the table set, for the board and the
// phones.
func houseRules(s *State) []string {
	var out []string
	if s.TimerPauses {
		out = append(out, "Timers can be paused")
	}
	return out
}

// houseRuleCodes names houseRules by the options that set them.
func houseRuleCodes(s *State) []string {
	var out []string
	if s.TimerPauses {
		out = append(out, "timer_pauses")
	}
	return out
}

func publicOf(s *State) publicView {
	d := s.D()
	md := s.missionData()
	p := publicView{
		Difficulty:           s.Difficulty,
		DifficultyLabel:      difficultyLabel(s.Difficulty),
		Turn:                 s.Turn,
		Step:                 s.Step,
		StepLabel:            stepLabels[s.Step],
		EngineeringStep:      s.EngineeringStep,
		EngineeringStepLabel: "Step " + s.EngineeringStep,
		HouseRules:           houseRuleCodes(s),
		HouseRulesLabels:     houseRules(s),
		Roles: map[string]string{
			"captain": s.Seats[s.Roles.Captain],
			"science": s.Seats[s.Roles.ScienceOfficer],
			"sensors": s.Seats[s.Roles.Sensors],
		},
		Ship:          map[string]string{"square": square(s.Ship.Row, s.Ship.Col), "facing": s.Ship.Facing, "speed": "N/A"},
		StationDamage: s.StationDamage,
		Enemies:       []enemyView{},
		LastRoll:      s.LastRoll,
		Equipment:     []equipmentView{},
		End:           s.End,
	}
	if s.Speed != nil {
		p.Ship["speed"] = strconv.Itoa(*s.Speed)
	}
	p.Mission = missionView{Name: "Mission " + md.ID + ": " + md.Name, StartingSpeed: "N/A", NemesisMarker: "not used",
		InactiveStations: md.Inactive, TwoPlayers: md.TwoPlayers, SpecialRules: md.Special, MinorObjective: md.Minor, MajorObjective: md.Major}
	if md.StartSpeed != nil {
		p.Mission.StartingSpeed = strconv.Itoa(*md.StartSpeed)
	}
	if md.NemesisStart != nil {
		p.Mission.NemesisMarker = strconv.Itoa(*md.NemesisStart)
	}
	if md.NemesisByDifficulty != nil {
		p.Mission.NemesisMarker = fmt.Sprintf("%d/%d/%d (Easy/Normal/Hard)", md.NemesisByDifficulty["easy"], md.NemesisByDifficulty["normal"], md.NemesisByDifficulty["hard"])
	}
	for _, e := range s.Enemies {
		if !e.onMap() {
			continue
		}
		ev := enemyView{ID: e.ID, Name: e.Name, Class: e.Class, ClassLabel: classLabels[e.Class], Where: square(e.Row, e.Col), LockedOn: e.Locked, Abilities: "inactive (not locked on)"}
		if e.Locked {
			ev.Abilities = "active"
		}
		if e.Tile > 0 {
			ev.Where = fmt.Sprintf("tile %d, %s", e.Tile, ev.Where)
		}
		var st []string
		if e.Attached {
			st = append(st, "attached (range 0)")
		}
		if e.Deactivated {
			st = append(st, "deactivated")
		}
		if s.Rabbit != nil && e.Tile != s.Rabbit.Tile {
			st = append(st, "on another tile: never acts")
		}
		ev.Status = strings.Join(st, "; ")
		p.Enemies = append(p.Enemies, ev)
	}
	p.Science = scienceOf(s)
	for _, e := range s.Equipment {
		ev := equipmentView{Name: d.eeTitle(e.Card), Level: e.Level, Uses: usesText(e.UsesLeft)}
		if e.Helm {
			ev.Note = "Helm: always available, causes no damage"
		}
		p.Equipment = append(p.Equipment, ev)
	}
	tracks := map[string]any{}
	switch {
	case s.Rabbit != nil:
		r := s.Rabbit
		tracks["tile"] = fmt.Sprintf("%d of %d (%s)", r.Tile, len(d.M7.TileNames), r.TileNames[r.Tile-1])
		what := "Gate"
		if r.Tile == len(d.M7.TileNames) {
			what = "Gate Stabilizer"
		}
		tracks["gate"] = fmt.Sprintf("%s at %s", what, square(r.Gate[0], r.Gate[1]))
		tracks["gate_open"] = r.GateOpen
		tracks["arrival_turn"] = r.ArrivedNow
		if r.PendingRow || r.PendingCol {
			tracks["captain_chooses"] = map[bool]string{true: "row", false: ""}[r.PendingRow] + map[bool]string{true: " column", false: ""}[r.PendingCol]
		}
		tracks["gate_stabilizer_tractored"] = r.Stabilized
	case s.Siege != nil:
		tracks["enemy_deck_left"] = s.Siege.DeckLabels
		tracks["movement_die"] = s.Siege.MovementDie
	case s.Kestrel != nil:
		tracks["crystals_tractored"] = fmt.Sprintf("%d of %d needed", s.Kestrel.Tractored, s.Kestrel.Required)
	case s.Thrall != nil:
		if th := s.enemy(s.Thrall.ThrallID); th != nil {
			tracks["thrall_column"] = th.Col
		}
	case s.Invisible != nil:
		var cr []string
		for i, r := range s.Invisible.Revealed {
			if r == "" {
				r = "face down"
			}
			cr = append(cr, fmt.Sprintf("crystal %d at %s: %s", i+1, square(d.H4.Crystals[i][0], d.H4.Crystals[i][1]), r))
		}
		tracks["crystals"] = cr
		tracks["planet_found"] = s.Invisible.Found
	}
	if s.Mission == "H2" {
		tracks["orbital_platform"] = fmt.Sprintf("%s, range %d, damage %d", square(d.H2.Platform[0], d.H2.Platform[1]), 4+s.Nemesis, s.Nemesis)
	}
	if len(tracks) > 0 {
		p.Tracks = tracks
	}
	if s.Kraken != nil {
		p.Kraken = krakenOf(s)
	}
	return p
}

func (s *State) cardView(c int) cardView {
	e := s.D().Equipment[c]
	cost := strconv.Itoa(e.Cost)
	if e.Cost == 0 {
		cost = "X"
	}
	use := e.Use
	if e.Use == "uses" {
		use = "uses: " + map[bool]string{true: "as the level", false: strconv.Itoa(e.Uses)}[e.Uses == 0]
	}
	if e.Helm {
		use += "; Helm"
	}
	d := s.D()
	return cardView{Name: e.Name, Title: d.eeTitle(c), Cost: cost, Points: pointsText(e.Cost), Use: use, Label: d.eeLabel(c)}
}

func scienceOf(s *State) scienceView {
	d := s.D()
	sc := s.Science
	v := scienceView{DeckCards: sc.Deck.Len(), DiscardPile: []cardView{}, ComponentCards: sc.CompDeck.Len(), ComponentsRemoved: []componentRef{},
		ExtraDraws: sc.ExtraDraws, ResearchPoints: sc.ResearchPts, ScienceDone: "nothing yet"}
	for _, c := range sc.Discard {
		v.DiscardPile = append(v.DiscardPile, s.cardView(c))
	}
	for _, c := range sc.CompRemoved {
		v.ComponentsRemoved = append(v.ComponentsRemoved, componentRef{Card: d.Components[c].Name, Label: piecesText(d.Components[c].Pieces)})
	}
	for _, c := range sc.StartDraw {
		v.StartingDraw = append(v.StartingDraw, s.cardView(c))
	}
	for _, k := range sc.StartKept {
		v.StartingKept = append(v.StartingKept, keptView{Name: d.Equipment[k.Card].Name, Title: d.eeTitle(k.Card), Level: k.Level, Label: fmt.Sprintf("%s at %d", d.eeTitle(k.Card), k.Level)})
	}
	if s.Step == "setup" {
		v.StartingTarget = bestStartPoints(d, sc.StartDraw)
	}
	for _, c := range sc.Drawn {
		v.Drawn = append(v.Drawn, s.cardView(c))
	}
	if sc.Selected != nil {
		v.Selected = fmt.Sprintf("%s at cost %d", d.Equipment[sc.Selected.Card].Name, sc.Selected.Level)
	}
	switch {
	case sc.DrewEE:
		v.ScienceDone = "Science (no Research this turn)"
	case sc.Researched:
		v.ScienceDone = "Research (no Science this turn)"
	}
	if at := sc.Attempt; at != nil {
		av := &attemptView{Kind: at.Kind, KindLabel: attemptLabels[at.Kind], Cost: at.Level, FaceDownCards: len(at.FaceDown), Status: at.Status, StatusLabel: attemptLabels[at.Status]}
		if at.Kind == "build" {
			av.Card = d.Equipment[at.Card].Name
		}
		for i, c := range at.Revealed {
			cc := d.Components[c]
			av.Revealed = append(av.Revealed, componentRef{Card: cc.Name, Label: cc.Name + ": " + piecesText(cc.Pieces)})
			if i == at.SetAside {
				av.SetAside = cc.Name
				continue
			}
			for _, p := range cc.Pieces {
				if s.inactive(p.Station) {
					av.InactiveAutoMatch = append(av.InactiveAutoMatch, pieceOf(p))
				} else {
					av.Gather = append(av.Gather, pieceOf(p))
				}
			}
		}
		if at.SetAside < 0 {
			av.Gather = nil
			av.InactiveAutoMatch = nil
		}
		av.Cards = workbenchOf(s)
		v.Attempt = av
	}
	return v
}

func krakenOf(s *State) *krakenView {
	d := s.D()
	k := s.Kraken
	v := &krakenView{Part: k.Part, CardsHeldBy: s.Seats[s.Roles.Sensors] + " (Sensors)", Subdued: k.subdued(), data: d}
	for _, b := range d.Kraken.Beak {
		v.Beak = append(v.Beak, square(b[0], b[1]))
	}
	for _, t := range k.Tentacles {
		card := d.tentacle(t.ID)
		tv := tentacleView{ID: t.ID, Name: t.Name, Square: square(t.Row, t.Col), Tile: krakenTile(d.Kraken, t.Row, t.Col) + 1, State: "ACTIVE"}
		if t.Subdued {
			tv.State = "SUBDUED"
		}
		if card != nil {
			tv.Subdue = card.Subdue
			tv.Attack = fmt.Sprintf("%d dice at range %d", card.AttackDice, card.Range)
		}
		v.Tentacles = append(v.Tentacles, tv)
	}
	if k.Last != "" {
		v.LastActive = k.tentacle(k.Last).Name
		v.LastActiveID = k.Last
		v.Continuation = ContinuationPath(k.Last)
		if k.Part == 1 {
			v.Part2StartedBy = s.Seats[s.Roles.Captain] + " (Captain)"
		}
	}
	if k.Part == 2 {
		vr := d.variant(k.Last)
		v.Part2 = &part2View{Title: vr.Title, BeakScanned: k.Scanned, Research: fmt.Sprintf("%d of %d Science points", k.Research, vr.ResearchTarget),
			LastSubdued:    k.tentacle(k.Last).Subdued,
			MinorObjective: fmt.Sprintf("Scan the Beak with a Superlock within %d squares and research %d Science points, then jump home.", d.Part2.ScanRange, vr.ResearchTarget),
			MajorObjective: "Also subdue " + k.tentacle(k.Last).Name + " before jumping home."}
	}
	return v
}

// timersOf lists the timers a screen draws: the running, paused or expired
// ones, and the current step's timer before it starts (with its length),
// so the board can show "30 s" while the Captain gets ready. Each carries
// its length (DurationMS), its deadline while running and RemainingMS
// while paused.
func timersOf(s *State) []kit.Timer {
	var out []kit.Timer
	for _, t := range s.Timers {
		idle := !t.Running && !t.Paused && !t.Expired
		current := t.Name == s.Step && t.Name != "science" ||
			t.Name == "science" && s.Step == "science" && s.Science.Attempt != nil && s.Science.Attempt.Status == "face_down"
		if !idle || current && s.End == nil {
			if idle {
				t.RemainingMS = t.DurationMS
			}
			out = append(out, t)
		}
	}
	return out
}

// classLabels and attemptLabels are the words players read for the coded
// enemy classes and Science attempt states.
// stations returns the stations a seat holds, as codes and as names.
func (s *State) stations(seat int) (codes, labels []string) {
	codes, labels = []string{}, []string{}
	for _, r := range []struct {
		seat        int
		code, label string
	}{{s.Roles.Captain, "captain", "Captain"}, {s.Roles.ScienceOfficer, "science", "Science Officer"}, {s.Roles.Sensors, "sensors", "Sensors"}} {
		if r.seat == seat {
			codes, labels = append(codes, r.code), append(labels, r.label)
		}
	}
	return codes, labels
}

var (
	classLabels   = map[string]string{"easy": "Easy", "normal": "Normal", "hard": "Hard", "historical": "Historical"}
	attemptLabels = map[string]string{
		"build": "Build", "research": "Research",
		"face_down": "Component cards face down", "running": "Timer running: gathering components", "check": "Time is up: checking the Workbench",
	}
)

// offersFor lists the moves a viewer may make now: a seat's or the host's
// offers from the move table; the board page makes no moves.
func offersFor(s *State, v kit.Viewer) []kit.MoveSpec {
	switch v.Role {
	case kit.RoleHost:
		return moves.Offers(s, -1)
	case kit.RoleSeat:
		if v.Seat >= 0 && v.Seat < len(s.Seats) {
			return moves.Offers(s, v.Seat)
		}
	}
	return []kit.MoveSpec{}
}
