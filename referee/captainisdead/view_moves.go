package captainisdead

import (
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
	out := make([]kit.MoveSpec, 0, 12)
	p := s.Players[seat]
	if !p.Alive {
		if s.Elimination && !p.Out && !s.setToKill() {
			out = append(out, spec(MoveRespawn, "Spawn your next character in the Infirmary", ruleElimination, false, enumArg("role", "Role", s.respawnChoices(seat))))
		}
		return append(out, spec(MoveEndTurn, "End your turn and draw an alert", ruleStarting, false))
	}
	left := s.actionsLeft()
	costs := s.Data.ActionCosts
	adjacent := s.Data.adjChoice[p.Room]
	role := s.role(seat)
	roomsArg := func(name, label string) kit.ArgSpec {
		return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgEnum, Choices: adjacent}
	}
	if len(adjacent) > 0 && left >= costs.Move.Value {
		out = append(out, spec(MoveMove, "Move to an adjacent room", ruleContinuing, false, roomsArg("to", "To")))
	}
	if low := s.Rooms[p.Room].lowest(); low >= 0 && !role.NeverKills && left >= s.killCost(low) {
		out = append(out, spec(MoveKillAlien, "Kill an alien in your room", ruleHowAliens, false, kit.ArgSpec{Name: "rank", Label: "Rank", Kind: kit.ArgEnum, Choices: rankArg.Choices[low : low+1]}))
	}
	if p.Grenades > 0 && !role.NeverKills && len(adjacent) > 0 && left >= costs.Grenade.Value {
		out = append(out, spec(MoveThrowGrenade, "Throw a grenade into an adjacent room", ruleGrenades, false, roomsArg("room", "Room")))
	}
	if p.ScentBombs > 0 && len(adjacent) > 0 && left >= costs.ScentBomb.Value {
		out = append(out, spec(MoveDeployScentBomb, "Deploy a scent bomb into an adjacent room", ruleGrenades, false, roomsArg("room", "Room")))
	}
	if left >= costs.System.Value && len(s.Systems) > 0 {
		var locked []kit.Choice
		for i := range s.Data.Systems {
			if s.Systems[i].Locked {
				locked = append(locked, s.Data.systemChoice[i])
			}
		}
		sysArg := func(cs []kit.Choice) kit.ArgSpec {
			return kit.ArgSpec{Name: "system", Label: "System", Kind: kit.ArgEnum, Choices: cs}
		}
		out = append(out,
			spec(MoveUseSystem, "Use a system", ruleAlarms, false, sysArg(s.Data.systemChoice)),
			spec(MoveRepairSystem, "Repair a system", ruleAlarms, false, sysArg(s.Data.systemChoice)))
		if len(locked) > 0 {
			out = append(out,
				spec(MoveUnlockSystem, "Unlock a system", ruleAlarms, false, sysArg(locked)),
				spec(MoveHackSystem, "Hack a system", ruleConcealment, false, sysArg(locked)))
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
	d := s.Data
	source := kit.ArgSpec{Name: "source", Label: "Source (card or effect)", Kind: kit.ArgString, Optional: true}
	n := len(s.Rooms)
	occupied := make([]kit.Choice, 0, n)
	honeyFree := make([]kit.Choice, 0, n)
	var honeyRooms, aliens, alienMoves []kit.Choice
	pairs := 0
	for r := range s.Rooms {
		for _, c := range s.Rooms[r].Aliens {
			if c > 0 {
				pairs++
			}
		}
	}
	if pairs > 0 {
		aliens = make([]kit.Choice, 0, pairs)
		alienMoves = make([]kit.Choice, 0, pairs*(n-1))
	}
	for r := range s.Rooms {
		if s.Rooms[r].Honeypot {
			honeyRooms = append(honeyRooms, d.roomChoice[r])
		} else {
			honeyFree = append(honeyFree, d.roomChoice[r])
		}
		if s.Rooms[r].total() == 0 {
			continue
		}
		occupied = append(occupied, d.roomChoice[r])
		for k, c := range s.Rooms[r].Aliens {
			if c == 0 {
				continue
			}
			aliens = append(aliens, d.alienChoice[r][k])
			for to := range s.Rooms {
				if to != r {
					alienMoves = append(alienMoves, d.moveChoice[r][to][k])
				}
			}
		}
	}
	out := make([]kit.MoveSpec, 0, 20)
	out = append(out, spec(MoveAddAlien, "Add an alien", ruleHowAliens, true, rankArg, kit.ArgSpec{Name: "room", Label: "Room", Kind: kit.ArgEnum, Choices: d.roomChoice}))
	if len(aliens) > 0 {
		out = append(out,
			spec(MoveMoveAlien, "Move an alien", ruleHowAliens, true, kit.ArgSpec{Name: "move", Label: "Alien and destination", Kind: kit.ArgEnum, Choices: alienMoves}),
			spec(MoveRemoveAlien, "Remove an alien (no kill)", ruleShipControl, true, kit.ArgSpec{Name: "alien", Label: "Alien", Kind: kit.ArgEnum, Choices: aliens}))
		if s.mayKill() == nil {
			out = append(out, spec(MoveKillAliens, "Kill aliens by a card effect", ruleHowAliens, true, kit.ArgSpec{Name: "room", Label: "Room", Kind: kit.ArgEnum, Choices: occupied},
				kit.ArgSpec{Name: "all", Label: "Every alien in the room (otherwise the lowest-ranking one)", Kind: kit.ArgBool, Optional: true}, source))
		}
	}
	tracks := trackChoices[1:]
	if s.Concealment.Pos < ConcealmentDef.Max() && s.aboard()[Commander] < d.alienSupply[Commander] {
		tracks = trackChoices
	}
	out = append(out, spec(MoveRaiseTrack, "Raise a track one step", ruleTrackText, true, kit.ArgSpec{Name: "track", Label: "Track", Kind: kit.ArgEnum, Choices: tracks}, source))
	if s.ShipControl.Pos > 0 {
		out = append(out, spec(MoveLowerShipControl, "Lower Ship Control one step", ruleTrackText, true, source))
	}
	out = append(out,
		spec(MoveSoundAlarm, "Sound an alarm", ruleAlarms, true, causeArg, source),
		spec(MoveArmSuppression, "Suppress the next alarm", ruleAlarms, true, suppressionArg))
	if len(s.Suppressions) > 0 {
		out = append(out, spec(MoveCancelSuppression, "Cancel the last armed suppression", ruleAlarms, true))
	}
	var unlocked []kit.Choice
	for i := range d.Systems {
		if !s.Systems[i].Locked {
			unlocked = append(unlocked, d.systemChoice[i])
		}
	}
	if len(unlocked) > 0 {
		out = append(out, spec(MoveLockSystem, "Relock a system", ruleConcealment, true, kit.ArgSpec{Name: "system", Label: "System", Kind: kit.ArgEnum, Choices: unlocked}))
	}
	if len(honeyFree) > 0 && s.honeypotsPlaced() < d.Counts.Honeypots.Value {
		out = append(out, spec(MovePlaceHoneypot, "Place a honeypot", ruleAlarms, true, kit.ArgSpec{Name: "room", Label: "Room", Kind: kit.ArgEnum, Choices: honeyFree}))
	}
	if len(honeyRooms) > 0 {
		out = append(out, spec(MoveRemoveHoneypot, "Remove a honeypot", ruleAlarms, true, kit.ArgSpec{Name: "room", Label: "Room", Kind: kit.ArgEnum, Choices: honeyRooms}))
	}
	var living, injurable, injured []kit.Choice
	placements := make([]kit.Choice, 0, len(s.Players)*n)
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
		values := d.placeValues(i)
		for r := range s.Rooms {
			if r != p.Room {
				placements = append(placements, kit.Choice{Value: values[r], Label: p.Name + " → " + s.roomName(r)})
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

// Static argument specs shared by every view.
var (
	rankArg        = enumArg("rank", "Rank", Ranks)
	causeArg       = enumArg("cause", "Cause", AlarmCauses)
	suppressionArg = enumArg("source", "Suppressed by", SuppressionSources)
	trackChoices   = strChoices([]string{ConcealmentDef.Label, ShipControlDef.Label})
)
