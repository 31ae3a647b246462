package captainisdead

import (
	"fmt"
	"slices"
	"strconv"

	"tablewarden/referee/kit"
)

// alienCounts counts aliens by rank for the views.
type alienCounts struct {
	Infantry   int `json:"Infantry,omitempty"`
	Patrol     int `json:"Patrol,omitempty"`
	Lieutenant int `json:"Lieutenant,omitempty"`
	Hacker     int `json:"Hacker,omitempty"`
	Commander  int `json:"Commander,omitempty"`
}

// supplyCounts counts the aliens off board by rank, zeros shown.
type supplyCounts struct {
	Infantry   int `json:"Infantry"`
	Patrol     int `json:"Patrol"`
	Lieutenant int `json:"Lieutenant"`
	Hacker     int `json:"Hacker"`
	Commander  int `json:"Commander"`
}

func countsOf(a [numRanks]int) alienCounts {
	return alienCounts{a[Infantry], a[Patrol], a[Lieutenant], a[HackerAlien], a[Commander]}
}

type roomView struct {
	Room       string        `json:"room"`
	Aliens     alienCounts   `json:"aliens,omitzero"`
	Characters []kit.SeatRef `json:"characters,omitempty"`
	Honeypot   bool          `json:"honeypot,omitempty"`
	Systems    []string      `json:"systems,omitempty"`
	// SystemsLabels are the systems' names as players read them.
	SystemsLabels []string `json:"systems_labels,omitempty"`
}

type systemView struct {
	System string `json:"system"`
	// SystemLabel is the system's name as players read it (SystemData.Called).
	SystemLabel string `json:"system_label"`
	Location    string `json:"location"`
	Side        string `json:"side"`
}

type deckView struct {
	Top             string `json:"top_card"`
	Yellow          int    `json:"yellow"`
	Orange          int    `json:"orange"`
	Red             int    `json:"red"`
	Left            int    `json:"left"`
	Drawn           int    `json:"drawn"`
	SetupAlertsLeft int    `json:"setup_alerts_left,omitempty"`
	BonusAlertsDue  int    `json:"bonus_alerts_due,omitempty"`
}

type alarmView struct {
	Sounded      int            `json:"sounded"`
	SuppressedBy map[string]int `json:"suppressed_by,omitempty"`
	Armed        []string       `json:"suppressions_armed,omitempty"`
}

type turnView struct {
	Player      string `json:"player"`
	Character   string `json:"character,omitempty"`
	ActionsLeft int    `json:"actions_left"`
}

type suppliesView struct {
	GrenadeLocker  int `json:"grenade_locker"`
	GrenadesGone   int `json:"grenades_gone"`
	ScentBombs     int `json:"scent_bombs"`
	ScentBombsGone int `json:"scent_bombs_gone"`
	Honeypots      int `json:"honeypots_off_board"`
	SkillPile      int `json:"discarded_skills"`
	CargoPodSkills int `json:"cargo_pod_skills"`
	// CargoPodTools and ToolsGone are tools as the moves name them
	// ("Tool: Rifle"), their names beside them in the _labels lists.
	CargoPodTools       []string `json:"cargo_pod_tools"`
	CargoPodToolsLabels []string `json:"cargo_pod_tools_labels"`
	SkillsGone          int      `json:"skills_out_of_game"`
	ToolsGone           []string `json:"tools_out_of_game,omitempty"`
	ToolsGoneLabels     []string `json:"tools_out_of_game_labels,omitempty"`
}

// toolItems returns tools as the moves name them ("Tool: Rifle"), and
// their names.
func toolItems(tools []string) (items, labels []string) {
	items, labels = make([]string, len(tools)), slices.Clone(tools)
	for i, t := range tools {
		items[i] = toolPrefix + t
	}
	return items, labels
}

