package lockup

import "fmt"

func (b Board) validate() error {
	ids := map[string]Space{}
	for _, s := range b.Spaces {
		if s.ID == "" {
			return fmt.Errorf("a board space has no id")
		}
		if _, dup := ids[s.ID]; dup {
			return fmt.Errorf("board space %q is listed twice", s.ID)
		}
		if s.End != "" && s.End != EndTomb && s.End != EndEscaped {
			return fmt.Errorf("board space %q has an unknown end %q", s.ID, s.End)
		}
		ids[s.ID] = s
	}
	if _, ok := ids[SpaceEntrance]; !ok {
		return fmt.Errorf("the board has no ENTRANCE space")
	}
	out := map[string][]string{}
	for _, p := range b.Paths {
		if _, ok := ids[p.From]; !ok {
			return fmt.Errorf("path from unknown space %q", p.From)
		}
		if _, ok := ids[p.To]; !ok {
			return fmt.Errorf("path to unknown space %q", p.To)
		}
		if ids[p.From].End != "" {
			return fmt.Errorf("path leaves the final space %q", p.From)
		}
		for r, n := range p.Cost {
			if n < 1 {
				return fmt.Errorf("path %s→%s costs %d %s", p.From, p.To, n, r)
			}
		}
		out[p.From] = append(out[p.From], p.To)
	}
	// Paths are arrows printed forward: the graph must have no cycle, so
	// that a lantern can never come back to an earlier space.
	state := map[string]int{}
	var visit func(string) error
	visit = func(s string) error {
		switch state[s] {
		case 1:
			return fmt.Errorf("the paths loop back through %q; arrows must only lead forward", s)
		case 2:
			return nil
		}
		state[s] = 1
		for _, t := range out[s] {
			if err := visit(t); err != nil {
				return err
			}
		}
		state[s] = 2
		return nil
	}
	for _, s := range b.Spaces {
		if err := visit(s.ID); err != nil {
			return err
		}
	}
	return nil
}

func (d *Data) locationByName(name string) int {
	for _, l := range d.Locations.Value {
		if l.Name == name {
			return l.Number
		}
	}
	return 0
}

// space returns the board space with the given id.
func (d *Data) space(id string) (Space, bool) {
	for _, s := range d.Board.Value.Spaces {
		if s.ID == id {
			return s, true
		}
	}
	return Space{}, false
}

// pathsFrom lists the paths leaving a space, in board order.
func (d *Data) pathsFrom(id string) []Path {
	var out []Path
	for _, p := range d.Board.Value.Paths {
		if p.From == id {
			out = append(out, p)
		}
	}
	return out
}

// lootSpaces lists the loot spaces in board order.
func (d *Data) lootSpaces() []string {
	var out []string
	for _, s := range d.Board.Value.Spaces {
		if s.Loot {
			out = append(out, s.ID)
		}
	}
	return out
}

// playersFor is the player count used for tunnel sets, loot stacks and
// face-down limits: solo counts as solo_counts_as_players.
func (d *Data) playersFor(n int) int {
	if n == 1 {
		return d.SoloCountsAsPlayers.Value
	}
	return n
}

// tunnelSet returns the tunnel markers for n players (4 stands for 4+).
func (d *Data) tunnelSet(n int) (TunnelSet, bool) {
	p := d.playersFor(n)
	if p > 4 {
		p = 4
	}
	s, ok := d.TunnelSets.Value[fmt.Sprint(p)]
	return s, ok
}

// faceDownLimit is how many tokens a player may assign face down to board
// locations in a round.
func (d *Data) faceDownLimit(n int) int {
	return d.FaceDownLimit.Value[fmt.Sprint(n)]
}

// lootLabel returns a loot kind's label.
func (d *Data) lootLabel(kind string) string {
	for _, k := range d.LootTokens.Value {
		if k.Kind == kind {
			return k.Label
		}
	}
	return kind
}
