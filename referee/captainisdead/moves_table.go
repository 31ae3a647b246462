package captainisdead

import (
	"slices"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// The primitive moves below are how the table applies the alert, skill,
// tool and ability cards whose texts the book does not print. They are
// made by the host or by the player whose turn it is (Game.Apply); the
// referee applies every rule the book states around them. Their offers
// all require a turn or an alert in progress.

type addAlienArgs struct {
	Rank string `json:"rank"`
	Room string `json:"room"`
}

func offerAddAlien(s *State, _ int) *kit.MoveSpec {
	if !s.tableOpen() {
		return nil
	}
	return with(specAddAlien, rankArg, choiceArg("room", "Room", s.Data.roomChoice))
}

// applyAddAlien adds an alien, with the shortage and Commander rules.
// Codes: "unknown_rank", "unknown_room".
func applyAddAlien(t *turn, _ int, a addAlienArgs) error {
	s := t.S
	k := rankIndex(a.Rank)
	if k < 0 {
		return kit.Errorf("unknown_rank", ruleHowAliens, "There is no alien rank %q.", a.Rank)
	}
	r, err := s.roomArg(a.Room)
	if err != nil {
		return err
	}
	s.addAlien(k, r, t)
	return nil
}

type moveAlienArgs struct {
	Move string `json:"move"`
}

// moveKey encodes "rank|from|to" choice values.
func moveKey(rank int, from, to string) string { return Ranks[rank] + "|" + from + "|" + to }

// alienPairs lists the (room, rank) pairs with an alien, room by room.
func (s *State) alienPairs() [][2]int {
	var out [][2]int
	for r := range s.Rooms {
		for k, c := range s.Rooms[r].Aliens {
			if c > 0 {
				out = append(out, [2]int{r, k})
			}
		}
	}
	return out
}

func offerMoveAlien(s *State, _ int) *kit.MoveSpec {
	pairs := s.alienPairs()
	if !s.tableOpen() || len(pairs) == 0 {
		return nil
	}
	cs := make([]kit.Choice, 0, len(pairs)*(len(s.Rooms)-1))
	for _, p := range pairs {
		for to := range s.Rooms {
			if to != p[0] {
				cs = append(cs, s.Data.moveChoice[p[0]][to][p[1]])
			}
		}
	}
	return with(specMoveAlien, choiceArg("move", "Alien and destination", cs))
}

// applyMoveAlien moves one alien to another room. Codes: "bad_alien",
// "no_such_alien", "same_room".
func applyMoveAlien(t *turn, _ int, a moveAlienArgs) error {
	s := t.S
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
	t.Public("alien_moved", "%s moves from the %s to the %s.", anAlien(k), s.roomName(from), s.roomName(to))
	return nil
}

type alienArgs struct {
	Alien string `json:"alien"`
}

func offerRemoveAlien(s *State, _ int) *kit.MoveSpec {
	pairs := s.alienPairs()
	if !s.tableOpen() || len(pairs) == 0 {
		return nil
	}
	cs := make([]kit.Choice, len(pairs))
	for i, p := range pairs {
		cs[i] = s.Data.alienChoice[p[0]][p[1]]
	}
	return with(specRemoveAlien, choiceArg("alien", "Alien", cs))
}

// applyRemoveAlien takes an alien off the ship without killing it (no
// alarm). Codes: "bad_alien", "no_such_alien".
func applyRemoveAlien(t *turn, _ int, a alienArgs) error {
	s := t.S
	k, r, ok := s.parseAlienKey(a.Alien)
	if !ok {
		return kit.Errorf("bad_alien", ruleHowAliens, "Name the alien as rank|room.")
	}
	if s.Rooms[r].Aliens[k] == 0 {
		return kit.Errorf("no_such_alien", ruleHowAliens, "There is no %s in the %s.", Ranks[k], s.roomName(r))
	}
	s.Rooms[r].Aliens[k]--
	t.Public("alien_removed", "%s leaves the ship from the %s.", anAlien(k), s.roomName(r))
	return nil
}

type killAliensArgs struct {
	Room   string `json:"room"`
	All    bool   `json:"all"`
	Source string `json:"source"`
}

func offerKillAliens(s *State, _ int) *kit.MoveSpec {
	if !s.tableOpen() || s.mayKill() != nil {
		return nil
	}
	var occupied []kit.Choice
	for r := range s.Rooms {
		if s.Rooms[r].total() > 0 {
			occupied = append(occupied, s.Data.roomChoice[r])
		}
	}
	if len(occupied) == 0 {
		return nil
	}
	return with(specKillAliens, choiceArg("room", "Room", occupied), allArg, sourceArg)
}

// applyKillAliens kills aliens by a card effect (the Rifle): every alien of
// the room, or its lowest-ranking one, in rank order, one alarm each.
// Codes: "unknown_room", "no_aliens_here", "sympathizer_never_kills".
func applyKillAliens(t *turn, _ int, a killAliensArgs) error {
	s := t.S
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
	s.killAliens(r, n, sourceText(a.Source), t)
	return nil
}

type trackArgs struct {
	Track  string `json:"track"`
	Source string `json:"source"`
}

func offerRaiseTrack(s *State, _ int) *kit.MoveSpec {
	if !s.tableOpen() {
		return nil
	}
	tracks := trackChoices[1:]
	if s.Concealment.Pos < ConcealmentDef.Max() && s.aboard()[Commander] < s.Data.alienSupply[Commander] {
		tracks = trackChoices
	}
	sp := with(specRaiseTrack, choiceArg("track", "Track", tracks), sourceArg)
	if s.ShipControl.Pos == ShipControlDef.Max()-1 {
		sp.Confirm = "Raising Ship Control now reaches WIN! and ends the game."
	}
	return sp
}

// applyRaiseTrack raises the Concealment Level or Ship Control one step by
// a card effect, with its source recorded. While all four Commanders are
// aboard the Concealment Level stays at SET TO KILL. Codes:
// "unknown_track", "track_at_end", "commanders_aboard".
func applyRaiseTrack(t *turn, _ int, a trackArgs) error {
	s := t.S
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
		t.Public("concealment_raised", "The Concealment Level rises to %s (%s).", ConcealmentDef.StepLabel(s.Concealment.Pos), src)
	case ShipControlDef.Label:
		s.raiseShipControl(src, t)
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

func offerLowerShipControl(s *State, _ int) *kit.MoveSpec {
	if !s.tableOpen() || s.ShipControl.Pos == 0 {
		return nil
	}
	return with(specLowerShipControl, sourceArg)
}

// applyLowerShipControl lowers Ship Control one step by a card effect.
// Codes: "track_at_end".
func applyLowerShipControl(t *turn, _ int, a sourceArgs) error {
	s := t.S
	if s.ShipControl.Pos == 0 {
		return kit.Errorf("track_at_end", ruleTrackText, "Ship Control is already at Insane.")
	}
	s.ShipControl.Pos--
	t.Public("ship_control", "Ship Control falls to %s (%s).", ShipControlDef.StepLabel(s.ShipControl.Pos), sourceText(a.Source))
	return nil
}

// AlarmCauses are the alarms the table reports by hand (the others the
// referee sounds itself).
var AlarmCauses = []string{"bell icon", "alert overridden", "card effect"}

type alarmArgs struct {
	Cause  string `json:"cause"`
	Source string `json:"source"`
}

func offerSoundAlarm(s *State, _ int) *kit.MoveSpec {
	if !s.tableOpen() {
		return nil
	}
	return with(specSoundAlarm, causeArg, sourceArg)
}

// applySoundAlarm sounds an alarm the referee cannot see by itself: a bell
// icon, an overridden alert, a card effect. Codes: "unknown_cause".
func applySoundAlarm(t *turn, _ int, a alarmArgs) error {
	s := t.S
	if !slices.Contains(AlarmCauses, a.Cause) {
		return kit.Errorf("unknown_cause", ruleAlarms, "Alarm causes are %v.", AlarmCauses)
	}
	cause := a.Cause
	if a.Source != "" {
		cause += ": " + a.Source
	}
	s.alarm(cause, t)
	return nil
}

type suppressArgs struct {
	Source string `json:"source"`
}

func offerArmSuppression(s *State, _ int) *kit.MoveSpec {
	if !s.tableOpen() {
		return nil
	}
	return with(specArmSuppression, suppressionArg)
}

// applyArmSuppression arms a suppression that absorbs the next alarm and
// records its source (Alarms). Codes: "unknown_source".
func applyArmSuppression(t *turn, _ int, a suppressArgs) error {
	s := t.S
	if !slices.Contains(SuppressionSources, a.Source) {
		return kit.Errorf("unknown_source", ruleAlarms, "Alarms are suppressed by %v.", SuppressionSources)
	}
	s.Suppressions = append(s.Suppressions, a.Source)
	t.Public("suppression_armed", "The %s will suppress the next alarm.", a.Source)
	return nil
}

func offerCancelSuppression(s *State, _ int) *kit.MoveSpec {
	if !s.tableOpen() || len(s.Suppressions) == 0 {
		return nil
	}
	sp := specCancelSuppression
	return &sp
}

// applyCancelSuppression disarms the last armed suppression. Codes:
// "no_suppression".
func applyCancelSuppression(t *turn, _ int) error {
	s := t.S
	if len(s.Suppressions) == 0 {
		return kit.Errorf("no_suppression", ruleAlarms, "No suppression is armed.")
	}
	last := s.Suppressions[len(s.Suppressions)-1]
	s.Suppressions = s.Suppressions[:len(s.Suppressions)-1]
	t.Public("suppression_cancelled", "The %s suppression is cancelled.", last)
	return nil
}

func offerLockSystem(s *State, _ int) *kit.MoveSpec {
	if !s.tableOpen() {
		return nil
	}
	var unlocked []kit.Choice
	for i := range s.Data.Systems {
		if !s.Systems[i].Locked {
			unlocked = append(unlocked, s.Data.systemChoice[i])
		}
	}
	if len(unlocked) == 0 {
		return nil
	}
	return with(specLockSystem, choiceArg("system", "System", unlocked))
}

// applyLockSystem relocks an unlocked system, which is an alarm
// (Concealment Level). Codes: "unknown_system", "system_locked".
func applyLockSystem(t *turn, _ int, a systemArgs) error {
	s := t.S
	i, err := s.systemArg(a.System)
	if err != nil {
		return err
	}
	if s.Systems[i].Locked {
		return kit.Errorf("system_locked", ruleConcealment, "%s is already locked.", a.System)
	}
	s.Systems[i].Locked = true
	t.Public("system_relocked", "%s is relocked.", a.System)
	s.alarm(a.System+" relocked", t)
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

// honeypotRooms lists the rooms with (has) or without a honeypot.
func (s *State) honeypotRooms(has bool) []kit.Choice {
	var out []kit.Choice
	for r := range s.Rooms {
		if s.Rooms[r].Honeypot == has {
			out = append(out, s.Data.roomChoice[r])
		}
	}
	return out
}

func offerPlaceHoneypot(s *State, _ int) *kit.MoveSpec {
	free := s.honeypotRooms(false)
	if !s.tableOpen() || len(free) == 0 || s.honeypotsPlaced() >= s.Data.Counts.Honeypots.Value {
		return nil
	}
	return with(specPlaceHoneypot, choiceArg("room", "Room", free))
}

// applyPlaceHoneypot places a honeypot cube. Codes: "unknown_room",
// "honeypot_here", "no_honeypot".
func applyPlaceHoneypot(t *turn, _ int, a roomArgs) error {
	s := t.S
	r, err := s.roomArg(a.Room)
	if err != nil {
		return err
	}
	if s.Rooms[r].Honeypot {
		return kit.Errorf("honeypot_here", ruleAlarms, "The %s already has a honeypot.", a.Room)
	}
	if s.honeypotsPlaced() >= s.Data.Counts.Honeypots.Value {
		return kit.Errorf("no_honeypot", ruleAlarms, "All %d honeypots are on the board.", s.Data.Counts.Honeypots.Value)
	}
	s.Rooms[r].Honeypot = true
	t.Public("honeypot_placed", "A honeypot is placed in the %s.", a.Room)
	return nil
}

func offerRemoveHoneypot(s *State, _ int) *kit.MoveSpec {
	rooms := s.honeypotRooms(true)
	if !s.tableOpen() || len(rooms) == 0 {
		return nil
	}
	return with(specRemoveHoneypot, choiceArg("room", "Room", rooms))
}

// applyRemoveHoneypot removes a honeypot cube. Codes: "unknown_room",
// "no_honeypot_here".
func applyRemoveHoneypot(t *turn, _ int, a roomArgs) error {
	s := t.S
	r, err := s.roomArg(a.Room)
	if err != nil {
		return err
	}
	if !s.Rooms[r].Honeypot {
		return kit.Errorf("no_honeypot_here", ruleAlarms, "There is no honeypot in the %s.", a.Room)
	}
	s.Rooms[r].Honeypot = false
	t.Public("honeypot_removed", "The honeypot in the %s is removed.", a.Room)
	return nil
}

type seatArgs struct {
	Seat int `json:"seat"`
}

// livingChoices lists the living characters that keep, as seat choices.
func (s *State) livingChoices(keep func(seat int) bool) []kit.Choice {
	var out []kit.Choice
	for i, p := range s.Players {
		if p.Alive && keep(i) {
			out = append(out, kit.Choice{Value: i, Label: s.who(i)})
		}
	}
	return out
}

func offerInjure(s *State, _ int) *kit.MoveSpec {
	if !s.tableOpen() {
		return nil
	}
	cs := s.livingChoices(func(i int) bool { return !s.Players[i].Injured && !s.role(i).Unharmed })
	if len(cs) == 0 {
		return nil
	}
	return with(specInjure, seatChoiceArg(cs))
}

// applyInjure injures a character by a card effect. The Hologram and the
// Sympathizer are never harmed by aliens. Codes: those of seatArg,
// "unharmed", "already_injured".
func applyInjure(t *turn, _ int, a seatArgs) error {
	s := t.S
	if err := s.seatArg(a.Seat); err != nil {
		return err
	}
	p := &s.Players[a.Seat]
	if s.role(a.Seat).Unharmed {
		return kit.Errorf("unharmed", ruleHowAliens, "The %s is unaffected by the aliens.", p.Character)
	}
	if p.Injured {
		return kit.Errorf("already_injured", ruleHowAliens, "%s is already injured.", s.who(a.Seat))
	}
	p.Injured = true
	t.Public("injured", "%s is injured.", s.who(a.Seat))
	return nil
}

func offerHeal(s *State, _ int) *kit.MoveSpec {
	if !s.tableOpen() {
		return nil
	}
	cs := s.livingChoices(func(i int) bool { return s.Players[i].Injured })
	if len(cs) == 0 {
		return nil
	}
	return with(specHeal, seatChoiceArg(cs))
}

// applyHeal heals a character by a card effect. Codes: those of seatArg,
// "not_injured".
func applyHeal(t *turn, _ int, a seatArgs) error {
	s := t.S
	if err := s.seatArg(a.Seat); err != nil {
		return err
	}
	p := &s.Players[a.Seat]
	if !p.Injured {
		return kit.Errorf("not_injured", ruleHowAliens, "%s is not injured.", s.who(a.Seat))
	}
	p.Injured = false
	t.Public("healed", "%s is healed.", s.who(a.Seat))
	return nil
}

type placementArgs struct {
	Placement string `json:"placement"`
}

func offerPlaceCharacter(s *State, _ int) *kit.MoveSpec {
	if !s.tableOpen() {
		return nil
	}
	placements := make([]kit.Choice, 0, len(s.Players)*len(s.Rooms))
	for i, p := range s.Players {
		if !p.Alive {
			continue
		}
		values := s.Data.placeValues(i)
		for r := range s.Rooms {
			if r != p.Room {
				placements = append(placements, kit.Choice{Value: values[r], Label: p.Name + " → " + s.roomName(r)})
			}
		}
	}
	if len(placements) == 0 {
		return nil
	}
	return with(specPlaceCharacter, choiceArg("placement", "Character and room", placements))
}

// applyPlaceCharacter puts a character in a room (a card effect or a
// correction). Codes: those of seatArg, "bad_placement", "same_room".
func applyPlaceCharacter(t *turn, _ int, a placementArgs) error {
	s := t.S
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
	t.Public("placed", "%s is placed in the %s.", s.who(seat), roomText)
	return nil
}

func offerFinishAlert(s *State, _ int) *kit.MoveSpec {
	if s.Phase != PhaseAlert {
		return nil
	}
	sp := specFinishAlert
	return &sp
}

// applyFinishAlert closes the alert the table has applied: Perform Hostile
// Alien Actions runs, then play goes on. Codes: "no_alert".
func applyFinishAlert(t *turn, _ int) error {
	s := t.S
	if s.Phase != PhaseAlert {
		return kit.Errorf("no_alert", ruleHowAliens, "No alert is being resolved.")
	}
	s.hostileAlienActions(t)
	s.nextAlert(t)
	return nil
}