type publicView struct {
	Difficulty     string       `json:"difficulty"`
	Elimination    bool         `json:"elimination_rules"`
	Turn           *turnView    `json:"turn,omitempty"`
	Alert          *Alert       `json:"alert,omitempty"`
	AlertDeck      deckView     `json:"alert_deck"`
	Ship           []roomView   `json:"ship"`
	AliensAboard   int          `json:"aliens_aboard"`
	AliensOffBoard supplyCounts `json:"aliens_off_board"`
	Systems        []systemView `json:"systems"`
	Alarms         alarmView    `json:"alarms"`
	Supplies       suppliesView `json:"supplies"`
	End            *End         `json:"end,omitempty"`
}

// privateView is one seat's phone: its contraband (secret), and what the
// phone shows large: the character, the room and its systems, the hand
// and its size with the discard due, and the actions left on its turn.
type privateView struct {
	Contraband  string       `json:"contraband"`
	Name        string       `json:"contraband_name,omitempty"`
	Character   string       `json:"character,omitempty"`
	Room        string       `json:"room,omitempty"`
	RoomSystems []roomSystem `json:"room_systems,omitempty"`
	Hand        *handView    `json:"hand,omitempty"`
	ActionsLeft *int         `json:"actions_left,omitempty"`
}

// roomSystem is a system of the room the character stands in.
type roomSystem struct {
	System      string `json:"system"`
	SystemLabel string `json:"system_label"`
	Side        string `json:"side"`
	// Repair is the repair cost for this character: "2 Engineering skill
	// cards".
	Repair string `json:"repair"`
}

// handView is a hand by kind of card, with its size and the discard due.
type handView struct {
	Skills      int      `json:"skill_cards"`
	Tools       []string `json:"tools,omitempty"`
	ToolsLabels []string `json:"tools_labels,omitempty"`
	Grenades    int      `json:"grenades,omitempty"`
	ScentBombs  int      `json:"scent_bombs,omitempty"`
	Held        int      `json:"held"`
	Size        int      `json:"hand_size"`
	Discard     int      `json:"discard,omitempty"`
}

// privateOf is seat's private view.
func (s *State) privateOf(seat int) privateView {
	p := s.Players[seat]
	pv := privateView{Contraband: "none"}
	if p.Contraband.Held {
		pv = privateView{Contraband: "held (secret: talking about it or showing it loses it)", Name: p.Contraband.Name}
	}
	if p.Character == "" || !p.Alive {
		return pv
	}
	pv.Character, pv.Room = p.Character, s.roomName(p.Room)
	for i, sy := range s.Data.Systems {
		if s.systemRoom(i) != p.Room {
			continue
		}
		side := "Unlocked"
		if s.Systems[i].Locked {
			side = "Locked"
		}
		pv.RoomSystems = append(pv.RoomSystems, roomSystem{System: sy.Name, SystemLabel: sy.Called(), Side: side,
			Repair: strconv.Itoa(s.repairDue(seat, i)) + " " + sy.Repair.Skill + " skill card(s)"})
	}
	pv.Hand = &handView{Skills: p.Skills, Grenades: p.Grenades, ScentBombs: p.ScentBombs,
		Held: p.handCount(), Size: s.role(seat).Hand, Discard: s.overHand(seat)}
	if len(p.Tools) > 0 {
		pv.Hand.Tools, pv.Hand.ToolsLabels = toolItems(p.Tools)
	}
	if s.Phase == PhaseTurn && seat == s.active() {
		left := s.actionsLeft()
		pv.ActionsLeft = &left
	}
	return pv
}

// View returns what a screen may see. Contraband is shown on its holder's
// phone only; the hidden contraband deck on no screen.
func (g *Game) View(st kit.State, v kit.Viewer) kit.View {
	s, err := moves.State(st)
	if err != nil {
		return kit.View{Game: "captainisdead", Turn: []int{}, Moves: []kit.MoveSpec{}}
	}
	out := kit.View{
		Game:   "captainisdead",
		Phase:  s.Phase,
		Turn:   []int{},
		Tracks: []kit.TrackView{ConcealmentDef.View(s.Concealment), ShipControlDef.View(s.ShipControl)},
		Public: s.publicView(),
		Moves:  s.offers(v),
	}
	out.Board = s.board()
	out.PhaseLabel = s.phaseLabel()
	out.Prompt = s.prompt(v)
	switch s.Phase {
	case PhaseChooseRoles:
		for i, p := range s.Players {
			if p.Character == "" {
				out.Turn = append(out.Turn, i)
			}
		}
	case PhaseTurn, PhaseAlert:
		out.Turn = []int{s.active()}
	}
	for i, p := range s.Players {
		out.Seats = append(out.Seats, s.seatView(i, p))
	}
	if v.Role == kit.RoleSeat && v.Seat >= 0 && v.Seat < len(s.Players) {
		pv := s.privateOf(v.Seat)
		out.Private = pv
	}
	out.Outcome = g.Outcome(s)
	return out
}

