package captainisdead

import (
	"slices"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// The primitive moves below are how the table applies the alert, skill,
// tool and ability cards whose texts the book does not print. They are
// made by the host or by the player whose turn it is; the referee applies
// every rule the book states around them.

type addAlienArgs struct {
	Rank string `json:"rank"`
	Room string `json:"room"`
}

// applyAddAlien adds an alien, with the shortage and Commander rules.
// Codes: those of requireTable, "unknown_rank", "unknown_room".
func applyAddAlien(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a addAlienArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	k := rankIndex(a.Rank)
	if k < 0 {
		return kit.Errorf("unknown_rank", ruleHowAliens, "There is no alien rank %q.", a.Rank)
	}
	r, err := s.roomArg(a.Room)
	if err != nil {
		return err
	}
	s.addAlien(k, r, ev)
	return nil
}

type moveAlienArgs struct {
	Move string `json:"move"`
}

// moveKey encodes "rank|from|to" choice values.
func moveKey(rank int, from, to string) string { return Ranks[rank] + "|" + from + "|" + to }

// applyMoveAlien moves one alien to another room. Codes: those of
// requireTable, "bad_alien", "no_such_alien", "same_room".
func applyMoveAlien(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a moveAlienArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	i := strings.LastIndex(a.Move, "|")
	if i < 0 {
		return kit.Errorf("bad_alien", ruleHowAliens, "Name the alien as rank|from|to.")
	}
	k, from, ok := s.parseAlienKey(a.Move[:i])
	to := s.Data.room(a.Move[i+1:])
	if !ok || to < 0 {
		return kit.Errorf("bad_alien", ruleHowAliens, "Name the alien as rank|from|to with a known rank and rooms.")
	}
	if s.Rooms[from].Aliens[k] == 0 {
		return kit.Errorf("no_such_alien", ruleHowAliens, "There is no %s in the %s.", Ranks[k], s.roomName(from))
	}
	if from == to {
		return kit.Errorf("same_room", ruleHowAliens, "The alien is already in the %s.", s.roomName(to))
	}
	s.Rooms[from].Aliens[k]--
	s.Rooms[to].Aliens[k]++
	ev.public("alien_moved", "%s moves from the %s to the %s.", anAlien(k), s.roomName(from), s.roomName(to))
	return nil
}

type alienArgs struct {
	Alien string `json:"alien"`
}

// applyRemoveAlien takes an alien off the ship without killing it (no
// alarm). Codes: those of requireTable, "bad_alien", "no_such_alien".
func applyRemoveAlien(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a alienArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	k, r, ok := s.parseAlienKey(a.Alien)
	if !ok {
		return kit.Errorf("bad_alien", ruleHowAliens, "Name the alien as rank|room.")
	}
	if s.Rooms[r].Aliens[k] == 0 {
		return kit.Errorf("no_such_alien", ruleHowAliens, "There is no %s in the %s.", Ranks[k], s.roomName(r))
	}
	s.Rooms[r].Aliens[k]--
	ev.public("alien_removed", "%s leaves the ship from the %s.", anAlien(k), s.roomName(r))
	return nil
}

type killAliensArgs struct {
	Room   string `json:"room"`
	All    bool   `json:"all"`
	Source string `json:"source"`
}

// applyKillAliens kills aliens by a card effect (the Rifle): every alien of
// the room, or its lowest-ranking one, in rank order, one alarm each.
// Codes: those of requireTable, "unknown_room", "no_aliens_here",
// "sympathizer_never_kills".
func applyKillAliens(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a killAliensArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	r, err := s.roomArg(a.Room)
	if err != nil {
		return err
	}
	if s.Rooms[r].total() == 0 {
		return kit.Errorf("no_aliens_here", ruleHowAliens, "There is no alien in the %s.", a.Room)
	}
	if err := s.mayKill(); err != nil {
		return err
	}
	n := 1
	if a.All {
		n = s.Rooms[r].total()
	}
	src := a.Source
	if src == "" {
		src = "card effect"
	}
	s.killAliens(r, n, src, ev)
	return nil
}

type trackArgs struct {
	Track  string `json:"track"`
	Source string `json:"source"`
}

// applyRaiseTrack raises the Concealment Level or Ship Control one step by
// a card effect, with its source recorded. While all four Commanders are
// aboard the Concealment Level stays at SET TO KILL. Codes: those of
// requireTable, "unknown_track", "track_at_end", "commanders_aboard".
func applyRaiseTrack(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a trackArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	src := sourceText(a.Source)
	switch a.Track {
	case ConcealmentDef.Label:
		if s.Concealment.Pos == ConcealmentDef.Max() {
			return kit.Errorf("track_at_end", ruleTrackText, "The Concealment Level is already at 100%%.")
		}
		if s.aboard()[Commander] >= s.Data.alienSupply[Commander] {
			return kit.Errorf("commanders_aboard", ruleHowAliens, "All four Commanders are on the ship: the Concealment Level stays at SET TO KILL.")
		}
		s.Concealment.Pos++
		ev.public("concealment_raised", "The Concealment Level rises to %s (%s).", ConcealmentDef.StepLabel(s.Concealment.Pos), src)
	case ShipControlDef.Label:
		s.raiseShipControl(src, ev)
	default:
		return kit.Errorf("unknown_track", ruleTrackText, "There is no track %q.", a.Track)
	}
	return nil
}

func sourceText(src string) string {
	if src == "" {
		return "card effect"
	}
	return src
}

type sourceArgs struct {
	Source string `json:"source"`
}

// applyLowerShipControl lowers Ship Control one step by a card effect.
// Codes: those of requireTable, "track_at_end".
func applyLowerShipControl(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a sourceArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	if s.ShipControl.Pos == 0 {
		return kit.Errorf("track_at_end", ruleTrackText, "Ship Control is already at Insane.")
	}
	s.ShipControl.Pos--
	ev.public("ship_control", "Ship Control falls to %s (%s).", ShipControlDef.StepLabel(s.ShipControl.Pos), sourceText(a.Source))
	return nil
}

type alarmArgs struct {
	Cause  string `json:"cause"`
	Source string `json:"source"`
}

// applySoundAlarm sounds an alarm the referee cannot see by itself: a bell
// icon, an overridden alert, a card effect. Codes: those of requireTable,
// "unknown_cause".
func applySoundAlarm(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a alarmArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	if !slices.Contains(AlarmCauses, a.Cause) {
		return kit.Errorf("unknown_cause", ruleAlarms, "Alarm causes are %v.", AlarmCauses)
	}
	cause := a.Cause
	if a.Source != "" {
		cause += ": " + a.Source
	}
	s.alarm(cause, ev)
	return nil
}

type suppressArgs struct {
	Source string `json:"source"`
}

// applyArmSuppression arms a suppression that absorbs the next alarm and
// records its source (Alarms). Codes: those of requireTable,
// "unknown_source".
func applyArmSuppression(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a suppressArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	if !slices.Contains(SuppressionSources, a.Source) {
		return kit.Errorf("unknown_source", ruleAlarms, "Alarms are suppressed by %v.", SuppressionSources)
	}
	s.Suppressions = append(s.Suppressions, a.Source)
	ev.public("suppression_armed", "The %s will suppress the next alarm.", a.Source)
	return nil
}

// applyCancelSuppression disarms the last armed suppression. Codes: those
// of requireTable, "no_suppression".
func applyCancelSuppression(s *State, who kit.Actor, m kit.Move, ev *events) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	if len(s.Suppressions) == 0 {
		return kit.Errorf("no_suppression", ruleAlarms, "No suppression is armed.")
	}
	last := s.Suppressions[len(s.Suppressions)-1]
	s.Suppressions = s.Suppressions[:len(s.Suppressions)-1]
	ev.public("suppression_cancelled", "The %s suppression is cancelled.", last)
	return nil
}

