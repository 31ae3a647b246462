package kit

import (
	"sort"
	"strings"
)

// Code declares one refusal code a game's referee emits: the code a
// client reads (RuleError.Code), the rulebook section it enforces
// (RuleError.Rule; a code that several sections enforce names the first,
// and "" means the section of the move it refuses), and its English
// message (the sentence a player reads; fmt verbs stand for the values
// the refusal names). A translated game's catalog translates the message
// under the code as its key (Info.Messages[lang][code]).
//
// Each game declares its codes once, in Info.Codes; the kit's own codes
// (KitCodes) are every game's too. The conformance suite
// (referee/kit/kittest) fails on an emitted code a game did not declare,
// and the OpenAPI document and docs/games.md list the declared codes.
type Code struct {
	Code    string `json:"code"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// KitCodes are the refusal codes the kit itself emits for every game: the
// move wrapper's, the argument and option decoders', the timers'. Their
// rule is the refused move's section ("").
var KitCodes = []Code{
	{"bad_args", "", "A move's argument is missing, of the wrong kind or out of its range; params.detail says which."},
	{"bad_option", "", "A table option is unknown, of the wrong kind or out of its range."},
	{"host_only", "", "Only the host's screen records this."},
	{"system_only", "", "Only the server makes this move."},
	{"seat_only", "", "This move is made from a player's phone."},
	{"unknown_move", "", "There is no such move in this game."},
	{"wrong_phase", "", "This move is not possible in this phase."},
	{"not_offered", "", "This move, or one of its choices, is not possible now."},
	{"timer_not_running", "Timers", "The timer is not running."},
	{"timer_not_paused", "Timers", "The timer is not paused."},
	{"stale_timer", "Timers", "The timer's expiry is stale: the timer has been started again since."},
}

// RefusalCodes returns every code a game's referee may emit: the kit's
// (KitCodes) and the game's own (Info.Codes), sorted by code; a game's
// own declaration of a kit code (its rule, its message) wins.
func (in Info) RefusalCodes() []Code {
	by := map[string]Code{}
	for _, c := range KitCodes {
		by[c.Code] = c
	}
	for _, c := range in.Codes {
		by[c.Code] = c
	}
	out := make([]Code, 0, len(by))
	for _, c := range by {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// Declared reports whether code is one of the game's refusal codes
// (RefusalCodes).
func (in Info) Declared(code string) bool {
	for _, c := range KitCodes {
		if c.Code == code {
			return true
		}
	}
	for _, c := range in.Codes {
		if c.Code == code {
			return true
		}
	}
	return false
}

// CodeMessage returns a declared message without its fmt verbs: each
// verb ("%s", "%d", "%q", "%v") becomes "…", for a list of codes.
func CodeMessage(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); i++ {
		if msg[i] == '%' && i+1 < len(msg) {
			j := i + 1
			for j < len(msg) && strings.IndexByte("+#0123456789.-", msg[j]) >= 0 {
				j++
			}
			if j < len(msg) && msg[j] == '%' {
				b.WriteByte('%')
				i = j
				continue
			}
			if j < len(msg) {
				b.WriteString("…")
				i = j
				continue
			}
		}
		b.WriteByte(msg[i])
	}
	return b.String()
}
