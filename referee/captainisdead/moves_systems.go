package captainisdead

import (
	"tablewarden/referee/kit"
)

type systemArgs struct {
	System string `json:"system"`
}

// offerSystem offers using, repairing, unlocking or hacking a system.
func offerSystem(moveType string) func(s *State, seat int) *kit.MoveSpec {
	spec := map[string]kit.MoveSpec{MoveUseSystem: specUseSystem, MoveRepairSystem: specRepairSystem,
		MoveUnlockSystem: specUnlockSystem, MoveHackSystem: specHackSystem}[moveType]
	return func(s *State, seat int) *kit.MoveSpec {
		if !s.onTurn(seat) || s.actionsLeft() < s.Data.ActionCosts.System.Value || len(s.Systems) == 0 {
			return nil
		}
		choices := s.Data.systemChoice
		if moveType == MoveUnlockSystem || moveType == MoveHackSystem {
			choices = nil
			for i := range s.Data.Systems {
				if s.Systems[i].Locked {
					choices = append(choices, s.Data.systemChoice[i])
				}
			}
			if len(choices) == 0 {
				return nil
			}
		}
		return with(spec, choiceArg("system", "System", choices))
	}
}

// applySystem uses, repairs, unlocks or hacks a system. Hacking is an
// alarm; any of the four in a room with a honeypot is an alarm (Alarms);
// the Hacker role sounds no alarm bringing a system online (unlock,
// repair, hack). Repairing Ship Control raises it one step (Ship Control);
// using the Grenade Locker takes a grenade (New Systems). Codes: those of
// requireTurn, "unknown_system", "system_unlocked", "no_actions_left".
func applySystem(moveType string) func(t *turn, seat int, a systemArgs) error {
	return func(t *turn, seat int, a systemArgs) error {
		s := t.S
		if err := s.requireTurn(seat, true); err != nil {
			return err
		}
		i, err := s.systemArg(a.System)
		if err != nil {
			return err
		}
		if (moveType == MoveUnlockSystem || moveType == MoveHackSystem) && !s.Systems[i].Locked {
			return kit.Errorf("system_unlocked", ruleSetup, "%s is already unlocked.", a.System)
		}
		if err := s.spend(s.Data.ActionCosts.System.Value); err != nil {
			return err
		}
		quiet := moveType != MoveUseSystem && s.role(seat).QuietSystems
		honeypot := s.Rooms[s.Data.room(s.Data.Systems[i].Location)].Honeypot
		verb := map[string]string{MoveUseSystem: "uses", MoveRepairSystem: "repairs", MoveUnlockSystem: "unlocks", MoveHackSystem: "hacks"}[moveType]
		done := map[string]string{MoveUseSystem: "used", MoveRepairSystem: "repaired", MoveUnlockSystem: "unlocked", MoveHackSystem: "hacked"}[moveType]
		t.Public("system", "%s %s %s.", s.who(seat), verb, a.System)
		if quiet && (honeypot || moveType == MoveHackSystem) {
			t.Public("quiet_hacker", "No alarm: the %s brings systems online without a sound.", s.Players[seat].Character)
		}
		if moveType == MoveHackSystem && !quiet {
			s.alarm(a.System+" hacked", t)
		}
		if honeypot && !quiet {
			s.alarm(a.System+" "+done+" in a honeypot location", t)
		}
		switch moveType {
		case MoveUnlockSystem, MoveHackSystem:
			s.Systems[i].Locked = false
		case MoveRepairSystem:
			if a.System == "Ship Control" {
				s.raiseShipControl("Ship Control repaired", t)
			}
		case MoveUseSystem:
			if a.System == "Grenade Locker" {
				if s.GrenadeLocker > 0 {
					s.GrenadeLocker--
					s.Players[seat].Grenades++
					t.Public("grenade_taken", "%s takes a grenade (%d left in the locker).", s.who(seat), s.GrenadeLocker)
					s.handCheck(seat, t)
				} else {
					t.Public("no_grenades", "The Grenade Locker is empty: there are only %d grenades and they are not reused.", s.Data.Counts.Grenades.Value)
				}
			}
		}
		return nil
	}
}
