package main

import (
	"context"
	crand "crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"sort"
	"strings"
	"syscall"
	"time"

	"tablewarden/cmd/tablewarden-load/loadgen"
	"tablewarden/db/sqlite"
	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
)

// genMove is one recorded move of a template game.
type genMove struct {
	actor, typ, args, events string
	at                       string
	reveals                  int64
}

// genTemplate is a Jumpship game played in process by random legal moves.
// Every generated table is a copy of a template with the same seed, seat
// names and start time, so its stored log replays to its stored snapshot.
type genTemplate struct {
	seed    int64
	started time.Time
	moves   []genMove
	state   string
}

var genSeats = []string{"Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6"}

// playTemplate plays up to n moves; ok is false when the game ended first.
func playTemplate(g kit.Game, seed int64, n int, r *rand.Rand) (genTemplate, bool) {
	started := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	st, err := g.Setup(json.RawMessage("{}"), genSeats, kit.NewCtx(uint64(seed), 0, started))
	if err != nil {
		return genTemplate{}, false
	}
	tpl := genTemplate{seed: seed, started: started}
	for seq := 1; seq <= n; seq++ {
		if g.Outcome(st) != nil {
			return tpl, false
		}
		at := started.Add(time.Duration(seq) * time.Second)
		applied := false
		for try := 0; try < 60 && !applied; try++ {
			seat := r.IntN(len(genSeats))
			v := g.View(st, kit.SeatViewer(seat))
			if len(v.Moves) == 0 {
				continue
			}
			m := kit.RandomMove(v.Moves[r.IntN(len(v.Moves))], r)
			res, err := g.Apply(st, kit.SeatActor(seat), m, kit.NewCtx(uint64(seed), seq, at))
			if err != nil {
				continue
			}
			actor, _ := json.Marshal(kit.SeatActor(seat))
			events := res.Events
			if events == nil {
				events = []kit.Event{}
			}
			ev, _ := json.Marshal(events)
			args := string(m.Args)
			if args == "" {
				args = "{}"
			}
			tpl.moves = append(tpl.moves, genMove{actor: string(actor), typ: m.Type, args: args, events: string(ev), at: at.Format(time.RFC3339Nano), reveals: map[bool]int64{true: 1}[res.Reveals]})
			st = res.State
			applied = true
		}
		if !applied {
			return tpl, false
		}
	}
	if g.Outcome(st) != nil {
		return tpl, false
	}
	enc, err := json.Marshal(st)
	if err != nil {
		return tpl, false
	}
	tpl.state = string(enc)
	return tpl, true
}

