package captainisdead

import (
	"testing"

	"tablewarden/referee/kit"
)

func TestShortageAndCommanders(t *testing.T) {
	host := kit.HostActor
	s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
	t.Run("NextHigherRank", func(t *testing.T) {
		s := s.Clone()
		s.Rooms[room(s, "Cargo Bay")].Aliens[Infantry] = s.Data.alienSupply[Infantry]
		s = apply(t, s, host, MoveAddAlien, addAlienArgs{Rank: "Infantry", Room: "Bridge"})
		if got, want := s.Rooms[room(s, "Bridge")].Aliens, [numRanks]int{0, 1, 0, 0, 0}; got != want {
			t.Fatalf("Bridge aliens = %v, want a Patrol %v", got, want)
		}
	})
	t.Run("SkipsSeveralRanks", func(t *testing.T) {
		s := s.Clone()
		for k := Infantry; k <= HackerAlien; k++ {
			s.Rooms[room(s, "Cargo Bay")].Aliens[k] = s.Data.alienSupply[k]
		}
		s = apply(t, s, host, MoveAddAlien, addAlienArgs{Rank: "Patrol", Room: "Bridge"})
		if got, want := s.Rooms[room(s, "Bridge")].Aliens[Commander], 1; got != want {
			t.Fatalf("Commanders in the Bridge = %d, want %d", got, want)
		}
	})
	t.Run("FourCommandersSetToKill", func(t *testing.T) {
		s := s.Clone()
		for i := range 4 {
			if got, want := concealment(s), "100%"; got != want {
				t.Fatalf("after %d Commanders Concealment = %s, want %s", i, got, want)
			}
			s = apply(t, s, host, MoveAddAlien, addAlienArgs{Rank: "Commander", Room: "Cargo Bay"})
		}
		wantConcealment(t, s, "SET TO KILL")
		refuse(t, s, host, MoveRaiseTrack, trackArgs{Track: "Concealment Level"}, "commanders_aboard")
		n := s.aliensAboard()
		s = apply(t, s, host, MoveAddAlien, addAlienArgs{Rank: "Commander", Room: "Bridge"})
		if got, want := s.aliensAboard(), n; got != want {
			t.Fatalf("aliens aboard = %d after asking for a fifth Commander, want %d", got, want)
		}
	})
	t.Run("ErrUnknownRank", func(t *testing.T) {
		refuse(t, s, host, MoveAddAlien, addAlienArgs{Rank: "Admiral", Room: "Bridge"}, "unknown_rank")
	})
	t.Run("ErrUnknownRoom", func(t *testing.T) {
		refuse(t, s, host, MoveAddAlien, addAlienArgs{Rank: "Patrol", Room: "Engine Room"}, "unknown_room")
	})
}

func TestKill(t *testing.T) {
	ann := kit.SeatActor(0)
	base := func(t *testing.T) *State {
		s := turnOf(begin(t, "", "Spy", "First Officer", "Sympathizer"), 0)
		put(s, Infantry, "Infirmary", 1)
		put(s, Patrol, "Infirmary", 1)
		put(s, Lieutenant, "War Room", 1)
		put(s, Infantry, "Bridge", 1)
		return s
	}
	t.Run("ErrKillRankOrder", func(t *testing.T) {
		refuse(t, base(t), ann, MoveKillAlien, rankArgs{"Patrol"}, "kill_rank_order")
	})
	t.Run("RankOrderIsPerRoom", func(t *testing.T) {
		s := base(t)
		at(s, 0, "War Room")
		s = apply(t, s, ann, MoveKillAlien, rankArgs{"Lieutenant"})
		if got, want := s.ActionsUsed, 2; got != want {
			t.Fatalf("a Lieutenant kill used %d actions, want %d", got, want)
		}
	})
	t.Run("InOrder", func(t *testing.T) {
		s := apply(t, base(t), ann, MoveKillAlien, rankArgs{"Infantry"})
		s = apply(t, s, ann, MoveKillAlien, rankArgs{"Patrol"})
		if got, want := s.ActionsUsed, 2; got != want {
			t.Fatalf("two kills used %d actions, want %d", got, want)
		}
		wantConcealment(t, s, "80%")
	})
	t.Run("ErrLieutenantNeedsTwoActions", func(t *testing.T) {
		s := base(t)
		at(s, 0, "War Room")
		s.ActionsUsed = 3
		refuse(t, s, ann, MoveKillAlien, rankArgs{"Lieutenant"}, "no_actions_left")
	})
	t.Run("ErrNoSuchAlien", func(t *testing.T) {
		refuse(t, base(t), ann, MoveKillAlien, rankArgs{"Hacker"}, "no_such_alien")
	})
	t.Run("ErrSympathizerNeverKills", func(t *testing.T) {
		s := turnOf(base(t), 2)
		at(s, 2, "Infirmary")
		refuse(t, s, kit.SeatActor(2), MoveKillAlien, rankArgs{"Infantry"}, "sympathizer_never_kills")
		refuse(t, s, kit.HostActor, MoveKillAliens, killAliensArgs{Room: "Infirmary"}, "sympathizer_never_kills")
		s.Players[2].Grenades, s.GrenadeLocker = 1, 2
		refuse(t, s, kit.SeatActor(2), MoveThrowGrenade, roomArgs{"War Room"}, "sympathizer_never_kills")
	})
	t.Run("ErrNotYourTurn", func(t *testing.T) {
		refuse(t, base(t), kit.SeatActor(1), MoveKillAlien, rankArgs{"Infantry"}, "not_your_turn")
	})
	t.Run("ErrActionBeyondCount", func(t *testing.T) {
		s := base(t)
		for range 4 {
			s = apply(t, s, ann, MoveCardAction, cardActionArgs{Actions: 1})
		}
		refuse(t, s, ann, MoveKillAlien, rankArgs{"Infantry"}, "no_actions_left")
		refuse(t, s, ann, MoveMove, toArgs{"War Room"}, "no_actions_left")
		refuse(t, s, ann, MoveCardAction, cardActionArgs{Actions: 1}, "no_actions_left")
	})
	t.Run("CardKillLowestFirst", func(t *testing.T) {
		s := apply(t, base(t), kit.HostActor, MoveKillAliens, killAliensArgs{Room: "Infirmary"})
		if got, want := s.Rooms[room(s, "Infirmary")].Aliens, [numRanks]int{0, 1, 0, 0, 0}; got != want {
			t.Fatalf("Infirmary = %v, want %v", got, want)
		}
	})
}

