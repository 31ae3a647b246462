package captainisdead

import (
	"encoding/json"
	"testing"

	"tablewarden/referee/kit"
)

// TestNoFirstTurnWin reproduces a reported bug: repeating repair_system for Ship
// Control from the Infirmary, while it is still Locked, moved it to WIN!
// in four moves. Setup places all 9 systems Locked; a system is repaired
// in its own room.
func TestNoFirstTurnWin(t *testing.T) {
	ann := kit.SeatActor(0)
	s := playing(t, `{"difficulty":"Novice"}`, "Spy", "First Officer")
	t.Run("ErrNotInSystemRoom", func(t *testing.T) {
		refuse(t, s, ann, "repair_system", systemArgs{"Ship Control"}, "not_in_system_room")
	})
	t.Run("ErrLocked", func(t *testing.T) {
		s := s.Clone()
		at(s, 0, "Bridge")
		refuse(t, s, ann, "repair_system", systemArgs{"Ship Control"}, "system_locked")
		refuse(t, s, ann, "use_system", systemArgs{"Ship Control"}, "system_locked")
	})
	t.Run("FourRepairsDoNotWin", func(t *testing.T) {
		st := s
		for range 4 {
			res, err := try(st, ann, "repair_system", systemArgs{"Ship Control"})
			if err == nil {
				st = res.State.(*State)
				st.ActionsUsed = 0
			}
		}
		if got, want := shipControl(st), "Novice"; got != want {
			t.Fatalf("Ship Control = %s after four repairs from the Infirmary, want %s", got, want)
		}
	})
}

// TestSystemsInTheirRooms checks using, unlocking and hacking happen in
// the system's own room (Alarms keys them to where they happen).
func TestSystemsInTheirRooms(t *testing.T) {
	ann := kit.SeatActor(0)
	s := playing(t, "", "Spy", "First Officer")
	for _, typ := range []string{"use_system", "unlock_system", "hack_system"} {
		t.Run(typ, func(t *testing.T) {
			refuse(t, s, ann, typ, systemArgs{"Ship Control"}, "not_in_system_room")
		})
	}
	t.Run("UnlockThenUseInTheRoom", func(t *testing.T) {
		s := s.Clone()
		at(s, 0, "Bridge")
		s = apply(t, s, ann, "unlock_system", systemArgs{"Ship Control"})
		s = apply(t, s, ann, "use_system", systemArgs{"Ship Control"})
		if got, want := s.ActionsUsed, 2; got != want {
			t.Fatalf("actions used = %d, want %d", got, want)
		}
	})
	t.Run("OfferedOnlyHere", func(t *testing.T) {
		s := s.Clone()
		at(s, 0, "Bridge")
		for _, m := range game.View(s, kit.SeatViewer(0)).Moves {
			if m.Type != "unlock_system" {
				continue
			}
			if got := len(m.Args[0].Choices); got != 1 || m.Args[0].Choices[0].Value != "Ship Control" {
				t.Fatalf("unlock choices in the Bridge = %v, want only Ship Control", m.Args[0].Choices)
			}
			return
		}
		t.Fatal("unlock_system not offered in the Bridge")
	})
}

// TestRepairCost checks a repair discards the skill cards the game data
// says, less the role's discounts of that skill, and is refused without
// them.
func TestRepairCost(t *testing.T) {
	ann := kit.SeatActor(0)
	base := playing(t, "", "Spy", "Hacker")
	at(base, 0, "Bridge")
	base.Systems[0].Locked = false
	t.Run("OK", func(t *testing.T) {
		s := apply(t, base, ann, "repair_system", systemArgs{"Ship Control"})
		if got, want := s.Players[0].Skills, 2; got != want {
			t.Fatalf("skills after a repair = %d, want %d (4 less the cost of 2)", got, want)
		}
		if got, want := s.SkillPile, base.SkillPile+2; got != want {
			t.Fatalf("Discarded Skills = %d, want %d", got, want)
		}
	})
	t.Run("ErrNotEnoughSkills", func(t *testing.T) {
		s := base.Clone()
		s.Players[0].Skills = 1
		s.SkillPile += 3
		refuse(t, s, ann, "repair_system", systemArgs{"Ship Control"}, "not_enough_skills")
	})
	t.Run("HackerDiscount", func(t *testing.T) {
		s := turnOf(base.Clone(), 1)
		at(s, 1, "Bridge")
		s = apply(t, s, kit.SeatActor(1), "repair_system", systemArgs{"Ship Control"})
		if got, want := s.Players[1].Skills, 3; got != want {
			t.Fatalf("Hacker's skills after a repair = %d, want %d (1 engineering discount)", got, want)
		}
	})
	t.Run("TableEnteredCost", func(t *testing.T) {
		s := turnOf(begin(t, `{"game_data":{"systems":[{"name":"Ship Control","location":"Bridge","location_source":"assumed","source":"rulebook","repair":{"skill":"Engineering","count":3}}]}}`, "Spy", "First Officer"), 0)
		sy := s.Data.Systems[0]
		if got, want := sy.Repair.Source, kit.SourceTableEntered; got != want || sy.Repair.Count != 3 {
			t.Fatalf("repair cost = %+v, want 3 marked %s", sy.Repair, want)
		}
		put(s, Infantry, "Cargo Pod", 1)
		at(s, 0, "Bridge")
		s.Systems[0].Locked = false
		s = apply(t, s, ann, "repair_system", systemArgs{"Ship Control"})
		if got, want := s.Players[0].Skills, 1; got != want {
			t.Fatalf("skills = %d, want %d", got, want)
		}
	})
}

// TestGrenadeLockerEmpty checks an empty Grenade Locker cannot be used:
// there are only 3 grenades and they are not reused (New Systems).
func TestGrenadeLockerEmpty(t *testing.T) {
	ann := kit.SeatActor(0)
	s := playing(t, "", "Spy", "First Officer")
	at(s, 0, "War Room")
	s.Systems[3].Locked = false
	s.Players[1].Grenades, s.GrenadeLocker = 3, 0
	refuse(t, s, ann, "use_system", systemArgs{"Grenade Locker"}, "grenade_locker_empty")
	for _, m := range game.View(s, kit.SeatViewer(0)).Moves {
		if m.Type == "use_system" {
			t.Fatalf("use_system offered with an empty Grenade Locker: %+v", m.Args)
		}
	}
}

// TestSystemRoomFromData checks a system's room comes from the board data:
// a table that moves Ship Control to the Infirmary repairs it there, and
// the new room is marked table-entered.
func TestSystemRoomFromData(t *testing.T) {
	d := DefaultData()
	d.Systems[0].Location = "Infirmary"
	d.Systems[0].LocationSource = ""
	raw, _ := json.Marshal(map[string]any{"systems": d.Systems})
	opts, _ := json.Marshal(map[string]json.RawMessage{"game_data": raw})
	s := turnOf(begin(t, string(opts), "Spy", "First Officer"), 0)
	if got, want := s.Data.Systems[0].LocationSource, kit.SourceTableEntered; got != want {
		t.Fatalf("location source = %q, want %q", got, want)
	}
	put(s, Infantry, "Cargo Pod", 1)
	s = apply(t, s, kit.SeatActor(0), "unlock_system", systemArgs{"Ship Control"})
	s = apply(t, s, kit.SeatActor(0), "repair_system", systemArgs{"Ship Control"})
	wantShipControl(t, s, "Novice")
}