// genDB writes o.genTables started Jumpship tables of six seats holding
// o.genMoves moves in all into a new database with the server's schema,
// through the SQLite adapter's generated queries on a bulk connection (sqlite.Bulk).
func genDB(ctx context.Context, o options, out io.Writer) error {
	start := time.Now()
	if _, err := os.Stat(o.genDB); err == nil {
		return fmt.Errorf("gen-db: %s already exists", o.genDB)
	}
	g, ok := catalog.Get("jumpship")
	if !ok {
		return fmt.Errorf("gen-db: no jumpship")
	}
	per := o.genMoves / o.genTables
	extra := o.genMoves % o.genTables
	r := rand.New(rand.NewPCG(1, 2))
	var tpls []genTemplate
	for seed := int64(1); len(tpls) < 16 && seed < 5000; seed++ {
		if tpl, ok := playTemplate(g, seed, per+1, r); ok {
			tpls = append(tpls, tpl)
		}
	}
	if len(tpls) == 0 {
		return fmt.Errorf("gen-db: no Jumpship game lasted %d moves", per+1)
	}
	fmt.Fprintf(out, "gen-db: %d template games of %d moves played in %v\n", len(tpls), per+1, time.Since(start).Round(time.Millisecond))
	// Snapshots must match the log, so a table with per+1 moves needs a
	// snapshot after per+1 moves: replay the template's state at that length.
	states := map[[2]int]string{}
	snapshotOf := func(ti, n int) (string, error) {
		if n == len(tpls[ti].moves) {
			return tpls[ti].state, nil
		}
		if s, ok := states[[2]int{ti, n}]; ok {
			return s, nil
		}
		tpl := tpls[ti]
		st, err := g.Setup(json.RawMessage("{}"), genSeats, kit.NewCtx(uint64(tpl.seed), 0, tpl.started))
		if err != nil {
			return "", err
		}
		for i := 0; i < n; i++ {
			m := tpl.moves[i]
			var a kit.Actor
			if err := json.Unmarshal([]byte(m.actor), &a); err != nil {
				return "", err
			}
			at, err := time.Parse(time.RFC3339Nano, m.at)
			if err != nil {
				return "", err
			}
			res, err := g.Apply(st, a, kit.Move{Type: m.typ, Args: json.RawMessage(m.args)}, kit.NewCtx(uint64(tpl.seed), i+1, at))
			if err != nil {
				return "", err
			}
			st = res.State
		}
		enc, err := json.Marshal(st)
		states[[2]int{ti, n}] = string(enc)
		return string(enc), err
	}
	// The generator's own connection (sqlite.Bulk): no fsync per commit.
	b, err := sqlite.OpenBulk(ctx, o.genDB)
	if err != nil {
		return fmt.Errorf("gen-db: %w", err)
	}
	const chunk = 250
	total := 0
	var ids []string
	for base := 0; base < o.genTables; base += chunk {
		if ctx.Err() != nil {
			b.Close(ctx)
			return ctx.Err()
		}
		err := b.Tx(ctx, func(q *sqlite.Queries) error {
			for i := base; i < min(base+chunk, o.genTables); i++ {
				ti := i % len(tpls)
				n := per
				if i < extra {
					n = per + 1
				}
				state, err := snapshotOf(ti, n)
				if err != nil {
					return err
				}
				id, err := writeTable(ctx, q, tpls[ti], i, n, state)
				if err != nil {
					return err
				}
				ids = append(ids, id)
				total += n
			}
			return nil
		})
		if err != nil {
			b.Close(ctx)
			return fmt.Errorf("gen-db: %w", err)
		}
	}
	if err := b.Close(ctx); err != nil {
		return fmt.Errorf("gen-db: %w", err)
	}
	sort.Strings(ids)
	if err := os.WriteFile(o.genDB+".tables", []byte(fmt.Sprint(ids[0], "\n", ids[len(ids)/2], "\n", ids[len(ids)-1], "\n")), 0o644); err != nil {
		return err
	}
	st, _ := os.Stat(o.genDB)
	fmt.Fprintf(out, "gen-db: %s: %d tables, %d moves, %.0f MiB, in %v\n", o.genDB, o.genTables, total, float64(st.Size())/(1<<20), time.Since(start).Round(time.Millisecond))
	return nil
}

