package spacecadets

import (
	"slices"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func onTile(s *State, tile int) []Enemy {
	var out []Enemy
	for _, e := range s.Enemies {
		if e.onMap() && e.Tile == tile {
			out = append(out, e)
		}
	}
	return out
}

// passGate has the crew pass the Gate and the Captain choose where the
// ship arrives on the next tile (settleArrival).
func (tb *table) passGate() {
	tb.t.Helper()
	tb.do(crew, "pass_gate", nil)
	tb.settleArrival()
}

// settleArrival chooses row and column 3 for an arrival that waits for
// them.
func (tb *table) settleArrival() {
	r := tb.s.Rabbit
	if !r.PendingRow && !r.PendingCol {
		return
	}
	args := map[string]any{}
	if r.PendingRow {
		args["row"] = 3
	}
	if r.PendingCol {
		args["col"] = 3
	}
	tb.do(captain, "choose_arrival", args)
}

func TestMission7Gates(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 21)
	tb.to("step5")
	if got := len(onTile(tb.s, 1)); got != 2 {
		t.Fatalf("tile 1 enemies = %d, want 2", got)
	}
	tb.fail(crew, "pass_gate", nil, "gate_closed")
	tb.do(crew, "tractor_crystal", nil)
	if !tb.s.Rabbit.GateOpen || len(onTile(tb.s, 2)) != 2 || !tb.last.Reveals {
		t.Fatalf("after the Tractor Beam: gate open %v, tile 2 enemies %d", tb.s.Rabbit.GateOpen, len(onTile(tb.s, 2)))
	}
	tb.fail(crew, "tractor_crystal", nil, "gate_open")
	far := onTile(tb.s, 2)[0].ID
	tb.fail(crew, "enemy_shot", map[string]any{"enemy": far}, "other_tile")
	tb.fail(crew, "enemy_lock", map[string]any{"enemy": far, "locked": true}, "other_tile")
	tb.fail(crew, "pass_gate", nil, "gate_opened_this_turn")
	tb.to("step1")
	tb.to("step5")
	tb.passGate()
	if got := tb.s.Rabbit.Tile; got != 2 {
		t.Fatalf("tile = %d, want 2", got)
	}
	if got := len(onTile(tb.s, 1)); got != 0 {
		t.Fatalf("tile 1 enemies after leaving = %d, want 0 (back in the box)", got)
	}
	tb.fail(crew, "enemy_lock", map[string]any{"enemy": far, "locked": true}, "surprised")
	tb.do(crew, "enemy_shot", map[string]any{"enemy": far})
	tb.do(crew, "enemy_lock", map[string]any{"enemy": far, "locked": true})
	nem := tb.s.Nemesis
	tb.to("step1")
	if got, want := tb.s.Nemesis, nem-1; got != want {
		t.Fatalf("nemesis = %d, want %d", got, want)
	}
	other := onTile(tb.s, 2)[1].ID
	tb.to("step2")
	tb.do(crew, "enemy_lock", map[string]any{"enemy": other, "locked": true}) // no longer surprised
	tb.fail(crew, "jump_home", nil, "objective_incomplete")
}

// TestMission7OneGateATurn: a Gate opened this turn is used "on any future
// turn", and after passing a Gate "any remaining movement is cancelled":
// the ship cannot cross three Gates in one Step 1.
func TestMission7OneGateATurn(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 21)
	tb.to("step1")
	tb.do(crew, "tractor_crystal", nil)
	tb.fail(crew, "pass_gate", nil, "gate_opened_this_turn")
	if tb.offered(kit.SeatViewer(1), "pass_gate") {
		t.Fatalf("pass_gate is offered on the turn the Gate opened")
	}
	tb.to("step2")
	tb.to("step1")
	tb.passGate()
	if got, want := tb.s.Rabbit.Tile, 2; got != want {
		t.Fatalf("tile = %d, want %d", got, want)
	}
	tb.do(crew, "tractor_crystal", nil)
	tb.fail(crew, "pass_gate", nil, "movement_cancelled")
	tb.fail(crew, "ship_moved", map[string]any{"row": 1, "col": 1, "facing": "N"}, "movement_cancelled")
	tb.to("step2")
	tb.to("step1")
	tb.passGate()
	if got, want := tb.s.Rabbit.Tile, 3; got != want {
		t.Fatalf("tile = %d, want %d after a second turn", got, want)
	}
	n := 0
	for _, e := range tb.events {
		if e.Code == "gate_passed" {
			n++
		}
	}
	if got, want := n, 2; got != want {
		t.Fatalf("gates passed in two turns = %d, want %d", got, want)
	}
}

