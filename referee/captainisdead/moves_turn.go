package captainisdead

import (
	"slices"

	"tablewarden/referee/kit"
)

type roleArgs struct {
	Role string `json:"role"`
}

func offerChooseRole(s *State, seat int) *kit.MoveSpec {
	if s.Players[seat].Character != "" {
		return nil
	}
	return with(specChooseRole, enumArg("role", "Role", s.colourRoles(seat)))
}

// applyChooseRole records a player's role; once every player has chosen,
// the characters go to their start and the setup alerts begin. Codes:
// "role_chosen", "not_your_colour".
func applyChooseRole(t *turn, seat int, a roleArgs) error {
	s := t.S
	p := &s.Players[seat]
	if p.Character != "" {
		return kit.Errorf("role_chosen", ruleSetup, "You have already chosen the %s.", p.Character)
	}
	if !slices.Contains(s.colourRoles(seat), a.Role) {
		return kit.Errorf("not_your_colour", ruleSetup, "The %s is not one of the %s roles: choose %s.", a.Role, p.Colour, kit.ListOr(kit.Each("the ", s.colourRoles(seat))))
	}
	p.Character = a.Role
	t.Public("role_chosen", "%s chooses the %s.", p.Name, a.Role)
	for _, q := range s.Players {
		if q.Character == "" {
			return nil
		}
	}
	s.startGame(t)
	return nil
}

type toArgs struct {
	To string `json:"to"`
}

func offerMove(s *State, seat int) *kit.MoveSpec {
	if !s.onTurn(seat) {
		return nil
	}
	adjacent := s.Data.adjChoice[s.Players[seat].Room]
	if len(adjacent) == 0 || s.actionsLeft() < s.Data.ActionCosts.Move.Value {
		return nil
	}
	return with(specMove, choiceArg("to", "To", adjacent))
}

