package lockup

import (
	"fmt"

	"tablewarden/referee/kit"
)

// Invariants checks token and card conservation and the bounds of the
// state: seven crew tokens per player with at most one on the legend card,
// the face-down limit, loot tokens conserved, legend and minion cards
// conserved, the guard deck whole, lanterns on board spaces.
func (g *Game) Invariants(st kit.State) error { return moves.Check(st, invariants) }

// invariants is Invariants on the game's own state.
func invariants(st *State) error {
	d := st.Data
	if st.Round < 1 || st.Round > d.Rounds.Value {
		return fmt.Errorf("round %d out of 1..%d", st.Round, d.Rounds.Value)
	}
	lim := d.faceDownLimit(len(st.Seats))
	for i, p := range st.Players {
		if len(p.Tokens) != 7 {
			return fmt.Errorf("%s has %d crew tokens, want 7", st.Seats[i], len(p.Tokens))
		}
		if n := len(p.tokensIn(PlaceLegend, 0)); n > 1 {
			return fmt.Errorf("%s has %d tokens on the legend card", st.Seats[i], n)
		}
		if p.FaceDown > lim {
			return fmt.Errorf("%s has %d face-down assignments, limit %d", st.Seats[i], p.FaceDown, lim)
		}
		if st.Phase == PhaseRollCall && len(p.tokensIn(PlaceLocation, 0)) > 0 {
			return fmt.Errorf("%s has a token on location 0", st.Seats[i])
		}
		if _, ok := d.space(p.Lantern); !ok {
			return fmt.Errorf("%s's lantern is on unknown space %q", st.Seats[i], p.Lantern)
		}
		if p.Score.StarsTrack != 0 && p.Score.StarsTrack < p.recordedStars() {
			return fmt.Errorf("%s's star track is below the recorded stars", st.Seats[i])
		}
	}
	// Loot conservation.
	total := 0
	for _, k := range d.LootTokens.Value {
		total += k.Count
	}
	n := len(st.LootBox)
	for _, s := range st.LootStacks {
		n += len(s)
	}
	for _, p := range st.Players {
		n += len(p.Loot)
	}
	if st.GuardState != nil {
		n += len(st.GuardState.Loot)
	}
	if n != total {
		return fmt.Errorf("%d loot tokens accounted for, want %d", n, total)
	}
	if got, want := len(st.LegendDeck)+1, len(d.LegendCards.Value); got != want {
		return fmt.Errorf("%d legend cards, want %d", got, want)
	}
	mTotal := 0
	for _, e := range d.Minions.Value.Deck {
		mTotal += e.Count
	}
	m := len(st.MinionDeck) + len(st.MinionDiscard)
	for _, c := range st.MinionRow {
		if c.Type != "" {
			m++
		}
	}
	for _, p := range st.Players {
		m += len(p.Minions) + len(p.MinionChoice)
	}
	if m != mTotal {
		return fmt.Errorf("%d minion cards accounted for, want %d", m, mTotal)
	}
	if gs := st.GuardState; gs != nil {
		c := len(gs.Deck) + len(gs.OnLocations)
		if gs.OnLegend.Colour != "" {
			c++
		}
		if want := d.GuardBlueCards.Value + d.GuardColourCards.Value; c != want {
			return fmt.Errorf("%d guard cards, want %d", c, want)
		}
		if _, ok := d.space(gs.Lantern); !ok {
			return fmt.Errorf("the guards' lantern is on unknown space %q", gs.Lantern)
		}
	}
	for _, q := range st.Queue {
		if q.StepsLeft < 0 || q.StepsLeft > 2 {
			return fmt.Errorf("an advance has %d steps left", q.StepsLeft)
		}
	}
	return nil
}