func (s *State) seatView(i int, p Player) kit.SeatView {
	status, label := "alive", "alive"
	switch {
	case p.Character == "":
		status, label = "choosing_role", "choosing a role"
	case s.Phase == PhaseChooseRoles:
		// Characters come aboard once every role is chosen.
		status, label = "role_chosen", "role chosen"
	case p.Out:
		status, label = "out", "out of the game"
	case !p.Alive:
		status, label = "dead", "dead"
	case p.Injured:
		label = "injured"
	}
	f := make(map[string]any, 14)
	f["colour"] = p.Colour
	if p.Character != "" {
		r := s.role(i)
		f["character"] = p.Character
		f["hand"] = p.handCount()
		f["hand_size"] = r.Hand
		f["actions"] = r.Actions
		// The board and the phone say the same: the active character's
		// actions left, everyone else's actions a turn.
		// actions_label words it, as the board and the phone show it.
		if s.Phase == PhaseTurn && i == s.active() && p.Alive {
			f["actions_left"] = s.actionsLeft()
			f["actions_label"] = strconv.Itoa(s.actionsLeft()) + " of " + strconv.Itoa(r.Actions) + " left"
		} else {
			f["actions_label"] = strconv.Itoa(r.Actions) + " a turn"
		}
	}
	if p.Alive {
		f["room"] = s.roomName(p.Room)
		f["veteran_ability"] = p.Veteran
		f["skills"] = p.Skills
		f["grenades"] = p.Grenades
		f["scent_bombs"] = p.ScentBombs
		if len(p.Tools) > 0 {
			f["tools"], f["tools_label"] = toolItems(p.Tools)
		}
		f["injured"] = p.Injured
		if over := s.overHand(i); over > 0 {
			f["over_hand_size"] = over
		}
	}
	if len(p.Dead) > 0 {
		f["dead_characters"] = slices.Clone(p.Dead)
	}
	return kit.SeatView{Seat: i, Name: p.Name, Status: status, StatusLabel: label, Facts: f}
}

