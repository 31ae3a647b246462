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

// JoinList writes items as an English list joined by conjunction ("and",
// "or"): "A", "A and B", "A, B and C"; "" for none.
func JoinList(items []string, conjunction string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conjunction + " " + items[len(items)-1]
}