func TestGrenades(t *testing.T) {
	ann := kit.SeatActor(0)
	s := playing(t, "", "Spy", "First Officer")
	t.Run("ErrNoGrenade", func(t *testing.T) {
		refuse(t, s, ann, MoveThrowGrenade, roomArgs{"War Room"}, "no_grenade")
	})
	t.Run("OnlyThreeNeverReused", func(t *testing.T) {
		s := s.Clone()
		at(s, 0, "War Room")
		s.Systems[s.Data.systemIndex[SystemGrenadeLocker]].Locked = false
		for i := range 3 {
			s.ActionsUsed = 0
			s = apply(t, s, ann, MoveUseSystem, systemArgs{"Grenade Locker"})
			if got, want := s.Players[0].Grenades, i+1; got != want {
				t.Fatalf("grenades after %d uses = %d, want %d", i+1, got, want)
			}
		}
		s.ActionsUsed = 0
		refuse(t, s, ann, MoveUseSystem, systemArgs{"Grenade Locker"}, "grenade_locker_empty")
		put(s, Infantry, "Infirmary", 2)
		put(s, Hacker, "Infirmary", 1)
		s.ActionsUsed = 0
		s = apply(t, s, ann, MoveThrowGrenade, roomArgs{"Infirmary"})
		if got, want := s.Rooms[room(s, "Infirmary")].total(), 0; got != want {
			t.Fatalf("aliens left in the Infirmary = %d, want %d", got, want)
		}
		wantConcealment(t, s, "70%")
		if got, want := s.GrenadesGone, 1; got != want {
			t.Fatalf("grenades gone = %d, want %d", got, want)
		}
		s = apply(t, s, ann, MoveDiscard, itemArgs{ItemGrenade})
		if got, want := s.GrenadeLocker+s.Players[0].Grenades, 2; got != want {
			t.Fatalf("grenades left in play = %d, want %d", got, want)
		}
	})
	t.Run("ErrNotAdjacent", func(t *testing.T) {
		s := s.Clone()
		s.Players[0].Grenades, s.GrenadeLocker = 1, 2
		refuse(t, s, ann, MoveThrowGrenade, roomArgs{"Bridge"}, "not_adjacent")
		refuse(t, s, ann, MoveThrowGrenade, roomArgs{"Infirmary"}, "not_adjacent")
	})
}

// Hacker is the Hacker alien rank, for test arrangements.
const Hacker = HackerAlien

func TestScentBomb(t *testing.T) {
	ann := kit.SeatActor(0)
	s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
	at(s, 0, "Bridge Hallway")
	s.Players[0].ScentBombs, s.ScentBombs = 1, 2
	put(s, Infantry, "Bridge", 1)          // 2 from CPU Core
	put(s, Patrol, "Science Lab", 1)       // 2 from CPU Core
	put(s, Lieutenant, "Computer Core", 1) // 1
	put(s, Commander, "Cargo Bay", 1)      // 3: stays
	put(s, Infantry, "Cargo Pod", 1)       // 4: stays
	t.Run("ErrNoScentBomb", func(t *testing.T) {
		s := s.Clone()
		s.Players[0].ScentBombs, s.ScentBombs = 0, 3
		refuse(t, s, ann, MoveDeployScentBomb, roomArgs{"CPU Core"}, "no_scent_bomb")
	})
	t.Run("ErrNotAdjacent", func(t *testing.T) {
		refuse(t, s, ann, MoveDeployScentBomb, roomArgs{"Computer Core"}, "not_adjacent")
	})
	s = apply(t, s, ann, MoveDeployScentBomb, roomArgs{"CPU Core"})
	if got, want := s.Rooms[room(s, "CPU Core")].Aliens, [numRanks]int{1, 1, 1, 0, 0}; got != want {
		t.Fatalf("CPU Core = %v, want %v", got, want)
	}
	if got, want := s.Rooms[room(s, "Cargo Bay")].Aliens[Commander], 1; got != want {
		t.Fatalf("Cargo Bay Commander = %d, want %d (3 spaces away)", got, want)
	}
	if got, want := s.ScentBombsGone, 1; got != want {
		t.Fatalf("scent bombs gone = %d, want %d", got, want)
	}
	wantConcealment(t, s, "100%")
}
