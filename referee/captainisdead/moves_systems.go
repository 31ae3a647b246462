package captainisdead

import (
	"strings"

	"tablewarden/referee/kit"
)

// The systems the referee knows by name (New Systems).
const (
	SystemShipControl          = "Ship Control"
	SystemGrenadeLocker        = "Grenade Locker"
	SystemSurveillanceScanners = "Surveillance Scanners"
)

type systemArgs struct {
	System string `json:"system"`
}

// systemRoom is the room a system sits in.
func (s *State) systemRoom(i int) int { return s.Data.room(s.Data.Systems[i].Location) }

// repairDue is the number of skill cards a seat discards to repair system
// i: the system's repair cost less the role's discounts of that skill.
func (s *State) repairDue(seat, i int) int {
	c := s.Data.Systems[i].Repair
	return max(0, c.Count-s.role(seat).Discounts[c.Skill])
}

// systemCheck returns the code of why seat may not make moveType on
// system i now (besides the turn and the actions): "not_in_system_room",
// "system_locked", "system_unlocked", "not_enough_skills",
// "grenade_locker_empty"; "" when it may. systemRefusal words it.
func (s *State) systemCheck(moveType string, seat, i int) string {
	if s.Players[seat].Room != s.systemRoom(i) {
		return "not_in_system_room"
	}
	locked := s.Systems[i].Locked
	switch moveType {
	case MoveUseSystem, MoveRepairSystem:
		if locked {
			return "system_locked"
		}
	default:
		if !locked {
			return "system_unlocked"
		}
	}
	switch {
	case moveType == MoveRepairSystem && s.Players[seat].Skills < s.repairDue(seat, i):
		return "not_enough_skills"
	case moveType == MoveUseSystem && s.Data.Systems[i].Name == SystemGrenadeLocker && s.GrenadeLocker == 0:
		return "grenade_locker_empty"
	}
	return ""
}

// systemRefusal is systemCheck's refusal, or nil.
func (s *State) systemRefusal(moveType string, seat, i int) *kit.RuleError {
	sy := s.Data.Systems[i]
	switch s.systemCheck(moveType, seat, i) {
	case "not_in_system_room":
		return kit.Errorf("not_in_system_room", ruleAlarms, "%s is in the %s: a system is used, repaired, unlocked or hacked in its own location.", sy.Called(), sy.Location)
	case "system_locked":
		return kit.Errorf("system_locked", ruleSetup, "%s is Locked: unlock it (or hack it) before it can be used or repaired.", sy.Called())
	case "system_unlocked":
		return kit.Errorf("system_unlocked", ruleSetup, "%s is already unlocked.", sy.Called())
	case "not_enough_skills":
		return kit.Errorf("not_enough_skills", ruleNewSystems, "Repairing %s costs %d %s skill card(s) (game data); you hold %d skill cards.", sy.Called(), s.repairDue(seat, i), sy.Repair.Skill, s.Players[seat].Skills)
	case "grenade_locker_empty":
		return kit.Errorf("grenade_locker_empty", ruleNewSystems, "The Grenade Locker is empty: there are only %d grenades, and grenades are not reused.", s.Data.Counts.Grenades.Value)
	}
	return nil
}

// offerSystem offers using, repairing, unlocking or hacking a system in
// the character's room.
func offerSystem(moveType string) func(s *State, seat int) *kit.MoveSpec {
	spec := map[string]kit.MoveSpec{MoveUseSystem: specUseSystem, MoveRepairSystem: specRepairSystem,
		MoveUnlockSystem: specUnlockSystem, MoveHackSystem: specHackSystem}[moveType]
	return func(s *State, seat int) *kit.MoveSpec {
		if !s.onTurn(seat) || s.actionsLeft() < s.Data.ActionCosts.System.Value {
			return nil
		}
		var choices []kit.Choice
		var confirm []string
		for i := range s.Data.Systems {
			if s.systemCheck(moveType, seat, i) != "" {
				continue
			}
			choices = append(choices, s.Data.systemChoice[i])
			if c := s.systemConfirm(moveType, seat, i); c != "" {
				confirm = append(confirm, c)
			}
		}
		if len(choices) == 0 {
			return nil
		}
		sp := with(spec, choiceArg("system", "System", choices))
		sp.Confirm = strings.Join(confirm, " ")
		return sp
	}
}

