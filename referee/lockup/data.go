package lockup

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"tablewarden/referee/kit"
)

//go:embed data.json
var defaultDataJSON []byte

// Val is one game-data value with where it comes from (kit.Sourced:
// "rulebook", "assumed" or "table-entered", the book's section, a note).
type Val[T any] struct {
	sourced
	Value T `json:"value" vis:"public"`
}

// sourced is kit.Sourced embedded under an unexported name: its fields are
// promoted in data.json as usual, and all game data is public.
type sourced = kit.Sourced

// TunnelSet is the number of tunnel markers of each kind for a player count.
type TunnelSet struct {
	Collapsed int `json:"collapsed" vis:"public"`
	Single    int `json:"single" vis:"public"`
	Double    int `json:"double" vis:"public"`
}

// LocationDef is one of the board locations 1–7.
type LocationDef struct {
	Number int    `json:"number" vis:"public"`
	Name   string `json:"name" vis:"public"`
}

// Space is one space of the catacomb board. End is "tomb", "escaped" or "".
type Space struct {
	ID     string `json:"id" vis:"public"`
	Label  string `json:"label" vis:"public"`
	Points int    `json:"points,omitempty" vis:"public"`
	Loot   bool   `json:"loot,omitempty" vis:"public"`
	End    string `json:"end,omitempty" vis:"public"`
}

// Path is one printed arrow of the catacomb board, with the resources it
// costs.
type Path struct {
	From string         `json:"from" vis:"public"`
	To   string         `json:"to" vis:"public"`
	Cost map[string]int `json:"cost,omitempty" vis:"public"`
}

// Point is a place on the board page's unit square.
type Point struct {
	X float64 `json:"x" vis:"public"`
	Y float64 `json:"y" vis:"public"`
}

// Board is the catacomb board: a graph of spaces and one-way paths.
type Board struct {
	Spaces []Space `json:"spaces" vis:"public"`
	Paths  []Path  `json:"paths" vis:"public"`
}

// LootKind is one kind of loot token and how many the box holds.
type LootKind struct {
	Kind  string `json:"kind" vis:"public"`
	Label string `json:"label" vis:"public"`
	Count int    `json:"count" vis:"public"`
}

// GuardCardDef is a solo guard card's printed values.
type GuardCardDef struct {
	Strength int  `json:"strength" vis:"public"`
	Explorer bool `json:"explorer,omitempty" vis:"public"`
}

// MinionEntry is a group of identical minion cards in the minion deck.
type MinionEntry struct {
	Type   string `json:"type" vis:"public"`
	Count  int    `json:"count" vis:"public"`
	Remove bool   `json:"remove,omitempty" vis:"public"`
}

// MinionData is the minion deck and the length of the minion row.
type MinionData struct {
	RowSpaces int           `json:"row_spaces" vis:"public"`
	Deck      []MinionEntry `json:"deck" vis:"public"`
}

// ValuableDef is a kind of valuable and its final-scoring table.
type ValuableDef struct {
	Type  string `json:"type" vis:"public"`
	Label string `json:"label" vis:"public"`
	Table []int  `json:"table" vis:"public"`
}

// ScoringData is the base game's final scoring as far as this app needs it,
// the tie-break order and the solo victory rule.
type ScoringData struct {
	DwarfTable  []int         `json:"dwarf_table" vis:"public"`
	RatmanTable []int         `json:"ratman_table" vis:"public"`
	Valuables   []ValuableDef `json:"valuables" vis:"public"`
	// TieBreak lists criteria in order: "stars_in_play", "loot_tokens",
	// "catacombs". Players still tied after them share the rank.
	TieBreak []string `json:"tie_break" vis:"public"`
	// SoloVictory is "more_than_guards" or "at_least_guards".
	SoloVictory string `json:"solo_victory" vis:"public"`
}

