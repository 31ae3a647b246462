package lockup

import "slices"

// Phases of a round and of the end of the game.
const (
	PhaseRollCall     = "roll_call"     // Fase de Chamada
	PhaseLightsOut    = "lights_out"    // Fase de Apagar as Luzes: locations 1–7
	PhaseLegend       = "legend"        // Fase de Apagar as Luzes: the legend card
	PhaseLastRaid     = "last_raid"     // the base game's last raid after round 6
	PhaseFinalScoring = "final_scoring" // Pontuação final
	PhaseGameOver     = "game_over"
)

// Places a crew token can be.
const (
	PlaceCell     = "cell"     // cela de detenção
	PlaceLocation = "location" // one of locations 1–7
	PlaceLegend   = "legend"   // the active legend card
)

// Guards is the seat number used for the solo guards in queues and
// rankings.
const Guards = -1

// State is a whole game of Lockup: Breakout.
type State struct {
	Data       *Data    `json:"data" vis:"public"`
	Seats      []string `json:"seats" vis:"public"`
	Solo       bool     `json:"solo" vis:"public"`
	Difficulty string   `json:"difficulty,omitempty" vis:"public"`
	Round      int      `json:"round" vis:"public"`
	Phase      string   `json:"phase" vis:"public"`
	// FirstPlayer holds the first-player marker; seats are in clockwise
	// order.
	FirstPlayer int `json:"first_player" vis:"public"`
	// Turn is the seat to assign next during Roll Call.
	Turn int `json:"turn" vis:"public"`
	// Tunnels[i] is the tunnel marker left on location i+1: "single",
	// "double" or "" (collapsed, removed, or none).
	Tunnels []string `json:"tunnels" vis:"public"`
	// Resolving is the location being resolved in Lights Out (1–7), 8 for
	// the legend card.
	Resolving int `json:"resolving" vis:"public"`
	// Resolved[i] is true once location i+1's face-down tokens are revealed
	// and its tunnel is resolved this round.
	Resolved []bool   `json:"resolved" vis:"public"`
	Players  []Player `json:"players" vis:"public"`
	// Queue holds the catacomb advances waiting to be made, head first.
	Queue []Advance `json:"queue" vis:"public"`

	LegendDeck   []string `json:"legend_deck" vis:"hidden"`
	ActiveLegend string   `json:"active_legend" vis:"public"`
	// LegendRanking is the revealed strength order on the legend card
	// during the legend step.
	LegendRanking []Strength `json:"legend_ranking,omitempty" vis:"public"`

	// LootStacks are the face-down loot stacks by space id.
	LootStacks map[string][]string `json:"loot_stacks" vis:"hidden"`
	// LootBox holds the loot tokens returned to the box unrevealed.
	LootBox []string `json:"loot_box" vis:"hidden"`

	MinionDeck    []Minion `json:"minion_deck" vis:"hidden"`
	MinionRow     []Minion `json:"minion_row" vis:"public"` // empty Type = empty space
	MinionDiscard []Minion `json:"minion_discard" vis:"public"`

	GuardState *GuardsState `json:"guards,omitempty" vis:"public"`

	// Placements counts the tokens put on locations and the legend card
	// this round; each token records its number (CrewToken.Placed).
	Placements int `json:"placements,omitempty" vis:"public"`

	// Log counts accepted moves, for tests and the golden files.
	Moves int `json:"moves" vis:"public"`
}

// Strength is one side's crew strength at a location or on the legend.
type Strength struct {
	Seat     int  `json:"seat" vis:"public"` // Guards for the solo guards
	Strength int  `json:"strength" vis:"public"`
	Explorer bool `json:"explorer,omitempty" vis:"public"`
}

// CrewToken is one of a player's seven crew tokens.
type CrewToken struct {
	ID       string `json:"id"`
	Strength int    `json:"strength"`
	Explorer bool   `json:"explorer,omitempty"`
	Place    string `json:"place"`
	Location int    `json:"location,omitempty"`
	FaceDown bool   `json:"face_down,omitempty"`
	// Placed is the token's place in the order in which tokens were put
	// on the board this round (1 first): screens list a location's tokens
	// in this order, never in the player's token order, which would tell
	// a face-down token's strength.
	Placed   int  `json:"placed,omitempty"`
	Revealed bool `json:"revealed,omitempty"`
	// Latecomer marks tokens the owner sends to the LIBRARY at the end of
	// Lights Out.
	Latecomer bool `json:"latecomer,omitempty"`
}

// Item is an item card in front of a player.
type Item struct {
	Name     string `json:"name" vis:"public"`
	How      string `json:"how" vis:"public"` // "crafted", "crafted_from_reserve" or "gained"
	Upgraded bool   `json:"upgraded,omitempty" vis:"public"`
}

// Minion is a minion card.
type Minion struct {
	ID     int    `json:"id" vis:"public"`
	Type   string `json:"type" vis:"public"`
	Remove bool   `json:"remove,omitempty" vis:"public"`
}

