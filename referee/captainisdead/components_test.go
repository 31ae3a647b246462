package captainisdead

import "testing"

// TestComponents checks every count the book's Components list states
// that the referee models against the built-in data and a new table. The
// book's 22 Pawns and 44 Pawn Stickers, 2 Yellow Status Clips, 8 Upgrade
// Cards, 9 Battle Plans and 4 Alien Reference Cards are not modelled as
// counts: the table records their effects (upgrades and Battle Plans as
// suppression sources).
func TestComponents(t *testing.T) {
	d, err := loadData(nil)
	if err != nil {
		t.Fatal(err)
	}
	roles := 0
	for _, c := range d.Colours {
		roles += len(c.Roles)
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"Yellow Alerts", d.Counts.YellowAlerts.Value, 20},
		{"Orange Alerts", d.Counts.OrangeAlerts.Value, 19},
		{"Red Alerts", d.Counts.RedAlerts.Value, 5},
		{"Honeypot Cubes", d.Counts.Honeypots.Value, 3},
		{"System Cards", len(d.Systems), 9},
		{"Veteran Cards", d.Counts.Veterans.Value, 8},
		{"Contraband Cards", d.Counts.Contraband.Value, 8},
		{"Skill Cards", d.Counts.Skills.Value, 50},
		{"Role Cards", len(d.Roles), 21},
		{"Role Cards in the colours' triples", roles, 21},
		{"Tool Cards", len(d.Tools), 11},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.what, c.got, c.want)
		}
	}
	once := map[string]int{}
	for _, s := range d.Systems {
		once[s.Name]++
	}
	if once["Ship Control"] != 1 || once["Concealment Level"] != 1 {
		t.Errorf("systems %v: want 1 Ship Control and 1 Concealment Level", once)
	}

	s := setup(t, `{}`, 4)
	if got, want := s.Deck.Yellow+s.Deck.Orange+s.Deck.Red+s.Deck.Drawn, 44; got != want {
		t.Errorf("alert deck = %d cards (%+v), want %d", got, s.Deck, want)
	}
	skills := s.SkillPile + s.CargoPodSkills + s.SkillsGone
	tools := len(s.CargoPodTools) + len(s.ToolsGone)
	for _, p := range s.Players {
		skills += p.Skills
		tools += len(p.Tools)
	}
	if skills != 50 || tools != 11 {
		t.Errorf("a new table holds %d Skill Cards and %d Tool Cards, want 50 and 11", skills, tools)
	}
	if got, want := s.ContrabandSupply+s.ContrabandGone, 8; got != want {
		t.Errorf("contraband = %d, want %d", got, want)
	}
}
