package captainisdead

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"tablewarden/referee/kit"
)

// Setup deals the colours at random, puts the systems Locked side up,
// stacks the alert decks, sets the tracks, deals the skill cards and
// veteran abilities and waits for each player to choose a role. It returns
// a *kit.RuleError "bad_option" (naming the section the option comes
// from) for bad options or game data and "player_count" for too few or
// too many players.
func (g *Game) Setup(raw json.RawMessage, seats []string, ctx kit.Ctx) (kit.State, error) {
	opts, err := decodeOptions(raw)
	if err != nil {
		return nil, err
	}
	d := g.data
	if len(opts.GameData) > 0 && string(opts.GameData) != "null" {
		if d, err = loadData(opts.GameData); err != nil {
			return nil, err
		}
	}
	n := len(seats)
	if n < d.MinPlayers.Value || n > d.maxPlayers() {
		return nil, kit.Errorf("player_count", ruleSetup, "This game needs %d to %d players (one colour and one veteran ability each); %d were seated.", d.MinPlayers.Value, d.maxPlayers(), n)
	}
	c := d.Counts
	if need := n*c.SkillsDealt.Value + c.CargoPodSkills.Value; need > c.Skills.Value {
		return nil, kit.Errorf("player_count", ruleSetup, "The %d skill cards cannot be dealt to %d players.", c.Skills.Value, n)
	}
	s := &State{
		Data:              d,
		Difficulty:        opts.Difficulty,
		Elimination:       opts.Elimination,
		LastTurnAfterDeck: opts.LastTurnAfterDeck,
		Phase:             PhaseChooseRoles,
		Concealment:       kit.Track{Pos: ConcealmentDef.Max()},
		ShipControl:       kit.Track{Pos: slices.Index(ShipControlDef.Steps, opts.Difficulty)},
		Rooms:             make([]Room, len(d.Locations)),
		Systems:           make([]System, len(d.Systems)),
		Deck:              AlertDeck{Yellow: c.YellowAlerts.Value, Orange: c.OrangeAlerts.Value, Red: c.RedAlerts.Value},
		SetupAlertsLeft:   c.SetupAlerts.Value,
		Suppressions:      []string{},
		Alarms:            AlarmCount{Suppressed: make([]int, len(SuppressionSources))},
		GrenadeLocker:     c.Grenades.Value,
		ScentBombs:        c.ScentBombs.Value,
		CargoPodSkills:    c.CargoPodSkills.Value + n, // each player discards 1 to the cargo pod
		SkillPile:         c.Skills.Value - n*c.SkillsDealt.Value - c.CargoPodSkills.Value,
		CargoPodTools:     []string{},
		ToolsGone:         []string{},
		ContrabandSupply:  c.Contraband.Value,
	}
	for i := range s.Systems {
		s.Systems[i].Locked = true
	}
	for _, t := range d.Tools {
		s.CargoPodTools = append(s.CargoPodTools, t.Name)
	}
	colours := ctx.RNG.Perm(len(d.Colours))
	for i, name := range seats {
		s.Players = append(s.Players, Player{
			Name:    name,
			Colour:  d.Colours[colours[i]].Name,
			Dead:    []string{},
			Tools:   []string{},
			Veteran: true,
			Skills:  max(0, c.SkillsDealt.Value-1),
			Room:    d.room("Infirmary"),
		})
	}
	return s, nil
}

// decodeOptions reads the table options. A refusal names the section of
// the book the offending option comes from (its OptionSpec.Rule; Setup for
// an unknown option).
func decodeOptions(raw json.RawMessage) (Options, error) {
	opts := Options{Difficulty: "Normal"}
	err := kit.DecodeOptionsIn(raw, options, &opts, ruleSetup)
	return opts, err
}

// colourRoles lists the role names of a player's colour.
func (s *State) colourRoles(seat int) []string {
	return s.Data.Colours[s.Data.colourByName[s.Players[seat].Colour]].Roles
}

// startGame orders the seats by rank, places every character on its start
// and draws the first setup alert.
func (s *State) startGame(t *turn) {
	s.Order = make([]int, len(s.Players))
	for i := range s.Order {
		s.Order[i] = i
	}
	slices.SortStableFunc(s.Order, func(a, b int) int { return s.role(a).Rank - s.role(b).Rank })
	for i := range s.Players {
		p := &s.Players[i]
		p.Alive = true
		p.Room = s.Data.room(s.role(i).Start)
	}
	t.Public("setup_alerts", "Every character is at its start. Resolve %d alerts.", s.SetupAlertsLeft)
	s.nextAlert(t)
}

// SetupEvents logs what setup placed and dealt: the tracks, the Locked
// systems, the stacked alert decks, the skill cards, veteran abilities and
// Cargo Pod, the supplies beside the board and each player's colour. All
// of it is public: the skill cards are not tracked one by one.
func (g *Game) SetupEvents(st kit.State) []kit.Event {
	s, err := moves.State(st)
	if err != nil {
		return nil
	}
	d, c := s.Data, s.Data.Counts
	var out []kit.Event
	add := func(code, format string, args ...any) {
		out = append(out, kit.PublicEvent(code, fmt.Sprintf(format, args...)))
	}
	add("setup_tracks", "Ship Control starts at %s (difficulty) and the Concealment Level at %s.",
		ShipControlDef.StepLabel(s.ShipControl.Pos), ConcealmentDef.StepLabel(s.Concealment.Pos))
	systems := make([]string, len(d.Systems))
	for i, sy := range d.Systems {
		systems[i] = sy.Called() + " (" + sy.Location + ")"
	}
	add("setup_systems", "The %d system cards are placed Locked side up: %s.", len(d.Systems), strings.Join(systems, ", "))
	add("setup_alerts_stacked", "The alert decks are shuffled and stacked: %d Yellow on top, then %d Orange, %d Red at the bottom.",
		s.Deck.Yellow, s.Deck.Orange, s.Deck.Red)
	add("setup_supplies", "%d grenades are set on the Grenade Locker; %d scent bombs and %d honeypots wait beside the board.",
		s.GrenadeLocker, s.ScentBombs, c.Honeypots.Value)
	add("setup_dealt", "Each player is dealt %d skill cards and a Veteran Ability card and discards 1 skill card to the Cargo Pod, which holds %d skill cards and the %d tools.",
		c.SkillsDealt.Value, s.CargoPodSkills, len(s.CargoPodTools))
	for _, p := range s.Players {
		add("setup_colour", "%s receives the %s pawn: choose %s.", p.Name, p.Colour, kit.ListOr(kit.Each("the ", d.Colours[d.colourByName[p.Colour]].Roles)))
	}
	if s.Elimination {
		add("setup_elimination", "This table uses the optional Player Elimination rules.")
	}
	add("setup_next", "Once every role is chosen, each character goes to its start and %d alerts are resolved.", s.SetupAlertsLeft)
	return out
}