func (s *State) publicView() publicView {
	pv := publicView{
		Difficulty:  s.Difficulty,
		Elimination: s.Elimination,
		Alert:       s.Alert,
		AlertDeck: deckView{Top: s.Deck.Top(), Yellow: s.Deck.Yellow, Orange: s.Deck.Orange, Red: s.Deck.Red,
			Left: s.Deck.Left(), Drawn: s.Deck.Drawn, SetupAlertsLeft: s.SetupAlertsLeft, BonusAlertsDue: s.PendingBonus},
		AliensAboard: s.aliensAboard(),
		Alarms:       alarmView{Sounded: s.Alarms.Sounded, Armed: s.Suppressions},
		Supplies: suppliesView{GrenadeLocker: s.GrenadeLocker, GrenadesGone: s.GrenadesGone, ScentBombs: s.ScentBombs,
			ScentBombsGone: s.ScentBombsGone, Honeypots: s.Data.Counts.Honeypots.Value - s.honeypotsPlaced(),
			SkillPile: s.SkillPile, CargoPodSkills: s.CargoPodSkills, SkillsGone: s.SkillsGone},
		End: s.End,
	}
	pv.Supplies.CargoPodTools, pv.Supplies.CargoPodToolsLabels = toolItems(s.CargoPodTools)
	if len(s.ToolsGone) > 0 {
		pv.Supplies.ToolsGone, pv.Supplies.ToolsGoneLabels = toolItems(s.ToolsGone)
	}
	if s.Phase == PhaseTurn || s.Phase == PhaseAlert {
		a := s.active()
		tv := &turnView{Player: s.Players[a].Name}
		if s.Players[a].Alive {
			tv.Character, tv.ActionsLeft = s.Players[a].Character, s.actionsLeft()
		}
		pv.Turn = tv
	}
	aboard := s.aboard()
	var off [numRanks]int
	for k := range off {
		off[k] = s.Data.alienSupply[k] - aboard[k]
	}
	pv.AliensOffBoard = supplyCounts(countsOf(off))
	for i, n := range s.Alarms.Suppressed {
		if n > 0 {
			if pv.Alarms.SuppressedBy == nil {
				pv.Alarms.SuppressedBy = map[string]int{}
			}
			pv.Alarms.SuppressedBy[SuppressionSources[i]] = n
		}
	}
	pv.Ship = make([]roomView, len(s.Rooms))
	for r, room := range s.Rooms {
		rv := roomView{Room: s.roomName(r), Honeypot: room.Honeypot, Aliens: countsOf(room.Aliens)}
		for i, p := range s.Players {
			if p.Alive && p.Room == r {
				rv.Characters = append(rv.Characters, kit.SeatRef{Seat: i, Label: s.who(i)})
			}
		}
		pv.Ship[r] = rv
	}
	for i, sy := range s.Data.Systems {
		side := "Unlocked"
		if s.Systems[i].Locked {
			side = "Locked"
		}
		pv.Systems = append(pv.Systems, systemView{System: sy.Name, SystemLabel: sy.Called(), Location: sy.Location, Side: side})
		r := s.Data.room(sy.Location)
		pv.Ship[r].Systems = append(pv.Ship[r].Systems, sy.Name)
		pv.Ship[r].SystemsLabels = append(pv.Ship[r].SystemsLabels, sy.Called())
	}
	return pv
}

// offers lists the moves a viewer may make now, from the move table. The
// player whose turn it is is also offered the card effects (the host's
// rows), which they may apply from their own phone.
func (s *State) offers(v kit.Viewer) []kit.MoveSpec {
	switch {
	case v.Role == kit.RoleHost:
		return s.alertToolsFirst(moves.Offers(s, -1))
	case v.Role != kit.RoleSeat || v.Seat < 0 || v.Seat >= len(s.Players):
		return []kit.MoveSpec{}
	}
	out := s.actionsFirst(moves.Offers(s, v.Seat), v.Seat)
	if v.Seat == s.active() && s.tableOpen() {
		for _, m := range s.alertToolsFirst(moves.Offers(s, -1)) {
			m.Host = false
			out = append(out, m)
		}
	}
	return out
}

// groupEndTurn holds ending the turn while actions are left.
const groupEndTurn = "End the turn early"

// actionGroups are the groups of the moves that spend a turn's actions.
var actionGroups = map[string]bool{groupMove: true, groupFight: true, groupSystems: true}

// actionsFirst marks, on the active seat's turn while actions are left,
// the moves that spend them as the phone's primary moves (the turn is
// for them), and makes ending the turn a secondary move that asks first,
// saying how many actions are left.
func (s *State) actionsFirst(out []kit.MoveSpec, seat int) []kit.MoveSpec {
	if s.Phase != PhaseTurn || seat != s.active() {
		return out
	}
	left := s.actionsLeft()
	if left == 0 {
		return out
	}
	for i := range out {
		switch {
		case actionGroups[out[i].Group] || out[i].Type == MoveCardAction:
			out[i].Primary = true
		case out[i].Type == MoveEndTurn:
			out[i].Primary = false
			out[i].Group = groupEndTurn
			out[i].Ask = kit.AskEndsTurnEarly
			out[i].Confirm = fmt.Sprintf("You still have %d action(s) left. End your turn anyway? The next alert card is drawn; this cannot be undone.", left)
		}
	}
	return out
}
