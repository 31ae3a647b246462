package captainisdead

import (
	"encoding/json"
	"maps"
	"slices"

	"tablewarden/referee/kit"
)

// The phases of a game.
const (
	PhaseChooseRoles = "choose_roles" // each player chooses one of their colour's roles
	PhaseTurn        = "turn"         // a player spends actions
	PhaseAlert       = "alert"        // an alert card is out (setup alerts too); the table applies it
	PhaseOver        = "over"
)

// The kinds of alert draws.
const (
	AlertSetup     = "setup"
	AlertEndOfTurn = "end of turn"
	AlertBonus     = "bonus"
)

// The sources that can suppress an alarm (Alarms).
var SuppressionSources = []string{"Alarm Suppressor tool", "ship upgrade", "character or veteran ability", "Battle Plan"}

// State is the whole state of a game.
type State struct {
	Data        *Data  `json:"data" vis:"public"`
	Difficulty  string `json:"difficulty" vis:"public"`
	Elimination bool   `json:"elimination" vis:"public"`
	// LastTurnAfterDeck is the table option that lets play go on after the
	// last alert of the Alert deck is resolved (see deckEndLoses).
	LastTurnAfterDeck bool     `json:"last_turn_after_deck,omitempty" vis:"public"`
	Phase             string   `json:"phase" vis:"public"`
	Players           []Player `json:"players" vis:"public"`
	// Order lists the seats by the rank of their first character.
	Order []int `json:"order" vis:"public"`
	// Turn indexes Order: the active seat (the first seat during setup).
	Turn        int       `json:"turn" vis:"public"`
	ActionsUsed int       `json:"actions_used" vis:"public"`
	Started     bool      `json:"started" vis:"public"`
	TurnOver    bool      `json:"turn_over" vis:"public"` // the end-of-turn alert is in progress
	Concealment kit.Track `json:"concealment" vis:"public"`
	ShipControl kit.Track `json:"ship_control" vis:"public"`
	Rooms       []Room    `json:"rooms" vis:"public"`
	Systems     []System  `json:"systems" vis:"public"`
	Deck        AlertDeck `json:"alert_deck" vis:"public"`
	Alert       *Alert    `json:"alert,omitempty" vis:"public"`
	// AlertCardsDrawn names the known alert cards resolved so far, one
	// entry per card drawn.
	AlertCardsDrawn []string `json:"alert_cards_drawn,omitempty" vis:"public"`
	// SetupAlertsLeft counts the setup alerts still to draw.
	SetupAlertsLeft int `json:"setup_alerts_left" vis:"public"`
	// Foreseen counts the top alert cards the crew has seen with the
	// Surveillance Scanners and not drawn yet.
	Foreseen int `json:"foreseen,omitempty" vis:"public"`
	// PendingBonus counts bonus alerts due after the current one.
	PendingBonus int `json:"pending_bonus" vis:"public"`
	// Suppressions are armed suppressions, oldest first; each absorbs
	// the next alarm.
	Suppressions   []string   `json:"suppressions" vis:"public"`
	Alarms         AlarmCount `json:"alarms" vis:"public"`
	GrenadeLocker  int        `json:"grenade_locker" vis:"public"`
	GrenadesGone   int        `json:"grenades_gone" vis:"public"`
	ScentBombs     int        `json:"scent_bombs" vis:"public"`
	ScentBombsGone int        `json:"scent_bombs_gone" vis:"public"`
	SkillPile      int        `json:"skill_pile" vis:"public"`
	CargoPodSkills int        `json:"cargo_pod_skills" vis:"public"`
	CargoPodTools  []string   `json:"cargo_pod_tools" vis:"public"`
	SkillsGone     int        `json:"skills_gone" vis:"public"`
	ToolsGone      []string   `json:"tools_gone" vis:"public"`
	// ContrabandSupply is the contraband deck; with ContrabandGone it
	// would tell how many cards are held, so both are hidden.
	ContrabandSupply int  `json:"contraband_supply" vis:"hidden"`
	ContrabandGone   int  `json:"contraband_gone" vis:"hidden"`
	End              *End `json:"end,omitempty" vis:"public"`
}

