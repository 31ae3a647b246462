package lockup

import (
	"encoding/json"

	"tablewarden/referee/kit"
)

// Game is the Lockup: Breakout referee.
type Game struct {
	info kit.Info
}

var _ kit.Game = (*Game)(nil)

// New returns the referee.
func New() *Game {
	g := &Game{}
	g.info = buildInfo()
	return g
}

// Options are the table options.
type Options struct {
	// Difficulty is the solo guard deck's colour.
	Difficulty string `json:"difficulty"`
	// GameData overrides data.json key by key.
	GameData json.RawMessage `json:"game_data,omitempty"`
}

// Info describes the game, its options and its full move catalog.
func (g *Game) Info() kit.Info { return g.info }

func arg(name string, kind kit.ArgKind) kit.ArgSpec {
	return kit.ArgSpec{Name: name, Label: label(argTexts, "arg."+name), Kind: kind}
}

func move(typ, rule string, host bool, args ...kit.ArgSpec) kit.MoveSpec {
	return kit.MoveSpec{Type: typ, Label: label(moveTexts, typ), Rule: rule, Host: host, Args: args}
}

func boolChoices(vals ...bool) []kit.Choice {
	out := make([]kit.Choice, len(vals))
	for i, v := range vals {
		l := "No"
		if v {
			l = "Yes"
		}
		out[i] = kit.Choice{Value: v, Label: l}
	}
	return out
}

func catalog() []kit.MoveSpec {
	loc := arg("location", kit.ArgInt)
	loc.Min, loc.Max = kit.IntPtr(1), kit.IntPtr(7)
	value := arg("value", kit.ArgInt)
	value.Min, value.Max = kit.IntPtr(0), kit.IntPtr(maxEntry)
	guardsRewarded := arg("guards_rewarded", kit.ArgBool)
	guardsRewarded.Optional = true
	space := arg("space", kit.ArgInt)
	space.Min = kit.IntPtr(1)
	as := arg("as", kit.ArgEnum)
	as.Choices = []kit.Choice{{Value: "dwarf", Label: "Dwarf"}, {Value: "ratman", Label: "Ratman"}}
	return []kit.MoveSpec{
		move("assign", secRollCall, false, arg("token", kit.ArgEnum), loc, arg("face_down", kit.ArgBool)),
		move("pass", secRollCall, false),
		move("advance", secAdvancing, false, arg("to", kit.ArgEnum)),
		move("advance_paying", secAdvancing, false, arg("to", kit.ArgEnum)),
		move("stop_advancing", secTunnels, false),
		move("keep_loot", secAdvancing, false, arg("token", kit.ArgEnum), arg("use", kit.ArgBool)),
		move("guards_pay", secSoloTunnel, false, arg("can_pay", kit.ArgBool)),
		move("latecomer", secTunnels, false, loc),
		move("advance_lantern", secIcons, false),
		move("reserve_item", secIcons, false, arg("item", kit.ArgString)),
		move("craft_item", secIcons, false, arg("item", kit.ArgString), arg("upgrade", kit.ArgBool)),
		move("craft_reserved", secIcons, false, arg("item", kit.ArgEnum), arg("upgrade", kit.ArgBool)),
		move("gain_item", secIcons, false, arg("item", kit.ArgString)),
		move("upgrade_item", secIcons, false, arg("item", kit.ArgEnum)),
		move("recruit", secMinions, false, space),
		move("keep_minion", secMinions, false, arg("card", kit.ArgEnum)),
		move("play_tome", secLegend, false, arg("tome", kit.ArgString), arg("text_allows", kit.ArgBool)),
		move("resolve_legend", secLegend, true, guardsRewarded),
		move("finish_raid", secEnd, true),
		move("enter_stars", secEnd, false, value),
		move("enter_guard_stars", secEnd, false, value),
		move("enter_scores", secEnd, false, arg("category", kit.ArgEnum), value),
		move("choose_golems", secMinions, false, as),
		move("finish_scoring", secEnd, false),
	}
}

// maxEntry bounds every final-scoring entry.
const maxEntry = 500

func buildInfo() kit.Info {
	d, _ := LoadData(nil)
	var colours []kit.Choice
	for _, c := range []string{"green", "yellow", "red"} {
		if _, ok := d.GuardCards.Value[c]; ok {
			colours = append(colours, kit.Choice{Value: c, Label: c})
		}
	}
	return kit.Info{
		ID:         "lockup",
		Name:       "Lockup: Breakout",
		Rulebook:   "lockup-breakout.pt.txt",
		MinPlayers: 1,
		MaxPlayers: 5,
		Options: []kit.OptionSpec{
			{Name: "difficulty", Label: label(argTexts, "option.difficulty"), Kind: kit.OptEnum, Default: "green", Choices: colours, Source: "assumed",
				Help: "Solo only: the guard deck holds 8 blue cards and 6 of this colour. Colour names are assumed."},
			{Name: "game_data", Label: label(argTexts, "option.game_data"), Kind: kit.OptJSON, Default: json.RawMessage(`{}`), Source: "assumed",
				Help: "A JSON object whose keys replace those of the built-in data.json: the catacomb board (an ASSUMED default), crew strengths, scoring tables, tie-break and more."},
		},
		Moves:    catalog(),
		Messages: Messages(),
	}
}

// spec returns the catalog entry for a move type.
func (g *Game) spec(t string) kit.MoveSpec {
	s, _ := g.info.Spec(t)
	return s
}