// Player is one seat's pieces.
type Player struct {
	// Tokens are the seven crew tokens. Where a face-down token lies is
	// public, which token it is is not, so the whole list is private and
	// the view derives the public part.
	Tokens   []CrewToken `json:"tokens" vis:"private"`
	Passed   bool        `json:"passed" vis:"public"`
	FaceDown int         `json:"face_down" vis:"private"`
	Lantern  string      `json:"lantern" vis:"public"`
	// AdvancedFrom lists the locations this player advanced from this
	// round, through the tunnel or the Advance lantern icon of the
	// location's reward (they may not send latecomers from there).
	AdvancedFrom []int `json:"advanced_from,omitempty" vis:"public"`
	// RewardedAt lists the locations where this player took another
	// reward through the app this round (a reserved item crafted at the
	// CELL BLOCK): their tokens there go back to the holding cell, never
	// to the LIBRARY.
	RewardedAt []int `json:"rewarded_at,omitempty" vis:"public"`
	// LanternClaims lists the Advance lantern icons the player has used
	// (lanternSources), so that each gives one advance only.
	LanternClaims []string `json:"lantern_claims,omitempty" vis:"public"`
	// Loot holds the loot tokens kept (used or scored), face up.
	Loot      []string `json:"loot" vis:"public"`
	LootStars int      `json:"loot_stars" vis:"public"`
	// Peek is the loot stack the player is looking at on a loot space.
	Peek         []string `json:"peek,omitempty" vis:"private"`
	EscapedRound int      `json:"escaped_round,omitempty" vis:"public"`
	EscapedStars int      `json:"escaped_stars,omitempty" vis:"public"`
	Minions      []Minion `json:"minions" vis:"public"`
	// MinionChoice holds the cards drawn by a Shapeshifter.
	MinionChoice []Minion `json:"minion_choice,omitempty" vis:"private"`
	Items        []Item   `json:"items" vis:"public"`
	Reserved     []string `json:"reserved" vis:"private"`
	TomesPlayed  []string `json:"tomes_played,omitempty" vis:"public"`
	// TomeSteps[i] is the step of the round in which TomesPlayed[i] was
	// played (stepKey): its Advance lantern icon is claimable only while
	// that step lasts.
	TomeSteps []string `json:"tome_steps,omitempty" vis:"public"`
	Score     Entries  `json:"score" vis:"private"`
	Finished  bool     `json:"finished" vis:"public"`
}

// GuardsState is the solo opponent.
type GuardsState struct {
	Lantern      string      `json:"lantern" vis:"public"`
	EscapedRound int         `json:"escaped_round,omitempty" vis:"public"`
	EscapedStars int         `json:"escaped_stars,omitempty" vis:"public"`
	LegendStars  int         `json:"legend_stars" vis:"public"`
	Loot         []string    `json:"loot" vis:"public"`
	Deck         []GuardCard `json:"deck" vis:"hidden"`
	// OnLocations[i] is the guard card face up on location i+1.
	OnLocations []GuardCard `json:"on_locations" vis:"public"`
	// OnLegend is the 8th card, face down on the legend until Lights Out
	// reveals it.
	OnLegend       GuardCard `json:"on_legend" vis:"hidden"`
	LegendRevealed bool      `json:"legend_revealed" vis:"public"`
	// StarsTrack is the guards' star track entered by the solo player at
	// final scoring (0 until entered).
	StarsTrack int `json:"stars_track" vis:"public"`
}

// GuardCard is a solo guard card: its colour and its printed values.
type GuardCard struct {
	Colour       string `json:"colour" vis:"public"`
	GuardCardDef `vis:"public"`
}

// Advance is a catacomb advance waiting in the queue: who, how many spaces
// are left, what it came from.
type Advance struct {
	Seat      int `json:"seat" vis:"public"` // Guards for the guards
	StepsLeft int `json:"steps_left" vis:"public"`
	Moved     int `json:"moved" vis:"public"`
	// Location is the location whose tunnel, or whose reward's Advance
	// lantern icon, gives the advance; 0 for another icon (an item, a
	// tome, the legend card).
	Location int    `json:"location,omitempty" vis:"public"`
	Source   string `json:"source" vis:"public"` // "single", "double", "advance_lantern"
	// AwaitLoot is set while the player on a loot space chooses a token.
	AwaitLoot bool `json:"await_loot,omitempty" vis:"public"`
	// AwaitGuardsPay is set while the solo player says whether the guards
	// can pay a path cost.
	AwaitGuardsPay bool `json:"await_guards_pay,omitempty" vis:"public"`
}

// Entries are a player's final-scoring entries.
type Entries struct {
	StarsTrack int            `json:"stars_track"`
	Counts     map[string]int `json:"counts"`
}

