package captainisdead

import (
	"strings"
	"testing"

	"tablewarden/referee/kit"
)

// by is the act of a test case that applies one move.
func by(who kit.Actor, typ string, args any) func(t testing.TB, s *State) *State {
	return func(t testing.TB, s *State) *State { return apply(t, s, who, typ, args) }
}

// inHoneypot arranges a test case: a honeypot in roomName, the Spy (seat
// 0) there, and the systems numbered unlocked unlocked.
func inHoneypot(roomName string, unlocked ...int) func(s *State) {
	return func(s *State) {
		s.Rooms[room(s, roomName)].Honeypot = true
		at(s, 0, roomName)
		for _, i := range unlocked {
			s.Systems[i].Locked = false
		}
	}
}

// TestAlarmSources checks each alarm source of the book moves the
// Concealment Level down exactly as many steps as it sounds alarms.
func TestAlarmSources(t *testing.T) {
	ann := kit.SeatActor(0)
	for _, tc := range []struct {
		name    string
		role    string
		arrange func(s *State)
		act     func(t testing.TB, s *State) *State
		alarms  int
	}{
		{"AlienKilled", "Spy", func(s *State) { put(s, Infantry, "Infirmary", 1) },
			by(ann, MoveKillAlien, rankArgs{"Infantry"}), 1},
		{"GrenadeOneAlarmPerAlien", "Spy", func(s *State) {
			put(s, Infantry, "War Room", 2)
			put(s, Commander, "War Room", 1)
			s.Players[0].Grenades = 1
			s.GrenadeLocker = 2
		},
			by(ann, MoveThrowGrenade, roomArgs{"War Room"}), 3},
		{"CardKillEachAlien", "Spy", func(s *State) { put(s, Patrol, "Bridge", 2) },
			by(kit.HostActor, MoveKillAliens, killAliensArgs{Room: "Bridge", All: true, Source: "tool"}), 2},
		{"FoundAndEscorted", "Spy", func(s *State) { put(s, Infantry, "Bridge", 1); at(s, 0, "Bridge") },
			endAndFinish, 1},
		{"SystemHacked", "Spy", func(s *State) { at(s, 0, "Bridge") },
			by(ann, MoveHackSystem, systemArgs{"Ship Control"}), 1},
		{"HackedInHoneypot", "Spy", inHoneypot("Bridge"),
			by(ann, MoveHackSystem, systemArgs{"Ship Control"}), 2},
		{"AlertOverridden", "Spy", nil,
			by(kit.HostActor, MoveSoundAlarm, alarmArgs{Cause: "alert overridden"}), 1},
		{"UsedInHoneypot", "Spy", inHoneypot("Bridge", 0),
			by(ann, MoveUseSystem, systemArgs{"Ship Control"}), 1},
		{"RepairedInHoneypot", "Spy", inHoneypot("Computer Core", 1),
			by(ann, MoveRepairSystem, systemArgs{"Concealment Level"}), 1},
		{"UnlockedInHoneypot", "Spy", inHoneypot("Bridge"),
			by(ann, MoveUnlockSystem, systemArgs{"Ship Control"}), 1},
		{"UnlockedNoHoneypot", "Spy", func(s *State) { at(s, 0, "Bridge") },
			by(ann, MoveUnlockSystem, systemArgs{"Ship Control"}), 0},
		{"UsedNoHoneypot", "Spy", func(s *State) { at(s, 0, "Bridge"); s.Systems[0].Locked = false },
			by(ann, MoveUseSystem, systemArgs{"Ship Control"}), 0},
		{"Relocked", "Spy", func(s *State) { s.Systems[0].Locked = false },
			by(kit.HostActor, MoveLockSystem, systemArgs{"Ship Control"}), 1},
		{"RelockedByHackerAlien", "Spy", func(s *State) { s.Systems[0].Locked = false; put(s, HackerAlien, "Bridge", 1) },
			endAndFinish, 1},
		{"HackerAlienLockedAlreadyLocked", "Spy", func(s *State) { put(s, HackerAlien, "Bridge", 1) },
			endAndFinish, 0},
		{"BellIconCard", "Spy", nil,
			by(ann, MoveCardAction, cardActionArgs{Card: "Skill card", Actions: 1, Bell: true}), 1},
		{"BellIconTable", "Spy", nil,
			by(kit.HostActor, MoveSoundAlarm, alarmArgs{Cause: "bell icon", Source: "alert card"}), 1},
		{"HackerRoleHacksQuietly", "Hacker", inHoneypot("Bridge"),
			by(ann, MoveHackSystem, systemArgs{"Ship Control"}), 0},
		{"HackerRoleUnlocksQuietly", "Hacker", inHoneypot("Bridge"),
			by(ann, MoveUnlockSystem, systemArgs{"Ship Control"}), 0},
		{"HackerRoleRepairsQuietly", "Hacker", inHoneypot("Computer Core", 1),
			by(ann, MoveRepairSystem, systemArgs{"Concealment Level"}), 0},
		{"HackerRoleUseStillAlarms", "Hacker", inHoneypot("Bridge", 0),
			by(ann, MoveUseSystem, systemArgs{"Ship Control"}), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := playing(t, "", tc.role, "First Officer")
			if tc.arrange != nil {
				tc.arrange(s)
			}
			before := s.Concealment.Pos
			s = tc.act(t, s)
			if got, want := before-s.Concealment.Pos, tc.alarms; got != want {
				t.Fatalf("Concealment went down %d steps, want %d", got, want)
			}
			if got, want := s.Alarms.Sounded, tc.alarms; got != want {
				t.Fatalf("alarms sounded = %d, want %d", got, want)
			}
		})
	}
}

