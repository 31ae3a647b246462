package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// matrixPlayers is the seat count the matrix tests use for a game.
func matrixPlayers(info kit.Info) int {
	n := 4
	if n < info.MinPlayers {
		n = info.MinPlayers
	}
	if n > info.MaxPlayers {
		n = info.MaxPlayers
	}
	return n
}

// tableFacts is everything a refused request must leave as it was: the
// version, every screen's view (server time aside), the stored snapshot
// and the number of log entries.
type tableFacts struct {
	Version  int64
	Views    map[string]string
	Snapshot string
	Moves    int
}

func facts(ts *testServer, tb *table) tableFacts {
	ts.T.Helper()
	f := tableFacts{Views: map[string]string{}}
	for i, tok := range append([]string{"", tb.Host}, tb.Tokens...) {
		v := ts.View(tb, tok)
		f.Version = v.Version
		f.Views[fmt.Sprint(i)] = mustJSON(zeroTime(v))
	}
	ctx := context.Background()
	if snap, err := ts.Engine.Queries().GetSnapshot(ctx, tb.ID); err == nil {
		f.Snapshot = snap.State
	}
	moves, err := ts.Engine.Queries().ListMoves(ctx, tb.ID)
	if err != nil {
		ts.T.Fatal(err)
	}
	f.Moves = len(moves)
	return f
}

func sameFacts(t testing.TB, what string, before, after tableFacts) {
	t.Helper()
	if before.Version != after.Version || before.Moves != after.Moves {
		t.Fatalf("%s changed the table: version %d → %d, log entries %d → %d", what, before.Version, after.Version, before.Moves, after.Moves)
	}
	if before.Snapshot != after.Snapshot {
		t.Fatalf("%s changed the stored state", what)
	}
	for k, v := range before.Views {
		if after.Views[k] != v {
			t.Fatalf("%s changed screen %s's view:\nbefore %s\nafter  %s", what, k, v, after.Views[k])
		}
	}
}

// refused posts a move that must be refused with a 4xx, a reason and a
// request id, and returns the response body.
func refused(ts *testServer, t testing.TB, tb *table, token string, body any, what string) []byte {
	t.Helper()
	st, out := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", token, body)
	if st < 400 || st >= 500 {
		t.Fatalf("%s: status %d %s, want a 4xx", what, st, out)
	}
	var e struct {
		Error     string `json:"error"`
		Message   string `json:"message"`
		RequestID string `json:"request_id"`
		Code      string `json:"code"`
		Rule      string `json:"rule"`
	}
	if err := json.Unmarshal(out, &e); err != nil || e.Error == "" || e.Message == "" || e.RequestID == "" {
		t.Fatalf("%s: %d body %s lacks error, message or request_id", what, st, out)
	}
	if st == 422 && (e.Code == "" || e.Rule == "") {
		t.Fatalf("%s: 422 body %s lacks the rule code or rulebook section", what, out)
	}
	return out
}

// offeredMoves lists every move any screen of the table is offered now.
type offer struct {
	token string
	who   string
	spec  kit.MoveSpec
}

func offers(ts *testServer, tb *table) ([]offer, tablepkg.ViewResponse) {
	ts.T.Helper()
	var out []offer
	var last tablepkg.ViewResponse
	for i, tok := range append([]string{tb.Host}, tb.Tokens...) {
		v := ts.View(tb, tok)
		last = v
		if v.View == nil {
			continue
		}
		who := "host"
		if i > 0 {
			who = fmt.Sprintf("seat %d", i-1)
		}
		for _, m := range v.View.Moves {
			out = append(out, offer{tok, who, m})
		}
	}
	return out, last
}

// leastPlayedOffers returns the moves offered at tb, shuffled, then
// ordered by how often their type was played (least first), with the view
// they were read at; ok is false when the game is over or nothing is
// offered.
func leastPlayedOffers(ts *testServer, tb *table, r *rand.Rand, played map[string]int) ([]offer, tablepkg.ViewResponse, bool) {
	offers, v := offers(ts, tb)
	if len(offers) == 0 || v.View == nil || v.View.Outcome != nil {
		return nil, v, false
	}
	r.Shuffle(len(offers), func(i, j int) { offers[i], offers[j] = offers[j], offers[i] })
	sort.SliceStable(offers, func(i, j int) bool { return played[offers[i].spec.Type] < played[offers[j].spec.Type] })
	return offers, v, true
}

