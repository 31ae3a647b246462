package nostromo

import (
	"fmt"

	"tablewarden/referee/kit"
)

// Invariants checks card and token conservation and the bounds of the
// game: 40 Mission cards, 9 Behaviour cards, 12 Crew tokens each exactly
// once, Blip tokens, Items, Reminder sets and emergency procedures.
func (g *Game) Invariants(st kit.State) error { return moves.Check(st, invariants) }

// invariants is Invariants on the game's own state.
func invariants(s *State) error {
	d := s.Data
	// Mission cards.
	seen := map[int]int{}
	count := func(xs []int) {
		for _, x := range xs {
			seen[x]++
		}
	}
	count(s.Deck.Cards)
	count(s.Discard)
	count(s.Activated)
	for _, h := range s.Hands {
		count(h)
	}
	if len(seen) != d.MissionCards() {
		return fmt.Errorf("mission cards: %d distinct, want %d", len(seen), d.MissionCards())
	}
	for c, n := range seen {
		if n != 1 || c < 1 || c > d.MissionCards() {
			return fmt.Errorf("mission card %d appears %d times", c, n)
		}
	}
	if s.Alien >= 0 && len(s.Hands[s.Alien]) > 0 {
		return fmt.Errorf("the Alien player holds Mission cards")
	}
	// Behaviour cards.
	beh := map[int]int{}
	for _, xs := range [][]int{s.Behaviour.Cards, s.BehaviourDrawn, s.BehaviourDiscard} {
		for _, x := range xs {
			beh[x]++
		}
	}
	if len(beh) != d.BehaviourCards {
		return fmt.Errorf("behaviour cards: %d distinct, want %d", len(beh), d.BehaviourCards)
	}
	for c, n := range beh {
		if n != 1 {
			return fmt.Errorf("behaviour card %d appears %d times", c, n)
		}
	}
	// Activated procedures.
	procs := map[int]bool{}
	for _, c := range s.Activated {
		p := d.Procedure(c)
		if p < 0 || procs[p] {
			return fmt.Errorf("activated card %d is not a new emergency procedure", c)
		}
		procs[p] = true
	}
	if !s.Options.Survival && s.ActivatedThisTurn > 2 {
		return fmt.Errorf("%d emergency procedures this turn", s.ActivatedThisTurn)
	}
	if s.Alien < 0 || s.Phase == PhaseSetup {
		return nil
	}
	// Reminder sets.
	for c, o := range s.Sets {
		if !s.isCrew(o) {
			return fmt.Errorf("reminder set %s held by seat %d, not a Crew player", d.Colors[c], o)
		}
	}
	// Crew tokens.
	toks := map[CrewToken]int{}
	for _, r := range s.Reserve {
		for _, t := range r {
			toks[t]++
		}
	}
	for _, t := range s.Pool {
		toks[t]++
	}
	handles := map[int]bool{}
	for _, t := range s.Board {
		toks[t.Token]++
		if t.Shown != nil && *t.Shown != t.Token {
			return fmt.Errorf("token #%d shows %v but is %v", t.Handle, *t.Shown, t.Token)
		}
		if t.Room < 1 || t.Room > 10 || handles[t.Handle] {
			return fmt.Errorf("token #%d: bad room or duplicate handle", t.Handle)
		}
		handles[t.Handle] = true
	}
	for _, t := range s.Removed {
		toks[t]++
	}
	for _, c := range s.Captured {
		toks[CrewToken{Color: c, Kind: Presence}]++
	}
	for _, c := range s.CrewCards {
		if c.Presence != "" {
			toks[CrewToken{Color: c.Presence, Kind: Presence}]++
		}
	}
	for _, c := range d.Colors {
		for _, k := range []string{Presence, Passage} {
			if n := toks[CrewToken{Color: c, Kind: k}]; n != 1 {
				return fmt.Errorf("crew token %s %s appears %d times", c, k, n)
			}
		}
	}
	if len(toks) != 2*len(d.Colors) {
		return fmt.Errorf("%d kinds of crew tokens, want %d", len(toks), 2*len(d.Colors))
	}
	// Blips.
	if s.Breakdowns < 1 || s.Breakdowns > 4 {
		return fmt.Errorf("the Alien owns %d Breakdown tokens", s.Breakdowns)
	}
	blips := map[string]int{}
	for _, k := range s.BlipReserve {
		blips[k]++
	}
	rooms := map[int]bool{}
	for _, b := range s.Blips {
		blips[b.Kind]++
		if b.Shown != "" && b.Shown != b.Kind {
			return fmt.Errorf("blip #%d shows %s but is %s", b.Handle, b.Shown, b.Kind)
		}
		if b.Room < 1 || b.Room > 9 || rooms[b.Room] {
			return fmt.Errorf("blip #%d in room %d", b.Handle, b.Room)
		}
		rooms[b.Room] = true
	}
	if s.AlienRoom != 0 {
		blips[BlipAlien]++
	}
	if s.JonesyRoom != 0 {
		blips[BlipJonesy]++
	}
	if blips[BlipAlien] > 1 || blips[BlipJonesy] > 1 || blips[BlipBreakdown] > s.Breakdowns {
		return fmt.Errorf("blip tokens %v exceed the Alien's set", blips)
	}
	// Items.
	for _, it := range s.Items {
		if (it.Holder >= 0) == (it.Room != 0) || (it.Holder >= 0 && !s.isCrew(it.Holder)) {
			return fmt.Errorf("item %s is nowhere or in two places", it.Name)
		}
	}
	if s.capturedCards() > len(s.CrewCards) || len(s.Captured) > len(d.Colors) {
		return fmt.Errorf("too many captures")
	}
	return nil
}
