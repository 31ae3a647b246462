package api_test

import (
	"strings"
	"testing"
	"time"

	"tablewarden/referee/catalog"
)

// TestBoardKeyOnlyOnTheHostsScreen: the board key is a credential (it lets
// a board stream past the anonymous cap), so only the host's answers carry
// it: in every game, no seat's view, log or stream event, and not the
// board's, holds it, before and after the start.
func TestBoardKeyOnlyOnTheHostsScreen(t *testing.T) {
	t.Parallel()
	for _, g := range catalog.All() {
		t.Run(g.Info().ID, func(t *testing.T) {
			t.Parallel()
			ts := startServer(t, "")
			n := max(g.Info().MinPlayers, 3)
			tb := ts.NewTable(g.Info().ID, nil, n)
			key := func() string {
				var hv struct {
					BoardKey string `json:"board_key"`
				}
				ts.Must(200, "GET", "/api/tables/"+tb.ID+"/view", tb.Host, nil, &hv)
				if hv.BoardKey == "" {
					t.Fatal("the host's view carries no board_key")
				}
				return hv.BoardKey
			}
			check := func(when string) {
				k := key()
				path := "/api/tables/" + tb.ID
				for i, tok := range append([]string{""}, tb.Tokens...) {
					as := ""
					if tok == "" {
						as = "?as=board"
					}
					for _, route := range []string{"/view", "/log"} {
						if _, body := ts.Call("GET", path+route+as, tok, nil); strings.Contains(string(body), k) {
							t.Fatalf("%s: screen %d's %s holds the board key", when, i, route)
						}
					}
				}
			}
			check("lobby")
			streams := []*stream{ts.OpenStream(tb.ID, "", "board")}
			for _, tok := range tb.Tokens {
				streams = append(streams, ts.OpenStream(tb.ID, tok, ""))
			}
			ts.Start(tb)
			v := ts.View(tb, "").Version
			check("in play")
			k := key()
			for i, s := range streams {
				s.WaitVersion(t, v, 5*time.Second)
				for _, raw := range s.AllRaw() {
					if strings.Contains(raw, k) {
						t.Fatalf("stream %d carried the board key", i)
					}
				}
			}
		})
	}
}
