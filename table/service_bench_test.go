package table

import (
	jsonpatch "github.com/evanphx/json-patch/v5"

	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"sync/atomic"
	"testing"

	"tablewarden/db/sqlite"
	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
)

// benchService is a Service over a real SQLite file with n started
// Jumpship tables of six seats.
func benchService(b testing.TB, n int) (*Service, []string) {
	b.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	svc := New(Config{Store: store, Extras: store.Extras(), PublicURL: "http://127.0.0.1", Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	b.Cleanup(svc.StopTimers)
	var ids []string
	for i := 0; i < n; i++ {
		ids = append(ids, newBenchTable(b, svc))
	}
	return svc, ids
}

// newBenchTable creates and starts a Jumpship table of six seats.
func newBenchTable(b testing.TB, svc *Service) string {
	ctx := context.Background()
	res, err := svc.CreateTable(ctx, "jumpship", nil)
	if err != nil {
		b.Fatal(err)
	}
	for s := 0; s < 6; s++ {
		if _, err := svc.Join(ctx, res.TableID, fmt.Sprintf("Player %d", s+1)); err != nil {
			b.Fatal(err)
		}
	}
	if err := svc.Start(ctx, res.TableID, Identity{Role: kit.RoleHost, Seat: -1}); err != nil {
		b.Fatal(err)
	}
	return res.TableID
}

// nextMove picks a random legal move at a six-seat table id, as a phone
// would.
func nextMove(b testing.TB, svc *Service, id string, r *rand.Rand) (Identity, MoveRequest, bool) {
	return nextMoveAny(b, svc, id, 6, r)
}

// nextMoveAny picks a random legal move at a table of n seats.
func nextMoveAny(b testing.TB, svc *Service, id string, n int, r *rand.Rand) (Identity, MoveRequest, bool) {
	ctx := context.Background()
	board, err := svc.View(ctx, id, Identity{Role: kit.RoleBoard, Seat: -1})
	if err != nil {
		b.Fatal(err)
	}
	if board.Status != "playing" {
		return Identity{}, MoveRequest{}, false
	}
	seats := append([]int(nil), board.View.Turn...)
	for s := 0; s < n; s++ {
		seats = append(seats, s)
	}
	for _, seat := range append(seats, -1) { // -1: the host
		who := Identity{Role: kit.RoleSeat, Seat: seat}
		if seat < 0 {
			who = Identity{Role: kit.RoleHost, Seat: -1}
		}
		v, err := svc.View(ctx, id, who)
		if err != nil {
			b.Fatal(err)
		}
		if len(v.View.Moves) > 0 {
			m := kit.RandomMove(v.View.Moves[r.IntN(len(v.View.Moves))], r)
			ver := v.Version
			return who, MoveRequest{Type: m.Type, Args: m.Args, ExpectedVersion: &ver}, true
		}
	}
	return Identity{}, MoveRequest{}, false
}

// BenchmarkServiceMove measures a phone's turn at the Service level with
// 64 tables moving in parallel: choosing the move (the board's view and the
// seat's view, rendered) and Service.Move end to end (Apply, snapshot,
// group commit with synchronous(FULL), publish).
func BenchmarkServiceMove(b *testing.B) {
	svc, ids := benchService(b, 64)
	b.ReportAllocs()
	b.ResetTimer()
	playServiceMoves(b, svc, ids)
}

// playServiceMoves plays b.N moves on the tables ids, 32 goroutines per
// CPU at once (many tables at once, as the group commit expects): each
// move chosen from two rendered views, then Service.Move end to end. A
// table whose game ended is replaced by a new one; a move refused by the
// rules or by a race with another goroutine is fine, any other error fails.
func playServiceMoves(b *testing.B, svc *Service, ids []string) {
	var next, keys atomic.Int64
	b.SetParallelism(32)
	b.RunParallel(func(pb *testing.PB) {
		r := rand.New(rand.NewPCG(uint64(next.Add(1)), 7))
		id := ids[int(next.Add(1))%len(ids)]
		ctx := context.Background()
		for pb.Next() {
			who, req, ok := nextMove(b, svc, id, r)
			if !ok { // the game ended: play on at a new table
				id = newBenchTable(b, svc)
				continue
			}
			req.IdempotencyKey = fmt.Sprintf("k%d", keys.Add(1))
			if _, err := svc.Move(ctx, id, who, req); err != nil {
				if _, ok := kit.AsRuleError(err); !ok {
					var e *Error
					if !(asError(err, &e) && (e.Code == CodeIllegalMove || e.Code == CodeConflict)) {
						b.Fatal(err)
					}
				}
			}
		}
	})
}

func asError(err error, target **Error) bool {
	e, ok := err.(*Error)
	if ok {
		*target = e
	}
	return ok
}

// BenchmarkRenderView measures what the hub does per viewer on every move:
// render a seat's view of a table in play and encode it as JSON ("encode"
// shares the public parts among the six seats of one push, as the hub does).
func BenchmarkRenderView(b *testing.B) {
	svc, ids := benchService(b, 1)
	r := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	for i := 0; i < 40; i++ { // fill the recent log
		if who, req, ok := nextMove(b, svc, ids[0], r); ok {
			svc.Move(ctx, ids[0], who, req)
		}
	}
	t, err := svc.load(ctx, ids[0])
	if err != nil {
		b.Fatal(err)
	}
	t.mu.Lock()
	snap := t.snapshot()
	t.mu.Unlock()
	// marshal is encoding/json of the rendered view; library is the
	// push's encoder (encodeJSON).
	board := snap.boardView()
	for _, mode := range []string{"marshal", "library"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			var size int
			for i := 0; i < b.N; i++ {
				r := snap.render(Identity{Role: kit.RoleSeat, Seat: i % 6}, svc.now(), board)
				var p []byte
				if mode == "marshal" {
					p, _ = json.Marshal(&r)
				} else {
					p, _ = encodeJSON(&r)
				}
				size = len(p)
			}
			b.ReportMetric(float64(size), "bytes/view")
		})
	}
}

