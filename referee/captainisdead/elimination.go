package captainisdead

// killCharacter removes a character from the game with its card, pawn,
// veteran ability, tools, skills and contraband (Player Elimination).
// Without the elimination rules, or after a third death, the player's game
// is over. When no character is left alive the crew loses (Losing The
// Game).
func (s *State) killCharacter(seat int, t *turn) {
	p := &s.Players[seat]
	room := s.roomName(p.Room)
	p.Alive = false
	p.Dead = append(p.Dead, p.Character)
	s.SkillsGone += p.Skills
	s.ToolsGone = append(s.ToolsGone, p.Tools...)
	s.GrenadesGone += p.Grenades
	s.ScentBombsGone += p.ScentBombs
	p.Skills, p.Tools, p.Grenades, p.ScentBombs = 0, []string{}, 0, 0
	p.Veteran, p.Injured = false, false
	if p.Contraband.Held {
		t.Private("contraband_lost", "Your contraband leaves the game with your character.", seat)
	}
	s.loseContraband(seat)
	t.Public("character_killed", "SET TO KILL: %s is killed in the %s and removed from the game with everything they held.", s.who(seat), room)
	if !s.Elimination || len(p.Dead) >= 3 {
		p.Out = true
		t.Public("player_out", "%s's game is over.", p.Name)
	}
	for _, q := range s.Players {
		if q.Alive {
			return
		}
	}
	s.finish(false, "lost_all_dead", "Every character is dead.", ruleLosing, t)
}

// respawnChoices lists the roles a dead player may spawn: the characters
// of their colour that have not died.
func (s *State) respawnChoices(seat int) []string {
	p := s.Players[seat]
	var out []string
	for _, r := range s.colourRoles(seat) {
		dead := false
		for _, d := range p.Dead {
			dead = dead || d == r
		}
		if !dead {
			out = append(out, r)
		}
	}
	return out
}
