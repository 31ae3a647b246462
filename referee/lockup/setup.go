package lockup

import (
	"encoding/json"
	"fmt"
	"strings"

	"tablewarden/referee/kit"
)

// Setup deals the tunnel markers onto locations 1–7 (removing the collapsed
// ones), fills the loot stacks, shuffles the legend deck and reveals its
// top card, places every lantern on ENTRANCE, gives each player seven crew
// tokens including the explorer, and in solo mode builds the guard deck and
// the guards' lantern. It returns "player_count" for fewer than 1 or more
// than 5 seats and "bad_option" for invalid options or game data.
func (g *Game) Setup(opts json.RawMessage, seats []string, ctx kit.Ctx) (kit.State, error) {
	o := Options{Difficulty: "green"}
	// The options come from the setup sections (the difficulty colour from
	// solo setup: OptionSpec.Rule).
	if err := kit.DecodeOptionsIn(opts, info.Options, &o, secSetup); err != nil {
		return nil, err
	}
	n := len(seats)
	if n < 1 || n > 5 {
		return nil, ruleErr("player_count", secSetup, "n", fmt.Sprint(n))
	}
	d, err := LoadData(o.GameData)
	if err != nil {
		return nil, err
	}
	st, err := newGame(d, seats, o.Difficulty, ctx.RNG)
	if err != nil {
		return nil, err
	}
	return st, nil
}

// newGame builds the initial state; SetupEvents logs it.
func newGame(d *Data, seats []string, difficulty string, rng *kit.RNG) (*State, error) {
	n := len(seats)
	set, ok := d.tunnelSet(n)
	if !ok {
		return nil, ruleErr("bad_option", secSetup, "detail", fmt.Sprintf("no tunnel set for %d players", d.playersFor(n)))
	}
	st := &State{
		Data:       d,
		Seats:      append([]string(nil), seats...),
		Solo:       n == 1,
		Round:      1,
		Phase:      PhaseRollCall,
		Tunnels:    make([]string, 7),
		Resolved:   make([]bool, 7),
		LootStacks: map[string][]string{},
		Queue:      []Advance{},
	}

	// Tunnel markers, shuffled face down onto locations 1–7, revealed; the
	// collapsed ones go back to the box.
	var markers []string
	for i := 0; i < set.Collapsed; i++ {
		markers = append(markers, "collapsed")
	}
	for i := 0; i < set.Single; i++ {
		markers = append(markers, "single")
	}
	for i := 0; i < set.Double; i++ {
		markers = append(markers, "double")
	}
	rng.Shuffle(len(markers), func(i, j int) { markers[i], markers[j] = markers[j], markers[i] })
	for i, m := range markers {
		if m != "collapsed" {
			st.Tunnels[i] = m
		}
	}

	// Loot stacks of as many tokens as players; the rest back to the box
	// unseen.
	var loot []string
	for _, k := range d.LootTokens.Value {
		for i := 0; i < k.Count; i++ {
			loot = append(loot, k.Kind)
		}
	}
	rng.Shuffle(len(loot), func(i, j int) { loot[i], loot[j] = loot[j], loot[i] })
	size := d.playersFor(n)
	spaces := d.lootSpaces()
	if len(loot) < size*len(spaces) {
		return nil, ruleErr("bad_option", secSetup, "detail", fmt.Sprintf("%d loot tokens cannot fill %d stacks of %d", len(loot), len(spaces), size))
	}
	for _, sp := range spaces {
		st.LootStacks[sp] = append([]string(nil), loot[:size]...)
		loot = loot[size:]
	}
	st.LootBox = loot

	// The legend deck, its top card revealed face up on top.
	st.LegendDeck = append([]string(nil), d.LegendCards.Value...)
	rng.Shuffle(len(st.LegendDeck), func(i, j int) { st.LegendDeck[i], st.LegendDeck[j] = st.LegendDeck[j], st.LegendDeck[i] })
	st.ActiveLegend, st.LegendDeck = st.LegendDeck[0], st.LegendDeck[1:]

	// Players: lantern on ENTRANCE, seven crew tokens with the explorer.
	for range seats {
		p := Player{Lantern: SpaceEntrance, Loot: []string{}, Minions: []Minion{}, Items: []Item{}, Reserved: []string{},
			Score: Entries{Counts: map[string]int{}}}
		p.Tokens = append(p.Tokens, CrewToken{ID: "explorer", Strength: d.ExplorerStrength.Value, Explorer: true, Place: PlaceCell})
		for i, s := range d.CrewStrengths.Value {
			p.Tokens = append(p.Tokens, CrewToken{ID: fmt.Sprintf("crew%d", i+1), Strength: s, Place: PlaceCell})
		}
		st.Players = append(st.Players, p)
	}

	// Minion deck and row.
	id := 0
	for _, e := range d.Minions.Value.Deck {
		for i := 0; i < e.Count; i++ {
			id++
			st.MinionDeck = append(st.MinionDeck, Minion{ID: id, Type: e.Type, Remove: e.Remove})
		}
	}
	rng.Shuffle(len(st.MinionDeck), func(i, j int) { st.MinionDeck[i], st.MinionDeck[j] = st.MinionDeck[j], st.MinionDeck[i] })
	st.MinionRow = make([]Minion, d.Minions.Value.RowSpaces)
	st.MinionDiscard = []Minion{}
	st.refillMinionRow(rng)

	// Solo: the guard deck and the guards' lantern.
	if st.Solo {
		blue := d.GuardCards.Value["blue"]
		colour, ok := d.GuardCards.Value[difficulty]
		if difficulty == "blue" || !ok {
			return nil, ruleErr("bad_option", secSoloSetup, "detail", fmt.Sprintf("no guard cards of colour %q", difficulty))
		}
		if len(blue) != d.GuardBlueCards.Value || len(colour) != d.GuardColourCards.Value {
			return nil, ruleErr("bad_option", secSoloSetup, "detail",
				fmt.Sprintf("the guard deck needs %d blue and %d %s cards", d.GuardBlueCards.Value, d.GuardColourCards.Value, difficulty))
		}
		st.Difficulty = difficulty
		gs := &GuardsState{Lantern: SpaceEntrance, Loot: []string{}}
		for _, c := range blue {
			gs.Deck = append(gs.Deck, GuardCard{Colour: "blue", GuardCardDef: c})
		}
		for _, c := range colour {
			gs.Deck = append(gs.Deck, GuardCard{Colour: difficulty, GuardCardDef: c})
		}
		st.GuardState = gs
	}
	st.startRollCall(rng)
	return st, nil
}

