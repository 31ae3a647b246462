package table

import "tablewarden/referee/kit"

// Langs are the languages a table may speak: those of every game's
// message catalog (kit.Info.Messages) and of the pages (web/static/i18n.js).
var Langs = []string{"en", "pt-BR"}

// DefaultLang is the language of a table whose host chose none.
const DefaultLang = "en"

// tableLang is a stored table's language; a row written before tables had
// one (or by a tool that left it empty) speaks DefaultLang.
func tableLang(stored string) string {
	if stored == "" {
		return DefaultLang
	}
	return stored
}

// tableMessages are the sentences the server itself writes into a game's
// views (not the game's referee), by language then key: every game's
// catalog carries them (CatalogInfo).
var tableMessages = map[string]map[string]string{
	"en":    {PrivatePlaceholder.Code: PrivatePlaceholder.Text},
	"pt-BR": {PrivatePlaceholder.Code: "(privado)"},
}

// CatalogInfo is g's Info as GET /api/games lists it: its message catalog
// also holds, in every language of Langs, the server's own sentences (the
// log's "withheld" placeholder), so that an API client translates every
// text of a view from the catalog alone. The game's own maps are copied,
// never changed.
func CatalogInfo(g kit.Game) kit.Info {
	in := g.Info()
	msgs := make(map[string]map[string]string, len(Langs))
	for l, m := range in.Messages {
		msgs[l] = m
	}
	for _, l := range Langs {
		cat := make(map[string]string, len(msgs[l])+len(tableMessages[l]))
		for k, v := range msgs[l] {
			cat[k] = v
		}
		for k, v := range tableMessages[l] {
			cat[k] = v
		}
		msgs[l] = cat
	}
	in.Messages = msgs
	return in
}
