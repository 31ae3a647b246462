package spacecadets

import (
	"unicode"
	"unicode/utf8"
)

// reason is why a mission ended: its message-catalog code, the English
// text and the text's parameters (for translations).
type reason struct {
	code   string
	text   string
	params map[string]string
}

// why builds a reason; kv are placeholder names and values in pairs. The
// text is a sentence of its own on the result screen, so it starts with a
// capital ("Mission abandoned.", never "mission abandoned.").
func why(code, text string, kv ...string) reason {
	if c, n := utf8.DecodeRuneInString(text); n > 0 {
		text = string(unicode.ToUpper(c)) + text[n:]
	}
	r := reason{code: code, text: text}
	for i := 0; i+1 < len(kv); i += 2 {
		if r.params == nil {
			r.params = map[string]string{}
		}
		r.params[kv[i]] = kv[i+1]
	}
	return r
}

// end finishes the mission and cancels every timer so that no expiry can
// fire after it.
func end(t *turn, won bool, level string, r reason, section string) {
	if t.S.End != nil {
		return
	}
	t.S.End = &End{Won: won, Level: level, Reason: r.text, Code: r.code, Params: r.params, Rule: rule(section)}
	t.S.Step = "over"
	for i := range t.S.Timers {
		tm := &t.S.Timers[i]
		if tm.Running || tm.Paused {
			_ = tm.Cancel()
		}
	}
	if won {
		t.Public("mission_won", "Mission won: %s", r.text)
	} else {
		t.Public("mission_lost", "Mission lost: %s", r.text)
	}
}
