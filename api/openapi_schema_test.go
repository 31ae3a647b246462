package api_test

import (
	"tablewarden/api/apitest"

	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"tablewarden/api"
	"tablewarden/api/openapigen"
	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// TestOpenAPIGenerated fails when api/openapi.json is not what the
// generator makes of it: every game's view, moves and options come from
// the Go types (`go generate ./api` writes them).
func TestOpenAPIGenerated(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	got, err := openapigen.Generate(raw, openapigen.Games())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, raw) {
		t.Fatal("api/openapi.json differs from the generator's output: run `go generate ./api` and commit the result")
	}
}

// TestGamesDocGenerated fails when docs/games.md's list of refusal codes
// is not what the declarations make (`go generate ./api` writes it), and
// when the list gives an error's kind another status than the server.
func TestGamesDocGenerated(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../docs/games.md")
	if err != nil {
		t.Fatal(err)
	}
	got, err := openapigen.GamesDoc(raw, openapigen.Games())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, raw) {
		t.Fatal("docs/games.md's refusal codes differ from their declarations: run `go generate ./api` and commit the result")
	}
	for _, r := range tablepkg.Reasons {
		if got, want := openapigen.KindStatus(r.Code), api.Status(r.Code); got != want {
			t.Errorf("docs/games.md gives %s status %d, the server %d", r.Code, got, want)
		}
	}
}

// gameSchema returns a component of the document.
func gameSchema(t testing.TB, name string) *openapi3.Schema {
	t.Helper()
	doc, err := apitest.Document()
	if err != nil {
		t.Fatal(err)
	}
	s := doc.Components.Schemas[name]
	if s == nil || s.Value == nil {
		t.Fatalf("openapi.json has no schema %s", name)
	}
	return s.Value
}

// prefixOf is a game's component prefix, as the generator names it.
func prefixOf(t testing.TB, id string) string {
	t.Helper()
	v := gameSchema(t, "View")
	ref := v.Discriminator.Mapping[id]
	name := strings.TrimPrefix(ref.Ref, "#/components/schemas/")
	if name == "" || !strings.HasSuffix(name, "View") {
		t.Fatalf("View's discriminator has no mapping for %s", id)
	}
	return strings.TrimSuffix(name, "View")
}

// asJSON is v as encoding/json's generic values, the way a client reads it.
func asJSON(t testing.TB, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func visit(s *openapi3.Schema, v any) error {
	return s.VisitJSON(v, openapi3.MultiErrors())
}

// TestOpenAPISchemaEveryGame plays random games of every title and checks
// what they produce against the game's own schemas: in process, every
// viewer's view at every step (public, private, seats, moves, outcome),
// every event and every move played; over HTTP, every response (views,
// moves, the whole log of every screen) and every stream event, through
// the harness's checking client, which validates each against the
// document. Every schema of a game refuses fields it does not list.
func TestOpenAPISchemaEveryGame(t *testing.T) {
	t.Parallel()
	steps, seeds := 300, 3
	if testing.Short() {
		steps, seeds = 80, 1
	}
	ts := startServer(t, "")
	for _, g := range catalog.All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			p := prefixOf(t, info.ID)
			view, move, event := gameSchema(t, "View"), gameSchema(t, p+"Move"), gameSchema(t, "Event")
			players := min(max(info.MinPlayers, 3), info.MaxPlayers)
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				walkGame(t, g, players, seed, steps, view, move, event)
			}
			// Over HTTP: a table with a seat's and the board's streams.
			tb := ts.NewTable(info.ID, nil, players)
			seat := ts.OpenStream(tb.ID, tb.Tokens[0], "")
			board := ts.OpenStream(tb.ID, "", "board")
			defer seat.Close()
			defer board.Close()
			ts.Start(tb)
			n := playOffered(t, ts, tb, rand.New(rand.NewPCG(7, 7)), steps/4)
			last := ts.View(tb, "").Version
			seat.WaitVersion(t, last, 10*time.Second)
			board.WaitVersion(t, last, 10*time.Second)
			for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
				ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log", tok, nil, nil)
			}
			ts.Must(200, "GET", "/api/tables/"+tb.ID+"/log?as=board", "", nil, nil)
			t.Logf("%s: %d moves over HTTP, %d stream events", info.ID, n, len(seat.AllRaw())+len(board.AllRaw()))
		})
	}
}

