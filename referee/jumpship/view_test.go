package jumpship

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

func privateOf(t *testing.T, tb *table, seat int) PrivateView {
	t.Helper()
	return tb.g.View(tb.st, kit.SeatViewer(seat)).Private.(PrivateView)
}

func TestPrivateView(t *testing.T) {
	t.Run("HumanSeesOnlyOwnBioID", func(t *testing.T) {
		tb := std7(t)
		p := privateOf(t, tb, 0)
		if p.BioID != Human || p.Side != SideHumans || p.Aliens != nil || p.Queen != "" {
			t.Fatalf("Human's private view = %+v, want own Bio ID only", p)
		}
	})
	t.Run("AliensSeeEachOtherAndTheQueen", func(t *testing.T) {
		tb := std7(t)
		want := []KnownBio{{Seat: 2, Name: "Cy", BioID: Alien}, {Seat: 4, Name: "Ed", BioID: Queen}}
		for _, seat := range []int{2, 4} {
			p := privateOf(t, tb, seat)
			if !slices.Equal(p.Aliens, want) || p.Queen != "Ed" {
				t.Fatalf("seat %d private view = %+v, want aliens %v and Queen Ed", seat, p, want)
			}
		}
	})
	t.Run("NinePlayersTwoAliensAndTheQueen", func(t *testing.T) {
		tb := newTable(t,
			[]string{Captain, FirstMate, Pilot, Engineer, Scientist, Doctor, Diplomat, Chef, Security},
			[]string{Human, Alien, Human, Human, Queen, Human, Alien, Human, Human})
		for _, seat := range []int{1, 4, 6} {
			p := privateOf(t, tb, seat)
			if len(p.Aliens) != 3 || p.Queen != "Ed" {
				t.Fatalf("seat %d private view = %+v, want 3 aliens and Queen Ed", seat, p)
			}
		}
	})
	t.Run("ScanResultInScannersView", func(t *testing.T) {
		tb := scanner(t, 5, 0, 4)
		tb.do(0, MoveScan, TargetArgs{Target: 2})
		if got, want := privateOf(t, tb, 0).Scans, []KnownBio{{Seat: 2, Name: "Cy", BioID: Alien}}; !slices.Equal(got, want) {
			t.Fatalf("scans = %v, want %v", got, want)
		}
	})
	t.Run("EndRevealsEveryBioID", func(t *testing.T) {
		tb := std7(t)
		tb.setRepair(8)
		tb.withHand(Repair)
		tb.do(0, MovePlaceRepair, nil)
		v := tb.g.View(tb.st, kit.BoardViewer)
		for i, s := range v.Seats {
			if s.Facts["bio_id"] != tb.st.Seats[i].BioID {
				t.Fatalf("board facts of seat %d = %v, want Bio ID %s", i, s.Facts, tb.st.Seats[i].BioID)
			}
		}
		if v.Outcome == nil || len(v.Turn) != 0 {
			t.Fatalf("board view outcome %v, turn %v; want an outcome and no turn", v.Outcome, v.Turn)
		}
	})
	t.Run("NoSecretBeforeTheEnd", func(t *testing.T) {
		tb := std7(t)
		for _, v := range []kit.Viewer{kit.HostViewer, kit.BoardViewer} {
			j := kittest.ViewJSON(t, tb.g.View(tb.st, v))
			if strings.Contains(j, `"bio_id"`) || strings.Contains(j, Human) || strings.Contains(j, Alien) {
				t.Fatalf("%s view shows a Bio ID: %s", v.Role, j)
			}
		}
	})
}

