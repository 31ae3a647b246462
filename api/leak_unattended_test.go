package api_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// TestLeakageHostUnattended is the leakage matrix of what the host reads
// about a seat without a device, in every game: the host's `unattended`
// list, the host's stream, and the refusals of the moves the host tries
// for the seat. At each checkpoint of a game played by the phones, one
// seat's phone is signed out (the seat turns in turn), and:
//
//   - the server's list for the seat is table.UnattendedMoves of the
//     stored state;
//   - no distinctive secret of any seat appears in the host's view, the
//     host's last stream event or a refusal;
//   - non-interference: changing what the host may not know (the leakage
//     matrix's reversals, swaps and the game's own Mutate) changes no
//     seat's list;
//   - every refusal of a move of the seat's real offer is one and the same
//     answer, whatever the seat holds.
//
// Then the seat goes back to a phone by a hand-over, and the phones play
// on.
func TestLeakageHostUnattended(t *testing.T) {
	t.Parallel()
	steps := 24
	if testing.Short() {
		steps = 12
	}
	rid := regexp.MustCompile(`"request_id":"[^"]*"`)
	for _, g := range catalog.All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			ts := startServer(t, "")
			book, named := secretBook[info.ID]
			n := matrixPlayers(info)
			tb := ts.NewTable(info.ID, nil, n)
			ts.Start(tb)
			host := ts.OpenStream(tb.ID, tb.Host, "")
			defer host.Close()
			r := rand.New(rand.NewPCG(7, uint64(len(info.ID))))
			played := map[string]int{}
			offered, refused, changed := 0, 0, 0
			for step := 0; step < steps; step++ {
				u := step % n
				st, _ := storedState(t, ts.Engine.Queries(), g, tb.ID)
				if g.Outcome(st) != nil {
					break
				}
				ts.Must(204, "DELETE", fmt.Sprintf("/api/tables/%s/seats/%d/device", tb.ID, u), tb.Host, nil, nil)
				_, hostView := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tb.Host, nil)
				var hv unattendedView
				if err := json.Unmarshal(hostView, &hv); err != nil {
					t.Fatal(err)
				}
				var version struct {
					Version int64 `json:"version"`
				}
				json.Unmarshal(hostView, &version)
				host.WaitVersion(t, version.Version, 5*time.Second)
				raws := host.AllRaw()
				payloads := []payload{{-1, "host view", string(hostView)}, {-1, "host SSE event", raws[len(raws)-1]}}

				// The server's list is UnattendedMoves of the stored state.
				want, _ := json.Marshal(tablepkg.UnattendedMoves(g, st, u, n))
				var got []byte
				for _, e := range hv.Unattended {
					if e.Seat == u {
						if e.Moves == nil {
							e.Moves = []kit.MoveSpec{}
						}
						got, _ = json.Marshal(e.Moves)
						offered += len(e.Moves)
					}
				}
				if string(got) != string(want) {
					t.Fatalf("%s step %d: the host's list for seat %d is %s, want %s", info.ID, step, u, got, want)
				}

				// Non-interference over every seat's list.
				stored, _ := json.Marshal(st)
				other, err := g.Decode(stored)
				if err != nil {
					t.Fatal(err)
				}
				knows := func(int) bool { return !named }
				reverseSecrets(reflect.ValueOf(other), kit.VisPublic, -1, func(o int) bool { return knows(o) || book.KeepPrivateOrder })
				if book.Swap {
					swapPrivate(other, n, knows)
				}
				if book.Mutate != nil {
					book.Mutate(other, -1)
				}
				if enc, _ := json.Marshal(other); string(enc) != string(stored) {
					changed++
					for seat := 0; seat < n; seat++ {
						a, _ := json.Marshal(tablepkg.UnattendedMoves(g, st, seat, n))
						b, _ := json.Marshal(tablepkg.UnattendedMoves(g, other, seat, n))
						if string(a) != string(b) {
							t.Fatalf("%s step %d: the host's list for seat %d depends on secrets the host may not know:\nbefore %s\nafter  %s", info.ID, step, seat, a, b)
						}
					}
				}

				// Refusals of the seat's real offer: one answer for all.
				moved := false
				answers := map[string]bool{}
				for _, spec := range g.View(st, kit.SeatViewer(u)).Moves {
					if giveUp[spec.Type] {
						continue
					}
					m := lowMove(spec, r)
					code, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Host,
						map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "as_seat": u})
					if code == 200 {
						moved = true
						break
					}
					if code != 422 || !strings.Contains(string(body), `"code":"host_not_offered"`) {
						t.Fatalf("%s step %d: the host's %s for seat %d = %d %s, want 422 host_not_offered", info.ID, step, m.Type, u, code, body)
					}
					refused++
					answers[rid.ReplaceAllString(string(body), "")] = true
					payloads = append(payloads, payload{-1, "refusal", string(body)})
				}
				if len(answers) > 1 {
					t.Fatalf("%s step %d: the host's refusals for seat %d differ: %v", info.ID, step, u, answers)
				}

				// No distinctive secret reaches the host.
				corpus := publicCorpus(g, st, tb)
				secrets := kit.Secrets(st)
				seen := map[string]int{}
				for _, s := range secrets {
					seen[fmt.Sprint(s.Value)]++
				}
				for _, s := range secrets {
					text, ok := distinctive(s.Value, corpus)
					if !ok || seen[fmt.Sprint(s.Value)] > 1 {
						continue
					}
					for _, p := range payloads {
						if strings.Contains(p.body, text) {
							t.Fatalf("%s step %d: the %s secret %s = %q appears in the %s: %.400s", info.ID, step, s.Vis, s.Path, text, p.what, p.body)
						}
					}
				}

				// The seat goes back to a phone.
				h := issueCode(t, ts, tb, u)
				st2, claim := claimCode(ts, h.Code)
				if st2 != 200 {
					t.Fatalf("%s: hand-back of seat %d = %d", info.ID, u, st2)
				}
				tb.Tokens[u] = claim.Token
				if !moved && !playSecretive(ts, t, tb, r, played) {
					break
				}
			}
			if changed == 0 {
				t.Fatalf("%s: no non-interference check changed anything", info.ID)
			}
			t.Logf("%s: %d moves offered to the host, %d refused alike, %d non-interference checks", info.ID, offered, refused, changed)
		})
	}
}