// writeTable writes table number i, a copy of tpl's first n moves ending
// in state, as the server would have stored it: a started table, its six
// seats, the moves and the snapshot after the last. It returns the id.
func writeTable(ctx context.Context, q *sqlite.Queries, tpl genTemplate, i, n int, state string) (string, error) {
	id := randID(9)
	created := tpl.started.Add(-time.Minute).Format(time.RFC3339Nano)
	started := sql.NullString{String: tpl.started.Format(time.RFC3339Nano), Valid: true}
	version := int64(len(genSeats) + 1 + n) // joins, start, moves
	if err := q.WriteTable(ctx, sqlite.WriteTableParams{ID: id, Game: "jumpship", JoinCode: fmt.Sprintf("G%07d", i), Options: "{}",
		Seed: tpl.seed, HostTokenHash: hash(randID(16)), Status: "playing", Version: version, CreatedAt: created, StartedAt: started}); err != nil {
		return "", fmt.Errorf("table: %w", err)
	}
	for si, name := range genSeats {
		if err := q.AddSeat(ctx, sqlite.AddSeatParams{TableID: id, Seat: int64(si), Name: name, TokenHash: hash(randID(16)), JoinedAt: created}); err != nil {
			return "", fmt.Errorf("seat: %w", err)
		}
	}
	for k := 0; k < n; k++ {
		m := tpl.moves[k]
		if err := q.AppendMove(ctx, sqlite.AppendMoveParams{TableID: id, Seq: int64(k + 1), Kind: "move", Actor: m.actor, Type: m.typ, Args: m.args, At: m.at,
			IdempotencyKey: sql.NullString{String: fmt.Sprintf("gen-%d", k+1), Valid: true}, Events: m.events, Reveals: m.reveals,
			Version: int64(len(genSeats) + 1 + k + 1)}); err != nil {
			return "", fmt.Errorf("move: %w", err)
		}
	}
	if err := q.PutSnapshot(ctx, sqlite.PutSnapshotParams{TableID: id, Seq: int64(n), State: state}); err != nil {
		return "", fmt.Errorf("snapshot: %w", err)
	}
	return id, nil
}

func randID(n int) string {
	b := make([]byte, n)
	crand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hash(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

// coldStart starts the server on an existing database -runs times and
// reports how long until /healthz answers (ready to serve) and how long
// the first view of a stored table takes (its lazy load).
func coldStart(ctx context.Context, o options, out io.Writer) error {
	bin := o.server
	if bin == "" {
		var err error
		if bin, err = buildServer(ctx); err != nil {
			return err
		}
	}
	ids, _ := os.ReadFile(o.coldStart + ".tables")
	probe := splitLines(string(ids))
	st, err := os.Stat(o.coldStart)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "cold start on %s (%.0f MiB)%s\n", o.coldStart, float64(st.Size())/(1<<20), pinNote(o))
	var ready, first []float64
	for i := 0; i < o.runs; i++ {
		for _, f := range []string{o.coldStart, o.coldStart + "-wal"} {
			dropCache(f) // read the database from disk, not the page cache
		}
		t0 := time.Now()
		srv, err := startServer(ctx, bin, o.coldStart, o.pin, o.gomaxprocs, o.gomemlimit)
		if err != nil {
			return err
		}
		r := time.Since(t0)
		var f time.Duration
		ok := ""
		if len(probe) > 0 {
			id := probe[i%len(probe)]
			t1 := time.Now()
			resp, err := http.Get(srv.url + "/api/tables/" + id + "/view?as=board")
			f = time.Since(t1)
			if err != nil {
				ok = err.Error()
			} else {
				var v struct {
					Version int64  `json:"version"`
					Status  string `json:"status"`
				}
				json.NewDecoder(resp.Body).Decode(&v)
				resp.Body.Close()
				ok = fmt.Sprintf("HTTP %d, status %s, version %d", resp.StatusCode, v.Status, v.Version)
			}
		}
		rss, _ := loadgen.ReadRSS(srv.pid)
		srv.stop()
		fmt.Fprintf(out, "  run %d: ready (healthz 200) after %v; first view of stored table in %v (%s); RSS %.1f MiB\n", i+1, r.Round(time.Millisecond), f.Round(time.Microsecond), ok, float64(rss)/(1<<20))
		ready = append(ready, float64(r)/1e6)
		first = append(first, float64(f)/1e6)
	}
	fmt.Fprintf(out, "cold start median of %d: ready in %.0f ms, first table view in %.1f ms\n", len(ready), median(ready), median(first))
	return nil
}

func splitLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// dropCache asks the kernel to forget a file's cached pages
// (posix_fadvise DONTNEED), so that a start reads it from disk. It touches
// no other file.
func dropCache(path string) {
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	f.Sync()
	const fadvDontNeed = 4
	syscall.Syscall6(syscall.SYS_FADVISE64, f.Fd(), 0, 0, fadvDontNeed, 0, 0)
}
