package captainisdead

import "testing"

// hostileBase seats Spy (0), Hologram (1), Sympathizer (2) and Tactical
// Officer (3), with Ann the Spy to play and an alien far away.
func hostileBase(t *testing.T, opts string) *State {
	return playing(t, opts, "Spy", "Hologram", "Sympathizer", "Tactical Officer")
}

func TestHostileAlienActions(t *testing.T) {
	// A Lieutenant in the Bridge with only the Sympathizer, who never
	// counts, or only the Hologram, who cannot be harmed (found away from
	// the Computer Core, it costs 10% Concealment), injures and escorts
	// nobody.
	for _, c := range []struct {
		name        string
		seat        int
		concealment string
	}{
		{"StepOneSympathizerNeverCounts", 2, "100%"},
		{"StepOneHologramElsewhere", 1, "90%"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := hostileBase(t, "")
			at(s, c.seat, "Bridge")
			put(s, Lieutenant, "Bridge", 1)
			s = endAndFinish(t, s)
			wantConcealment(t, s, c.concealment)
			if p := s.Players[c.seat]; p.Injured || s.roomName(p.Room) != "Bridge" {
				t.Fatalf("%s injured=%v in %s, want unharmed in the Bridge", p.Character, p.Injured, s.roomName(p.Room))
			}
			if got, want := s.Rooms[room(s, "Bridge")].Aliens[Lieutenant], 1; got != want {
				t.Fatalf("Lieutenants in the Bridge = %d, want %d (nobody to escort)", got, want)
			}
		})
	}
	t.Run("StepOneHologramInComputerCore", func(t *testing.T) {
		s := hostileBase(t, "")
		put(s, Patrol, "Cargo Bay", 1) // off the path
		put(s, Infantry, "Computer Core", 1)
		s = endAndFinish(t, s)
		wantConcealment(t, s, "100%")
	})
	t.Run("OnePerCharacterInjuredByPatrolEscortedByLowest", func(t *testing.T) {
		s := hostileBase(t, "")
		at(s, 0, "Bridge")
		at(s, 3, "Bridge")
		put(s, Lieutenant, "Bridge", 1)
		put(s, Infantry, "Bridge", 1)
		s = endAndFinish(t, s)
		wantConcealment(t, s, "80%")
		for _, seat := range []int{0, 3} {
			if p := s.Players[seat]; !p.Injured || s.roomName(p.Room) != "Infirmary" {
				t.Fatalf("%s injured=%v in %s, want injured in the Infirmary", p.Character, p.Injured, s.roomName(p.Room))
			}
		}
		if got, want := s.Rooms[room(s, "Infirmary")].Aliens[Infantry], 1; got != want {
			t.Fatalf("Infantry in the Infirmary = %d, want %d", got, want)
		}
		if got, want := s.Rooms[room(s, "Bridge")].Aliens, [numRanks]int{0, 0, 1, 0, 0}; got != want {
			t.Fatalf("Bridge = %v, want the Lieutenant only %v", got, want)
		}
	})
	t.Run("InfantryDoesNotInjure", func(t *testing.T) {
		s := hostileBase(t, "")
		at(s, 0, "Bridge")
		put(s, Infantry, "Bridge", 1)
		s = endAndFinish(t, s)
		if p := s.Players[0]; p.Injured || s.roomName(p.Room) != "Infirmary" {
			t.Fatalf("Spy injured=%v in %s, want escorted uninjured", p.Injured, s.roomName(p.Room))
		}
	})
	t.Run("AtStartNotFound", func(t *testing.T) {
		s := hostileBase(t, "")
		put(s, Lieutenant, "Infirmary", 1)
		s = endAndFinish(t, s)
		wantConcealment(t, s, "100%")
		if s.Players[0].Injured {
			t.Fatal("a character at its start was injured")
		}
	})
	t.Run("PatrolStepsAndRepeats", func(t *testing.T) {
		s := hostileBase(t, "")
		at(s, 0, "War Room")
		put(s, Patrol, "Bridge Hallway", 2)
		put(s, Patrol, "Bridge", 1) // off the path: stays
		s = endAndFinish(t, s)
		wantConcealment(t, s, "90%")
		if p := s.Players[0]; !p.Injured || s.roomName(p.Room) != "Infirmary" {
			t.Fatalf("Spy injured=%v in %s, want injured in the Infirmary", p.Injured, s.roomName(p.Room))
		}
		for _, c := range []struct {
			room string
			n    int
		}{{"War Room", 1}, {"Infirmary", 1}, {"Bridge", 1}, {"Bridge Hallway", 0}} {
			if got := s.Rooms[room(s, c.room)].Aliens[Patrol]; got != c.n {
				t.Fatalf("Patrols in the %s = %d, want %d", c.room, got, c.n)
			}
		}
	})
	t.Run("PatrolMovesWhenNobodyFound", func(t *testing.T) {
		s := hostileBase(t, "")
		put(s, Patrol, "Science Lab", 1)
		s = endAndFinish(t, s)
		if got, want := s.Rooms[room(s, "Computer Core")].Aliens[Patrol], 1; got != want {
			t.Fatalf("Patrols in the Computer Core = %d, want %d", got, want)
		}
		if got, want := concealment(s), "100%"; got != want {
			t.Fatalf("Concealment = %s, want %s (the Hologram is at its start)", got, want)
		}
	})
	t.Run("HackerLocksItsRoom", func(t *testing.T) {
		s := hostileBase(t, "")
		s.Systems[s.Data.systemIndex["Grenade Locker"]].Locked = false
		s.Systems[s.Data.systemIndex["Ship Control"]].Locked = false
		put(s, HackerAlien, "War Room", 1)
		s = endAndFinish(t, s)
		if !s.Systems[s.Data.systemIndex["Grenade Locker"]].Locked {
			t.Fatal("Grenade Locker left unlocked by a Hacker in the War Room")
		}
		if s.Systems[s.Data.systemIndex["Ship Control"]].Locked {
			t.Fatal("Ship Control (Bridge) locked by a Hacker in the War Room")
		}
	})
}

