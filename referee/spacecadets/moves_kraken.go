package spacecadets

import (
	"fmt"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// ContinuationPath is the app's own short URL path of the continuation of
// Mission 10 for the last active tentacle (the book's QR code target is
// printed on the card and not reproduced).
func ContinuationPath(tentacleID string) string { return "/kraken/" + escapeID(tentacleID) }

// escapeID writes a tentacle id as one path segment that the phones'
// link finder ([A-Za-z0-9_%-]+) reads whole: every other byte becomes
// %XX, which url.PathUnescape reads back.
func escapeID(id string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '_', c == '-':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

func (k *Kraken) tentacle(id string) *Tentacle {
	for i := range k.Tentacles {
		if k.Tentacles[i].ID == id {
			return &k.Tentacles[i]
		}
	}
	return nil
}

func (k *Kraken) subdued() int {
	return kit.Count(k.Tentacles, func(t Tentacle) bool { return t.Subdued })
}

// activeTentacle is the tentacle that activates in Step 7: in part 1 the
// one on the players' tile (the nearest if several), in part 2 the last
// active tentacle wherever it is.
func (s *State) activeTentacle() *Tentacle {
	k := s.Kraken
	if k.Part == 2 {
		return k.tentacle(k.Last)
	}
	if s.Ship.Row == 0 {
		return nil
	}
	kd := s.D().Kraken
	tile := krakenTile(kd, s.Ship.Row, s.Ship.Col)
	var best *Tentacle
	for i := range k.Tentacles {
		t := &k.Tentacles[i]
		if krakenTile(kd, t.Row, t.Col) != tile {
			continue
		}
		if best == nil || distance(t.Row, t.Col, s.Ship.Row, s.Ship.Col) < distance(best.Row, best.Col, s.Ship.Row, s.Ship.Col) {
			best = t
		}
	}
	return best
}

// krakenMustActivate reports whether Step 7 still waits for the Kraken.
func krakenMustActivate(s *State) bool {
	k := s.Kraken
	if k == nil || k.Activated || (k.Part == 1 && k.Last != "") {
		return false
	}
	return s.activeTentacle() != nil
}

type tentacleArgs struct {
	Tentacle string `json:"tentacle"`
}

// subdueTentacle records a tentacle subdued as its card says: the card is
// turned over and the token moves to the Beak square of its tile. When 3
// of 4 are subdued the first objective is complete and the last active
// tentacle's continuation is shown. Codes: not_sensors, not_in_mission,
// no_such_tentacle, already, objective_complete.
func subdueTentacle(t *turn, seat int, args tentacleArgs) error {
	if err := firstRefusal(needSensors(t, seat, secM10, true), inMission(t, secM10, "10"), running(t, secM10)); err != nil {
		return err
	}
	k := t.S.Kraken
	tc := k.tentacle(args.Tentacle)
	if tc == nil {
		return kit.Errorf("no_such_tentacle", rule(secM10), "There is no tentacle %q.", args.Tentacle)
	}
	if tc.Subdued {
		return kit.Errorf("already", rule(secM10), "%s is already subdued.", tc.Name)
	}
	if k.Part == 1 && k.Last != "" {
		return kit.Errorf("objective_complete", rule(secM10), "The Kraken is subdued: look at the back of %s's card for your next instructions.", k.tentacle(k.Last).Name)
	}
	kd := t.S.D().Kraken
	tc.Subdued = true
	beak := kd.Beak[krakenTile(kd, tc.Row, tc.Col)]
	tc.Row, tc.Col = beak[0], beak[1]
	t.Public("tentacle_subdued", "%s is subdued: turn its card over; the token moves to the Beak square of its tile.", tc.Name)
	if k.Part == 1 && k.subdued() == 3 {
		for _, x := range k.Tentacles {
			if !x.Subdued {
				k.Last = x.ID
			}
		}
		t.Public("kraken_subdued", "First objective complete: the Kraken is subdued! The last active tentacle is %s: scan its card's QR code or open %s for the next part of your mission.", k.tentacle(k.Last).Name, ContinuationPath(k.Last))
	}
	return nil
}

type squareArgs struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// krakenActivate is Step 7 of Mission 10: the players report where the
// activating tentacle moved (towards them, as normal), and the app
// resolves a Grab (same square: ship and tentacle to the tile's Beak
// square, 2 dice to a random shield), an Attack (active and in range: the
// card's attack at the facing shield) or a Spin (otherwise: tentacles slide
// 5 squares clockwise, 1 die to the facing shield of a ship they cross).
// Codes: seats_only, not_in_mission, wrong_step, already, await_part2,
// no_tentacle_here, off_map, not_towards.
func krakenActivate(t *turn, seat int, args squareArgs) error {
	if err := firstRefusal(inMission(t, secM10, "10"), inStep(t, secM10, "step7")); err != nil {
		return err
	}
	s := t.S
	k := s.Kraken
	if k.Activated {
		return kit.Errorf("already", rule(secM10), "The Kraken has already activated this Step 7.")
	}
	if k.Part == 1 && k.Last != "" {
		return kit.Errorf("await_part2", rule(secM10), "The Kraken is subdued: start the next part of the mission first.")
	}
	tc := s.activeTentacle()
	if tc == nil {
		return kit.Errorf("no_tentacle_here", rule(secM10), "No tentacle is on the players' tile: nothing activates.")
	}
	kd := s.D().Kraken
	if args.Row < 1 || args.Col < 1 || args.Row > kd.Grid || args.Col > kd.Grid {
		return kit.Errorf("off_map", rule(secM10), "The Kraken's map is %d×%d squares.", kd.Grid, kd.Grid)
	}
	sr, sc := s.Ship.Row, s.Ship.Col
	if distance(args.Row, args.Col, sr, sc) > distance(tc.Row, tc.Col, sr, sc) {
		return kit.Errorf("not_towards", rule(secM10), "%s moves towards the players; row %d, column %d is further away.", tc.Name, args.Row, args.Col)
	}
	tc.Row, tc.Col = args.Row, args.Col
	k.Activated = true
	card := s.D().tentacle(tc.ID)
	v := Part2Variant{Spins: 1, GrabDice: kd.GrabDice}
	if k.Part == 2 {
		v = s.D().variant(k.Last)
	}
	d := distance(tc.Row, tc.Col, sr, sc)
	switch {
	case d == 0:
		beak := kd.Beak[krakenTile(kd, sr, sc)]
		s.Ship.Row, s.Ship.Col = beak[0], beak[1]
		tc.Row, tc.Col = beak[0], beak[1]
		t.Public("kraken_grab", "GRAB! %s drags the ship to the Beak square (row %d, column %d), keeping its facing.", tc.Name, beak[0], beak[1])
		damage(t, "The Beak", v.GrabDice, "")
	case !tc.Subdued && card != nil && d <= card.Range+v.AttackRangeBonus:
		shield := facingShield(s.D().Shields, s.Ship.Facing, direction(sr, sc, tc.Row, tc.Col))
		t.Public("kraken_attack", "%s is in range (%d) and attacks.", tc.Name, d)
		damage(t, tc.Name+" attack", card.AttackDice, shield)
	default:
		why := "out of range"
		if tc.Subdued {
			why = "subdued and cannot attack"
		}
		for i := 0; i < max(1, v.Spins); i++ {
			t.Public("kraken_spin", "%s is %s: the Kraken SPINS.", tc.Name, why)
			spin(t)
		}
	}
	return nil
}

// spin slides the tentacles 5 squares clockwise into the next tile (in
// part 2 only the last, still-active tentacle: the subdued ones sleep).
func spin(t *turn) {
	s := t.S
	k := s.Kraken
	kd := s.D().Kraken
	for i := range k.Tentacles {
		tc := &k.Tentacles[i]
		if k.Part == 2 && tc.ID != k.Last {
			continue
		}
		tile := krakenTile(kd, tc.Row, tc.Col)
		crossed := false
		for j := 0; j < kd.SpinSquares; j++ {
			tc.Row += spinStep[tile][0]
			tc.Col += spinStep[tile][1]
			if tc.Row == s.Ship.Row && tc.Col == s.Ship.Col {
				crossed = true
			}
		}
		if crossed {
			shield := facingShield(s.D().Shields, s.Ship.Facing, opposite(spinDir[tile]))
			t.Public("kraken_cross", "%s crosses the ship as it slides.", tc.Name)
			damage(t, tc.Name+" spin", kd.SpinDice, shield)
		}
	}
	var at []string
	for _, tc := range k.Tentacles {
		at = append(at, fmt.Sprintf("%s (%d,%d)", tc.Name, tc.Row, tc.Col))
	}
	t.Public("kraken_positions", "Tentacles now at: %s.", listOrNone(at))
}

// startPart2 starts the team's continuation of Mission 10 in this table.
// Only the Captain starts it: the public view names them. Codes:
// not_captain, not_in_mission, part1_incomplete, already.
func startPart2(t *turn, seat int) error {
	if err := firstRefusal(needCaptain(t, seat, secM10), inMission(t, secM10, "10")); err != nil {
		return err
	}
	k := t.S.Kraken
	if k.Last == "" {
		return kit.Errorf("part1_incomplete", rule(secM10), "Subdue three of the four tentacles first.")
	}
	if k.Part == 2 {
		return kit.Errorf("already", rule(secM10), "Part 2 has already started.")
	}
	k.Part, k.Research, k.Scanned, k.Activated = 2, 0, false, false
	v := t.S.D().variant(k.Last)
	t.Public("kraken_part2", "Mission 10, part 2 (%s) begins: scan the Beak, research %d Science points, then jump home; subdue %s too for a Major Victory.", v.Title, v.ResearchTarget, k.tentacle(k.Last).Name)
	return nil
}

// scanBeak records the Sensors player's Superlock scan of the Beak within
// range (part 2). Codes: not_sensors, not_in_mission, part2_not_started,
// already, too_far, ink_cloud.
func scanBeak(t *turn, seat int) error {
	if err := firstRefusal(needSensors(t, seat, secM10, false), inMission(t, secM10, "10")); err != nil {
		return err
	}
	s := t.S
	k := s.Kraken
	if k.Part != 2 {
		return kit.Errorf("part2_not_started", rule(secM10), "The Beak scan is part of the next part of the mission.")
	}
	if k.Scanned {
		return kit.Errorf("already", rule(secM10), "The Beak has already been scanned.")
	}
	if err := s.beakScanError(); err != nil {
		return err
	}
	k.Scanned = true
	t.Public("beak_scanned", "Superlock! The Beak is scanned.")
	return nil
}

// beakScanError is why the Beak cannot be scanned from the ship's square
// in part 2 (too_far, ink_cloud), or nil when it can.
func (s *State) beakScanError() error {
	k := s.Kraken
	kd := s.D().Kraken
	best := 1 << 30
	for _, b := range kd.Beak {
		best = min(best, distance(s.Ship.Row, s.Ship.Col, b[0], b[1]))
	}
	if r := s.D().Part2.ScanRange; best > r {
		return kit.Errorf("too_far", rule(secM10), "The Beak is %d squares away; the scan needs a Superlock within %d squares.", best, r)
	}
	last := k.tentacle(k.Last)
	if s.D().variant(k.Last).InkCloud && krakenTile(kd, s.Ship.Row, s.Ship.Col) == krakenTile(kd, last.Row, last.Col) {
		return kit.Errorf("ink_cloud", rule(secM10), "%s clouds its tile: no scan from the tile it is on.", last.Name)
	}
	return nil
}

func krakenJumpHome(t *turn) error {
	s := t.S
	k := s.Kraken
	if k.Part != 2 {
		return kit.Errorf("objective_incomplete", rule(secM10), "You are to subdue the creature and wait for further instructions, not jump home.")
	}
	v := s.D().variant(k.Last)
	if !k.Scanned || k.Research < v.ResearchTarget {
		return kit.Errorf("objective_incomplete", rule(secM10), "Before jumping home: scan the Beak (%v) and research %d Science points (%d so far).", map[bool]string{true: "done", false: "not yet"}[k.Scanned], v.ResearchTarget, k.Research)
	}
	if k.tentacle(k.Last).Subdued {
		end(t, true, "major", why("outcome.m10_major", fmt.Sprintf("Major Victory: the Beak scanned, %d Science points researched and %s subdued before jumping home.", k.Research, k.tentacle(k.Last).Name), "points", strconv.Itoa(k.Research), "tentacle", k.tentacle(k.Last).Name), secM10)
	} else {
		end(t, true, "minor", why("outcome.m10_minor", fmt.Sprintf("Minor Victory: the Beak scanned and %d Science points researched before jumping home.", k.Research), "points", strconv.Itoa(k.Research)), secM10)
	}
	return nil
}

// Part2Briefing is what the continuation page of the team's second part of
// Mission 10 needs for one tentacle, from the embedded game data.
type Part2Briefing struct {
	TentacleID       string
	TentacleName     string
	Title            string
	ResearchTarget   int
	Spins            int
	GrabDice         int
	AttackRangeBonus int
	InkCloud         bool
	ScanRange        int
	// NoText is true when the data holds no part 2 of the tentacle's own
	// (a table's own tentacle card): the page says so and shows the
	// built-in part 2, the rules every tentacle shares, which the referee
	// plays for it.
	NoText bool
	// Table is true when the briefing comes from a table's own data and
	// names the tentacle as that table does.
	Table bool
}

// KrakenTentacleIDs lists the tentacle ids of the embedded data (t1–t4).
func KrakenTentacleIDs() []string {
	var ids []string
	for _, t := range defaultData.Tentacles {
		ids = append(ids, t.ID)
	}
	return ids
}

// Part2For returns the second part's briefing when id was the last
// active tentacle; ok is false for an unknown id.
func Part2For(id string) (b Part2Briefing, ok bool) {
	t := defaultData.tentacle(id)
	if t == nil {
		return b, false
	}
	return part2Briefing(defaultData, id, t.Name), true
}

// Part2Default is the built-in part 2 for a tentacle id the embedded data
// does not hold, named by its id: the rules every tentacle shares (NoText).
func Part2Default(id string) Part2Briefing { return part2Briefing(defaultData, id, id) }

// Part2FromView returns the part 2 briefing of tentacle id as a table has
// it, from that table's board view (kit.View.Public of a Mission 10
// table): the table's name of the tentacle and the table's part 2 for it,
// or the built-in one (NoText) when the table's data has none. ok is false
// when the view is not a Mission 10 table's or the table has no such
// tentacle.
func Part2FromView(public any, id string) (b Part2Briefing, ok bool) {
	var p *publicView
	switch v := public.(type) {
	case publicView:
		p = &v
	case *publicView:
		p = v
	}
	if p == nil || p.Kraken == nil || p.Kraken.data == nil {
		return b, false
	}
	for _, t := range p.Kraken.Tentacles {
		if t.ID == id {
			b = part2Briefing(p.Kraken.data, id, t.Name)
			b.Table = true
			return b, true
		}
	}
	return b, false
}

// part2Briefing is tentacle id's part 2 from d, naming it name.
func part2Briefing(d *GameData, id, name string) Part2Briefing {
	v := d.variant(id)
	own := firstOf(d.Part2.Variants, func(v Part2Variant) bool { return v.Tentacle == id }) != nil
	return Part2Briefing{TentacleID: id, TentacleName: name, Title: v.Title, ResearchTarget: v.ResearchTarget, Spins: v.Spins,
		GrabDice: v.GrabDice, AttackRangeBonus: v.AttackRangeBonus, InkCloud: v.InkCloud, ScanRange: d.Part2.ScanRange, NoText: !own}
}