func TestMission7Arrival(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 21)
	tb.to("step5")
	tb.s.Rabbit.PendingRow, tb.s.Ship.Row = true, 0
	tb.fail(crew, "choose_arrival", map[string]any{"row": 2}, "not_captain")
	tb.fail(captain, "choose_arrival", map[string]any{"col": 2}, "not_pending")
	tb.fail(captain, "choose_arrival", map[string]any{}, "need_choice")
	tb.fail(crew, "ship_moved", map[string]any{"row": 1, "col": 1, "facing": "N"}, "arrival_pending")
	tb.fail(captain, "next_step", nil, "arrival_pending")
	tb.do(captain, "choose_arrival", map[string]any{"row": 2})
	if got := tb.s.Ship.Row; got != 2 {
		t.Fatalf("ship row = %d, want the Captain's 2", got)
	}
	tb.fail(captain, "choose_arrival", map[string]any{"row": 2}, "not_pending")
}

func TestMission7Tile4AndVictory(t *testing.T) {
	for _, tc := range []struct {
		nemesis, extra int
	}{{0, 0}, {-1, 1}, {-2, 2}} {
		tb := newTable(t, `{"mission":"7"}`, 4, 9)
		tb.to("step5")
		r := tb.s.Rabbit
		r.Tile, r.GateOpen, r.TileNames = 3, true, []string{"Tile 1", "Tile 2", "Tile 3", "Tile 4"}
		tb.s.Enemies = nil
		tb.s.Nemesis = tc.nemesis
		tb.passGate()
		if got := len(onTile(tb.s, 4)); got != tc.extra {
			t.Fatalf("nemesis %d: tile 4 enemies = %d, want %d", tc.nemesis, got, tc.extra)
		}
		for _, e := range onTile(tb.s, 4) {
			if e.Class != "easy" {
				t.Fatalf("extra enemy %s is %s, want easy", e.Name, e.Class)
			}
		}
		tb.fail(crew, "pass_gate", nil, "no_next_tile")
		tb.to("step1") // on the last tile the marker stays
		if got := tb.s.Nemesis; got != tc.nemesis {
			t.Fatalf("nemesis on the last tile = %d, want %d", got, tc.nemesis)
		}
		tb.to("step5")
		tb.do(crew, "tractor_crystal", nil)
		tb.fail(crew, "tractor_crystal", nil, "already")
		if tc.extra > 0 {
			tb.do(crew, "jump_home", nil)
			if got := tb.s.End; got == nil || !got.Won || got.Level != "minor" {
				t.Fatalf("end = %+v, want a minor victory", got)
			}
			continue
		}
		tb.do(crew, "jump_home", nil)
		if got := tb.s.End; got == nil || !got.Won || got.Level != "major" {
			t.Fatalf("end = %+v, want a major victory", got)
		}
		if o := tb.g.Outcome(tb.s); len(o.Winners) != 4 || o.Side != "crew" {
			t.Fatalf("outcome = %+v", o)
		}
		if got, want := tb.g.Outcome(tb.s).ReasonCode, "outcome.m7_major"; got != want {
			t.Fatalf("outcome reason code = %q, want %q", got, want)
		}
	}
}

func TestMission7NemesisLoss(t *testing.T) {
	tb := newTable(t, `{"mission":"7"}`, 4, 9)
	tb.to("step7")
	tb.s.Nemesis = -1
	tb.do(captain, "next_step", nil)
	if tb.s.End != nil || tb.s.Nemesis != -2 {
		t.Fatalf("nemesis %d, end %+v: -1 → -2 is allowed", tb.s.Nemesis, tb.s.End)
	}
	tb.to("step7")
	tb.do(captain, "next_step", nil)
	if got := tb.s.End; got == nil || got.Won || got.Rule != rule(secM7) {
		t.Fatalf("end = %+v, want a Mission 7 loss past -2", got)
	}
}