// TestPatchesEveryGame plays every game and checks, for every viewer at
// every step, that the push's encoder writes what encoding/json writes,
// and that the push's patch (an RFC 6902 JSON Patch), applied by an
// independent implementation (evanphx/json-patch) to the viewer's view
// before, gives the viewer's view after.
func TestPatchesEveryGame(t *testing.T) {
	for _, g := range catalog.All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			svc, _ := benchService(t, 0)
			ctx := context.Background()
			res, err := svc.CreateTable(ctx, info.ID, nil)
			if err != nil {
				t.Fatal(err)
			}
			players := info.MinPlayers
			if players < 3 && info.MaxPlayers >= 3 {
				players = 3
			}
			for s := 0; s < players; s++ {
				if _, err := svc.Join(ctx, res.TableID, fmt.Sprintf("Player %d", s+1)); err != nil {
					t.Fatal(err)
				}
			}
			if err := svc.Start(ctx, res.TableID, Identity{Role: kit.RoleHost, Seat: -1}); err != nil {
				t.Fatal(err)
			}
			ids := []Identity{{Role: kit.RoleHost, Seat: -1}, {Role: kit.RoleBoard, Seat: -1}}
			for s := 0; s < players; s++ {
				ids = append(ids, Identity{Role: kit.RoleSeat, Seat: s})
			}
			r := rand.New(rand.NewPCG(3, 4))
			moved, patched := 0, 0
			states, before := make([]patchState, len(ids)), make([][]byte, len(ids))
			for i := 0; i < 120; i++ {
				tb, _ := svc.load(ctx, res.TableID)
				tb.mu.Lock()
				snap := tb.snapshot()
				tb.mu.Unlock()
				round := newPushRound(svc, &snap, svc.now())
				for k, id := range ids {
					full := snap.render(id, round.now, round.board)
					want, _ := json.Marshal(&full)
					if got, err := encodeJSON(&full); err != nil || string(got) != string(want) {
						t.Fatalf("move %d, %v: encodeJSON = %s (%v), encoding/json %s", i, id, got, err, want)
					}
					head := snap.renderHead(id, round.now, round.board)
					vp, err := round.partsOf(&head, id)
					if err != nil {
						t.Fatal(err)
					}
					if patch := states[k].next(snap.version, vp); patch != nil {
						op, err := jsonpatch.DecodePatch(patch)
						if err != nil {
							t.Fatalf("move %d, %v: patch %s: %v", i, id, patch, err)
						}
						after, err := op.Apply(before[k])
						if err != nil {
							t.Fatalf("move %d, %v: patch %s does not apply: %v", i, id, patch, err)
						}
						if !jsonpatch.Equal(after, want) {
							t.Fatalf("move %d, %v: patch %s gives\n%s\nwant\n%s", i, id, patch, after, want)
						}
						patched++
					}
					before[k] = want
				}
				who, req, ok := nextMoveAny(t, svc, res.TableID, players, r)
				if !ok {
					break
				}
				if _, err := svc.Move(ctx, res.TableID, who, req); err == nil {
					moved++
				}
			}
			if moved == 0 || patched == 0 {
				t.Fatalf("%d moves were made, %d patches compared; want both > 0", moved, patched)
			}
			t.Logf("%d moves, %d patches checked for %d viewers", moved, patched, len(ids))
		})
	}
}