// hide returns a copy of st in which every secret the viewer does not know
// is changed: the Bio IDs of the seats it cannot know are rotated among
// themselves (so the Queen and the Aliens move) and every other seat's scan
// results are dropped. alsoKnown are seats the viewer is about to learn
// (its own scan's target). changed says whether any Bio ID moved.
func hide(st *State, v kit.Viewer, r *rand.Rand, alsoKnown ...int) (c *State, changed bool) {
	c = st.Clone()
	known := map[int]bool{}
	for _, s := range alsoKnown {
		known[s] = true
	}
	if v.Role == kit.RoleSeat {
		me := st.Seats[v.Seat]
		known[v.Seat] = true
		for _, sc := range me.Scans {
			known[sc.Target] = true
		}
		if sideOf(me.BioID) == SideAliens {
			for i, s := range st.Seats {
				if isSide(s.BioID, SideAliens) {
					known[i] = true
				}
			}
		}
	}
	var unknown []int
	for i := range c.Seats {
		if !known[i] {
			unknown = append(unknown, i)
		}
		if !v.IsSeat(i) {
			c.Seats[i].Scans = nil
		}
	}
	if len(unknown) > 1 {
		k := 1 + r.IntN(len(unknown)-1)
		for j, i := range unknown {
			c.Seats[i].BioID = st.Seats[unknown[(j+k)%len(unknown)]].BioID
			changed = changed || c.Seats[i].BioID != st.Seats[i].BioID
		}
	}
	return c, changed
}

// TestLeakage plays random games and, at every state and for every viewer
// (each seat, the host, the board), changes every secret that viewer may
// not know — other seats' Bio IDs, who the Queen and the Aliens are, other
// seats' scan results — and checks that the viewer's view, and the events
// of the next move visible to it, and its view after that move, are byte
// for byte the same.
func TestLeakage(t *testing.T) {
	g := New()
	varied, scans := 0, 0
	games := uint64(16)
	if testing.Short() || raceEnabled {
		games = 4
	}
	for seed := uint64(1); seed <= games; seed++ {
		n := 5 + int(seed%6)
		s, err := g.Setup(nil, names[:n], kit.NewCtx(seed, 0, kittest.Epoch))
		if err != nil {
			t.Fatal(err)
		}
		st := s.(*State)
		if seed%2 == 0 {
			scannersReady(t, st)
		}
		r := rand.New(rand.NewPCG(seed, 5))
		viewers := kittest.Viewers(n)
		for no := 1; st.End == nil; no++ {
			seat, m := randomMove(t, g, st, r)
			if scan, ok := scanMove(g, st, seat, r); ok {
				seat, m = scan.seat, scan.move
				scans++
			}
			ctx := func() kit.Ctx { return kit.NewCtx(seed, no, kittest.Epoch) }
			res, err := g.Apply(st, kit.SeatActor(seat), m, ctx())
			if err != nil {
				t.Fatal(err)
			}
			next := res.State.(*State)
			var learns []int
			if m.Type == MoveScan {
				var a TargetArgs
				if err := json.Unmarshal(m.Args, &a); err != nil {
					t.Fatal(err)
				}
				learns = append(learns, a.Target)
			}
			for _, v := range viewers {
				var alsoKnown []int
				if v.IsSeat(seat) {
					alsoKnown = learns
				}
				alt, changed := hide(st, v, r, alsoKnown...)
				if changed {
					varied++
				}
				if a, b := kittest.ViewJSON(t, g.View(st, v)), kittest.ViewJSON(t, g.View(alt, v)); a != b {
					t.Fatalf("seed %d move %d: %s %d's view depends on a secret:\n%s\n%s", seed, no, v.Role, v.Seat, a, b)
				}
				altRes, err := g.Apply(alt, kit.SeatActor(seat), m, ctx())
				if err != nil {
					t.Fatalf("seed %d move %d: %s refused on the varied state: %v", seed, no, m.Type, err)
				}
				altNext := altRes.State.(*State)
				if next.End != nil || altNext.End != nil {
					continue // the end reveals everything
				}
				if a, b := kittest.EventsJSON(t, res.Events, v), kittest.EventsJSON(t, altRes.Events, v); a != b {
					t.Fatalf("seed %d move %d: %s %d's events depend on a secret:\n%s\n%s", seed, no, v.Role, v.Seat, a, b)
				}
				if a, b := kittest.ViewJSON(t, g.View(next, v)), kittest.ViewJSON(t, g.View(altNext, v)); a != b {
					t.Fatalf("seed %d move %d: %s %d's view after %s depends on a secret:\n%s\n%s", seed, no, v.Role, v.Seat, m.Type, a, b)
				}
			}
			st = next
		}
	}
	if varied < 100*int(games) || scans < int(games) {
		t.Fatalf("only %d varied states and %d scans: the test varies too few secrets", varied, scans)
	}
}