// applySystem uses, repairs, unlocks or hacks a system, in its own room.
// A Locked system can be neither used nor repaired; a repair discards the
// skill cards the game data says. Hacking is an alarm; any of the four in
// a room with a honeypot is an alarm (Alarms); the Hacker role sounds no
// alarm bringing a system online (unlock, repair, hack). Repairing Ship
// Control raises it one step (Ship Control); using the Grenade Locker
// takes a grenade, using the Surveillance Scanners shows the next alerts
// (New Systems). Codes: those of requireTurn and systemRefusal,
// "unknown_system", "no_actions_left".
func applySystem(moveType string) func(t *turn, seat int, a systemArgs) error {
	return func(t *turn, seat int, a systemArgs) error {
		s := t.S
		i, err := s.systemArg(a.System)
		if err != nil {
			return err
		}
		if re := s.systemRefusal(moveType, seat, i); re != nil {
			return re
		}
		if err := s.spend(s.Data.ActionCosts.System.Value); err != nil {
			return err
		}
		quiet := moveType != MoveUseSystem && s.role(seat).QuietSystems
		honeypot := s.Rooms[s.systemRoom(i)].Honeypot
		verb := map[string]string{MoveUseSystem: "uses", MoveRepairSystem: "repairs", MoveUnlockSystem: "unlocks", MoveHackSystem: "hacks"}[moveType]
		done := map[string]string{MoveUseSystem: "used", MoveRepairSystem: "repaired", MoveUnlockSystem: "unlocked", MoveHackSystem: "hacked"}[moveType]
		t.Public("system", "%s %s %s.", s.who(seat), verb, a.System)
		if moveType == MoveRepairSystem {
			s.payRepair(t, seat, i)
		}
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
			if a.System == SystemShipControl {
				s.raiseShipControl("Ship Control repaired", t)
			}
		case MoveUseSystem:
			switch a.System {
			case SystemGrenadeLocker:
				s.GrenadeLocker--
				s.Players[seat].Grenades++
				t.Public("grenade_taken", "%s takes a grenade (%d left in the locker).", s.who(seat), s.GrenadeLocker)
				s.handCheck(seat, t)
			case SystemSurveillanceScanners:
				s.scan(t)
			}
		}
		return nil
	}
}

// payRepair discards the skill cards a repair costs to the Discarded
// Skills pile and records the cost and where it comes from.
func (s *State) payRepair(t *turn, seat, i int) {
	c := s.Data.Systems[i].Repair
	due := s.repairDue(seat, i)
	s.Players[seat].Skills -= due
	s.SkillPile += due
	saved := c.Count - due
	t.Public("repair_paid", "%s discards %d %s skill card(s) for the repair (cost %d, %d saved by discounts; %s value).", s.who(seat), due, c.Skill, c.Count, saved, c.Source)
}

// scan is the Surveillance Scanners: the crew looks at what is coming, the
// next alert cards of the stacked deck (as many as the game data says).
// The referee knows their colours and records how many were seen; the
// table looks at the cards themselves.
func (s *State) scan(t *turn) {
	n := min(s.Data.SurveillancePeek.Value, s.Deck.Left())
	s.Foreseen = n
	if n == 0 {
		t.Public("scanned", "The Surveillance Scanners show nothing: the Alert deck is empty.")
		return
	}
	t.Reveal()
	t.Public("scanned", "Look at the top %d alert card(s) without changing their order: %s. Plan accordingly.", n, strings.Join(s.Deck.Next(n), ", "))
}

// systemConfirm is the sentence the phone asks before a system move that
// ends the game or shows hidden cards, or "".
func (s *State) systemConfirm(moveType string, seat, i int) string {
	name := s.Data.Systems[i].Name
	switch {
	case moveType == MoveRepairSystem && name == SystemShipControl && s.ShipControl.Pos == ShipControlDef.Max()-1:
		return "Repairing Ship Control now raises it to WIN! and ends the game."
	case moveType == MoveUseSystem && name == SystemSurveillanceScanners:
		return "The Surveillance Scanners show the next alert cards; this cannot be undone."
	}
	return ""
}