func TestMission8Siege(t *testing.T) {
	t.Run("DeckAndExclusions", func(t *testing.T) {
		for seed := uint64(1); seed < 150; seed++ {
			tb := newTable(t, `{"mission":"8"}`, 4, seed)
			g := tb.s.Siege
			if got, want := g.DeckLabels, []string{"E", "E*", "E", "N*", "N", "H*"}; !slices.Equal(got, want) {
				t.Fatalf("seed %d: deck labels = %v, want %v", seed, got, want)
			}
			names := map[string]bool{}
			for i, c := range g.Deck {
				e := tb.s.D().Enemies[c]
				if e.Class != classOfLabel(g.DeckLabels[i]) {
					t.Fatalf("seed %d: deck card %d %s is %s, want %s", seed, i, e.Name, e.Class, g.DeckLabels[i])
				}
				names[e.Name] = true
			}
			for _, e := range tb.s.Enemies {
				if e.Class != "easy" || names[e.Name] {
					t.Fatalf("seed %d: starting enemy %s (%s) must be an Easy not in the deck", seed, e.Name, e.Class)
				}
				names[e.Name] = true
			}
			for _, x := range []string{"Sniper", "Battle Platform", "Carrier"} {
				if names[x] {
					t.Fatalf("seed %d: %s is excluded from Mission 8", seed, x)
				}
			}
		}
	})
	t.Run("Movement", func(t *testing.T) {
		tb := newTable(t, `{"mission":"8"}`, 4, 3)
		tb.to("step3a")
		tb.fail(crew, "ship_moved", map[string]any{"row": 1, "col": 1, "facing": "N"}, "ship_fixed")
		tb.fail(crew, "set_speed", map[string]any{"speed": 2}, "ship_fixed")
		tb.do(captain, "start_timer", map[string]any{"name": "step3a"})
		die := tb.s.Siege.MovementDie
		if die < 1 || die > 6 {
			t.Fatalf("movement die = %d, want rolled at the Step 3 timer start", die)
		}
		before := slices.Clone(tb.s.Enemies)
		tb.to("step7")
		for i, e := range tb.s.Enemies {
			want := before[i].PathPos + tb.s.enemyCard(e).Speed + (die+1)/2
			if e.PathPos != want {
				t.Fatalf("%s at path %d, want %d (speed + ceil(die/2))", e.Name, e.PathPos, want)
			}
		}
		deck := tb.s.Siege.Deck[0]
		tb.do(captain, "next_step", nil)
		last := tb.s.Enemies[len(tb.s.Enemies)-1]
		if last.Card != deck || last.PathPos != 0 || !tb.last.Reveals {
			t.Fatalf("new enemy = %+v, want the top deck card on the start square", last)
		}
		if got := len(tb.s.Siege.Deck); got != 5 {
			t.Fatalf("deck = %d, want 5", got)
		}
		tb.to("step7")
		if got := tb.s.enemy(last.ID).PathPos; got == 0 {
			t.Fatal("the new enemy moves from the next turn")
		}
		tb.fail(crew, "enemy_moved", map[string]any{"enemy": last.ID, "row": 1, "col": 1}, "auto_moved")
	})
	t.Run("LossWhenReached", func(t *testing.T) {
		tb := newTable(t, `{"mission":"8"}`, 4, 3)
		tb.to("step6")
		tb.s.Enemies[0].PathPos = len(tb.s.D().M8.Path) - 2
		tb.do(captain, "next_step", nil)
		if got := tb.s.End; got == nil || got.Won {
			t.Fatalf("end = %+v, want a loss when an enemy reaches the ship", got)
		}
	})
	t.Run("Win", func(t *testing.T) {
		tb := newTable(t, `{"mission":"8"}`, 4, 3)
		tb.to("step6")
		tb.s.Siege.Deck, tb.s.Siege.DeckLabels = nil, nil
		ids := []int{tb.s.Enemies[0].ID, tb.s.Enemies[1].ID}
		tb.do(crew, "enemy_destroyed", map[string]any{"enemy": ids[0]})
		if tb.s.End != nil {
			t.Fatal("one enemy is left")
		}
		tb.do(crew, "enemy_destroyed", map[string]any{"enemy": ids[1]})
		if got := tb.s.End; got == nil || !got.Won {
			t.Fatalf("end = %+v, want a win", got)
		}
	})
}