// Player is one seat and its current character.
type Player struct {
	Name      string `json:"name" vis:"public"`
	Colour    string `json:"colour" vis:"public"`
	Character string `json:"character" vis:"public"` // "" before choosing
	Alive     bool   `json:"alive" vis:"public"`
	// Dead lists the characters of this colour that died.
	Dead       []string `json:"dead" vis:"public"`
	Out        bool     `json:"out" vis:"public"` // this player's game is over
	Room       int      `json:"room" vis:"public"`
	Injured    bool     `json:"injured" vis:"public"`
	Veteran    bool     `json:"veteran" vis:"public"`
	Skills     int      `json:"skills" vis:"public"`
	Tools      []string `json:"tools" vis:"public"`
	Grenades   int      `json:"grenades" vis:"public"`
	ScentBombs int      `json:"scent_bombs" vis:"public"`
	// Contraband is known only to its holder (Contraband).
	Contraband Contraband `json:"contraband" vis:"private"`
}

// Contraband is a player's secret card.
type Contraband struct {
	Held bool   `json:"held"`
	Name string `json:"name,omitempty"`
}

// Room is one location of the board with the aliens in it by rank.
type Room struct {
	Aliens   [numRanks]int `json:"aliens" vis:"public"`
	Honeypot bool          `json:"honeypot" vis:"public"`
}

// System is one system card: Locked or Unlocked side up.
type System struct {
	Locked bool `json:"locked" vis:"public"`
}

// AlertDeck is the stacked alert deck by colour: yellow on top, then
// orange, red at the bottom. The table holds the physical cards.
type AlertDeck struct {
	Yellow int `json:"yellow" vis:"public"`
	Orange int `json:"orange" vis:"public"`
	Red    int `json:"red" vis:"public"`
	Drawn  int `json:"drawn" vis:"public"`
}

// Alert is the alert card being resolved.
type Alert struct {
	No     int    `json:"no" vis:"public"`
	Colour string `json:"colour" vis:"public"`
	Kind   string `json:"kind" vis:"public"`
	// Applied lists, in the log's words, what the table entered with the
	// card-effect moves while this alert was out: ending the alert names
	// it before the aliens act.
	Applied []string `json:"applied,omitempty" vis:"public"`
}

// AlarmCount records every alarm and what suppressed it.
type AlarmCount struct {
	Sounded    int   `json:"sounded" vis:"public"`
	Suppressed []int `json:"suppressed" vis:"public"` // by SuppressionSources index
}

// End is how the game ended. Code and Params are the reason as a message
// catalog key with its placeholders' values.
type End struct {
	Won    bool              `json:"won" vis:"public"`
	Reason string            `json:"reason" vis:"public"`
	Rule   string            `json:"rule" vis:"public"`
	Code   string            `json:"code,omitempty" vis:"public"`
	Params map[string]string `json:"params,omitempty" vis:"public"`
}

// Next lists the colours of the next n cards, top first.
func (d AlertDeck) Next(n int) []string {
	var out []string
	for _, c := range []struct {
		colour string
		n      int
	}{{"Yellow", d.Yellow}, {"Orange", d.Orange}, {"Red", d.Red}} {
		for range c.n {
			if len(out) == n {
				return out
			}
			out = append(out, c.colour)
		}
	}
	return out
}

// Left is the number of alert cards left.
func (d AlertDeck) Left() int { return d.Yellow + d.Orange + d.Red }

// Top is the colour of the top card, or "" when the deck is empty.
func (d AlertDeck) Top() string {
	switch {
	case d.Yellow > 0:
		return "Yellow"
	case d.Orange > 0:
		return "Orange"
	case d.Red > 0:
		return "Red"
	}
	return ""
}

