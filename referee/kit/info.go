package kit

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"sort"
)

// Info describes a game for the catalog (GET /api/games) and the phone UI.
type Info struct {
	ID         string       `json:"id"`
	Name       string       `json:"name"`
	Rulebook   string       `json:"rulebook"`
	MinPlayers int          `json:"min_players"`
	MaxPlayers int          `json:"max_players"`
	Options    []OptionSpec `json:"options"`
	Moves      []MoveSpec   `json:"moves"`
	// Messages translates into other languages, by language then key:
	// Messages["pt-BR"]["give_to_self"]. Keys: a move type (its label), an
	// error or event code (its message, with {param} placeholders), and
	// "phase.X", "arg.X", "option.X", "category.X", "choice.X" for phases,
	// argument and option labels, score categories and choice values.
	// "term.X" translates a term a log entry's params carry ("§X" or
	// "§X(name=value;…)", the name of a game's thing, see
	// referee/lockup/terms.go), and the term a view gives as data
	// ({"term": "X", "params": {…}}); terms have an "en" text too, as
	// they are not English themselves.
	// The phone UI falls back to the plain name, then to English.
	Messages map[string]map[string]string `json:"messages,omitempty"`
	// Codes declares the game's own refusal codes (codes.go): every code
	// its referee emits beyond the kit's (KitCodes). RefusalCodes lists
	// both.
	Codes []Code `json:"-"`
}

// OptionKind is the type of a table option.
type OptionKind string

// The option kinds.
const (
	OptInt    OptionKind = "int"
	OptBool   OptionKind = "bool"
	OptEnum   OptionKind = "enum"
	OptString OptionKind = "string"
	OptJSON   OptionKind = "json" // game data override, e.g. a board graph
	// OptSeat names a player: a whole number, the seat in the dealt order
	// (the seats that remain at the start, in joining order), or -1 for
	// the game's default rule (its Choices label it). It can be chosen only
	// once players have joined, so the create form leaves it out: the host
	// assigns it in the lobby and sends it with the start request, naming
	// the seat as the lobby lists it (table.Service.StartWith maps it).
	OptSeat OptionKind = "seat"
)

// OptionSpec is one table option with its default and limits.
type OptionSpec struct {
	Name    string     `json:"name"`
	Label   string     `json:"label"`
	Kind    OptionKind `json:"kind"`
	Default any        `json:"default"`
	Min     *int       `json:"min,omitempty"`
	Max     *int       `json:"max,omitempty"`
	Choices []Choice   `json:"choices,omitempty"`
	// Rule is the rulebook section the option belongs to (e.g. "Jumpship ›
	// Countdown Tracks" for a track's length): a "bad_option" refusal of
	// the option names it (DecodeOptionsIn).
	Rule string `json:"rule,omitempty"`
	// Source is "rulebook", "assumed" or "table-entered" for game data.
	Source string `json:"source,omitempty"`
	Help   string `json:"help,omitempty"`
	// PerPlayers is, for a seat option, the seat its default rule gives
	// by the number of players ("3": 1 is the second to join of three),
	// so that a lobby can name that player before the start.
	PerPlayers map[string]int `json:"per_players,omitempty"`
}

// Choice is one allowed value of an enum option or argument.
type Choice struct {
	Value any    `json:"value"`
	Label string `json:"label"`
}

// ArgKind is the type of a move argument.
type ArgKind string

// The argument kinds. ArgSeat is an int seat index rendered as player names.
const (
	ArgInt    ArgKind = "int"
	ArgBool   ArgKind = "bool"
	ArgEnum   ArgKind = "enum"
	ArgSeat   ArgKind = "seat"
	ArgString ArgKind = "string"
)

// ArgSpec is one argument of a move type.
type ArgSpec struct {
	Name     string   `json:"name"`
	Label    string   `json:"label"`
	Kind     ArgKind  `json:"kind"`
	Min      *int     `json:"min,omitempty"`
	Max      *int     `json:"max,omitempty"`
	Choices  []Choice `json:"choices,omitempty"`
	Optional bool     `json:"optional,omitempty"`
	// Secret marks a picker of secret things (the tokens a player has not
	// placed yet): which choices are left tells what was placed, so the
	// phone shows them only while the player holds the secrets.
	Secret bool `json:"secret,omitempty"`
}

// MoveSpec is one move type of the catalog. In a View's Moves list, the
// Args' Choices are narrowed to what is legal now.
type MoveSpec struct {
	Type  string    `json:"type"`
	Label string    `json:"label"`
	Rule  string    `json:"rule,omitempty"`
	Args  []ArgSpec `json:"args,omitempty"`
	// Host marks moves made from the host's screen.
	Host bool `json:"host,omitempty"`
	// Primary marks the move that moves the game on ("End your turn",
	// "Alert applied"): the phone shows it large, at the top.
	Primary bool `json:"primary,omitempty"`
	// Group gathers the other moves under a collapsed heading, e.g.
	// "Record a card effect". Empty: the phone's "Other moves".
	Group string `json:"group,omitempty"`
	// Confirm, when set, says in one sentence what the move does that
	// cannot be taken back (it ends the game, cannot be undone, reveals
	// something): the phone shows it with the move, and asks it before
	// sending the move when Ask is set.
	Confirm string `json:"confirm,omitempty"`
	// Ask, when set, makes the phone ask before sending the move, with
	// Confirm's sentence, and says why: AskEndsGame, AskEndsTurnEarly,
	// AskEndsStep or AskSubmitsScore. A phone sends every other move at once and says
	// what it sent (a question before every move teaches players to tap
	// yes without reading).
	Ask string `json:"ask,omitempty" enum:"ends_game,ends_turn_early,ends_step,submits_score"`
}