func TestSuppression(t *testing.T) {
	s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
	host := kit.HostActor
	t.Run("ErrNoSuppression", func(t *testing.T) {
		refuse(t, s, host, MoveCancelSuppression, nil, "no_suppression")
	})
	t.Run("ErrUnknownSource", func(t *testing.T) {
		refuse(t, s, host, MoveArmSuppression, suppressArgs{"luck"}, "unknown_source")
	})
	for i, src := range SuppressionSources {
		t.Run("OK"+src, func(t *testing.T) {
			s := apply(t, s, host, MoveGainItem, gainArgs{Seat: 1, Item: toolPrefix + SuppressorTool})
			s = apply(t, s, host, MoveArmSuppression, suppressArgs{src})
			s = apply(t, s, host, MoveSoundAlarm, alarmArgs{Cause: "bell icon"})
			wantConcealment(t, s, "100%")
			if got, want := s.Alarms.Suppressed[i], 1; got != want {
				t.Fatalf("suppressed by %s = %d, want %d", src, got, want)
			}
			if got, want := len(s.Suppressions), 0; got != want {
				t.Fatalf("armed = %d, want %d", got, want)
			}
			s = apply(t, s, host, MoveSoundAlarm, alarmArgs{Cause: "bell icon"})
			if got, want := concealment(s), "90%"; got != want {
				t.Fatalf("second alarm: Concealment = %s, want %s", got, want)
			}
		})
	}
	t.Run("Cancel", func(t *testing.T) {
		s := apply(t, s, host, MoveArmSuppression, suppressArgs{SuppressionSources[3]})
		s = apply(t, s, host, MoveCancelSuppression, nil)
		s = apply(t, s, host, MoveSoundAlarm, alarmArgs{Cause: "bell icon"})
		wantConcealment(t, s, "90%")
	})
}

// TestSuppressorMustBeHeld: the tools start in the Cargo Pod (Setup) and a
// tool is a card in a hand, so the Alarm Suppressor tool suppresses an
// alarm only while a living character holds it (Alarms).
func TestSuppressorMustBeHeld(t *testing.T) {
	host := kit.HostActor
	tool := suppressArgs{SuppressionSources[0]}
	armable := func(s *State) bool {
		for _, m := range game.View(s, kit.HostViewer).Moves {
			if m.Type == MoveArmSuppression {
				for _, a := range m.Args {
					for _, c := range a.Choices {
						if c.Value == SuppressionSources[0] {
							return true
						}
					}
				}
			}
		}
		return false
	}
	refused := func(t *testing.T, s *State, want string) {
		t.Helper()
		_, err := try(s, host, MoveArmSuppression, tool)
		re, ok := kit.AsRuleError(err)
		if !ok || re.Code != "suppressor_not_held" || re.Rule != ruleAlarms || !strings.Contains(re.Message, want) {
			t.Fatalf("error = %v, want suppressor_not_held naming %s and saying %q", err, ruleAlarms, want)
		}
		if armable(s) {
			t.Fatal("the Alarm Suppressor tool is offered as a source while nobody holds it")
		}
	}
	s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
	refused(t, s, "in the Cargo Pod")
	for _, src := range SuppressionSources[1:] {
		apply(t, s, host, MoveArmSuppression, suppressArgs{src})
	}
	held := apply(t, s, host, MoveGainItem, gainArgs{Seat: 1, Item: toolPrefix + SuppressorTool})
	if !armable(held) {
		t.Fatal("the Alarm Suppressor tool is not offered while Bea holds it")
	}
	armed := apply(t, held, host, MoveArmSuppression, tool)
	armed = apply(t, armed, host, MoveSoundAlarm, alarmArgs{Cause: "bell icon"})
	wantConcealment(t, armed, "100%")
	t.Run("ErrDiscarded", func(t *testing.T) {
		s := apply(t, held, kit.SeatActor(1), MoveDiscard, itemArgs{Item: toolPrefix + SuppressorTool})
		refused(t, s, "in the Cargo Pod")
	})
	t.Run("ErrHolderDead", func(t *testing.T) {
		s := held.Clone()
		s.Concealment.Pos = 0
		put(s, Infantry, "Bridge", 1)
		at(s, 1, "Bridge")
		at(s, 0, "Infirmary")
		s = endAndFinish(t, s)
		if s.Players[1].Alive || s.End != nil {
			t.Fatalf("Bea alive %v, end %+v: want Bea killed and the game going on", s.Players[1].Alive, s.End)
		}
		refused(t, s, "left the game")
	})
}

func TestConcealmentFloor(t *testing.T) {
	s := turnOf(begin(t, "", "Spy", "First Officer"), 0)
	s.Concealment.Pos = 1
	s = apply(t, s, kit.HostActor, MoveSoundAlarm, alarmArgs{Cause: "bell icon"})
	s = apply(t, s, kit.HostActor, MoveSoundAlarm, alarmArgs{Cause: "bell icon"})
	wantConcealment(t, s, "SET TO KILL")
	s = apply(t, s, kit.HostActor, MoveRaiseTrack, trackArgs{Track: "Concealment Level", Source: "Battle Plan"})
	if got, want := concealment(s), "1%"; got != want {
		t.Fatalf("raised Concealment = %s, want %s", got, want)
	}
	s.Concealment.Pos = ConcealmentDef.Max()
	refuse(t, s, kit.HostActor, MoveRaiseTrack, trackArgs{Track: "Concealment Level"}, "track_at_end")
	refuse(t, s, kit.HostActor, MoveRaiseTrack, trackArgs{Track: "Shields"}, "unknown_track")
}
