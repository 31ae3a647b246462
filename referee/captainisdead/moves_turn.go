package captainisdead

import (
	"slices"

	"tablewarden/referee/kit"
)

type roleArgs struct {
	Role string `json:"role"`
}

// applyChooseRole records a player's role; once every player has chosen,
// the characters go to their start and the setup alerts begin. Codes:
// "wrong_phase", "seat_only", "role_chosen", "not_your_colour".
func applyChooseRole(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a roleArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if s.Phase != PhaseChooseRoles {
		return kit.Errorf("wrong_phase", ruleSetup, "The roles have already been chosen.")
	}
	if !who.IsSeat() || who.Seat >= len(s.Players) {
		return kit.Errorf("seat_only", ruleSetup, "Each player chooses their own role.")
	}
	p := &s.Players[who.Seat]
	if p.Character != "" {
		return kit.Errorf("role_chosen", ruleSetup, "You have already chosen the %s.", p.Character)
	}
	if !slices.Contains(s.colourRoles(who.Seat), a.Role) {
		return kit.Errorf("not_your_colour", ruleSetup, "The %s is not one of the %s roles: choose one of %v.", a.Role, p.Colour, s.colourRoles(who.Seat))
	}
	p.Character = a.Role
	ev.public("role_chosen", "%s chooses the %s.", p.Name, a.Role)
	for _, q := range s.Players {
		if q.Character == "" {
			return nil
		}
	}
	s.startGame(ev)
	return nil
}

type toArgs struct {
	To string `json:"to"`
}

// applyMove walks the active character into an adjacent room. Codes: those
// of requireTurn, "unknown_room", "not_adjacent", "no_actions_left".
func applyMove(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a toArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTurn(who, true); err != nil {
		return err
	}
	to, err := s.roomArg(a.To)
	if err != nil {
		return err
	}
	p := &s.Players[who.Seat]
	if !s.Data.adjacent(p.Room, to) {
		return kit.Errorf("not_adjacent", ruleContinuing, "The %s is not next to the %s (board connections, game data).", a.To, s.roomName(p.Room))
	}
	if err := s.spend(s.Data.ActionCosts.Move.Value); err != nil {
		return err
	}
	ev.public("moved", "%s moves from the %s to the %s.", s.who(who.Seat), s.roomName(p.Room), a.To)
	p.Room = to
	return nil
}

type rankArgs struct {
	Rank string `json:"rank"`
}

// killCost is the actions a kill of a rank costs (How Aliens Work).
func (s *State) killCost(rank int) int {
	if rank == Lieutenant {
		return s.Data.ActionCosts.KillLieutenant.Value
	}
	return s.Data.ActionCosts.Kill.Value
}

// applyKillAlien kills one alien in the character's room: the lowest rank
// there first, 1 action or 2 for a Lieutenant, one alarm. Codes: those of
// requireTurn, "sympathizer_never_kills", "unknown_rank", "no_such_alien",
// "kill_rank_order", "no_actions_left".
func applyKillAlien(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a rankArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTurn(who, true); err != nil {
		return err
	}
	if err := s.mayKill(); err != nil {
		return err
	}
	k := rankIndex(a.Rank)
	if k < 0 {
		return kit.Errorf("unknown_rank", ruleHowAliens, "There is no alien rank %q.", a.Rank)
	}
	r := s.Players[who.Seat].Room
	if s.Rooms[r].Aliens[k] == 0 {
		return kit.Errorf("no_such_alien", ruleHowAliens, "There is no %s in the %s.", a.Rank, s.roomName(r))
	}
	if low := s.Rooms[r].lowest(); low != k {
		return kit.Errorf("kill_rank_order", ruleHowAliens, "Aliens are killed in rank order: kill the %s in the %s before the %s.", Ranks[low], s.roomName(r), a.Rank)
	}
	if err := s.spend(s.killCost(k)); err != nil {
		return err
	}
	s.killAliens(r, 1, s.who(who.Seat), ev)
	return nil
}

// mayKill refuses a kill by the Sympathizer: "sympathizer_never_kills".
func (s *State) mayKill() error {
	if s.Phase == PhaseTurn && s.role(s.active()).NeverKills {
		return kit.Errorf("sympathizer_never_kills", ruleNewRoles, "The %s won't kill any of its kind.", s.Players[s.active()].Character)
	}
	return nil
}

type roomArgs struct {
	Room string `json:"room"`
}