// The reasons a phone asks before sending a move (MoveSpec.Ask).
const (
	AskEndsGame      = "ends_game"
	AskEndsTurnEarly = "ends_turn_early"
	// AskEndsStep: the move closes a step of the game that cannot be
	// opened again (an alert card the table applied by hand, the first
	// part of a two-part mission).
	AskEndsStep     = "ends_step"
	AskSubmitsScore = "submits_score"
)

// IntPtr returns a pointer to n, for Min and Max.
func IntPtr(n int) *int { return &n }

// Spec returns the catalog entry for a move type.
func (in Info) Spec(moveType string) (MoveSpec, bool) {
	for _, m := range in.Moves {
		if m.Type == moveType {
			return m, true
		}
	}
	return MoveSpec{}, false
}

// DecodeArgs decodes a move's args strictly into dst: unknown fields, wrong
// types and trailing data are a *RuleError with code "bad_args".
//
// Deprecated: use DecodeArgsRule (or Args in a move table), which names the
// rulebook section of the move.
func DecodeArgs(m Move, dst any) error { return DecodeArgsRule(m, "Move", dst) }

// DecodeArgsRule decodes a move's args strictly into dst: unknown fields,
// wrong types and trailing data are a *RuleError with code "bad_args" that
// names rule, the section of the book the move comes from, in a plain
// sentence naming the argument and what it must be (argerrors.go).
func DecodeArgsRule(m Move, rule string, dst any) error {
	raw := m.Args
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		raw = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return decodeError(rule, raw, err)
	}
	if dec.More() {
		return argError(rule, "trailing")
	}
	return nil
}

// DecodeOptions checks raw table options against specs and decodes them
// into dst, which should already hold the defaults. Unknown names, wrong
// kinds and out-of-range values are a *RuleError with code "bad_option",
// naming the option's Rule, or "Setup" (DecodeOptionsIn).
func DecodeOptions(raw json.RawMessage, specs []OptionSpec, dst any) error {
	return DecodeOptionsIn(raw, specs, dst, "Setup")
}

// DecodeOptionsIn is DecodeOptions for a game whose setup section is
// setupRule: a refusal of one option names that option's Rule (its spec's;
// setupRule when it has none), and options that are no group of named
// values, or an unknown option, name setupRule. The options are checked
// and decoded one by one, in the order of their names.
func DecodeOptionsIn(raw json.RawMessage, specs []OptionSpec, dst any, setupRule string) error {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return Errorf("bad_option", setupRule, optionsNotObject)
	}
	byName := map[string]OptionSpec{}
	for _, s := range specs {
		byName[s.Name] = s
	}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		s, ok := byName[k]
		if !ok {
			return Errorf("bad_option", setupRule, "Unknown table option %q.", k)
		}
		rule := cmp.Or(s.Rule, setupRule)
		if err := checkOption(s, m[k]); err != nil {
			if re, ok := AsRuleError(err); ok {
				re.Rule = rule
			}
			return err
		}
		one, err := json.Marshal(map[string]json.RawMessage{k: m[k]})
		if err != nil {
			return Errorf("bad_option", rule, "Option %q is not valid JSON.", k)
		}
		if err := json.NewDecoder(bytes.NewReader(one)).Decode(dst); err != nil {
			return Errorf("bad_option", rule, "%s", optionDecodeMessage(err))
		}
	}
	return nil
}

func checkOption(s OptionSpec, v json.RawMessage) error {
	switch s.Kind {
	case OptInt:
		var n int
		if err := json.Unmarshal(v, &n); err != nil {
			return Errorf("bad_option", "Setup", "Option %q must be a whole number.", s.Name)
		}
		if s.Min != nil && n < *s.Min || s.Max != nil && n > *s.Max {
			return Errorf("bad_option", "Setup", "Option %q is %d, out of its range %s.", s.Name, n, rangeText(s.Min, s.Max))
		}
	case OptSeat:
		var n int
		if err := json.Unmarshal(v, &n); err != nil {
			return Errorf("bad_option", "Setup", "Option %q must name a seat by its number.", s.Name)
		}
		if n < -1 || s.Min != nil && n < *s.Min || s.Max != nil && n > *s.Max {
			return Errorf("bad_option", "Setup", "Option %q is %d, out of its range %s.", s.Name, n, rangeText(s.Min, s.Max))
		}
	case OptBool:
		var b bool
		if err := json.Unmarshal(v, &b); err != nil {
			return Errorf("bad_option", "Setup", "Option %q must be true or false.", s.Name)
		}
	case OptEnum:
		var x any
		if err := json.Unmarshal(v, &x); err != nil {
			return Errorf("bad_option", "Setup", "Option %q is not valid JSON.", s.Name)
		}
		for _, c := range s.Choices {
			if fmt.Sprint(c.Value) == fmt.Sprint(x) {
				return nil
			}
		}
		return Errorf("bad_option", "Setup", "Option %q cannot be %v.", s.Name, x)
	case OptString:
		var str string
		if err := json.Unmarshal(v, &str); err != nil {
			return Errorf("bad_option", "Setup", "Option %q must be a string.", s.Name)
		}
	}
	return nil
}

func rangeText(min, max *int) string {
	switch {
	case min != nil && max != nil:
		return fmt.Sprintf("%d–%d", *min, *max)
	case min != nil:
		return fmt.Sprintf("≥ %d", *min)
	case max != nil:
		return fmt.Sprintf("≤ %d", *max)
	}
	return "any"
}