func cloneStrings(s []string) []string {
	if s == nil {
		return nil
	}
	return slices.Clone(s)
}

// Clone returns a deep copy of s. The game data is shared: it is never
// modified after Setup.
func (s *State) Clone() *State {
	c := *s
	c.Players = slices.Clone(s.Players)
	for i := range c.Players {
		c.Players[i].Dead = cloneStrings(s.Players[i].Dead)
		c.Players[i].Tools = cloneStrings(s.Players[i].Tools)
	}
	c.Order = slices.Clone(s.Order)
	c.Rooms = slices.Clone(s.Rooms)
	c.Systems = slices.Clone(s.Systems)
	if s.Alert != nil {
		a := *s.Alert
		a.Applied = cloneStrings(s.Alert.Applied)
		c.Alert = &a
	}
	if s.End != nil {
		e := *s.End
		e.Params = maps.Clone(s.End.Params)
		c.End = &e
	}
	c.AlertCardsDrawn = cloneStrings(s.AlertCardsDrawn)
	c.Suppressions = cloneStrings(s.Suppressions)
	c.Alarms.Suppressed = slices.Clone(s.Alarms.Suppressed)
	c.CargoPodTools = cloneStrings(s.CargoPodTools)
	c.ToolsGone = cloneStrings(s.ToolsGone)
	return &c
}

// decodeState reads a state and rebuilds its data's lookup tables.
func decodeState(data []byte) (*State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	if s.Data == nil {
		return nil, kit.Errorf("bad_state", ruleSetup, "The state has no game data.")
	}
	if err := s.Data.index(); err != nil {
		return nil, err
	}
	return &s, nil
}

// active returns the seat whose turn it is.
func (s *State) active() int {
	if len(s.Order) == 0 {
		return -1
	}
	return s.Order[s.Turn]
}

// role returns the role data of a seat's current character.
func (s *State) role(seat int) RoleData {
	r, _ := s.Data.role(s.Players[seat].Character)
	return r
}

// actionsLeft is what the active character may still spend.
func (s *State) actionsLeft() int {
	return max(0, s.role(s.active()).Actions-s.ActionsUsed)
}

// aboard counts the aliens on the ship by rank.
func (s *State) aboard() [numRanks]int {
	var n [numRanks]int
	for _, r := range s.Rooms {
		for k, c := range r.Aliens {
			n[k] += c
		}
	}
	return n
}

// aliensAboard counts every alien on the ship.
func (s *State) aliensAboard() int {
	t := 0
	for _, c := range s.aboard() {
		t += c
	}
	return t
}

// aliensIn counts the aliens in a room.
func (r Room) total() int {
	t := 0
	for _, c := range r.Aliens {
		t += c
	}
	return t
}

// lowest returns the lowest rank present in a room, or -1.
func (r Room) lowest() int {
	for k, c := range r.Aliens {
		if c > 0 {
			return k
		}
	}
	return -1
}

// handCount counts the cards in a hand: skills, tools, grenades and scent
// bombs. Contraband does not count (Contraband).
func (p Player) handCount() int { return p.Skills + len(p.Tools) + p.Grenades + p.ScentBombs }

// overHand is how many cards a player holds beyond the hand size.
func (s *State) overHand(seat int) int {
	p := s.Players[seat]
	if !p.Alive {
		return 0
	}
	return max(0, p.handCount()-s.role(seat).Hand)
}

// setToKill reports whether the Concealment Level is at SET TO KILL.
func (s *State) setToKill() bool { return s.Concealment.Pos == 0 }

// roomName names a room.
func (s *State) roomName(i int) string { return s.Data.Locations[i].Name }

// who names a seat's character for the log: "Ann (Spy)".
func (s *State) who(seat int) string {
	p := s.Players[seat]
	if p.Character == "" {
		return p.Name
	}
	return p.Name + " (" + p.Character + ")"
}