// adjacentTarget resolves the room a grenade or scent bomb goes into: it
// is deployed through a door from an adjacent space (Grenades and Scent
// Bombs). Codes: "unknown_room", "not_adjacent".
func (s *State) adjacentTarget(seat int, name string) (int, error) {
	to, err := s.roomArg(name)
	if err != nil {
		return 0, err
	}
	if !s.Data.adjacent(s.Players[seat].Room, to) {
		return 0, kit.Errorf("not_adjacent", ruleGrenades, "Grenades and scent bombs go through a door into an adjacent room; the %s is not next to the %s.", name, s.roomName(s.Players[seat].Room))
	}
	return to, nil
}

// applyThrowGrenade kills every alien in an adjacent room, one alarm each;
// the grenade leaves the game. Codes: those of requireTurn,
// "sympathizer_never_kills", "no_grenade", "unknown_room", "not_adjacent",
// "no_actions_left".
func applyThrowGrenade(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a roomArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTurn(who, true); err != nil {
		return err
	}
	if err := s.mayKill(); err != nil {
		return err
	}
	p := &s.Players[who.Seat]
	if p.Grenades == 0 {
		return kit.Errorf("no_grenade", ruleGrenades, "You hold no grenade.")
	}
	to, err := s.adjacentTarget(who.Seat, a.Room)
	if err != nil {
		return err
	}
	if err := s.spend(s.Data.ActionCosts.Grenade.Value); err != nil {
		return err
	}
	p.Grenades--
	s.GrenadesGone++
	ev.public("grenade", "%s throws a grenade into the %s; the grenade leaves the game.", s.who(who.Seat), a.Room)
	s.killAliens(to, s.Rooms[to].total(), "grenade", ev)
	return nil
}

// applyDeployScentBomb pulls every alien within two spaces of an adjacent
// room into it; the scent bomb leaves the game. Codes: those of
// requireTurn, "no_scent_bomb", "unknown_room", "not_adjacent",
// "no_actions_left".
func applyDeployScentBomb(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a roomArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTurn(who, true); err != nil {
		return err
	}
	p := &s.Players[who.Seat]
	if p.ScentBombs == 0 {
		return kit.Errorf("no_scent_bomb", ruleGrenades, "You hold no scent bomb.")
	}
	to, err := s.adjacentTarget(who.Seat, a.Room)
	if err != nil {
		return err
	}
	if err := s.spend(s.Data.ActionCosts.ScentBomb.Value); err != nil {
		return err
	}
	p.ScentBombs--
	s.ScentBombsGone++
	ev.public("scent_bomb", "%s deploys a scent bomb into the %s; it leaves the game.", s.who(who.Seat), a.Room)
	for r := range s.Rooms {
		if d := s.Data.dist[r][to]; r == to || d < 0 || d > 2 || s.Rooms[r].total() == 0 {
			continue
		}
		for k, n := range s.Rooms[r].Aliens {
			if n > 0 {
				s.Rooms[to].Aliens[k] += n
				s.Rooms[r].Aliens[k] = 0
				ev.public("alien_drawn", "%d %s alien(s) rush from the %s to the %s.", n, Ranks[k], s.roomName(r), a.Room)
			}
		}
	}
	return nil
}

type systemArgs struct {
	System string `json:"system"`
}