func TestMission9Kestrel(t *testing.T) {
	for diff, need := range map[string]int{"easy": 1, "normal": 2, "hard": 3} {
		tb := newTable(t, `{"mission":"9","difficulty":"`+diff+`"}`, 4, 3)
		tb.to("step5")
		tb.fail(crew, "jump_home", nil, "station_inactive")
		tb.fail(crew, "enemy_shot", map[string]any{"enemy": 0}, "no_such_enemy")
		tb.fail(crew, "exit_map", map[string]any{"edge": "other edge"}, "wrong_edge")
		for i := 0; i < need; i++ {
			tb.fail(crew, "exit_map", map[string]any{"edge": "green edge"}, "objective_incomplete")
			tb.do(crew, "tractor_crystal", nil)
		}
		tb.do(crew, "exit_map", map[string]any{"edge": "green edge"})
		if got := tb.s.End; got == nil || !got.Won {
			t.Fatalf("%s: end = %+v, want a win", diff, got)
		}
	}
	// Crystals are tractored by number, and the board marks them.
	tb := newTable(t, `{"mission":"9"}`, 4, 3)
	tb.to("step5")
	tb.do(crew, "tractor_crystal", map[string]any{"crystal": 2})
	tb.fail(crew, "tractor_crystal", map[string]any{"crystal": 2}, "already")
	tb.fail(crew, "tractor_crystal", map[string]any{"crystal": 4}, "bad_crystal")
	raw := boardText(t, tb.g.View(tb.s, kit.BoardViewer).Board)
	if !strings.Contains(raw, "Crystal 2, tractored") || strings.Contains(raw, "Crystal 1, tractored") {
		t.Fatalf("board = %s, want crystal 2 (only) marked tractored", raw)
	}
}

func TestH1Mercury(t *testing.T) {
	tb := newTable(t, `{"mission":"H1"}`, 2, 3)
	tb.startWith()
	tb.to("step5")
	tb.do(sensors, "tile_revealed", map[string]any{"saucers": 2})
	if got := len(tb.s.Enemies); got != 2 {
		t.Fatalf("saucers = %d, want 2", got)
	}
	for _, e := range tb.s.Enemies {
		if !tb.s.enemyCard(e).Saucer {
			t.Fatalf("%s is not a Saucer", e.Name)
		}
	}
	id := tb.s.Enemies[0].ID
	tb.do(sensors, "enemy_lock", map[string]any{"enemy": id, "locked": true})
	tb.fail(sensors, "enemy_lock", map[string]any{"enemy": id, "locked": false, "cause": "sensors"}, "no_sensor_unlock")
	tb.fail(captain, "radiation_belt", map[string]any{"shield": "Fore"}, "station_inactive")
	tb.do(sensors, "enemy_lock", map[string]any{"enemy": id, "locked": false, "cause": "range"})
	tb.do(sensors, "exit_map", map[string]any{"edge": "indicated edge"})
	if got := tb.s.End; got == nil || !got.Won {
		t.Fatalf("end = %+v, want a win", got)
	}
}

func TestH2Platform(t *testing.T) {
	tb := newTable(t, `{"mission":"H2","difficulty":"hard"}`, 4, 3)
	tb.to("step5")
	p := tb.s.D().H2.Platform
	tb.do(crew, "ship_moved", map[string]any{"row": p[0], "col": p[1] - 6, "facing": "E"}) // 6 squares: in range 4+2
	tb.to("step7")
	if ev := tb.last.Events; !slices.ContainsFunc(ev, func(e kit.Event) bool { return e.Code == "platform" && contains(e.Text, "2 damage to the Fore shield") }) {
		t.Fatalf("platform attack events = %v", ev)
	}
	for i := 0; i < 6; i++ {
		tb.to("step7")
		tb.do(captain, "next_step", nil)
	}
	if got := tb.s.Nemesis; got != 6 {
		t.Fatalf("nemesis = %d, want 6 (moves right, stops at the end)", got)
	}
	tb.to("step5")
	tb.do(crew, "ship_moved", map[string]any{"row": p[0], "col": p[1] - 1, "facing": "E"})
	for _, e := range slices.Clone(tb.s.Enemies) {
		if tb.s.End != nil {
			t.Fatal("won before every enemy was destroyed or deactivated")
		}
		if tb.s.enemyCard(e).Deactivatable {
			tb.do(crew, "enemy_deactivated", map[string]any{"enemy": e.ID})
		} else {
			tb.fail(crew, "enemy_deactivated", map[string]any{"enemy": e.ID}, "cannot_deactivate")
			tb.do(crew, "enemy_destroyed", map[string]any{"enemy": e.ID})
		}
	}
	if got := tb.s.End; got == nil || !got.Won {
		t.Fatalf("end = %+v, want an instant win", got)
	}
}