// walkGame plays one random game in process and validates every view of
// every viewer, every event and every move against the schemas.
func walkGame(t *testing.T, g kit.Game, players int, seed uint64, steps int, view, move, event *openapi3.Schema) {
	t.Helper()
	names := []string{"Ann", "Bob", "Cid", "Dee", "Eve", "Fay"}[:players]
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	st, err := g.Setup(json.RawMessage(`{}`), names, kit.NewCtx(seed, 0, now))
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, s *openapi3.Schema, v any) {
		t.Helper()
		if err := visit(s, asJSON(t, v)); err != nil {
			raw, _ := json.Marshal(v)
			t.Fatalf("seed %d, %s does not match its schema: %v\n%s", seed, what, err, raw)
		}
	}
	for _, ev := range kit.SetupEvents(g, st) {
		check("setup event "+ev.Code, event, ev)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	viewers := []kit.Viewer{kit.BoardViewer, kit.HostViewer}
	for i := 0; i < players; i++ {
		viewers = append(viewers, kit.SeatViewer(i))
	}
	for step := 1; step <= steps; step++ {
		type offer struct {
			who  kit.Actor
			spec kit.MoveSpec
		}
		var offers []offer
		for _, v := range viewers {
			vw := g.View(st, v)
			check(fmt.Sprintf("step %d, the %s %d view", step, v.Role, v.Seat), view, vw)
			for _, m := range vw.Moves {
				who := kit.HostActor
				if v.Role == kit.RoleSeat {
					who = kit.SeatActor(v.Seat)
				}
				if v.Role != kit.RoleBoard {
					offers = append(offers, offer{who, m})
				}
			}
		}
		if len(offers) == 0 || g.Outcome(st) != nil {
			return
		}
		o := offers[r.IntN(len(offers))]
		m := kit.RandomMove(o.spec, r)
		req := map[string]any{"type": m.Type}
		if len(m.Args) > 0 {
			req["args"] = json.RawMessage(m.Args)
		}
		check(fmt.Sprintf("step %d, move %s %s", step, m.Type, m.Args), move, req)
		res, err := g.Apply(st, o.who, m, kit.NewCtx(seed, step, now.Add(time.Duration(step)*time.Second)))
		if err != nil {
			t.Fatalf("seed %d step %d: offered move %s %s refused: %v", seed, step, m.Type, m.Args, err)
		}
		for _, ev := range res.Events {
			check(fmt.Sprintf("step %d, event %s", step, ev.Code), event, ev)
		}
		st = res.State
	}
}

// TestOpenAPIRefusesUndocumented checks that the schemas are closed: a
// view of each game with a field its schema does not list, a phase that is
// not the game's, or a move argument the move does not take, is refused.
func TestOpenAPIRefusesUndocumented(t *testing.T) {
	t.Parallel()
	view := gameSchema(t, "View")
	for _, g := range catalog.All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			players := min(max(info.MinPlayers, 3), info.MaxPlayers)
			st, err := g.Setup(json.RawMessage(`{}`), []string{"Ann", "Bob", "Cid", "Dee", "Eve"}[:players], kit.NewCtx(1, 0, time.Now()))
			if err != nil {
				t.Fatal(err)
			}
			good := asJSON(t, g.View(st, kit.SeatViewer(0))).(map[string]any)
			if err := visit(view, good); err != nil {
				t.Fatalf("the seat's view is refused: %v", err)
			}
			for _, part := range []string{"public", "private"} {
				v := asJSON(t, good).(map[string]any)
				obj, ok := v[part].(map[string]any)
				if !ok {
					continue
				}
				obj["undocumented_field"] = "x"
				if err := visit(view, v); err == nil {
					t.Fatalf("a view whose %s has an undocumented field is accepted", part)
				}
			}
			v := asJSON(t, good).(map[string]any)
			v["phase"] = "no_such_phase"
			if err := visit(view, v); err == nil {
				t.Fatal("a view with a phase the game does not have is accepted")
			}
			v = asJSON(t, good).(map[string]any)
			v["extra"] = true
			if err := visit(view, v); err == nil {
				t.Fatal("a view with an undocumented top-level field is accepted")
			}
			move := gameSchema(t, prefixOf(t, info.ID)+"Move")
			m := info.Moves[0]
			if err := visit(move, map[string]any{"type": m.Type, "args": map[string]any{"undocumented_arg": 1}}); err == nil {
				t.Fatalf("move %s with an undocumented argument is accepted", m.Type)
			}
			if err := visit(move, map[string]any{"type": "no_such_move"}); err == nil {
				t.Fatal("a move type the game does not have is accepted")
			}
		})
	}
}
