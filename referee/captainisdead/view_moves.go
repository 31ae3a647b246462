package captainisdead

import (
	"strconv"

	"tablewarden/referee/kit"
)

// moves lists the moves a viewer may make now, with every choice narrowed
// to what Apply accepts.
func (s *State) moves(v kit.Viewer) []kit.MoveSpec {
	if s.End != nil {
		return []kit.MoveSpec{}
	}
	out := []kit.MoveSpec{}
	if v.Role == kit.RoleBoard {
		return out
	}
	seat := -1
	if v.Role == kit.RoleSeat && v.Seat >= 0 && v.Seat < len(s.Players) {
		seat = v.Seat
	}
	if v.Role == kit.RoleSeat && seat < 0 {
		return out
	}
	if s.Phase == PhaseChooseRoles {
		if seat >= 0 && s.Players[seat].Character == "" {
			out = append(out, spec(MoveChooseRole, "Choose your role", ruleSetup, false, enumArg("role", "Role", s.colourRoles(seat))))
		}
		return out
	}
	if seat >= 0 && seat == s.active() && s.Phase == PhaseTurn {
		out = append(out, s.turnMoves(seat)...)
	}
	if v.Role == kit.RoleHost || seat == s.active() {
		out = append(out, s.tableMoves()...)
	}
	if seat >= 0 && s.Players[seat].Alive {
		if items := s.discardChoices(seat); len(items) > 0 {
			out = append(out, spec(MoveDiscard, "Discard a card", ruleGrenades, false, enumArg("item", "Card", items)))
		}
		if s.Players[seat].Contraband.Held {
			out = append(out,
				spec(MoveNoteContraband, "Note your contraband card's name", ruleContraband, false, kit.ArgSpec{Name: "name", Label: "Card name", Kind: kit.ArgString, Optional: true}),
				spec(MoveUseContraband, "Use your contraband", ruleContraband, false),
				spec(MoveRevealContraband, "Contraband revealed (lose it)", ruleContraband, false))
		}
	}
	return out
}

func spec(typ, label, rule string, host bool, args ...kit.ArgSpec) kit.MoveSpec {
	return kit.MoveSpec{Type: typ, Label: label, Rule: rule, Host: host, Args: args}
}

func enumArg(name, label string, vals []string) kit.ArgSpec {
	return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgEnum, Choices: strChoices(vals)}
}

// turnMoves are the active player's own actions.
func (s *State) turnMoves(seat int) []kit.MoveSpec {
	var out []kit.MoveSpec
	p := s.Players[seat]
	if !p.Alive {
		if s.Elimination && !p.Out && !s.setToKill() {
			out = append(out, spec(MoveRespawn, "Spawn your next character in the Infirmary", ruleElimination, false, enumArg("role", "Role", s.respawnChoices(seat))))
		}
		return append(out, spec(MoveEndTurn, "End your turn and draw an alert", ruleStarting, false))
	}
	left := s.actionsLeft()
	costs := s.Data.ActionCosts
	var adjacent []string
	for r := range s.Rooms {
		if s.Data.adjacent(p.Room, r) {
			adjacent = append(adjacent, s.roomName(r))
		}
	}
	role := s.role(seat)
	if len(adjacent) > 0 && left >= costs.Move.Value {
		out = append(out, spec(MoveMove, "Move to an adjacent room", ruleContinuing, false, enumArg("to", "To", adjacent)))
	}
	if low := s.Rooms[p.Room].lowest(); low >= 0 && !role.NeverKills && left >= s.killCost(low) {
		out = append(out, spec(MoveKillAlien, "Kill an alien in your room", ruleHowAliens, false, enumArg("rank", "Rank", []string{Ranks[low]})))
	}
	if p.Grenades > 0 && !role.NeverKills && len(adjacent) > 0 && left >= costs.Grenade.Value {
		out = append(out, spec(MoveThrowGrenade, "Throw a grenade into an adjacent room", ruleGrenades, false, enumArg("room", "Room", adjacent)))
	}
	if p.ScentBombs > 0 && len(adjacent) > 0 && left >= costs.ScentBomb.Value {
		out = append(out, spec(MoveDeployScentBomb, "Deploy a scent bomb into an adjacent room", ruleGrenades, false, enumArg("room", "Room", adjacent)))
	}
	if left >= costs.System.Value && len(s.Systems) > 0 {
		var all, locked []string
		for i, sy := range s.Data.Systems {
			all = append(all, sy.Name)
			if s.Systems[i].Locked {
				locked = append(locked, sy.Name)
			}
		}
		out = append(out,
			spec(MoveUseSystem, "Use a system", ruleAlarms, false, enumArg("system", "System", all)),
			spec(MoveRepairSystem, "Repair a system", ruleAlarms, false, enumArg("system", "System", all)))
		if len(locked) > 0 {
			out = append(out,
				spec(MoveUnlockSystem, "Unlock a system", ruleAlarms, false, enumArg("system", "System", locked)),
				spec(MoveHackSystem, "Hack a system", ruleConcealment, false, enumArg("system", "System", locked)))
		}
	}
	if left >= 1 {
		out = append(out, spec(MoveCardAction, "Take an action printed on a card", ruleAlarms, false,
			kit.ArgSpec{Name: "card", Label: "Card", Kind: kit.ArgString, Optional: true},
			kit.ArgSpec{Name: "actions", Label: "Actions spent", Kind: kit.ArgInt, Min: kit.IntPtr(1), Max: kit.IntPtr(left)},
			kit.ArgSpec{Name: "bell", Label: "Bell icon (alarm)", Kind: kit.ArgBool, Optional: true}))
	}
	return append(out, spec(MoveEndTurn, "End your turn and draw an alert", ruleStarting, false))
}