// TestScanResultLeakage checks the scan's result reaches the scanner alone:
// two scans of players with different Bio IDs give every other viewer the
// same events and views.
func TestScanResultLeakage(t *testing.T) {
	// Di (seat 3), the Scientist, scans Ada, who is Human or the Alien.
	scanOf := func(bio string) (*table, kit.Result) {
		tb := std7(t)
		tb.st.Seats[0].BioID, tb.st.Seats[2].BioID = bio, Human
		if bio == Human {
			tb.st.Seats[2].BioID = Alien
		}
		tb.setRepair(5)
		tb.setTurn(3)
		tb.hold(3, Scan, 3)
		return tb, tb.do(3, MoveScan, TargetArgs{Target: 0})
	}
	humanTB, humanRes := scanOf(Human)
	alienTB, alienRes := scanOf(Alien)
	viewers := []kit.Viewer{kit.HostViewer, kit.BoardViewer, kit.SeatViewer(1), kit.SeatViewer(5), kit.SeatViewer(6)}
	for _, v := range viewers {
		if a, b := kittest.EventsJSON(t, humanRes.Events, v), kittest.EventsJSON(t, alienRes.Events, v); a != b {
			t.Fatalf("%s %d sees different scan events:\n%s\n%s", v.Role, v.Seat, a, b)
		}
		if a, b := kittest.ViewJSON(t, humanTB.g.View(humanTB.st, v)), kittest.ViewJSON(t, alienTB.g.View(alienTB.st, v)); a != b {
			t.Fatalf("%s %d sees a different view after the scan:\n%s\n%s", v.Role, v.Seat, a, b)
		}
	}
	me := kit.SeatViewer(3)
	if kittest.EventsJSON(t, humanRes.Events, me) == kittest.EventsJSON(t, alienRes.Events, me) {
		t.Fatalf("the scanner's events do not show the scan result")
	}
}