// playNovel posts one offered move, preferring the move types played least
// so far and, half of the time, a "finish…" move when one is offered
// (random play then reaches every phase and the end quickly). With
// avoidEnd it skips, when it can, a move the referee says would end the
// game. It returns false when nothing is offered.
func playNovel(ts *testServer, t testing.TB, tb *table, r *rand.Rand, played map[string]int, avoidEnd bool) bool {
	t.Helper()
	offers, v, ok := leastPlayedOffers(ts, tb, r, played)
	if !ok {
		return false
	}
	if r.IntN(2) == 0 {
		sort.SliceStable(offers, func(i, j int) bool {
			return strings.HasPrefix(offers[i].spec.Type, "finish") && !strings.HasPrefix(offers[j].spec.Type, "finish")
		})
	}
	o, m := offers[0], lowMove(offers[0].spec, r)
	if avoidEnd {
		for _, c := range offers {
			cm := lowMove(c.spec, r)
			if !wouldEnd(ts, tb, c, cm) {
				o, m = c, cm
				break
			}
		}
	}
	st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", o.token,
		map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": v.Version, "idempotency_key": fmt.Sprint(r.Uint64())})
	if st != 200 {
		t.Fatalf("offered move %s %s by %s refused: %d %s", m.Type, m.Args, o.who, st, body)
	}
	played[o.spec.Type]++
	return true
}

// lowMove is kit.RandomMove, but half of the time every int argument takes
// its minimum: entries that must add up (a score sheet) then can.
func lowMove(spec kit.MoveSpec, r *rand.Rand) kit.Move {
	m := kit.RandomMove(spec, r)
	if r.IntN(2) == 0 {
		for _, a := range spec.Args {
			if a.Kind == kit.ArgInt && a.Min != nil && len(a.Choices) == 0 {
				m.Args = withArg(m, a.Name, fmt.Sprint(*a.Min))
			}
		}
	}
	return m
}

// wouldEnd applies a move to the stored state with the referee alone and
// reports whether the game would be over.
func wouldEnd(ts *testServer, tb *table, o offer, m kit.Move) bool {
	ctx := context.Background()
	q := ts.Engine.Queries()
	row, err := q.GetTable(ctx, tb.ID)
	if err != nil {
		return false
	}
	g, _ := catalog.Get(row.Game)
	st, seq := storedState(ts.T, q, g, tb.ID)
	who := kit.HostActor
	for i, tok := range tb.Tokens {
		if tok == o.token {
			who = kit.SeatActor(i)
		}
	}
	res, err := g.Apply(st, who, m, kit.NewCtx(uint64(row.Seed), int(seq)+1, time.Now()))
	return err == nil && g.Outcome(res.State) != nil
}

// badNumbers are the out-of-range values posted for an int or seat
// argument: below its minimum, above its maximum, and both ends of int64
// and one past it.
func badNumbers(a kit.ArgSpec, players int) []string {
	out := []string{"-9223372036854775808", "9223372036854775808", "-9223372036854775809", "1e400"}
	switch {
	case a.Kind == kit.ArgSeat:
		out = append(out, "-1", fmt.Sprint(players), "-2")
	default:
		if a.Min != nil {
			out = append(out, fmt.Sprint(*a.Min-1))
		}
		if a.Max != nil {
			out = append(out, fmt.Sprint(*a.Max+1))
		}
	}
	return out
}

// withArg returns m's args with one argument replaced by raw JSON.
func withArg(m kit.Move, name, raw string) json.RawMessage {
	args := map[string]json.RawMessage{}
	if len(m.Args) > 0 {
		json.Unmarshal(m.Args, &args)
	}
	args[name] = json.RawMessage(raw)
	b, _ := json.Marshal(args)
	return b
}

// laxOffers lists games whose referee accepts some moves from a seat its
// View offers nothing (View.Moves is not exact yet). For them an accepted
// out-of-turn move is logged as a known issue instead of failing; remove
// the entry once the game is fixed.
var laxOffers = map[string]string{}