// tableMoves are the primitive moves that apply card effects.
func (s *State) tableMoves() []kit.MoveSpec {
	if s.Phase != PhaseTurn && s.Phase != PhaseAlert {
		return nil
	}
	source := kit.ArgSpec{Name: "source", Label: "Source (card or effect)", Kind: kit.ArgString, Optional: true}
	var rooms, occupied, aliens, alienMoves, honeyFree, honeyRooms []string
	for r := range s.Rooms {
		name := s.roomName(r)
		rooms = append(rooms, name)
		if s.Rooms[r].total() > 0 {
			occupied = append(occupied, name)
		}
		if s.Rooms[r].Honeypot {
			honeyRooms = append(honeyRooms, name)
		} else {
			honeyFree = append(honeyFree, name)
		}
	}
	for r := range s.Rooms {
		for k, n := range s.Rooms[r].Aliens {
			if n == 0 {
				continue
			}
			aliens = append(aliens, alienKey(k, s.roomName(r)))
			for to := range s.Rooms {
				if to != r {
					alienMoves = append(alienMoves, moveKey(k, s.roomName(r), s.roomName(to)))
				}
			}
		}
	}
	out := []kit.MoveSpec{
		spec(MoveAddAlien, "Add an alien", ruleHowAliens, true, enumArg("rank", "Rank", Ranks), enumArg("room", "Room", rooms)),
	}
	if len(aliens) > 0 {
		out = append(out,
			spec(MoveMoveAlien, "Move an alien", ruleHowAliens, true, keyArg("move", "Alien and destination", alienMoves)),
			spec(MoveRemoveAlien, "Remove an alien (no kill)", ruleShipControl, true, keyArg("alien", "Alien", aliens)))
		if s.mayKill() == nil {
			out = append(out, spec(MoveKillAliens, "Kill aliens by a card effect", ruleHowAliens, true, enumArg("room", "Room", occupied),
				kit.ArgSpec{Name: "all", Label: "Every alien in the room (otherwise the lowest-ranking one)", Kind: kit.ArgBool, Optional: true}, source))
		}
	}
	var tracks []string
	if s.Concealment.Pos < ConcealmentDef.Max() && s.aboard()[Commander] < s.Data.alienSupply[Commander] {
		tracks = append(tracks, ConcealmentDef.Label)
	}
	tracks = append(tracks, ShipControlDef.Label)
	out = append(out, spec(MoveRaiseTrack, "Raise a track one step", ruleTrackText, true, enumArg("track", "Track", tracks), source))
	if s.ShipControl.Pos > 0 {
		out = append(out, spec(MoveLowerShipControl, "Lower Ship Control one step", ruleTrackText, true, source))
	}
	out = append(out,
		spec(MoveSoundAlarm, "Sound an alarm", ruleAlarms, true, enumArg("cause", "Cause", AlarmCauses), source),
		spec(MoveArmSuppression, "Suppress the next alarm", ruleAlarms, true, enumArg("source", "Suppressed by", SuppressionSources)))
	if len(s.Suppressions) > 0 {
		out = append(out, spec(MoveCancelSuppression, "Cancel the last armed suppression", ruleAlarms, true))
	}
	var unlocked []string
	for i, sy := range s.Data.Systems {
		if !s.Systems[i].Locked {
			unlocked = append(unlocked, sy.Name)
		}
	}
	if len(unlocked) > 0 {
		out = append(out, spec(MoveLockSystem, "Relock a system", ruleConcealment, true, enumArg("system", "System", unlocked)))
	}
	if len(honeyFree) > 0 && s.honeypotsPlaced() < s.Data.Counts.Honeypots.Value {
		out = append(out, spec(MovePlaceHoneypot, "Place a honeypot", ruleAlarms, true, enumArg("room", "Room", honeyFree)))
	}
	if len(honeyRooms) > 0 {
		out = append(out, spec(MoveRemoveHoneypot, "Remove a honeypot", ruleAlarms, true, enumArg("room", "Room", honeyRooms)))
	}
	var living, injurable, injured []kit.Choice
	var placements []kit.Choice
	for i, p := range s.Players {
		if !p.Alive {
			continue
		}
		c := kit.Choice{Value: i, Label: s.who(i)}
		living = append(living, c)
		if p.Injured {
			injured = append(injured, c)
		} else if !s.role(i).Unharmed {
			injurable = append(injurable, c)
		}
		for r := range s.Rooms {
			if r != p.Room {
				placements = append(placements, kit.Choice{Value: strconv.Itoa(i) + "|" + s.roomName(r), Label: s.who(i) + " → " + s.roomName(r)})
			}
		}
	}
	seatArg := func(cs []kit.Choice) kit.ArgSpec {
		return kit.ArgSpec{Name: "seat", Label: "Player", Kind: kit.ArgSeat, Choices: cs}
	}
	if len(injurable) > 0 {
		out = append(out, spec(MoveInjure, "Injure a character", ruleHowAliens, true, seatArg(injurable)))
	}
	if len(injured) > 0 {
		out = append(out, spec(MoveHeal, "Heal a character", ruleHowAliens, true, seatArg(injured)))
	}
	if len(placements) > 0 {
		out = append(out, spec(MovePlaceCharacter, "Place a character (card effect or correction)", ruleSetup, true,
			kit.ArgSpec{Name: "placement", Label: "Character and room", Kind: kit.ArgEnum, Choices: placements}))
	}
	if items := s.gainChoices(); len(items) > 0 && len(living) > 0 {
		out = append(out, spec(MoveGainItem, "A player gains a card", ruleGrenades, true, seatArg(living), enumArg("item", "Card", items)))
	}
	if s.Phase == PhaseAlert {
		out = append(out, spec(MoveFinishAlert, "Alert applied: perform hostile alien actions", ruleHowAliens, true))
	}
	return out
}

// keyArg is an enum of "a|b|c" keys labelled "a: b → c".
func keyArg(name, label string, keys []string) kit.ArgSpec {
	cs := make([]kit.Choice, len(keys))
	for i, k := range keys {
		cs[i] = kit.Choice{Value: k, Label: keyLabel(k)}
	}
	return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgEnum, Choices: cs}
}

func keyLabel(k string) string {
	out, sep := "", ""
	for i, part := range splitKey(k) {
		out += sep + part
		if i == 0 {
			sep = " in the "
		} else {
			sep = " → "
		}
	}
	return out
}

func splitKey(k string) []string {
	var parts []string
	start := 0
	for i := 0; i < len(k); i++ {
		if k[i] == '|' {
			parts = append(parts, k[start:i])
			start = i + 1
		}
	}
	return append(parts, k[start:])
}