func TestMovesNarrowed(t *testing.T) {
	find := func(ms []kit.MoveSpec, typ string) []kit.MoveSpec {
		var out []kit.MoveSpec
		for _, m := range ms {
			if m.Type == typ {
				out = append(out, m)
			}
		}
		return out
	}
	choices := func(a kit.ArgSpec) []any {
		var out []any
		out = append(out, kittest.ChoiceValues(a)...)
		return out
	}
	t.Run("Give", func(t *testing.T) {
		tb := std7(t)
		tb.st.Seats[5].Status = Ejected
		tb.withHand(Target, Repair)
		ms := tb.g.View(tb.st, kit.SeatViewer(0)).Moves
		give := find(ms, MoveGive)
		if len(give) != 1 || len(find(ms, MovePlaceRepair)) != 1 || len(find(ms, MoveDraw)) != 0 {
			t.Fatalf("moves = %v, want give and place_repair", ms)
		}
		if got, want := choices(give[0].Args[0]), []any{Target}; !slices.Equal(got, want) {
			t.Fatalf("tokens = %v, want %v", got, want)
		}
		if got, want := choices(give[0].Args[1]), []any{1, 2, 3, 4, 6}; !slices.Equal(got, want) {
			t.Fatalf("to = %v, want %v", got, want)
		}
		redraw := find(ms, MoveRedraw)
		if got, want := choices(redraw[0].Args[0]), []any{Target, Repair, RedrawBoth}; !slices.Equal(got, want) {
			t.Fatalf("redraw = %v, want %v", got, want)
		}
	})
	t.Run("DiplomatMayGiveHimself", func(t *testing.T) {
		tb := std7(t)
		tb.setTurn(4)
		tb.withHand(Scan, Scan)
		give := find(tb.g.View(tb.st, kit.SeatViewer(4)).Moves, MoveGive)
		if !slices.Contains(choices(give[0].Args[1]), any(4)) {
			t.Fatalf("Diplomat's give targets %v lack himself", choices(give[0].Args[1]))
		}
		tb.do(4, MoveGive, GiveArgs{Token: Scan, To: 4})
		give = find(tb.g.View(tb.st, kit.SeatViewer(4)).Moves, MoveGive)
		if slices.Contains(choices(give[0].Args[1]), any(4)) {
			t.Fatalf("Diplomat offered himself twice")
		}
	})
	t.Run("ScanTargets", func(t *testing.T) {
		tb := scanner(t, 5, 0, 4)
		scan := find(tb.g.View(tb.st, kit.SeatViewer(0)).Moves, MoveScan)
		if got, want := choices(scan[0].Args[0]), []any{2, 3, 4, 5, 6}; !slices.Equal(got, want) {
			t.Fatalf("scan targets = %v, want %v (not herself, not the First Mate)", got, want)
		}
	})
	t.Run("DoctorTransfersExactlyTheLegalPairs", func(t *testing.T) {
		tb := std7(t)
		tb.setTurn(5)
		tb.st.Seats[6].Status = Ejected
		tb.hold(1, Medical, 1)
		tb.hold(3, Medical, 1)
		doc := find(tb.g.View(tb.st, kit.SeatViewer(5)).Moves, MoveDoctor)
		want := []any{"1>0", "1>2", "1>3", "1>4", "1>5", "3>0", "3>1", "3>2", "3>4", "3>5"}
		if len(doc) != 1 || !slices.Equal(choices(doc[0].Args[0]), want) {
			t.Fatalf("doctor moves = %+v, want one move with transfers %v (never to the holder, never to the ejected)", doc, want)
		}
		if got, want := doc[0].Args[0].Choices[0].Label, "From Bo to Ada"; got != want {
			t.Fatalf("transfer label = %q, want %q", got, want)
		}
	})
	t.Run("OthersHaveNone", func(t *testing.T) {
		tb := std7(t)
		for seat := 1; seat < 7; seat++ {
			if ms := tb.g.View(tb.st, kit.SeatViewer(seat)).Moves; len(ms) != 0 {
				t.Fatalf("seat %d moves = %v out of turn", seat, ms)
			}
		}
	})
}

type seatMove struct {
	seat int
	move kit.Move
}

// scanMove returns a scan the waiting seat may make, if any, so that random
// games scan as often as they can.
func scanMove(g *Game, st *State, seat int, r *rand.Rand) (seatMove, bool) {
	for _, spec := range g.View(st, kit.SeatViewer(seat)).Moves {
		if spec.Type == MoveScan {
			ch := spec.Args[0].Choices
			return seatMove{seat, kittest.MakeMove(MoveScan, TargetArgs{Target: ch[r.IntN(len(ch))].Value.(int)})}, true
		}
	}
	return seatMove{}, false
}

// scannersReady arranges a fresh game for scanning: the scanners online and
// four seats holding all the Scan tokens, all taken from the bag.
func scannersReady(t *testing.T, st *State) {
	t.Helper()
	for i := 0; i < data.RepairTrack.ScannersAt; i++ {
		st.Bag.Take(Repair)
	}
	st.Repair = data.RepairTrack.ScannersAt
	for i, n := range []int{4, 4, 4, 3} {
		for j := 0; j < n; j++ {
			st.Bag.Take(Scan)
			st.Seats[i].Scan++
		}
	}
	if err := New().Invariants(st); err != nil {
		t.Fatal(err)
	}
}

