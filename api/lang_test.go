package api_test

import (
	"testing"

	"tablewarden/referee/kit"
)

// TestTableLang: a table speaks the language its host chose at creation
// (POST /api/tables lang), and every view of it says so (lang) for the
// host, a seat and the board; without one it speaks English, and a
// language the server does not speak is refused. The lobby's views carry
// the options the table was created with.
func TestTableLang(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	pt := ts.NewTableIn("lockup", "pt-BR", map[string]any{"difficulty": "red"}, 1)
	for who, tok := range map[string]string{"host": pt.Host, "seat": pt.Tokens[0]} {
		v := ts.View(pt, tok)
		if got, want := v.Lang, "pt-BR"; got != want {
			t.Errorf("%s's view lang = %q, want %q", who, got, want)
		}
		if got := string(v.Options); got != `{"difficulty":"red"}` {
			t.Errorf("%s's lobby view options = %s, want the table's", who, got)
		}
	}
	var board struct {
		Lang string `json:"lang"`
	}
	ts.Must(200, "GET", "/api/tables/"+pt.ID+"/view?as=board", "", nil, &board)
	if got, want := board.Lang, "pt-BR"; got != want {
		t.Errorf("the board's view lang = %q, want %q", got, want)
	}
	ts.Start(pt)
	if v := ts.View(pt, pt.Host); v.Lang != "pt-BR" || v.Options != nil {
		t.Errorf("after start: lang %q, options %s; want pt-BR and no options (lobby only)", v.Lang, v.Options)
	}

	en := ts.NewTable("jumpship", nil, 0)
	if got, want := ts.View(en, en.Host).Lang, "en"; got != want {
		t.Errorf("a table created without lang speaks %q, want %q", got, want)
	}
	if st, body := ts.Call("POST", "/api/tables", "", map[string]any{"game": "jumpship", "lang": "fr"}); st != 400 {
		t.Errorf("create with lang fr = %d %s, want 400", st, body)
	}
}

// TestCatalogWithheld: the log's placeholder for what a screen may not see
// (code "withheld") has its text in every game's catalog, in English and
// pt-BR, as GET /api/games gives it to API clients.
func TestCatalogWithheld(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	var games []kit.Info
	ts.Must(200, "GET", "/api/games", "", nil, &games)
	for _, g := range games {
		for lang, want := range map[string]string{"en": "(private)", "pt-BR": "(privado)"} {
			if got := g.Messages[lang]["withheld"]; got != want {
				t.Errorf("%s: messages[%s][withheld] = %q, want %q", g.ID, lang, got, want)
			}
		}
	}
}
