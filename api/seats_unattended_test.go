package api_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"tablewarden/referee/catalog"
)

// giveUp are the moves that end a game at once, which the unattended
// matrix does not play.
var giveUp = map[string]bool{"declare_loss": true}

// hostWithheld are the games whose opening moves all depend on the seat's
// private state: the host is offered none of them for a seat without a
// device (table.UnattendedMoves), so the matrix cannot play them.
var hostWithheld = map[string]bool{"lockup": true, "nostromo": true}

// TestLeakageUnattendedSeats signs every phone out mid-game and lets the
// host play every seat's moves from the host screen, running the leakage
// matrix's checkpoint (the host's and the board's views, logs and streams
// against the stored secrets) at each version: the host is given the
// moves of seats without a device, never their secrets.
func TestLeakageUnattendedSeats(t *testing.T) {
	t.Parallel()
	for _, g := range catalog.All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			ts := startServer(t, "")
			_, doc := ts.Call("GET", "/api/openapi.json", "", nil)
			book, named := secretBook[info.ID]
			stats := &leakStats{named: map[string]int{}, values: map[string]bool{}}
			tb := ts.NewTable(info.ID, nil, matrixPlayers(info))
			ts.Start(tb)
			for seat := range tb.Tokens {
				ts.Must(204, "DELETE", fmt.Sprintf("/api/tables/%s/seats/%d/device", tb.ID, seat), tb.Host, nil, nil)
			}
			screens := []string{"", tb.Host}
			streams := []*stream{ts.OpenStream(tb.ID, "", "board"), ts.OpenStream(tb.ID, tb.Host, "")}
			r := rand.New(rand.NewPCG(3, uint64(len(info.ID))))
			noSeats := &table{ID: tb.ID, Code: tb.Code, Host: tb.Host}
			byHost := 0
			for k := 0; k < 20; k++ {
				if !leakCheckpoint(t, one(ts), g, noSeats, screens, streams, book, named, stats, string(doc), r) {
					break
				}
				var hv unattendedView
				ts.Must(200, "GET", "/api/tables/"+tb.ID+"/view", tb.Host, nil, &hv)
				played := false
				for _, u := range hv.Unattended {
					for _, i := range r.Perm(len(u.Moves)) {
						if giveUp[u.Moves[i].Type] {
							continue
						}
						m := lowMove(u.Moves[i], r)
						if st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": m.Type, "args": m.Args, "as_seat": u.Seat}); st == 200 {
							played = true
							byHost++
							break
						}
					}
					if played {
						break
					}
				}
				if !played {
					// Host moves of its own keep the game going (Space
					// Cadets' steps, for one).
					v := ts.View(tb, tb.Host)
					for _, i := range r.Perm(len(v.View.Moves)) {
						if giveUp[v.View.Moves[i].Type] {
							continue
						}
						m := lowMove(v.View.Moves[i], r)
						if st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": m.Type, "args": m.Args}); st == 200 {
							played = true
							break
						}
					}
				}
				if !played {
					break
				}
			}
			// Games whose first moves show a seat's secrets (Lockup's holding
			// cell, Nostromo's hiding) offer the host nothing for a seat
			// without a phone.
			if byHost == 0 && !hostWithheld[info.ID] {
				t.Fatalf("%s: the host played no unattended seat's move", info.ID)
			}
			t.Logf("%s: %d versions checked, %d moves played by the host for seats", info.ID, stats.versions, byHost)
		})
	}
}