func TestSetToKill(t *testing.T) {
	s := hostileBase(t, "")
	s.Concealment.Pos = 0
	at(s, 0, "Bridge")
	put(s, Infantry, "Bridge", 1)
	put(s, Infantry, "Computer Core", 1) // the Hologram at its start
	put(s, Patrol, "Bridge Hallway", 1)  // steps into the War Room: Sympathizer
	// The Tactical Officer stays in the Infirmary, where no alien is.
	s = endAndFinish(t, s)
	for seat, wantAlive := range []bool{false, false, false, true} {
		if got := s.Players[seat].Alive; got != wantAlive {
			t.Fatalf("%s alive = %v, want %v", s.Players[seat].Character, got, wantAlive)
		}
	}
	if !s.Players[0].Out {
		t.Fatal("without the elimination rules a dead player's game is over")
	}
	if s.End != nil {
		t.Fatal("the game ended with a character alive")
	}
	t.Run("LastDeathLoses", func(t *testing.T) {
		s := s.Clone()
		s.Turn, s.ActionsUsed = 0, 0
		for s.Players[s.active()].Out {
			s.Turn++
		}
		put(s, Infantry, "Infirmary", 1)
		s = endAndFinish(t, s)
		o := game.Outcome(s)
		if o == nil || len(o.Winners) != 0 || o.Reason != "Every character is dead." {
			t.Fatalf("outcome = %+v, want a loss with every character dead", o)
		}
	})
	t.Run("ItemsLeaveTheGame", func(t *testing.T) {
		if got, want := s.SkillsGone, 12; got != want {
			t.Fatalf("skills out of the game = %d, want %d", got, want)
		}
	})
}
