package table

import (
	"encoding/json"
	"strings"

	"tablewarden/referee/kit"
)

// The table layer's own refusals name the game and the section of its
// book, as the referees' do ("Jumpship › Part 3: Countdown to Kill").

// gameRule returns section as a rule of the game's book: unchanged when it
// already names its book ("Space Cadets › Missions"), else prefixed with
// the name the game's own rules begin with (its move catalog's), or the
// game's name.
func gameRule(info kit.Info, section string) string {
	if strings.Contains(section, " › ") {
		return section
	}
	prefix := info.Name
	for _, m := range info.Moves {
		if p, _, ok := strings.Cut(m.Rule, " › "); ok {
			prefix = p
			break
		}
	}
	if section == "" {
		return prefix
	}
	return prefix + " › " + section
}

// optionRefusal is the refusal of table options that the game's option
// specs refused with err (kit.DecodeOptionsIn): a refused option names its
// OptionSpec.Rule; options that are no group of named values, or an
// unknown option, name the game's setup section, the one its declared
// "player_count" refusal names (kit.Info.Codes).
func optionRefusal(info kit.Info, options json.RawMessage, scratch any) error {
	setup := gameRule(info, "Setup")
	for _, c := range info.Codes {
		if c.Code == "player_count" && c.Rule != "" {
			setup = gameRule(info, c.Rule)
		}
	}
	err := kit.DecodeOptionsIn(options, info.Options, scratch, setup)
	if re, ok := kit.AsRuleError(err); ok {
		c := *re
		c.Rule = gameRule(info, re.Rule)
		return &c
	}
	return err
}

// endedRule is the rule a move after the end names: the section that
// ended the game (its outcome's), or the game's end.
func endedRule(g kit.Game, st kit.State) string {
	if st != nil {
		if o := g.Outcome(st); o != nil && o.Rule != "" {
			return gameRule(g.Info(), o.Rule)
		}
	}
	return gameRule(g.Info(), "")
}

// errNotStarted is the refusal of a move or an undo in the lobby: a
// conflict with code "not_started".
func errNotStarted() *Error {
	return &Error{Code: CodeConflict, Reason: ReasonNotStarted, Message: "The game has not started yet: the host starts it once everyone has joined."}
}

// errTimerNotSystem is the refusal of an expired timer reported by anyone
// but the server: system_only, naming the game's section of the timer move
// (its catalog's), or the game.
func errTimerNotSystem(info kit.Info) *Error {
	spec, _ := info.Spec(kit.TimerExpiredMove)
	re := kit.Errorf("system_only", gameRule(info, spec.Rule), "Only the server's clock reports expired timers.")
	return &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
}