// TestViewNamesPeople checks the private notes name people ("Your fellow
// aliens: Ed (Queen)"), and that every screen reads the roles' abilities
// and the Quarantine card's text.
func TestViewNamesPeople(t *testing.T) {
	t.Run("FellowAliens", func(t *testing.T) {
		tb := newTable(t,
			[]string{Captain, FirstMate, Pilot, Engineer, Scientist, Doctor, Diplomat, Chef, Security},
			[]string{Human, Alien, Human, Human, Queen, Human, Alien, Human, Human})
		for seat, want := range map[int]string{1: "Your fellow aliens: Ed (Queen), Gus.", 4: "Your fellow aliens: Bo, Gus.", 6: "Your fellow aliens: Bo, Ed (Queen)."} {
			if notes := privateOf(t, tb, seat).Notes; !slices.Contains(notes, want) {
				t.Fatalf("seat %d notes %q lack %q", seat, notes, want)
			}
		}
		for _, note := range privateOf(t, tb, 0).Notes {
			if strings.Contains(note, "alien") || strings.Contains(note, "Gus") {
				t.Fatalf("a Human's note %q speaks of the aliens", note)
			}
		}
	})
	t.Run("ScanNamesTheTarget", func(t *testing.T) {
		tb := scanner(t, 5, 0, 4)
		tb.do(0, MoveScan, TargetArgs{Target: 2})
		if notes := privateOf(t, tb, 0).Notes; !slices.Contains(notes, "Your scan: Cy is Alien.") {
			t.Fatalf("notes %q lack the scan of Cy", notes)
		}
	})
	t.Run("AbilitiesAndQuarantineCard", func(t *testing.T) {
		tb := std7(t)
		tb.st.Quarantined = 4
		v := tb.g.View(tb.st, kit.BoardViewer)
		pub := v.Public.(PublicView)
		if got, want := pub.Abilities[5], "Flo, Doctor: "+data.Roles.Abilities[Doctor]; got != want {
			t.Fatalf("abilities[5] = %q, want %q", got, want)
		}
		for _, s := range v.Seats {
			if s.Facts["ability"] == "" {
				t.Fatalf("seat %s has no ability fact", s.Name)
			}
		}
		if got, want := v.Seats[4].Facts["quarantine_text"], tb.st.Card.Text; got != want {
			t.Fatalf("Ed's quarantine text = %q, want %q", got, want)
		}
		if notes := privateOf(t, tb, 4).Notes; !slices.Contains(notes, "You are in Quarantine: "+tb.st.Card.Name+". "+tb.st.Card.Text) {
			t.Fatalf("Ed's notes %q lack the card's text", notes)
		}
		for _, role := range data.Roles.Rank {
			if !strings.HasSuffix(data.Roles.Abilities[role], ".") {
				t.Fatalf("%s has no ability text", role)
			}
		}
	})
}

// randomMove picks a random offered move of the seat the game waits for,
// its arguments filled by kit.RandomMove as a phone would.
func randomMove(t testing.TB, g *Game, st *State, r *rand.Rand) (int, kit.Move) {
	t.Helper()
	seat := st.waitingFor()[0]
	specs := moves.Offers(st, seat)
	if len(specs) == 0 {
		t.Fatalf("seat %d is waited for but has no moves (phase %s)", seat, st.Phase)
	}
	return seat, kit.RandomMove(specs[r.IntN(len(specs))], r)
}

// TestResolvedTrackAgrees: a resolved countdown part, whose tokens went back
// to the bag, reads "Resolved" on its track too, never "Empty" under the
// board's "Resolved" counter; an unresolved empty track still reads "Empty".
func TestResolvedTrackAgrees(t *testing.T) {
	tb := std7(t)
	tb.st.Countdown[0] = CountdownTrack{Resolved: true}
	tracks := tb.st.trackViews()
	if got := tracks[0].Steps[tracks[0].Pos]; !strings.HasPrefix(got, "Resolved") {
		t.Fatalf("the resolved Quarantine track reads %q, want Resolved", got)
	}
	if got, want := tracks[1].Steps[tracks[1].Pos], "Empty"; got != want {
		t.Fatalf("the empty Eject track reads %q, want %q", got, want)
	}
}