// applySystem uses, repairs, unlocks or hacks a system. Hacking is an
// alarm; any of the four in a room with a honeypot is an alarm (Alarms);
// the Hacker role sounds no alarm bringing a system online (unlock,
// repair, hack). Repairing Ship Control raises it one step (Ship Control);
// using the Grenade Locker takes a grenade (New Systems). Codes: those of
// requireTurn, "unknown_system", "system_unlocked", "no_actions_left".
func applySystem(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a systemArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTurn(who, true); err != nil {
		return err
	}
	i, err := s.systemArg(a.System)
	if err != nil {
		return err
	}
	if (m.Type == MoveUnlockSystem || m.Type == MoveHackSystem) && !s.Systems[i].Locked {
		return kit.Errorf("system_unlocked", ruleSetup, "%s is already unlocked.", a.System)
	}
	if err := s.spend(s.Data.ActionCosts.System.Value); err != nil {
		return err
	}
	seat := who.Seat
	quiet := m.Type != MoveUseSystem && s.role(seat).QuietSystems
	honeypot := s.Rooms[s.Data.room(s.Data.Systems[i].Location)].Honeypot
	verb := map[string]string{MoveUseSystem: "uses", MoveRepairSystem: "repairs", MoveUnlockSystem: "unlocks", MoveHackSystem: "hacks"}[m.Type]
	done := map[string]string{MoveUseSystem: "used", MoveRepairSystem: "repaired", MoveUnlockSystem: "unlocked", MoveHackSystem: "hacked"}[m.Type]
	ev.public("system", "%s %s %s.", s.who(seat), verb, a.System)
	if quiet && (honeypot || m.Type == MoveHackSystem) {
		ev.public("quiet_hacker", "No alarm: the %s brings systems online without a sound.", s.Players[seat].Character)
	}
	if m.Type == MoveHackSystem && !quiet {
		s.alarm(a.System+" hacked", ev)
	}
	if honeypot && !quiet {
		s.alarm(a.System+" "+done+" in a honeypot location", ev)
	}
	switch m.Type {
	case MoveUnlockSystem, MoveHackSystem:
		s.Systems[i].Locked = false
	case MoveRepairSystem:
		if a.System == "Ship Control" {
			s.raiseShipControl("Ship Control repaired", ev)
		}
	case MoveUseSystem:
		if a.System == "Grenade Locker" {
			if s.GrenadeLocker > 0 {
				s.GrenadeLocker--
				s.Players[seat].Grenades++
				ev.public("grenade_taken", "%s takes a grenade (%d left in the locker).", s.who(seat), s.GrenadeLocker)
				s.handCheck(seat, ev)
			} else {
				ev.public("no_grenades", "The Grenade Locker is empty: there are only %d grenades and they are not reused.", s.Data.Counts.Grenades.Value)
			}
		}
	}
	return nil
}

type cardActionArgs struct {
	Card    string `json:"card"`
	Actions int    `json:"actions"`
	Bell    bool   `json:"bell"`
}

// applyCardAction spends actions on an action printed on a card (a skill,
// a tool such as the Rifle, an ability); a bell icon sounds an alarm
// (Alarms). Its other effects are entered through the primitive moves.
// Codes: those of requireTurn, "bad_actions", "no_actions_left".
func applyCardAction(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a cardActionArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTurn(who, true); err != nil {
		return err
	}
	if a.Actions < 1 {
		return kit.Errorf("bad_actions", ruleStarting, "An action costs at least 1 action.")
	}
	if err := s.spend(a.Actions); err != nil {
		return err
	}
	card := a.Card
	if card == "" {
		card = "a card"
	}
	ev.public("card_action", "%s spends %d action(s) on %s.", s.who(who.Seat), a.Actions, card)
	if a.Bell {
		s.alarm("bell icon on "+card, ev)
	}
	return nil
}

// applyEndTurn ends the turn; the player draws an alert (Starting The
// Game). Codes: those of requireTurn.
func applyEndTurn(s *State, who kit.Actor, m kit.Move, ev *events) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := s.requireTurn(who, false); err != nil {
		return err
	}
	ev.public("turn_ended", "%s ends the turn.", s.Players[who.Seat].Name)
	s.TurnOver = true
	s.drawAlert(AlertEndOfTurn, ev)
	return nil
}

// applyRespawn spawns a dead player's next character of their colour in
// the Infirmary with nothing (Player Elimination). Codes: those of
// requireTurn, "elimination_off", "character_alive", "set_to_kill",
// "role_unavailable".
func applyRespawn(s *State, who kit.Actor, m kit.Move, ev *events) error {
	var a roleArgs
	if err := kit.DecodeArgs(m, &a); err != nil {
		return err
	}
	if err := s.requireTurn(who, false); err != nil {
		return err
	}
	if !s.Elimination {
		return kit.Errorf("elimination_off", ruleElimination, "This table does not use the Player Elimination rules.")
	}
	p := &s.Players[who.Seat]
	if p.Alive {
		return kit.Errorf("character_alive", ruleElimination, "Your character is alive.")
	}
	if s.setToKill() {
		return kit.Errorf("set_to_kill", ruleElimination, "A new character may spawn only once the Concealment Level is no longer at SET TO KILL.")
	}
	if !slices.Contains(s.respawnChoices(who.Seat), a.Role) {
		return kit.Errorf("role_unavailable", ruleElimination, "You may spawn only %v.", s.respawnChoices(who.Seat))
	}
	p.Character, p.Alive, p.Injured = a.Role, true, false
	p.Room = s.Data.room("Infirmary")
	ev.public("respawned", "%s spawns in the Infirmary with nothing.", s.who(who.Seat))
	return nil
}
