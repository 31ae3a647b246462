package captainisdead

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// TestBoard checks the drawn ship: rooms from the game data with their
// doors, characters and aliens by rank in their rooms, systems Locked or
// Unlocked, honeypots, the alert deck by colour and the current alert.
func TestBoard(t *testing.T) {
	s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
	put(s, Patrol, "Bridge", 2)
	put(s, Infantry, "Bridge", 1)
	s.Rooms[room(s, "Bridge")].Honeypot = true
	s.Systems[3].Locked = false // the Grenade Locker, in the War Room
	s = apply(t, s, kit.SeatActor(0), MoveEndTurn, nil)
	b := game.View(s, kit.BoardViewer).Board
	if b == nil {
		t.Fatal("no board")
	}
	if got, want := len(b.Nodes), len(s.Data.Locations); got != want {
		t.Fatalf("%d rooms drawn, want %d", got, want)
	}
	if got, want := len(b.Edges), len(s.Data.Connections); got != want {
		t.Fatalf("%d doors drawn, want %d", got, want)
	}
	node := func(name string) kit.BoardNode {
		for _, n := range b.Nodes {
			if n.ID == name {
				return n
			}
		}
		t.Fatalf("no room %s", name)
		return kit.BoardNode{}
	}
	bridge := node("Bridge")
	var pieces []string
	for _, p := range bridge.Pieces {
		pieces = append(pieces, p.Kind+":"+p.Label+":"+string(rune('0'+max(p.Count, 1))))
	}
	if got, want := strings.Join(pieces, " "), "marker:Honeypot:1 enemy:Infantry:1 enemy:Patrol:2"; got != want {
		t.Fatalf("Bridge pieces = %s, want %s", got, want)
	}
	if !strings.Contains(bridge.Note, "Ship Control: Locked") || !hasTag(bridge.Tags, "locked") || !hasTag(bridge.Tags, "honeypot") {
		t.Fatalf("Bridge = %+v, want Ship Control Locked and a honeypot", bridge)
	}
	if war := node("War Room"); !hasTag(war.Tags, "unlocked") || !strings.Contains(war.Note, "Grenade Locker: Unlocked") {
		t.Fatalf("War Room = %+v, want the Grenade Locker Unlocked", war)
	}
	inf := node("Infirmary")
	// A pawn is the player's, named once (the seat list says the
	// character).
	if len(inf.Pieces) != 2 || inf.Pieces[0].Kind != "character" || *inf.Pieces[0].Seat != 0 || inf.Pieces[0].Label != s.Players[0].Name {
		t.Fatalf("Infirmary pieces = %+v, want Ann's and Bea's pawns", inf.Pieces)
	}
	// The five systems the book does not name are called by their spot
	// on the ship, never "System 6".
	for _, n := range b.Nodes {
		if strings.Contains(n.Note, "System ") {
			t.Fatalf("%s's note reads %q, want the systems named", n.Label, n.Note)
		}
	}
	counters := map[string]string{}
	for _, c := range b.Counters {
		counters[c.Label] = c.Value
	}
	if counters["Yellow alerts left"] != "14" || counters["Orange alerts left"] != "19" || counters["Red alerts left"] != "5" {
		t.Fatalf("counters = %v, want 14 Yellow, 19 Orange, 5 Red", counters)
	}
	if got, want := b.Slots[0].Value, "Yellow (end-of-turn alert)"; got != want {
		t.Fatalf("current alert = %q, want %q", got, want)
	}
	tracks := game.View(s, kit.BoardViewer).Tracks
	if len(tracks) != 2 || tracks[0].Label != "Concealment Level" || tracks[1].Label != "Ship Control" {
		t.Fatalf("tracks = %+v, want Concealment Level and Ship Control", tracks)
	}
}

func hasTag(tags []string, tag string) bool {
	for _, x := range tags {
		if x == tag {
			return true
		}
	}
	return false
}