// Data is all the game data the referee uses. It is loaded from the
// embedded data.json and may be overridden, key by key, by the table's
// game_data option.
type Data struct {
	About                   string                    `json:"about,omitempty" vis:"public"`
	Rounds                  Val[int]                  `json:"rounds" vis:"public"`
	TunnelSets              Val[map[string]TunnelSet] `json:"tunnel_sets" vis:"public"`
	SoloCountsAsPlayers     Val[int]                  `json:"solo_counts_as_players" vis:"public"`
	FaceDownLimit           Val[map[string]int]       `json:"face_down_limit" vis:"public"`
	ExplorerStrength        Val[int]                  `json:"explorer_strength" vis:"public"`
	CrewStrengths           Val[[]int]                `json:"crew_strengths" vis:"public"`
	Locations               Val[[]LocationDef]        `json:"locations" vis:"public"`
	CellBlock               Val[string]               `json:"cell_block" vis:"public"`
	TombPoints              Val[int]                  `json:"tomb_points" vis:"public"`
	EscapedBase             Val[int]                  `json:"escaped_base" vis:"public"`
	EscapedPerRoundLeft     Val[int]                  `json:"escaped_per_round_left" vis:"public"`
	LootStar                Val[int]                  `json:"loot_star" vis:"public"`
	GuardsLegendRewardStars Val[int]                  `json:"guards_legend_reward_stars" vis:"public"`
	Board                   Val[Board]                `json:"board" vis:"public"`
	// BoardLayout places the board page's nodes: "location:N", "legend"
	// and the catacomb spaces by id (a drawing layout, assumed).
	BoardLayout Val[map[string]Point] `json:"board_layout" vis:"public"`
	// PathCosts says how path costs are paid: "paid_not_checked", the
	// player reports paying and the table checks it (the resources are the
	// base game's and not tracked here).
	PathCosts             Val[string]                    `json:"path_costs" vis:"public"`
	LootTokens            Val[[]LootKind]                `json:"loot_tokens" vis:"public"`
	LegendCards           Val[[]string]                  `json:"legend_cards" vis:"public"`
	GuardCards            Val[map[string][]GuardCardDef] `json:"guard_cards" vis:"public"`
	GuardBlueCards        Val[int]                       `json:"guard_blue_cards" vis:"public"`
	GuardColourCards      Val[int]                       `json:"guard_colour_cards" vis:"public"`
	GuardCardsOnLocations Val[int]                       `json:"guard_cards_on_locations" vis:"public"`
	GuardsWinTies         Val[bool]                      `json:"guards_win_ties" vis:"public"`
	LoneExplorerVsGuards  Val[string]                    `json:"lone_explorer_vs_stronger_guards" vis:"public"`
	GuardsForkWithoutCost Val[string]                    `json:"guards_fork_without_cost" vis:"public"`
	FirstPlayerRotates    Val[bool]                      `json:"first_player_rotates" vis:"public"`
	Minions               Val[MinionData]                `json:"minions" vis:"public"`
	ShapeshifterDraw      Val[int]                       `json:"shapeshifter_draw" vis:"public"`
	Scoring               Val[ScoringData]               `json:"scoring" vis:"public"`
	// ScorePadMax bounds the score pad's entries that neither the book nor
	// the state bounds: "stars", "barrels", "valuables" (each type),
	// "wild_valuables", "base_other".
	ScorePadMax         Val[map[string]int] `json:"score_pad_max" vis:"public"`
	CrewBoardBarrels    Val[int]            `json:"crew_board_barrels" vis:"public"`
	DryadStarsPerBarrel Val[int]            `json:"dryad_stars_per_barrel" vis:"public"`
	FungoidStarsPerLoot Val[int]            `json:"fungoid_stars_per_loot" vis:"public"`
}

// The board's fixed space ids the book names.
const (
	SpaceEntrance = "ENTRANCE"
	EndTomb       = "tomb"
	EndEscaped    = "escaped"
)

// LoadData returns the embedded data.json with the table's override (a
// JSON object of top-level keys, possibly empty) laid over it by
// kit.LoadData, which marks every value the override gives
// "table-entered" unless it states a source. A bad override, or data that
// breaks the rules the referee needs, is a *kit.RuleError "bad_option"
// naming the setup section.
func LoadData(override json.RawMessage) (*Data, error) {
	var d Data
	if err := kit.LoadData(defaultDataJSON, override, secSetup, &d); err != nil {
		if _, ok := kit.AsRuleError(err); !ok {
			panic("lockup: embedded data.json: " + err.Error())
		}
		return nil, err
	}
	return &d, d.checked()
}

// checked validates the data as a "bad_option" refusal.
func (d *Data) checked() error {
	if err := d.validate(); err != nil {
		return kit.Errorf("bad_option", secSetup, "The game data is inconsistent: %v.", err)
	}
	return nil
}

func (d *Data) validate() error {
	if d.Rounds.Value < 1 {
		return fmt.Errorf("rounds must be at least 1")
	}
	if len(d.Locations.Value) != 7 {
		return fmt.Errorf("there must be 7 locations, not %d", len(d.Locations.Value))
	}
	for i, l := range d.Locations.Value {
		if l.Number != i+1 {
			return fmt.Errorf("locations must be numbered 1-7 in order")
		}
	}
	if d.locationByName(d.CellBlock.Value) == 0 {
		return fmt.Errorf("cell_block %q is not a location", d.CellBlock.Value)
	}
	for k, s := range d.TunnelSets.Value {
		if s.Collapsed+s.Single+s.Double != 7 {
			return fmt.Errorf("tunnel set %s does not hold 7 markers", k)
		}
	}
	if len(d.CrewStrengths.Value) != 6 {
		return fmt.Errorf("crew_strengths must list the 6 base crew tokens")
	}
	if d.Minions.Value.RowSpaces < 1 {
		return fmt.Errorf("the minion row needs at least one space")
	}
	if k := d.GuardCardsOnLocations.Value; k < 0 || k > 7 || k+1 > d.GuardBlueCards.Value+d.GuardColourCards.Value {
		return fmt.Errorf("guard_cards_on_locations must be 0-7 and leave a card for the legend")
	}
	if len(d.LegendCards.Value) < 1 {
		return fmt.Errorf("the legend deck is empty")
	}
	for _, k := range []string{"stars", "barrels", "valuables", "wild_valuables", "base_other"} {
		if d.ScorePadMax.Value[k] < 1 {
			return fmt.Errorf("score_pad_max.%s must be at least 1", k)
		}
	}
	if d.PathCosts.Value != "paid_not_checked" {
		return fmt.Errorf("path_costs must be \"paid_not_checked\": the app does not track resources")
	}
	return d.Board.Value.validate()
}
