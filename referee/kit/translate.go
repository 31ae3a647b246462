package kit

import "strings"

// Translate returns the message for code in lang from a game's Messages,
// with {name} placeholders filled from params, or fallback when the game
// has no such translation. lang "en" (or "") always gives fallback.
func Translate(in Info, lang, code string, params map[string]string, fallback string) string {
	if lang == "" || lang == "en" {
		return fallback
	}
	tmpl, ok := in.Messages[lang][code]
	if !ok {
		return fallback
	}
	for k, v := range params {
		tmpl = strings.ReplaceAll(tmpl, "{"+k+"}", v)
	}
	return tmpl
}