// applyLockSystem relocks an unlocked system, which is an alarm
// (Concealment Level). Codes: those of requireTable, "unknown_system",
// "system_locked".
func applyLockSystem(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a systemArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	i, err := s.systemArg(a.System)
	if err != nil {
		return err
	}
	if s.Systems[i].Locked {
		return kit.Errorf("system_locked", ruleConcealment, "%s is already locked.", a.System)
	}
	s.Systems[i].Locked = true
	ev.public("system_relocked", "%s is relocked.", a.System)
	s.alarm(a.System+" relocked", ev)
	return nil
}

// honeypotsPlaced counts the honeypots on the board.
func (s *State) honeypotsPlaced() int {
	n := 0
	for _, r := range s.Rooms {
		if r.Honeypot {
			n++
		}
	}
	return n
}

// applyHoneypot places or removes a honeypot cube. Codes: those of
// requireTable, "unknown_room", "honeypot_here", "no_honeypot",
// "no_honeypot_here".
func applyHoneypot(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a roomArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	r, err := s.roomArg(a.Room)
	if err != nil {
		return err
	}
	if m.Type == MovePlaceHoneypot {
		if s.Rooms[r].Honeypot {
			return kit.Errorf("honeypot_here", ruleAlarms, "The %s already has a honeypot.", a.Room)
		}
		if s.honeypotsPlaced() >= s.Data.Counts.Honeypots.Value {
			return kit.Errorf("no_honeypot", ruleAlarms, "All %d honeypots are on the board.", s.Data.Counts.Honeypots.Value)
		}
		s.Rooms[r].Honeypot = true
		ev.public("honeypot_placed", "A honeypot is placed in the %s.", a.Room)
		return nil
	}
	if !s.Rooms[r].Honeypot {
		return kit.Errorf("no_honeypot_here", ruleAlarms, "There is no honeypot in the %s.", a.Room)
	}
	s.Rooms[r].Honeypot = false
	ev.public("honeypot_removed", "The honeypot in the %s is removed.", a.Room)
	return nil
}