// SetupEvents logs what setup dealt, from the initial state: the tunnel
// markers left on locations 1–7 and the collapsed ones removed, the loot
// stacks (their size, not their tokens), the first legend card, the minion
// row, and the start of round 1 (solo: the guard cards on the locations).
func (g *Game) SetupEvents(s kit.State) []kit.Event {
	st, err := moves.State(s)
	if err != nil {
		return nil
	}
	var shown []string
	collapsed := 0
	for i, tn := range st.Tunnels {
		if tn == "" {
			collapsed++
			continue
		}
		shown = append(shown, fmt.Sprintf("%d %s", i+1, tunnelTerm(tn)))
	}
	evs := []kit.Event{event("tunnels_dealt", nil, "tunnels", strings.Join(shown, ", "), "collapsed", fmt.Sprint(collapsed))}
	var spaces []string
	size := 0
	for _, sp := range st.Data.lootSpaces() {
		spaces = append(spaces, st.Data.spaceTerm(sp))
		size = max(size, len(st.LootStacks[sp]))
	}
	evs = append(evs,
		event("loot_dealt", nil, "n", fmt.Sprint(size), "spaces", strings.Join(spaces, ", ")),
		event("legend_revealed", nil, "legend", legendTerm(st.ActiveLegend)),
		event("minion_row", nil, "row", st.minionRowText()))
	return append(evs, st.roundEvents()...)
}

// startRollCall begins a round's Roll Call: in solo mode the guard cards
// are dealt onto the locations and the 8th goes face down on the legend.
func (st *State) startRollCall(rng *kit.RNG) []kit.Event {
	st.Phase = PhaseRollCall
	st.Turn = st.FirstPlayer
	st.Resolving = 0
	st.Placements = 0
	st.LegendRanking = nil
	for i := range st.Resolved {
		st.Resolved[i] = false
	}
	for i := range st.Players {
		st.Players[i].Passed = false
		st.Players[i].FaceDown = 0
		st.Players[i].AdvancedFrom = nil
		st.Players[i].RewardedAt = nil
	}
	if g := st.GuardState; g != nil {
		// The guard cards of the last round go back; the deck is shuffled.
		g.Deck = append(g.Deck, g.OnLocations...)
		if g.OnLegend.Colour != "" {
			g.Deck = append(g.Deck, g.OnLegend)
		}
		g.OnLocations, g.OnLegend, g.LegendRevealed = nil, GuardCard{}, false
		rng.Shuffle(len(g.Deck), func(i, j int) { g.Deck[i], g.Deck[j] = g.Deck[j], g.Deck[i] })
		k := st.Data.GuardCardsOnLocations.Value
		if k > 7 {
			k = 7
		}
		g.OnLocations, g.Deck = append([]GuardCard(nil), g.Deck[:k]...), g.Deck[k:]
		g.OnLegend, g.Deck = g.Deck[0], g.Deck[1:]
	}
	return st.roundEvents()
}

// roundEvents log the start of the current round: who is first and, solo,
// the guard cards face up on the locations.
func (st *State) roundEvents() []kit.Event {
	evs := []kit.Event{event("round_started", nil, "round", fmt.Sprint(st.Round), "seat", st.Seats[st.FirstPlayer])}
	if g := st.GuardState; g != nil {
		var cs []string
		for i, c := range g.OnLocations {
			cs = append(cs, fmt.Sprintf("%d: %s", i+1, guardTerm(c.Colour, c.Strength)))
		}
		evs = append(evs, event("guards_dealt", nil, "cards", strings.Join(cs, ", ")))
	}
	return evs
}
