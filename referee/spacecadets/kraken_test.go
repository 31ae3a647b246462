package spacecadets

import (
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// rigKraken places the tentacles (by id) and the ship, then goes to Step 7.
func rigKraken(t *testing.T, pos map[string]Square, ship Ship) *table {
	t.Helper()
	tb := newTable(t, `{"mission":"10"}`, 4, 13)
	tb.to("step6")
	for i := range tb.s.Kraken.Tentacles {
		tt := &tb.s.Kraken.Tentacles[i]
		if p, ok := pos[tt.ID]; ok {
			tt.Row, tt.Col = p[0], p[1]
		}
	}
	tb.s.Ship = ship
	tb.do(captain, "next_step", nil)
	return tb
}

var spinLayout = map[string]Square{"t1": {3, 4}, "t2": {8, 8}, "t3": {8, 3}, "t4": {1, 10}}

func TestKrakenGrab(t *testing.T) {
	tb := rigKraken(t, spinLayout, Ship{Row: 9, Col: 2, Facing: "E"})
	tb.fail(crew, "kraken_activate", map[string]any{"row": 1, "col": 1}, "not_towards")
	tb.fail(captain, "next_step", nil, "kraken_pending")
	tb.do(crew, "kraken_activate", map[string]any{"row": 9, "col": 2})
	beak := tb.s.D().Kraken.Beak[3]
	if tb.s.Ship.Row != beak[0] || tb.s.Ship.Col != beak[1] || tb.s.Ship.Facing != "E" {
		t.Fatalf("ship = %+v, want dragged to the Beak square %v keeping its facing", tb.s.Ship, beak)
	}
	if t3 := tb.s.Kraken.tentacle("t3"); t3.Row != beak[0] || t3.Col != beak[1] {
		t.Fatalf("tentacle at %d,%d, want on the Beak square", t3.Row, t3.Col)
	}
	if !tb.hasEvent("kraken_grab") || len(tb.s.LastRoll.Dice) != 2 {
		t.Fatalf("grab: events %v, last roll %+v: want 2 dice to a random shield", tb.last.Events, tb.s.LastRoll)
	}
	tb.fail(crew, "kraken_activate", map[string]any{"row": 9, "col": 2}, "already")
	tb.do(captain, "next_step", nil)
}

func TestKrakenAttack(t *testing.T) {
	tb := rigKraken(t, spinLayout, Ship{Row: 9, Col: 1, Facing: "N"})
	card := tb.s.D().tentacle("t3")
	tb.do(crew, "kraken_activate", map[string]any{"row": 9, "col": 1 + card.Range})
	if !tb.hasEvent("kraken_attack") {
		t.Fatalf("events %v: an active tentacle in range attacks", tb.last.Events)
	}
	if got, want := len(tb.s.LastRoll.Dice), card.AttackDice; got != want {
		t.Fatalf("attack dice = %d, want the card's %d", got, want)
	}
	if !strings.Contains(tb.s.LastRoll.Purpose, "Starboard") {
		t.Fatalf("attack from the east on a ship facing north hits %q, want Starboard", tb.s.LastRoll.Purpose)
	}
}

func TestKrakenSubduedSpinsInsteadOfAttack(t *testing.T) {
	tb := rigKraken(t, spinLayout, Ship{Row: 9, Col: 1, Facing: "N"})
	tb.s.Kraken.tentacle("t3").Subdued = true
	tb.do(crew, "kraken_activate", map[string]any{"row": 9, "col": 2})
	if tb.hasEvent("kraken_attack") || !tb.hasEvent("kraken_spin") {
		t.Fatalf("events %v: a subdued tentacle in range spins", tb.last.Events)
	}
}

// TestKrakenSpin is the book's spin example: the tentacles slide five
// squares clockwise; one crossing the ship hits its port shield.
func TestKrakenSpin(t *testing.T) {
	tb := rigKraken(t, spinLayout, Ship{Row: 3, Col: 8, Facing: "N"})
	tb.do(crew, "kraken_activate", map[string]any{"row": 1, "col": 9}) // t4 out of range 1
	want := map[string]Square{"t1": {3, 9}, "t4": {6, 9}, "t2": {8, 3}, "t3": {3, 3}}
	for _, tt := range tb.s.Kraken.Tentacles {
		if w := want[tt.ID]; tt.Row != w[0] || tt.Col != w[1] {
			t.Fatalf("%s at %d,%d, want %v", tt.ID, tt.Row, tt.Col, w)
		}
	}
	if !tb.hasEvent("kraken_cross") || !strings.Contains(tb.s.LastRoll.Purpose, "Port") || len(tb.s.LastRoll.Dice) != 1 {
		t.Fatalf("cross: events %v roll %+v, want 1 die to the Port shield", tb.last.Events, tb.s.LastRoll)
	}
}

func TestKrakenBeakAndNoTentacle(t *testing.T) {
	tb := rigKraken(t, map[string]Square{"t1": {1, 1}, "t2": {1, 6}, "t3": {6, 6}, "t4": {7, 7}}, Ship{Row: 9, Col: 2, Facing: "N"})
	tb.fail(crew, "kraken_activate", map[string]any{"row": 9, "col": 2}, "no_tentacle_here")
	tb.do(captain, "next_step", nil) // nothing activates
	tb.to("step5")
	n := len(tb.events)
	tb.do(crew, "ship_moved", map[string]any{"row": 5, "col": 7, "facing": "E", "beak_squares": 2})
	dmg := 0
	for _, e := range tb.events[n:] {
		if e.Code == "damage" {
			dmg++
		}
	}
	if dmg != 2 {
		t.Fatalf("damage events = %d, want 2 (2 dice per Beak square)", dmg)
	}
	tb.fail(crew, "jump_home", nil, "objective_incomplete")
}

func TestKrakenSubdueAndPart2(t *testing.T) {
	for _, major := range []bool{false, true} {
		tb := newTable(t, `{"mission":"10"}`, 4, 13)
		tb.to("step2")
		tb.fail(crew, "subdue_tentacle", map[string]any{"tentacle": "t1"}, "not_sensors")
		tb.fail(captain, "start_kraken_part2", nil, "part1_incomplete")
		for i, id := range []string{"t1", "t2", "t4"} {
			if strings.Contains(tb.viewJSON(kit.BoardViewer), "/kraken/") {
				t.Fatalf("the continuation shows before three are subdued")
			}
			tb.do(sensors, "subdue_tentacle", map[string]any{"tentacle": id})
			tt := tb.s.Kraken.tentacle(id)
			kd := tb.s.D().Kraken
			if b := kd.Beak[krakenTile(kd, tt.Row, tt.Col)]; tt.Row != b[0] || tt.Col != b[1] {
				t.Fatalf("subdued %s at %d,%d, want on its tile's Beak square", id, tt.Row, tt.Col)
			}
			if i < 2 && tb.s.Kraken.Last != "" {
				t.Fatal("first objective complete too early")
			}
		}
		tb.fail(sensors, "subdue_tentacle", map[string]any{"tentacle": "t1"}, "already")
		tb.fail(sensors, "subdue_tentacle", map[string]any{"tentacle": "t3"}, "objective_complete")
		if got := tb.s.Kraken.Last; got != "t3" {
			t.Fatalf("last active = %q, want t3", got)
		}
		for _, v := range []kit.Viewer{kit.BoardViewer, kit.HostViewer, kit.SeatViewer(1)} {
			b := tb.viewJSON(v)
			if !strings.Contains(b, `"continuation":"/kraken/t3"`) || !strings.Contains(b, `"last_active_id":"t3"`) {
				t.Fatalf("%v view lacks the continuation: %s", v, b)
			}
		}
		tb.to("step7")
		tb.fail(crew, "kraken_activate", map[string]any{"row": 1, "col": 1}, "await_part2")
		tb.do(captain, "next_step", nil)
		// The public view carries the link and names who starts
		// part 2; only the Captain is offered the move, not the Sensors
		// player who holds the cards.
		kv := publicOf(tb.s).Kraken
		if got, want := kv.Continuation, "/kraken/t3"; got != want {
			t.Fatalf("continuation = %q, want %q", got, want)
		}
		if got, want := kv.Part2StartedBy, "Ana (Captain)"; got != want {
			t.Fatalf("part 2 started by = %q, want %q", got, want)
		}
		for _, v := range kittest.Viewers(4) {
			offered := tb.offered(v, "start_kraken_part2")
			if want := v == kit.SeatViewer(0); offered != want {
				t.Fatalf("%v: start_kraken_part2 offered = %v, want %v", v, offered, want)
			}
		}
		// The prompt says it in words (the page's Open part 2 opens the
		// link, which the prompt carries as a parameter), never as a path.
		if p := tb.g.View(tb.s, kit.SeatViewer(2)).Prompt; p == nil || p.Params["link"] != "/kraken/t3" || strings.Contains(p.Text, "/kraken/") || !strings.Contains(p.Text, "Open part 2") || !strings.Contains(p.Text, "Ana") {
			t.Fatalf("the Sensors player's prompt %+v: want the link as a parameter, Open part 2 and the Captain's name in words, no path", p)
		}
		tb.fail(crew, "start_kraken_part2", nil, "not_captain")
		tb.fail(sensors, "start_kraken_part2", nil, "not_captain")
		tb.fail(kit.HostActor, "start_kraken_part2", nil, "not_captain")
		tb.do(captain, "start_kraken_part2", nil)
		tb.fail(captain, "start_kraken_part2", nil, "already")
		tb.to("step5")
		tb.s.Ship = Ship{Row: 1, Col: 10, Facing: "S"}
		tb.fail(sensors, "scan_beak", nil, "too_far")
		// Tentacle C (t3) clouds its own tile.
		t3 := tb.s.Kraken.tentacle("t3")
		kd := tb.s.D().Kraken
		beak := kd.Beak[krakenTile(kd, t3.Row, t3.Col)]
		tb.do(crew, "ship_moved", map[string]any{"row": beak[0], "col": beak[1], "facing": "N"})
		tb.fail(sensors, "scan_beak", nil, "ink_cloud")
		other := kd.Beak[(krakenTile(kd, t3.Row, t3.Col)+2)%4]
		tb.do(crew, "ship_moved", map[string]any{"row": other[0], "col": other[1], "facing": "N"})
		tb.do(sensors, "scan_beak", nil)
		tb.fail(crew, "jump_home", nil, "objective_incomplete")
		tb.to("step7")
		tb.do(crew, "kraken_activate", map[string]any{"row": t3.Row, "col": t3.Col}) // the last tentacle activates wherever it is
		tb.researchRound()
		if got := tb.s.Kraken.Research; got != 3 {
			t.Fatalf("part 2 research = %d, want 3", got)
		}
		tb.fail(crew, "jump_home", nil, "objective_incomplete") // t3 needs 5
		tb.s.Kraken.Research = tb.s.D().variant("t3").ResearchTarget
		if major {
			tb.do(sensors, "subdue_tentacle", map[string]any{"tentacle": "t3"})
		}
		tb.do(crew, "jump_home", nil)
		want := map[bool]string{false: "minor", true: "major"}[major]
		if got := tb.s.End; got == nil || !got.Won || got.Level != want {
			t.Fatalf("end = %+v, want a %s victory", got, want)
		}
	}
}

func TestPart2Spins(t *testing.T) {
	tb := newTable(t, `{"mission":"10"}`, 4, 13)
	tb.to("step2")
	for _, id := range []string{"t2", "t3", "t4"} {
		tb.do(sensors, "subdue_tentacle", map[string]any{"tentacle": id})
	}
	tb.do(captain, "start_kraken_part2", nil)
	tb.to("step6")
	t1 := tb.s.Kraken.tentacle("t1")
	t1.Row, t1.Col = 1, 1
	tb.s.Ship = Ship{Row: 10, Col: 10, Facing: "N"}
	sleeping := map[string]Square{}
	for _, x := range tb.s.Kraken.Tentacles {
		sleeping[x.ID] = Square{x.Row, x.Col}
	}
	tb.do(captain, "next_step", nil)
	tb.do(crew, "kraken_activate", map[string]any{"row": 1, "col": 2})
	// The Restless Arm spins twice: two tiles clockwise from (1,2).
	if t1 := tb.s.Kraken.tentacle("t1"); t1.Row != 6 || t1.Col != 7 {
		t.Fatalf("t1 at %d,%d, want 6,7 after two spins", t1.Row, t1.Col)
	}
	for _, x := range tb.s.Kraken.Tentacles {
		if x.ID != "t1" && (x.Row != sleeping[x.ID][0] || x.Col != sleeping[x.ID][1]) {
			t.Fatalf("sleeping %s moved", x.ID)
		}
	}
}

// TestKrakenBeakEntered: a move that ends on a Beak square the ship was not
// on has entered at least one Beak square and costs its dice even when the
// report says none; staying on the same Beak square enters none.
func TestKrakenBeakEntered(t *testing.T) {
	tb := newTable(t, `{"mission":"10"}`, 4, 13)
	tb.to("step5")
	beak := tb.s.D().Kraken.Beak
	damages := func(args map[string]any) int {
		t.Helper()
		n := len(tb.events)
		tb.do(crew, "ship_moved", args)
		dmg := 0
		for _, e := range tb.events[n:] {
			if e.Code == "damage" {
				dmg++
			}
		}
		return dmg
	}
	for _, c := range []struct {
		name string
		args map[string]any
		want int
	}{
		{"EnterReportingNone", map[string]any{"row": beak[0][0], "col": beak[0][1], "facing": "N"}, 1},
		{"TurnOnTheSameSquare", map[string]any{"row": beak[0][0], "col": beak[0][1], "facing": "E"}, 0},
		{"NextBeakSquareReportingZero", map[string]any{"row": beak[1][0], "col": beak[1][1], "facing": "E", "beak_squares": 0}, 1},
		{"ThroughTwo", map[string]any{"row": beak[3][0], "col": beak[3][1], "facing": "S", "beak_squares": 2}, 2},
		{"Leave", map[string]any{"row": 1, "col": 1, "facing": "S"}, 0},
	} {
		if got := damages(c.args); got != c.want {
			t.Fatalf("%s: damage events = %d, want %d (%d dice each)", c.name, got, c.want, tb.s.D().Kraken.BeakDicePerSquare)
		}
	}
}
