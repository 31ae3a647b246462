package captainisdead

import (
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// TestRefusals lists the refusals of every move not covered elsewhere.
func TestRefusals(t *testing.T) {
	host, ann, bea := kit.HostActor, kit.SeatActor(0), kit.SeatActor(1)
	s := turnOf(begin(t, "", "Spy", "Hologram"), 0)
	put(s, Infantry, "Bridge", 1)
	s.Rooms[room(s, "Bridge")].Honeypot = true
	s.Players[0].Injured = true
	for _, tc := range []struct {
		name string
		who  kit.Actor
		typ  string
		args any
		code string
	}{
		{"ErrUnknownMove", host, "jump", nil, "unknown_move"},
		{"ErrBadArgs", ann, MoveMove, map[string]any{"to": "Bridge", "fast": true}, "bad_args"},
		{"ErrSystemActor", kit.SystemActor, MoveFinishAlert, nil, "no_timers"},
		{"ErrTableByOtherSeat", bea, MoveAddAlien, addAlienArgs{Rank: "Patrol", Room: "Bridge"}, "not_your_turn"},
		{"ErrSeatMoveByHost", host, MoveMove, toArgs{"War Room"}, "seat_only"},
		{"ErrNotAdjacent", ann, MoveMove, toArgs{"Bridge"}, "not_adjacent"},
		{"ErrUnknownRoom", ann, MoveMove, toArgs{"Engine Room"}, "unknown_room"},
		{"ErrNoAlert", host, MoveFinishAlert, nil, "no_alert"},
		{"ErrHoneypotHere", host, MovePlaceHoneypot, roomArgs{"Bridge"}, "honeypot_here"},
		{"ErrNoHoneypotHere", host, MoveRemoveHoneypot, roomArgs{"War Room"}, "no_honeypot_here"},
		{"ErrUnharmed", host, MoveInjure, seatArgs{1}, "unharmed"},
		{"ErrAlreadyInjured", host, MoveInjure, seatArgs{0}, "already_injured"},
		{"ErrNotInjured", host, MoveHeal, seatArgs{1}, "not_injured"},
		{"ErrUnknownSeat", host, MoveHeal, seatArgs{5}, "unknown_seat"},
		{"ErrSameRoom", host, MovePlaceCharacter, placementArgs{"0|Infirmary"}, "same_room"},
		{"ErrBadPlacement", host, MovePlaceCharacter, placementArgs{"Ann|Bridge"}, "bad_placement"},
		{"ErrNoSuchAlienToMove", host, MoveMoveAlien, moveAlienArgs{moveKey(Patrol, "Bridge", "War Room")}, "no_such_alien"},
		{"ErrAlienSameRoom", host, MoveMoveAlien, moveAlienArgs{moveKey(Infantry, "Bridge", "Bridge")}, "same_room"},
		{"ErrBadAlien", host, MoveMoveAlien, moveAlienArgs{"Infantry"}, "bad_alien"},
		{"ErrRemoveNoSuchAlien", host, MoveRemoveAlien, alienArgs{alienKey(Commander, "Bridge")}, "no_such_alien"},
		{"ErrRemoveBadAlien", host, MoveRemoveAlien, alienArgs{"Infantry|Deck 9"}, "bad_alien"},
		{"ErrKillNoAliens", host, MoveKillAliens, killAliensArgs{Room: "War Room"}, "no_aliens_here"},
		{"ErrSystemLocked", host, MoveLockSystem, systemArgs{"Ship Control"}, "system_locked"},
		{"ErrSystemUnknown", ann, MoveUseSystem, systemArgs{"Shields"}, "unknown_system"},
		{"ErrUnknownCause", host, MoveSoundAlarm, alarmArgs{Cause: "sneeze"}, "unknown_cause"},
		{"ErrBadActions", ann, MoveCardAction, cardActionArgs{Actions: 0}, "bad_actions"},
		{"ErrTooManyActions", ann, MoveCardAction, cardActionArgs{Actions: 5}, "no_actions_left"},
		{"ErrCharacterAlive", ann, MoveRespawn, roleArgs{"Hacker"}, "elimination_off"},
		{"ErrChooseAfterStart", ann, MoveChooseRole, roleArgs{"Spy"}, "wrong_phase"},
		{"ErrNoContraband", ann, MoveNoteContraband, noteArgs{"x"}, "no_contraband"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			refuse(t, s, tc.who, tc.typ, tc.args, tc.code)
		})
	}
	t.Run("ErrSystemUnlocked", func(t *testing.T) {
		s := s.Clone()
		s.Systems[0].Locked = false
		at(s, 0, "Bridge")
		refuse(t, s, ann, MoveUnlockSystem, systemArgs{"Ship Control"}, "system_unlocked")
		refuse(t, s, ann, MoveHackSystem, systemArgs{"Ship Control"}, "system_unlocked")
	})
	t.Run("ErrNoHoneypotLeft", func(t *testing.T) {
		s := s.Clone()
		s.Rooms[room(s, "War Room")].Honeypot = true
		s.Rooms[room(s, "Cargo Bay")].Honeypot = true
		refuse(t, s, host, MovePlaceHoneypot, roomArgs{"Science Lab"}, "no_honeypot")
	})
	t.Run("ErrShipControlFloor", func(t *testing.T) {
		s := s.Clone()
		s.ShipControl.Pos = 0
		refuse(t, s, host, MoveLowerShipControl, sourceArgs{"alert card"}, "track_at_end")
	})
	t.Run("ErrAlertPending", func(t *testing.T) {
		s := apply(t, s, ann, MoveEndTurn, nil)
		refuse(t, s, ann, MoveEndTurn, nil, "alert_pending")
	})
	t.Run("ErrDecode", func(t *testing.T) {
		if _, err := game.Decode([]byte(`{"phase":"turn"}`)); err == nil {
			t.Fatal("a state without game data decoded")
		}
	})
	t.Run("ErrInvariantsGrenade", func(t *testing.T) {
		s := s.Clone()
		s.Players[0].Grenades = 1
		if err := game.Invariants(s); err == nil {
			t.Fatal("a fourth grenade passed the invariants")
		}
	})
	t.Run("HostMayApplyEffects", func(t *testing.T) {
		s := apply(t, s, host, MoveLowerShipControl, sourceArgs{"alert card"})
		wantShipControl(t, s, "Veteran")
		s = apply(t, s, ann, MoveAddAlien, addAlienArgs{Rank: "Patrol", Room: "Bridge"})
		if got, want := s.Rooms[room(s, "Bridge")].Aliens[Patrol], 1; got != want {
			t.Fatalf("Patrols = %d, want %d", got, want)
		}
	})
}

// TestRecordedGame replays a short recorded game from testdata.
func TestRecordedGame(t *testing.T) {
	script := kittest.LoadScript(t, "short_game.json")
	played := kittest.Play(t, game, script)
	kittest.Golden(t, "short_game.golden.json", kittest.Indent(t, game.View(played.State, kit.BoardViewer)))
}