type seatArgs struct {
	Seat int `json:"seat"`
}

// applyInjury injures or heals a character by a card effect. The Hologram
// and the Sympathizer are never harmed by aliens. Codes: those of
// requireTable and seatArg, "unharmed", "already_injured", "not_injured".
func applyInjury(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a seatArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	if err := s.seatArg(a.Seat); err != nil {
		return err
	}
	p := &s.Players[a.Seat]
	if m.Type == MoveInjure {
		if s.role(a.Seat).Unharmed {
			return kit.Errorf("unharmed", ruleHowAliens, "The %s is unaffected by the aliens.", p.Character)
		}
		if p.Injured {
			return kit.Errorf("already_injured", ruleHowAliens, "%s is already injured.", s.who(a.Seat))
		}
		p.Injured = true
		ev.public("injured", "%s is injured.", s.who(a.Seat))
		return nil
	}
	if !p.Injured {
		return kit.Errorf("not_injured", ruleHowAliens, "%s is not injured.", s.who(a.Seat))
	}
	p.Injured = false
	ev.public("healed", "%s is healed.", s.who(a.Seat))
	return nil
}

type placementArgs struct {
	Placement string `json:"placement"`
}

// applyPlaceCharacter puts a character in a room (a card effect or a
// correction). Codes: those of requireTable and seatArg, "bad_placement",
// "same_room".
func applyPlaceCharacter(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a placementArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	seatText, roomText, ok := strings.Cut(a.Placement, "|")
	seat, err := strconv.Atoi(seatText)
	r := s.Data.room(roomText)
	if !ok || err != nil || r < 0 {
		return kit.Errorf("bad_placement", ruleSetup, "Name the placement as seat|room.")
	}
	if err := s.seatArg(seat); err != nil {
		return err
	}
	if s.Players[seat].Room == r {
		return kit.Errorf("same_room", ruleSetup, "%s is already in the %s.", s.who(seat), roomText)
	}
	s.Players[seat].Room = r
	ev.public("placed", "%s is placed in the %s.", s.who(seat), roomText)
	return nil
}

// applyFinishAlert closes the alert the table has applied: Perform Hostile
// Alien Actions runs, then play goes on. Codes: "no_alert" and those of
// requireTable.
func applyFinishAlert(s *State, who kit.Actor, m kit.Move, ev *events) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if s.Phase != PhaseAlert {
		return kit.Errorf("no_alert", ruleHowAliens, "No alert is being resolved.")
	}
	if err := s.requireTable(who); err != nil {
		return err
	}
	s.hostileAlienActions(ev)
	s.nextAlert(ev)
	return nil
}
