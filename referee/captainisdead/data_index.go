package captainisdead

import (
	"fmt"
	"slices"
	"strconv"

	"tablewarden/referee/kit"
)

// index checks the data and builds the lookup tables.
func (d *Data) index() error {
	d.locIndex = map[string]int{}
	for i, l := range d.Locations {
		if l.Name == "" {
			return fmt.Errorf("location %d has no name", i)
		}
		if _, dup := d.locIndex[l.Name]; dup {
			return fmt.Errorf("location %q is listed twice", l.Name)
		}
		d.locIndex[l.Name] = i
	}
	for _, a := range d.Aliases {
		r, ok := d.locIndex[a.Room]
		if !ok {
			return fmt.Errorf("alias %q names unknown room %q", a.Name, a.Room)
		}
		if _, dup := d.locIndex[a.Name]; dup {
			return fmt.Errorf("alias %q is also a location", a.Name)
		}
		d.locIndex[a.Name] = r
	}
	for name, p := range d.Layout.Rooms {
		if _, ok := d.locIndex[name]; !ok {
			return fmt.Errorf("the layout places unknown room %q", name)
		}
		if p.X < 0 || p.X > 1 || p.Y < 0 || p.Y > 1 {
			return fmt.Errorf("the layout places %q off the unit square", name)
		}
	}
	if d.room("Infirmary") < 0 {
		return fmt.Errorf("there must be an Infirmary")
	}
	n := len(d.Locations)
	adj := make([][]bool, n)
	for i := range adj {
		adj[i] = make([]bool, n)
	}
	for _, c := range d.Connections {
		a, b := d.room(c.A), d.room(c.B)
		if a < 0 || b < 0 || c.A == c.B {
			return fmt.Errorf("connection %q–%q names an unknown room or a room twice", c.A, c.B)
		}
		if a == b {
			continue // two names of one room (an alias)
		}
		adj[a][b], adj[b][a] = true, true
	}
	d.dist = make([][]int, n)
	for s := range n {
		dist := make([]int, n)
		for i := range dist {
			dist[i] = -1
		}
		dist[s] = 0
		queue := []int{s}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for y := range n {
				if adj[x][y] && dist[y] < 0 {
					dist[y] = dist[x] + 1
					queue = append(queue, y)
				}
			}
		}
		d.dist[s] = dist
	}
	d.pathNext = map[int]int{}
	p := d.PatrolPath.Rooms
	for i, name := range p {
		a, b := d.room(name), d.room(p[(i+1)%len(p)])
		if a < 0 || b < 0 {
			return fmt.Errorf("patrol path names an unknown room")
		}
		if _, dup := d.pathNext[a]; dup {
			return fmt.Errorf("patrol path passes %q twice", name)
		}
		if len(p) > 1 && d.dist[a][b] != 1 {
			return fmt.Errorf("patrol path steps from %q to %q, which are not connected", name, p[(i+1)%len(p)])
		}
		if len(p) > 1 {
			d.pathNext[a] = b
		}
	}
	d.systemIndex = map[string]int{}
	for i, s := range d.Systems {
		if d.room(s.Location) < 0 {
			return fmt.Errorf("system %q sits in unknown room %q", s.Name, s.Location)
		}
		if s.Repair.Count < 0 {
			return fmt.Errorf("system %q has a negative repair cost", s.Name)
		}
		if _, dup := d.systemIndex[s.Name]; dup {
			return fmt.Errorf("system %q is listed twice", s.Name)
		}
		d.systemIndex[s.Name] = i
	}
	if err := d.checkAlertCards(); err != nil {
		return err
	}
	d.roleIndex = map[string]int{}
	for i, r := range d.Roles {
		if d.room(r.Start) < 0 {
			return fmt.Errorf("role %q starts in unknown room %q", r.Name, r.Start)
		}
		if r.Actions < 0 || r.Hand < 0 {
			return fmt.Errorf("role %q has a negative action count or hand size", r.Name)
		}
		if _, dup := d.roleIndex[r.Name]; dup {
			return fmt.Errorf("role %q is listed twice", r.Name)
		}
		d.roleIndex[r.Name] = i
	}
	d.colourByName = map[string]int{}
	used := map[string]bool{}
	for i, c := range d.Colours {
		if len(c.Roles) != 3 {
			return fmt.Errorf("colour %q must have 3 roles", c.Name)
		}
		for _, r := range c.Roles {
			if _, ok := d.roleIndex[r]; !ok || used[r] {
				return fmt.Errorf("colour %q names unknown or repeated role %q", c.Name, r)
			}
			used[r] = true
		}
		d.colourByName[c.Name] = i
	}
	if len(d.Aliens) != numRanks {
		return fmt.Errorf("aliens must list the 5 ranks in order")
	}
	for i, a := range d.Aliens {
		if a.Rank != Ranks[i] || a.Count < 0 {
			return fmt.Errorf("aliens must list the 5 ranks in order (%s)", Ranks[i])
		}
		d.alienSupply[i] = a.Count
	}
	if d.alienSupply[Commander] != 4 {
		return fmt.Errorf("there are exactly 4 Commanders")
	}
	if slices.ContainsFunc(d.Tools, func(t ToolData) bool { return t.Name == "" }) {
		return fmt.Errorf("a tool has no name")
	}
	c := d.Counts
	for _, v := range []Count{c.YellowAlerts, c.OrangeAlerts, c.RedAlerts, c.SetupAlerts, c.Grenades, c.ScentBombs, c.Honeypots, c.Contraband, c.Veterans, c.Skills, c.SkillsDealt, c.CargoPodSkills} {
		if v.Value < 0 {
			return fmt.Errorf("a count is negative")
		}
	}
	ac := d.ActionCosts
	for _, v := range []Count{ac.Move, ac.Kill, ac.KillLieutenant, ac.ScentBomb, ac.Grenade, ac.System} {
		if v.Value < 0 {
			return fmt.Errorf("an action cost is negative")
		}
	}
	if d.SurveillancePeek.Value < 0 {
		return fmt.Errorf("surveillance_peek is negative")
	}
	if d.MinPlayers.Value < 1 {
		return fmt.Errorf("min_players must be at least 1")
	}
	d.choices()
	return nil
}

