package table

import (
	"encoding/json"
	"strings"
	"time"

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
// specs refused with err (kit.DecodeOptions names no book): the game's
// own Setup, run with the fewest players it takes, names the section of
// its book the option comes from (the message stays the kit's plain
// sentence); when it does not refuse the options the same way, err names
// the game's "Setup".
func optionRefusal(g kit.Game, options json.RawMessage, err error, now time.Time) error {
	re, ok := kit.AsRuleError(err)
	if !ok {
		return err
	}
	info := g.Info()
	names := make([]string, max(info.MinPlayers, 1))
	for i := range names {
		names[i] = "Player " + string(rune('1'+i%9))
	}
	c := *re
	c.Rule = gameRule(info, re.Rule)
	if _, serr := g.Setup(options, names, kit.NewCtx(1, 0, now)); serr != nil {
		if sre, ok := kit.AsRuleError(serr); ok && sre.Code == re.Code && strings.Contains(sre.Rule, " › ") {
			c.Rule = sre.Rule // the section; the kit's message is the plain one
		}
	}
	return &c
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