// Clone returns a deep copy sharing no mutable memory with s (the game data
// is never mutated and is shared).
func (s *State) Clone() *State {
	c := *s
	c.Seats = slices.Clone(s.Seats)
	c.Tunnels = slices.Clone(s.Tunnels)
	c.Resolved = slices.Clone(s.Resolved)
	c.Queue = slices.Clone(s.Queue)
	c.LegendDeck = slices.Clone(s.LegendDeck)
	c.LegendRanking = slices.Clone(s.LegendRanking)
	c.LootStacks = make(map[string][]string, len(s.LootStacks))
	for k, v := range s.LootStacks {
		c.LootStacks[k] = slices.Clone(v)
	}
	c.LootBox = slices.Clone(s.LootBox)
	c.MinionDeck = slices.Clone(s.MinionDeck)
	c.MinionRow = slices.Clone(s.MinionRow)
	c.MinionDiscard = slices.Clone(s.MinionDiscard)
	if s.GuardState != nil {
		g := *s.GuardState
		g.Loot = slices.Clone(g.Loot)
		g.Deck = slices.Clone(g.Deck)
		g.OnLocations = slices.Clone(g.OnLocations)
		c.GuardState = &g
	}
	c.Players = make([]Player, len(s.Players))
	for i, p := range s.Players {
		q := p
		q.Tokens = slices.Clone(p.Tokens)
		q.AdvancedFrom = slices.Clone(p.AdvancedFrom)
		q.RewardedAt = slices.Clone(p.RewardedAt)
		q.TomeSteps = slices.Clone(p.TomeSteps)
		q.LanternClaims = slices.Clone(p.LanternClaims)
		q.Loot = slices.Clone(p.Loot)
		q.Peek = slices.Clone(p.Peek)
		q.Minions = slices.Clone(p.Minions)
		q.MinionChoice = slices.Clone(p.MinionChoice)
		q.Items = slices.Clone(p.Items)
		q.Reserved = slices.Clone(p.Reserved)
		q.TomesPlayed = slices.Clone(p.TomesPlayed)
		q.Score.Counts = make(map[string]int, len(p.Score.Counts))
		for k, v := range p.Score.Counts {
			q.Score.Counts[k] = v
		}
		c.Players[i] = q
	}
	return &c
}

// rounds left after the current one.
func (s *State) roundsLeft() int { return s.Data.Rounds.Value - s.Round }

// seatingOrder lists the seats clockwise from the first player.
func (s *State) seatingOrder() []int {
	n := len(s.Seats)
	out := make([]int, n)
	for i := range out {
		out[i] = (s.FirstPlayer + i) % n
	}
	return out
}

// seatRank is a seat's position in seating order from the first player;
// the guards come after the solo player unless guards_win_ties.
func (s *State) seatRank(seat int) int {
	if seat == Guards {
		if s.Data.GuardsWinTies.Value {
			return -1
		}
		return len(s.Seats)
	}
	return (seat - s.FirstPlayer + len(s.Seats)) % len(s.Seats)
}

// tokensIn returns the player's tokens at a place (and location).
func (p *Player) tokensIn(place string, loc int) []int {
	var out []int
	for i, t := range p.Tokens {
		if t.Place == place && (place != PlaceLocation || t.Location == loc) {
			out = append(out, i)
		}
	}
	return out
}

// placedToken is one token on the board, with its owner.
type placedToken struct {
	Seat  int
	Token *CrewToken
}

// onBoard lists every player's tokens on the board by place, each list in
// the order the tokens were placed, so that it tells nothing about which
// token a face-down one is: index 0 is the legend card, 1–7 the
// locations.
func (s *State) onBoard() [8][]placedToken {
	var all []placedToken
	for seat := range s.Players {
		for i := range s.Players[seat].Tokens {
			if tk := &s.Players[seat].Tokens[i]; tk.Place != PlaceCell {
				all = append(all, placedToken{seat, tk})
			}
		}
	}
	slices.SortStableFunc(all, func(a, b placedToken) int { return a.Token.Placed - b.Token.Placed })
	var out [8][]placedToken
	for _, pt := range all {
		if pt.Token.Place == PlaceLegend {
			out[0] = append(out[0], pt)
		} else if pt.Token.Location >= 1 && pt.Token.Location <= 7 {
			out[pt.Token.Location] = append(out[pt.Token.Location], pt)
		}
	}
	return out
}

// inCell counts the player's tokens in the holding cell.
func (p *Player) inCell() int { return len(p.tokensIn(PlaceCell, 0)) }

// token returns the index of a token by id, or -1.
func (p *Player) token(id string) int {
	return slices.IndexFunc(p.Tokens, func(t CrewToken) bool { return t.ID == id })
}

// lanternEnded reports whether a lantern sits on TOMB or ESCAPED.
func (s *State) lanternEnded(space string) bool {
	sp, _ := s.Data.space(space)
	return sp.End != ""
}

// name names a seat for screens and the log (Guards: the guards).
func (s *State) name(seat int) string {
	if seat == Guards {
		return term("guards")
	}
	return s.Seats[seat]
}