// choices precomputes the choice values the views offer.
func (d *Data) choices() {
	n := len(d.Locations)
	d.roomChoice = make([]kit.Choice, n)
	d.alienChoice = make([][numRanks]kit.Choice, n)
	d.moveChoice = make([][][numRanks]kit.Choice, n)
	for r, l := range d.Locations {
		d.roomChoice[r] = kit.Choice{Value: l.Name, Label: l.Name}
		d.moveChoice[r] = make([][numRanks]kit.Choice, n)
		for k, rank := range Ranks {
			d.alienChoice[r][k] = kit.Choice{Value: alienKey(k, l.Name), Label: rank + " in the " + l.Name}
			for to, t := range d.Locations {
				d.moveChoice[r][to][k] = kit.Choice{Value: moveKey(k, l.Name, t.Name), Label: rank + ": " + l.Name + " → " + t.Name}
			}
		}
	}
	d.adjChoice = make([][]kit.Choice, n)
	for r := range n {
		for to := range n {
			if d.dist[r][to] == 1 {
				d.adjChoice[r] = append(d.adjChoice[r], d.roomChoice[to])
			}
		}
	}
	d.placeValue = make([][]any, len(d.Colours))
	for seat := range d.placeValue {
		d.placeValue[seat] = make([]any, n)
		for r, l := range d.Locations {
			d.placeValue[seat][r] = strconv.Itoa(seat) + "|" + l.Name
		}
	}
	d.systemChoice = make([]kit.Choice, len(d.Systems))
	for i, sy := range d.Systems {
		d.systemChoice[i] = kit.Choice{Value: sy.Name, Label: sy.Called()}
	}
}

// Called is the system's name as players read it: its Label, else its
// Name.
func (sy SystemData) Called() string {
	if sy.Label != "" {
		return sy.Label
	}
	return sy.Name
}