// TestBoardKeepsSecrets walks random games and checks, at every step, that
// no viewer's board holds a seat's contraband: no secret string of the
// state appears in it, and flipping any seat's contraband changes nothing
// on it.
func TestBoardKeepsSecrets(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		n := 2 + int(seed)
		st := kittest.Setup(t, game, nil, n, seed)
		r := rand.New(rand.NewPCG(seed, 99))
		for step := 0; step < 150 && game.Outcome(st) == nil; step++ {
			s := st.(*State)
			if s.Phase != PhaseChooseRoles && s.Players[0].Alive && !s.Players[0].Contraband.Held && s.ContrabandSupply > 0 {
				s = s.Clone() // give seat 0 a named contraband to hide
				s.ContrabandSupply--
				s.Players[0].Contraband = Contraband{Held: true, Name: "Quantum Lockpick"}
				st = s
			}
			boardOf := func(s *State, v kit.Viewer) string {
				b, err := json.Marshal(game.View(s, v).Board)
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}
			want := boardOf(s, kit.BoardViewer)
			for _, sec := range kit.Secrets(s) {
				if str, ok := sec.Value.(string); ok && len(str) >= 6 && strings.Contains(want, str) { // a random short note like "x" would match any text
					t.Fatalf("seed %d step %d: the board shows %s (%s)", seed, step, sec.Path, str)
				}
			}
			for seat := range s.Players {
				f := s.Clone()
				f.Players[seat].Contraband.Held = !f.Players[seat].Contraband.Held
				for _, v := range kittest.Viewers(n) {
					if got := boardOf(f, v); got != want {
						t.Fatalf("seed %d step %d: the %s board changes with seat %d's contraband", seed, step, v.Role, seat)
					}
				}
			}
			cands := kittest.OfferedMoves(game, st, n, r)
			c := cands[r.IntN(len(cands))]
			res, err := game.Apply(st, c.Who, c.Move, kit.NewCtx(seed, step+1, kittest.Epoch))
			if err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
			st = res.State
		}
	}
}

// TestPhoneView checks a phone shows its hand and size, the discard due,
// the actions left and the room with its systems.
func TestPhoneView(t *testing.T) {
	s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
	at(s, 0, "Bridge")
	s.Players[0].Grenades, s.GrenadeLocker = 1, 2
	pv := game.View(s, kit.SeatViewer(0)).Private.(privateView)
	if pv.Room != "Bridge" || len(pv.RoomSystems) != 1 || pv.RoomSystems[0] != (roomSystem{System: "Ship Control", SystemLabel: "Ship Control", Side: "Locked", Repair: "2 Engineering skill card(s)"}) {
		t.Fatalf("room = %s %+v, want the Bridge with Ship Control Locked", pv.Room, pv.RoomSystems)
	}
	if pv.Hand == nil || pv.Hand.Held != 5 || pv.Hand.Size != 7 || pv.Hand.Discard != 0 || pv.Hand.Grenades != 1 {
		t.Fatalf("hand = %+v, want 5 of 7 with a grenade", pv.Hand)
	}
	if pv.ActionsLeft == nil || *pv.ActionsLeft != 4 {
		t.Fatalf("actions left = %v, want 4", pv.ActionsLeft)
	}
	other := game.View(s, kit.SeatViewer(1)).Private.(privateView)
	if other.ActionsLeft != nil || other.Character != "First Officer" {
		t.Fatalf("Bea's phone = %+v, want her character and no actions off her turn", other)
	}
}

// TestBoardHasNoMoves checks the shared board never offers a move.
func TestBoardHasNoMoves(t *testing.T) {
	s := begin(t, "", "Spy", "First Officer")
	if got := game.View(s, kit.BoardViewer).Moves; len(got) != 0 {
		t.Fatalf("board moves = %v, want none", got)
	}
	if got := game.View(s, kit.BoardViewer).Private; got != nil {
		t.Fatalf("board private = %v, want nil", got)
	}
}
