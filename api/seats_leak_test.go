package api_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"tablewarden/referee/catalog"
)

// TestLeakageSeatScenarios runs the leakage matrix's checkpoint (every
// screen's view, log, last SSE event and refused moves against the stored
// secrets) for every game after each change to seats and
// devices, and again after a restart that rebuilds the state from the log:
//
//   - a seat removed in the lobby, then start, with every stream opened in
//     the lobby kept open;
//   - a seat's device handed over to a new phone mid-game;
//   - an undo after a mid-game revocation (the host having played the
//     seat's move meanwhile when it was that seat's turn).
func TestLeakageSeatScenarios(t *testing.T) {
	t.Parallel()
	moves := 8
	if testing.Short() {
		moves = 4
	}
	scenarios := []string{"lobby removal then start", "hand-over mid-game", "undo after a mid-game revocation"}
	for _, g := range catalog.All() {
		info := g.Info()
		book, named := secretBook[info.ID]
		for si, scenario := range scenarios {
			t.Run(info.ID+"/"+scenario, func(t *testing.T) {
				ts := startServer(t, "")
				_, docb := ts.Call("GET", "/api/openapi.json", "", nil)
				doc := string(docb)
				stats := &leakStats{named: map[string]int{}, values: map[string]bool{}}
				r := rand.New(rand.NewPCG(uint64(si)+31, uint64(len(info.ID))))
				n := matrixPlayers(info)
				extra := 0
				if si == 0 && n < info.MaxPlayers {
					extra = 1
				}
				tb := ts.NewTable(info.ID, nil, n+extra)
				open := func() []*stream {
					screens := append([]string{"", tb.Host}, tb.Tokens...)
					streams := make([]*stream, len(screens))
					for i, tok := range screens {
						as := ""
						if tok == "" {
							as = "board"
						}
						streams[i] = ts.OpenStream(tb.ID, tok, as)
					}
					return streams
				}
				streams := open()
				play := func(k int) {
					played := map[string]int{}
					screens := append([]string{"", tb.Host}, tb.Tokens...)
					for step := 0; step < k; step++ {
						if !leakCheckpoint(t, one(ts), g, tb, screens, streams, book, named, stats, doc, r) {
							return
						}
						if !playSecretive(ts, t, tb, r, played) {
							return
						}
					}
				}
				switch si {
				case 0:
					if extra == 1 {
						ts.Must(204, "DELETE", "/api/tables/"+tb.ID+"/seats/1", tb.Host, nil, nil)
						tb.Tokens = append(tb.Tokens[:1:1], tb.Tokens[2:]...)
						streams = append(streams[:3:3], streams[4:]...)
					}
					ts.Start(tb)
					play(moves)
				case 1:
					ts.Start(tb)
					play(moves / 2)
					seat := 1
					var h handover
					ts.Must(200, "POST", fmt.Sprintf("/api/tables/%s/seats/%d/handover", tb.ID, seat), tb.Host, nil, &h)
					var c struct{ Token string }
					ts.Must(200, "POST", "/api/handover/"+h.Code, "", nil, &c)
					streams[2+seat].WaitEvent(t, "revoked", 3e9)
					tb.Tokens[seat] = c.Token
					streams[2+seat] = ts.OpenStream(tb.ID, c.Token, "")
					play(moves / 2)
				case 2:
					ts.Start(tb)
					play(moves / 2)
					seat := 0
					ts.Must(204, "DELETE", fmt.Sprintf("/api/tables/%s/seats/%d/device", tb.ID, seat), tb.Host, nil, nil)
					streams[2+seat].WaitEvent(t, "revoked", 3e9)
					var hv unattendedView
					ts.Must(200, "GET", "/api/tables/"+tb.ID+"/view", tb.Host, nil, &hv)
					for _, u := range hv.Unattended {
						if u.Seat == seat && len(u.Moves) > 0 {
							m := lowMove(u.Moves[0], r)
							ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": m.Type, "args": m.Args, "as_seat": seat})
						}
					}
					st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/undo", tb.Host, nil)
					if st != 200 && st != 422 {
						t.Fatalf("undo after a revocation = %d %s", st, body)
					}
					var h handover
					ts.Must(200, "POST", fmt.Sprintf("/api/tables/%s/seats/%d/handover", tb.ID, seat), tb.Host, nil, &h)
					var c struct{ Token string }
					ts.Must(200, "POST", "/api/handover/"+h.Code, "", nil, &c)
					tb.Tokens[seat] = c.Token
					streams[2+seat] = ts.OpenStream(tb.ID, c.Token, "")
					play(moves / 2)
				}
				checkReplay(t, ts)
				// A restart that rebuilds the state from the log (the
				// snapshot is dropped) must give the same views.
				before := map[string]string{}
				for _, tok := range tb.Tokens {
					_, b := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tok, nil)
					before[tok] = withoutServerTime(string(b))
				}
				for _, s := range streams {
					s.Close()
				}
				ts.ExecRaw("DELETE FROM snapshots WHERE table_id = ?", tb.ID)
				path := ts.Path
				ts.Stop()
				ts = startServer(t, path)
				for _, tok := range tb.Tokens {
					_, b := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tok, nil)
					if got := withoutServerTime(string(b)); got != before[tok] {
						t.Fatalf("after a restart from the log a seat's view changed:\nbefore %s\nafter  %s", before[tok], got)
					}
				}
				streams = open()
				play(moves / 2)
				if stats.versions == 0 {
					t.Fatalf("no checkpoint ran")
				}
			})
		}
	}
}

var serverTime = regexp.MustCompile(`"server_time":"[^"]*"`)

// withoutServerTime drops a view's server_time, the one field that changes
// between two reads of the same version.
// The view's padding (table/padding.go) makes up for server_time's length,
// which varies by a byte or two, so it goes with it.
func withoutServerTime(s string) string {
	return strings.TrimRight(serverTime.ReplaceAllString(s, ""), " ")
}