func contains(s, sub string) bool {
	return len(sub) == 0 || len(s) >= len(sub) && (s[:len(sub)] == sub || contains(s[1:], sub))
}

func TestH3Thrall(t *testing.T) {
	t.Run("Loss", func(t *testing.T) {
		tb := newTable(t, `{"mission":"H3","difficulty":"normal"}`, 4, 3)
		th := tb.s.Thrall.ThrallID
		if got := tb.s.enemy(th).Col; got != 14 {
			t.Fatalf("thrall column on Normal = %d, want 14", got)
		}
		tb.to("step7")
		if got := tb.s.enemy(th).Col; got != 11 {
			t.Fatalf("thrall column = %d, want 11 (3 left)", got)
		}
		tb.do(captain, "next_step", nil)
		tb.to("step6")
		tb.do(crew, "enemy_deactivated", map[string]any{"enemy": th})
		tb.do(captain, "next_step", nil)
		if got := tb.s.enemy(th).Col; got != 10 {
			t.Fatalf("deactivated thrall column = %d, want 10 (1 left)", got)
		}
		tb.s.enemy(th).Col = 1
		tb.to("step1")
		tb.to("step7")
		if got := tb.s.End; got == nil || got.Won {
			t.Fatalf("end = %+v, want a loss off the left edge", got)
		}
	})
	t.Run("Win", func(t *testing.T) {
		tb := newTable(t, `{"mission":"H3"}`, 4, 3)
		tb.to("step6")
		th := tb.s.Thrall.ThrallID
		tb.fail(crew, "enemy_moved", map[string]any{"enemy": th, "row": 1, "col": 1}, "auto_moved")
		tb.do(crew, "enemy_deactivated", map[string]any{"enemy": th})
		for _, e := range slices.Clone(tb.s.Enemies) {
			if e.ID != th {
				tb.do(crew, "enemy_destroyed", map[string]any{"enemy": e.ID})
			}
		}
		if got := tb.s.End; got == nil || !got.Won {
			t.Fatalf("end = %+v, want a win", got)
		}
	})
	t.Run("ThrallDestroyed", func(t *testing.T) {
		tb := newTable(t, `{"mission":"H3"}`, 4, 3)
		tb.to("step6")
		tb.do(crew, "enemy_destroyed", map[string]any{"enemy": tb.s.Thrall.ThrallID})
		if got := tb.s.End; got == nil || got.Won {
			t.Fatalf("end = %+v, want a loss", got)
		}
	})
}