// applyMove walks the active character into an adjacent room. Codes: those
// of requireTurn, "unknown_room", "not_adjacent", "no_actions_left".
func applyMove(t *turn, seat int, a toArgs) error {
	s := t.S
	to, err := s.roomArg(a.To)
	if err != nil {
		return err
	}
	p := &s.Players[seat]
	if !s.Data.adjacent(p.Room, to) {
		return kit.Errorf("not_adjacent", ruleContinuing, "The %s is not next to the %s (board connections, game data).", a.To, s.roomName(p.Room))
	}
	if err := s.spend(s.Data.ActionCosts.Move.Value); err != nil {
		return err
	}
	t.Public("moved", "%s moves from the %s to the %s.", s.who(seat), s.roomName(p.Room), a.To)
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

func offerKillAlien(s *State, seat int) *kit.MoveSpec {
	if !s.onTurn(seat) {
		return nil
	}
	low := s.Rooms[s.Players[seat].Room].lowest()
	if low < 0 || s.role(seat).NeverKills || s.actionsLeft() < s.killCost(low) {
		return nil
	}
	sp := with(specKillAlien, choiceArg("rank", "Rank", rankArg.Choices[low:low+1]))
	if s.aliensAboard() == 1 {
		sp.Confirm = "This kills the last alien aboard: Ship Control rises and a bonus alert is drawn at once."
	}
	return sp
}

// applyKillAlien kills one alien in the character's room: the lowest rank
// there first, 1 action or 2 for a Lieutenant, one alarm. Codes: those of
// requireTurn, "sympathizer_never_kills", "unknown_rank", "no_such_alien",
// "kill_rank_order", "no_actions_left".
func applyKillAlien(t *turn, seat int, a rankArgs) error {
	s := t.S
	if err := s.mayKill(); err != nil {
		return err
	}
	k := rankIndex(a.Rank)
	if k < 0 {
		return kit.Errorf("unknown_rank", ruleHowAliens, "There is no alien rank %q.", a.Rank)
	}
	r := s.Players[seat].Room
	if s.Rooms[r].Aliens[k] == 0 {
		return kit.Errorf("no_such_alien", ruleHowAliens, "There is no %s in the %s.", a.Rank, s.roomName(r))
	}
	if low := s.Rooms[r].lowest(); low != k {
		return kit.Errorf("kill_rank_order", ruleHowAliens, "Aliens are killed in rank order: kill the %s in the %s before the %s.", Ranks[low], s.roomName(r), a.Rank)
	}
	if err := s.spend(s.killCost(k)); err != nil {
		return err
	}
	s.killAliens(r, 1, s.who(seat), t)
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

// offerThrowInto offers spec, a throw into one of the rooms adjacent to
// seat's, when seat holds one of what it throws (held) and has cost
// actions left. The caller checks that it is seat's turn.
func (s *State) offerThrowInto(spec kit.MoveSpec, seat, held, cost int) *kit.MoveSpec {
	adjacent := s.Data.adjChoice[s.Players[seat].Room]
	if held == 0 || len(adjacent) == 0 || s.actionsLeft() < cost {
		return nil
	}
	return with(spec, choiceArg("room", "Room", adjacent))
}

func offerThrowGrenade(s *State, seat int) *kit.MoveSpec {
	if !s.onTurn(seat) || s.role(seat).NeverKills {
		return nil
	}
	return s.offerThrowInto(specThrowGrenade, seat, s.Players[seat].Grenades, s.Data.ActionCosts.Grenade.Value)
}

// applyThrowGrenade kills every alien in an adjacent room, one alarm each;
// the grenade leaves the game. Codes: those of requireTurn,
// "sympathizer_never_kills", "no_grenade", "unknown_room", "not_adjacent",
// "no_actions_left".
func applyThrowGrenade(t *turn, seat int, a roomArgs) error {
	s := t.S
	if err := s.mayKill(); err != nil {
		return err
	}
	to, err := s.throwInto(seat, a.Room, &s.Players[seat].Grenades, &s.GrenadesGone, "no_grenade", "grenade", s.Data.ActionCosts.Grenade.Value)
	if err != nil {
		return err
	}
	t.Public("grenade", "%s throws a grenade into the %s; the grenade leaves the game.", s.who(seat), a.Room)
	s.killAliens(to, s.Rooms[to].total(), "grenade", t)
	return nil
}

// throwInto checks that seat holds one of what it throws (*held of them;
// refused with code, "You hold no <what>.") into the adjacent room named
// room (adjacentTarget's codes), then spends cost actions (spend's codes)
// and takes the thrown one out of the game (from *held to *gone). It
// returns the target room.
func (s *State) throwInto(seat int, room string, held, gone *int, code, what string, cost int) (int, error) {
	if *held == 0 {
		return 0, kit.Errorf(code, ruleGrenades, "You hold no %s.", what)
	}
	to, err := s.adjacentTarget(seat, room)
	if err != nil {
		return 0, err
	}
	if err := s.spend(cost); err != nil {
		return 0, err
	}
	*held--
	*gone++
	return to, nil
}

func offerDeployScentBomb(s *State, seat int) *kit.MoveSpec {
	if !s.onTurn(seat) {
		return nil
	}
	return s.offerThrowInto(specDeployScentBomb, seat, s.Players[seat].ScentBombs, s.Data.ActionCosts.ScentBomb.Value)
}

// applyDeployScentBomb pulls every alien within two spaces of an adjacent
// room into it; the scent bomb leaves the game. Codes: those of
// requireTurn, "no_scent_bomb", "unknown_room", "not_adjacent",
// "no_actions_left".
func applyDeployScentBomb(t *turn, seat int, a roomArgs) error {
	s := t.S
	to, err := s.throwInto(seat, a.Room, &s.Players[seat].ScentBombs, &s.ScentBombsGone, "no_scent_bomb", "scent bomb", s.Data.ActionCosts.ScentBomb.Value)
	if err != nil {
		return err
	}
	t.Public("scent_bomb", "%s deploys a scent bomb into the %s; it leaves the game.", s.who(seat), a.Room)
	for r := range s.Rooms {
		if d := s.Data.dist[r][to]; r == to || d < 0 || d > 2 || s.Rooms[r].total() == 0 {
			continue
		}
		for k, n := range s.Rooms[r].Aliens {
			if n > 0 {
				s.Rooms[to].Aliens[k] += n
				s.Rooms[r].Aliens[k] = 0
				t.Public("alien_drawn", "%d %s alien(s) rush from the %s to the %s.", n, Ranks[k], s.roomName(r), a.Room)
			}
		}
	}
	return nil
}

type cardActionArgs struct {
	Card    string `json:"card,omitempty"`
	Actions int    `json:"actions"`
	Bell    bool   `json:"bell"`
}

func offerCardAction(s *State, seat int) *kit.MoveSpec {
	if !s.onTurn(seat) || s.actionsLeft() < 1 {
		return nil
	}
	left := s.actionsLeft()
	return with(specCardAction,
		kit.ArgSpec{Name: "card", Label: "Card", Kind: kit.ArgEnum, Optional: true, Choices: s.actionCards(seat)},
		kit.ArgSpec{Name: "actions", Label: "Actions spent", Kind: kit.ArgInt, Min: kit.IntPtr(1), Max: kit.IntPtr(left)},
		kit.ArgSpec{Name: "bell", Label: "Bell icon (alarm)", Kind: kit.ArgBool, Optional: true})
}

// The kinds of card whose printed actions a player may take, as the book
// names them (their texts are not in the book: the table reads them).
var actionCardKinds = []string{"Skill card", "Veteran Ability card", "Battle Plan card", "System Upgrade card"}

// actionCards are the cards a player may take a printed action from: the
// tools they hold (by the game data's names), their character card, and
// the other kinds of card.
func (s *State) actionCards(seat int) []kit.Choice {
	p := s.Players[seat]
	var out []kit.Choice
	seen := map[string]bool{}
	add := func(name string) {
		if name != "" && !seen[name] {
			seen[name] = true
			out = append(out, kit.Choice{Value: name, Label: name})
		}
	}
	for _, tool := range p.Tools {
		add(tool)
	}
	if p.Character != "" {
		add(p.Character + " (character card)")
	}
	for _, k := range actionCardKinds {
		add(k)
	}
	return out
}

// applyCardAction spends actions on an action printed on a card (a skill,
// a tool such as the Rifle, an ability); a bell icon sounds an alarm
// (Alarms). Its other effects are entered through the primitive moves.
// Codes: those of requireTurn, "bad_actions", "no_actions_left".
func applyCardAction(t *turn, seat int, a cardActionArgs) error {
	s := t.S
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
	t.Public("card_action", "%s spends %d action(s) on %s.", s.who(seat), a.Actions, card)
	if a.Bell {
		s.alarm("bell icon on "+card, t)
	}
	return nil
}

func offerEndTurn(s *State, seat int) *kit.MoveSpec {
	if s.Phase != PhaseTurn || seat != s.active() {
		return nil
	}
	sp := specEndTurn
	return &sp
}

// applyEndTurn ends the turn; the player draws an alert (Starting The
// Game). Codes: those of requireTurn.
func applyEndTurn(t *turn, seat int) error {
	s := t.S
	if err := s.requireTurn(seat, false); err != nil {
		return err
	}
	t.Public("turn_ended", "%s ends the turn.", s.Players[seat].Name)
	s.TurnOver = true
	s.drawAlert(AlertEndOfTurn, t)
	return nil
}

func offerRespawn(s *State, seat int) *kit.MoveSpec {
	p := s.Players[seat]
	if s.Phase != PhaseTurn || seat != s.active() || p.Alive || !s.Elimination || p.Out || s.setToKill() {
		return nil
	}
	return with(specRespawn, enumArg("role", "Role", s.respawnChoices(seat)))
}

// applyRespawn spawns a dead player's next character of their colour in
// the Infirmary with nothing (Player Elimination). Codes: those of
// requireTurn, "elimination_off", "character_alive", "set_to_kill",
// "role_unavailable".
func applyRespawn(t *turn, seat int, a roleArgs) error {
	s := t.S
	if err := s.requireTurn(seat, false); err != nil {
		return err
	}
	if !s.Elimination {
		return kit.Errorf("elimination_off", ruleElimination, "This table does not use the Player Elimination rules.")
	}
	p := &s.Players[seat]
	if p.Alive {
		return kit.Errorf("character_alive", ruleElimination, "Your character is alive.")
	}
	if s.setToKill() {
		return kit.Errorf("set_to_kill", ruleElimination, "A new character may spawn only once the Concealment Level is no longer at SET TO KILL.")
	}
	if !slices.Contains(s.respawnChoices(seat), a.Role) {
		return kit.Errorf("role_unavailable", ruleElimination, "You may spawn only %s.", kit.ListOr(kit.Each("the ", s.respawnChoices(seat))))
	}
	p.Character, p.Alive, p.Injured = a.Role, true, false
	p.Room = s.Data.room("Infirmary")
	t.Public("respawned", "%s spawns in the Infirmary with nothing.", s.who(seat))
	return nil
}
