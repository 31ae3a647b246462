package api_test

import (
	"strings"
	"testing"

	"tablewarden/api/apitest"
)

// TestTableLangWords: a Lockup view's words are in its table's language,
// for a seat, the host and the board: no "§" term anywhere in the view,
// and the first lantern's words are Portuguese at a pt-BR table and
// English at an English one.
func TestTableLangWords(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	for lang, want := range map[string]string{"pt-BR": "ENTRADA", "en": "ENTRANCE"} {
		tb := ts.NewTableIn("lockup", lang, nil, 3)
		ts.Start(tb)
		for who, tok := range map[string]string{"host": tb.Host, "seat": tb.Tokens[0]} {
			v := ts.View(tb, tok)
			if raw := apitest.MustJSON(v.View); strings.Contains(raw, "§") {
				i := strings.Index(raw, "§")
				t.Errorf("%s: the %s's view holds a term: …%s…", lang, who, raw[max(0, i-60):min(len(raw), i+60)])
			}
			if got := v.View.Seats[0].Facts["lantern_label"]; !strings.EqualFold(got.(string), want) {
				t.Errorf("%s: the %s's view names the first lantern %q, want %q", lang, who, got, want)
			}
		}
		var board struct {
			View any `json:"view"`
		}
		ts.Must(200, "GET", "/api/tables/"+tb.ID+"/view?as=board", "", nil, &board)
		if raw := apitest.MustJSON(board.View); strings.Contains(raw, "§") {
			t.Errorf("%s: the board's view holds a term", lang)
		}
	}
}
