package table_test

import (
	"database/sql"
	"encoding/json"
	"testing"
	"time"

	"tablewarden/db"
	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	"tablewarden/table"
)

func seats(names ...string) []db.Seat {
	var out []db.Seat
	for i, n := range names {
		out = append(out, db.Seat{Seat: int64(i), Name: n, TokenHash: []byte{byte(i + 1)}})
	}
	return out
}

// Replay deals every seat of a started table, whatever its device: a seat
// without a device, or flagged removed mid-game by an older server, keeps
// its place in the deal.
func TestReplayKeepsTheDeal(t *testing.T) {
	g, _ := catalog.Get("jumpship")
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	row := db.GameTable{Options: "{}", Seed: 42, StartedAt: sql.NullString{String: start.Format(time.RFC3339Nano), Valid: true}}
	all := seats("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
	want, err := g.Setup(json.RawMessage("{}"), table.Dealt(all), kit.NewCtx(42, 0, start))
	if err != nil {
		t.Fatal(err)
	}
	changed := append([]db.Seat(nil), all...)
	changed[2].TokenHash = nil // revoked
	changed[4].Removed = 1     // removed mid-game by an older server
	got, err := table.Replay(g, row, changed, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want)
	if string(a) != string(b) {
		t.Fatalf("replay dealt another game after a device change:\n got %s\nwant %s", a, b)
	}
}

func TestHolders(t *testing.T) {
	s := seats("Ann", "Bob", "Cid")
	s[1].TokenHash = nil
	s[2].Removed = 1
	got := table.Holders(s)
	if len(got) != 1 || got[string([]byte{1})] != 0 {
		t.Fatalf("Holders = %v, want only Ann's token holding seat 0", got)
	}
	if !table.Unattended(s[1]) || table.Unattended(s[0]) || table.Unattended(s[2]) {
		t.Fatal("Unattended: only a seat in play without a device is unattended")
	}
}

func TestSameMoveAndKeys(t *testing.T) {
	by := table.MovedBy{Actor: kit.SeatActor(2)}
	actor, _ := json.Marshal(by)
	prev := db.Move{Actor: string(actor), Type: "give", Args: `{"to":1}`}
	cases := []struct {
		name string
		by   table.MovedBy
		typ  string
		args string
		want bool
	}{
		{"same", by, "give", `{"to":1}`, true},
		{"other type", by, "draw", `{"to":1}`, false},
		{"other args", by, "give", `{"to":2}`, false},
		{"other seat", table.MovedBy{Actor: kit.SeatActor(3)}, "give", `{"to":1}`, false},
		{"played by the host", table.MovedBy{Actor: kit.SeatActor(2), ByHost: true}, "give", `{"to":1}`, false},
	}
	for _, c := range cases {
		if got := table.SameMove(prev, c.by, c.typ, c.args); got != c.want {
			t.Errorf("%s: SameMove = %v, want %v", c.name, got, c.want)
		}
	}
	if table.ClientKeyAllowed("sys:timer:a:1:2") || !table.ClientKeyAllowed("timer:a:1:2") {
		t.Fatal("ClientKeyAllowed: sys: keys are the server's, others the clients'")
	}
}

// dice is a game whose "roll" draws from the move's generator and whose
// "note" does not.
type dice struct{ kit.Game }

func (dice) Apply(st kit.State, who kit.Actor, m kit.Move, c kit.Ctx) (kit.Result, error) {
	if m.Type == "roll" {
		return kit.Result{State: c.RNG.Die(6)}, nil
	}
	return kit.Result{State: st, Reveals: m.Type == "peek"}, nil
}

func TestRevealsFindsRandomness(t *testing.T) {
	for typ, want := range map[string]int64{"roll": table.RevealsRandom, "note": 0, "peek": table.RevealsHidden} {
		c := kit.NewCtx(7, 3, time.Now())
		res, _ := dice{}.Apply(nil, kit.HostActor, kit.Move{Type: typ}, c)
		if got := table.Reveals(res, c, 7, 3); got != want {
			t.Errorf("%s: Reveals = %d, want %d", typ, got, want)
		}
	}
}