func TestH4InvisiblePlanet(t *testing.T) {
	tb := newTable(t, `{"mission":"H4","difficulty":"hard"}`, 4, 3)
	if got := len(tb.s.Enemies); got != 4 {
		t.Fatalf("enemies on Hard = %d, want 2 saucers + 2 extra", got)
	}
	if tb.s.Enemies[2].Row == tb.s.Enemies[3].Row && tb.s.Enemies[2].Col == tb.s.Enemies[3].Col {
		t.Fatal("Hard: the two extra enemies must be on different entry squares")
	}
	tb.to("step5")
	planet := tb.s.Invisible.Planet
	dummy := (planet + 1) % 3
	cs := tb.s.D().H4.Crystals
	tb.do(crew, "ship_moved", map[string]any{"row": cs[dummy][0], "col": cs[dummy][1], "facing": "N"})
	tb.fail(crew, "reveal_crystal", map[string]any{"crystal": dummy + 1}, "not_sensors")
	tb.fail(sensors, "reveal_crystal", map[string]any{"crystal": planet + 1}, "too_far")
	tb.do(sensors, "reveal_crystal", map[string]any{"crystal": dummy + 1})
	tb.fail(sensors, "reveal_crystal", map[string]any{"crystal": dummy + 1}, "already")
	tb.fail(crew, "exit_map", map[string]any{"edge": "start edge"}, "objective_incomplete")
	tb.do(crew, "ship_moved", map[string]any{"row": cs[planet][0], "col": cs[planet][1] + min(3, 10-cs[planet][1]), "facing": "N"})
	tb.do(sensors, "reveal_crystal", map[string]any{"crystal": planet + 1})
	if !tb.s.Invisible.Found {
		t.Fatal("planet not found")
	}
	n := len(tb.s.Enemies)
	tb.to("step7")
	tb.do(captain, "next_step", nil)
	if len(tb.s.Enemies) == n+1 {
		e := tb.s.Enemies[n]
		if !e.Locked || e.Class != "historical" {
			t.Fatalf("new enemy = %+v, want a Historical enemy entering locked on", e)
		}
		tb.to("step5")
		tb.do(crew, "enemy_moved", map[string]any{"enemy": e.ID, "row": 5, "col": 5})
	} else if !tb.hasEvent("no_new_enemy") {
		t.Fatalf("enemies %d → %d and no explanation", n, len(tb.s.Enemies))
	}
	tb.fail(crew, "exit_map", map[string]any{"edge": "other edge"}, "wrong_edge")
	tb.do(crew, "exit_map", map[string]any{"edge": "start edge"})
	if got := tb.s.End; got == nil || !got.Won {
		t.Fatalf("end = %+v, want a win", got)
	}
	if rev := tb.g.Outcome(tb.s).Revealed.(map[string]any); rev["invisible_planet_crystal"] != planet+1 {
		t.Fatalf("revealed = %v", rev)
	}
}

// TestMission9EnemiesAtSetup: "Enemy ships and crystals are placed at the
// start of the game": the table starts with Mission 9's enemies
// on their squares, the phones can report on them, and a table can enter
// its own squares through the game data.
func TestMission9EnemiesAtSetup(t *testing.T) {
	for diff, classes := range defaultData.M9.EnemyClasses {
		tb := newTable(t, `{"mission":"9","difficulty":"`+diff+`"}`, 4, 3)
		if got, want := len(tb.s.Enemies), len(classes); got != want {
			t.Fatalf("%s: %d enemies at setup, want %d", diff, got, want)
		}
		for i, e := range tb.s.Enemies {
			sq := defaultData.M9.EnemySquares[i]
			if e.Row != sq[0] || e.Col != sq[1] || e.Class != classes[i] {
				t.Fatalf("%s: enemy %d = %+v, want a %s enemy on %v", diff, i, e, classes[i], sq)
			}
		}
		if got := len(publicOf(tb.s).Enemies); got != len(classes) {
			t.Fatalf("%s: the public view reports %d enemies, want %d", diff, got, len(classes))
		}
		tb.to("step7")
		tb.do(crew, "enemy_lock", map[string]any{"enemy": tb.s.Enemies[0].ID, "locked": true})
	}
	// A table enters only what its copy prints: here one enemy square.
	opts := `{"mission":"9","difficulty":"easy","game_data":{"m9":{"enemy_squares":[[4,4]],"enemy_classes":{"easy":["hard"],"normal":["easy"],"hard":["hard"]}}}}`
	tb := newTable(t, opts, 2, 3)
	if got := tb.s.Enemies; len(got) != 1 || got[0].Row != 4 || got[0].Col != 4 || got[0].Class != "hard" {
		t.Fatalf("table-entered Mission 9 enemies = %+v, want one hard enemy on row 4, column 4", got)
	}
	if got, want := tb.s.D().M9.Source, kit.SourceTableEntered; got != want {
		t.Fatalf("Mission 9 data source = %q, want %q", got, want)
	}
	if got, want := len(tb.s.D().M9.CrystalSquares), 3; got != want {
		t.Fatalf("crystal squares after a partial entry = %d, want the embedded %d", got, want)
	}
	_, err := New().Setup([]byte(`{"mission":"9","game_data":{"m9":{"enemy_squares":[[4,4]]}}}`), seatNames(2), kit.NewCtx(1, 0, kittest.Epoch))
	if re, ok := kit.AsRuleError(err); !ok || re.Code != "bad_option" || re.Rule != rule(secComponentList) {
		t.Fatalf("three enemies for one square = %v, want bad_option naming %q", err, rule(secComponentList))
	}
}