// TestAbuseMatrix posts, to a table of every game in the catalog, what no
// phone should get away with, and checks that each gets a 4xx with a reason
// and leaves the version, every screen's view, the stored state and the log
// exactly as they were:
//
//   - unknown move types, from every seat and the host;
//   - every move type of every other game that this game does not have;
//   - for every int or seat argument of every move offered during a game:
//     below its minimum, above its maximum, -2^63, 2^63 and beyond;
//   - every move from a seat that is offered nothing (out of turn);
//   - after the game has ended: every move type of the game from every
//     seat and the host (422 game_over).
func TestAbuseMatrix(t *testing.T) {
	t.Parallel()
	for _, g := range catalog.All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			ts := startServer(t, "")
			n := matrixPlayers(info)
			tb := ts.NewTable(info.ID, nil, n)
			ts.Start(tb)
			tokens := append([]string{tb.Host}, tb.Tokens...)
			own := map[string]bool{}
			for _, m := range info.Moves {
				own[m.Type] = true
			}
			r := rand.New(rand.NewPCG(8, uint64(len(info.ID))))
			posted := 0

			t.Run("UnknownMoveTypes", func(t *testing.T) {
				before := facts(ts, tb)
				for _, typ := range []string{"teleport", " ", strings.ToUpper(info.Moves[0].Type), info.Moves[0].Type + "\x00", "../" + info.Moves[0].Type, strings.Repeat("x", 5000), "undo", "__proto__"} {
					if own[typ] {
						continue
					}
					for _, tok := range tokens {
						refused(ts, t, tb, tok, map[string]any{"type": typ, "args": map[string]any{}}, fmt.Sprintf("unknown move %.20q", typ))
						posted++
					}
				}
				sameFacts(t, "unknown move types", before, facts(ts, tb))
			})

			t.Run("OtherGamesMoves", func(t *testing.T) {
				before := facts(ts, tb)
				foreign := 0
				for _, other := range catalog.All() {
					if other.Info().ID == info.ID {
						continue
					}
					for _, spec := range other.Info().Moves {
						if own[spec.Type] {
							continue // a type both games have is this game's own move
						}
						m := kit.RandomMove(spec, r)
						for _, tok := range tokens {
							refused(ts, t, tb, tok, map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}, other.Info().ID+" move "+m.Type)
							posted++
						}
						foreign++
					}
				}
				sameFacts(t, "other games' moves", before, facts(ts, tb))
				t.Logf("%d move types of other games refused", foreign)
			})

			t.Run("NumbersAndOutOfTurn", func(t *testing.T) {
				played := map[string]int{}
				numbered := map[string]bool{}
				outOfTurn := 0
				for step := 0; step < 150; step++ {
					offers, v := offers(ts, tb)
					if v.View == nil || v.View.Outcome != nil {
						break
					}
					before := facts(ts, tb)
					changed := false
					for _, o := range offers {
						for _, a := range o.spec.Args {
							if a.Kind != kit.ArgInt && a.Kind != kit.ArgSeat {
								continue
							}
							key := o.spec.Type + "/" + a.Name
							if numbered[key] {
								continue
							}
							numbered[key] = true
							base := kit.RandomMove(o.spec, r)
							for _, bad := range badNumbers(a, n) {
								refused(ts, t, tb, o.token, map[string]any{"type": o.spec.Type, "args": withArg(base, a.Name, bad)},
									fmt.Sprintf("%s by %s with %s = %s", o.spec.Type, o.who, a.Name, bad))
								posted++
								changed = true
							}
						}
					}
					offeredTo := map[string]bool{}
					for _, o := range offers {
						offeredTo[o.token] = true
					}
					for seat, tok := range tb.Tokens {
						if offeredTo[tok] || step%3 != 0 {
							continue
						}
						spec := info.Moves[r.IntN(len(info.Moves))]
						if spec.Host {
							continue
						}
						m := kit.RandomMove(spec, r)
						what := fmt.Sprintf("%s %s by seat %d, which is offered nothing", m.Type, m.Args, seat)
						if known := laxOffers[info.ID]; known != "" {
							if st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tok, map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}); st == 200 {
								t.Logf("KNOWN ISSUE (%s): %s was accepted", known, what)
								before = facts(ts, tb)
								continue
							}
						} else {
							refused(ts, t, tb, tok, map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}, what)
						}
						posted++
						outOfTurn++
						changed = true
					}
					if changed {
						sameFacts(t, "out-of-range numbers and out-of-turn moves", before, facts(ts, tb))
					}
					if !playNovel(ts, t, tb, r, played, true) {
						break
					}
				}
				keys := make([]string, 0, len(numbered))
				for k := range numbered {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				t.Logf("out-of-range numbers posted for %d offered arguments %v; %d out-of-turn moves refused", len(keys), keys, outOfTurn)
			})

			t.Run("AfterTheEnd", func(t *testing.T) {
				played := map[string]int{}
				for i := 0; i < 1500 && playNovel(ts, t, tb, r, played, false); i++ {
				}
				v := ts.View(tb, tb.Host)
				if v.View == nil || v.View.Outcome == nil || v.Status != "ended" {
					offers, _ := offers(ts, tb)
					var types []string
					for _, o := range offers {
						types = append(types, o.who+":"+o.spec.Type)
					}
					t.Fatalf("the game did not end (status %s, phase %s) within 1500 offered moves; offered now %v; played %v", v.Status, v.View.Phase, types, played)
				}
				before := facts(ts, tb)
				for _, spec := range info.Moves {
					m := kit.RandomMove(spec, r)
					for _, tok := range tokens {
						body := refused(ts, t, tb, tok, map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}, "after the end: "+m.Type)
						if !strings.Contains(string(body), "game_over") && m.Type != kit.TimerExpiredMove {
							t.Fatalf("after the end: %s = %s, want game_over", m.Type, body)
						}
						posted++
					}
				}
				sameFacts(t, "moves after the end", before, facts(ts, tb))
			})
			t.Logf("%s: %d refused requests, none changed the table", info.ID, posted)
			checkReplay(t, ts)
		})
	}
}
