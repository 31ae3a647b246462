package jumpship

import (
	"fmt"
	"slices"

	"tablewarden/referee/kit"
)

// Invariants checks token conservation (every one of the 69 Action Tokens
// is in the bag, in the turn's hand, in front of a player or on a board),
// track bounds, the Bio ID chart, seat statuses and that the phase agrees
// with the rest of the state. It returns an error naming the first broken
// invariant.
func (g *Game) Invariants(st kit.State) error { return moves.Check(st, invariants) }

// invariants is Invariants on the game's own state.
func invariants(st *State) error {
	n := len(st.Seats)
	humans, aliens, ok := bioChart(n)
	if !ok {
		return fmt.Errorf("%d seats", n)
	}
	bios := map[string]int{}
	for i, seat := range st.Seats {
		bios[seat.BioID]++
		if !slices.Contains([]string{Aboard, Ejected, Killed}, seat.Status) {
			return fmt.Errorf("seat %d: status %q", i, seat.Status)
		}
		if seat.Target < 0 || seat.Medical < 0 || seat.Command < 0 || seat.Scan < 0 {
			return fmt.Errorf("seat %d: negative token count", i)
		}
		if seat.Status != Aboard && seat.Target+seat.Medical+seat.Command+seat.Scan > 0 && st.End == nil {
			return fmt.Errorf("seat %d is %s but holds tokens", i, seat.Status)
		}
		for _, r := range seat.Scans {
			if r.Target < 0 || r.Target >= n || st.Seats[r.Target].BioID != r.BioID {
				return fmt.Errorf("seat %d: scan record %+v does not match the target's Bio ID", i, r)
			}
		}
		if rank(seat.Role) >= len(data.Roles.Rank) {
			return fmt.Errorf("seat %d: unknown role %q", i, seat.Role)
		}
		for j := 0; j < i; j++ {
			if st.Seats[j].Role == seat.Role {
				return fmt.Errorf("seats %d and %d share the role %s", j, i, seat.Role)
			}
		}
	}
	if bios[Human] != humans || bios[Alien] != aliens || bios[Queen] != 1 || len(bios) > 3 {
		return fmt.Errorf("dealt Bio IDs %v, want %d Humans, %d Aliens and 1 Queen", bios, humans, aliens)
	}
	if err := st.checkTokens(); err != nil {
		return err
	}
	for i, t := range st.Countdown {
		if t.Count < 0 || t.Count > st.TrackLengths[i] {
			return fmt.Errorf("%s track holds %d of %d", trackEvents[i], t.Count, st.TrackLengths[i])
		}
	}
	if st.Repair < 0 || st.Repair > data.RepairTrack.Spaces {
		return fmt.Errorf("repair track holds %d of %d", st.Repair, data.RepairTrack.Spaces)
	}
	if len(st.Order.Order) != n || st.Order.Current < 0 || st.Order.Current >= n {
		return fmt.Errorf("turn order %+v for %d seats", st.Order, n)
	}
	if st.Quarantined < -1 || st.Quarantined >= n {
		return fmt.Errorf("quarantined seat %d", st.Quarantined)
	}
	return st.checkPhase()
}

// checkTokens checks that every token is somewhere, exactly once.
func (st *State) checkTokens() error {
	where := map[string]int{}
	for _, k := range st.Hand {
		if k == Countdown {
			return fmt.Errorf("a Countdown token in the hand")
		}
		where[k]++
	}
	for _, s := range st.Seats {
		where[Target] += s.Target
		where[Medical] += s.Medical
		where[Command] += s.Command
		where[Scan] += s.Scan
	}
	for _, t := range st.Countdown {
		where[Countdown] += t.Count
	}
	where[Repair] += st.Repair
	for _, k := range tokenKinds {
		if got, want := st.Bag.Count(k)+where[k], data.Tokens.Counts[k]; got != want {
			return fmt.Errorf("%d %s tokens in play (bag %d), want %d", got, k, st.Bag.Count(k), want)
		}
	}
	if got, want := st.Bag.Len()+sumTokens(where), totalTokens(); got != want {
		return fmt.Errorf("%d tokens in all, want %d", got, want)
	}
	return nil
}

func sumTokens(m map[string]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

// checkPhase checks that the phase agrees with the hand, the choice and the
// end.
func (st *State) checkPhase() error {
	if (st.End != nil) != (st.Phase == PhaseOver) {
		return fmt.Errorf("phase %q with end %v", st.Phase, st.End)
	}
	switch st.Phase {
	case PhaseOver:
		return nil
	case PhaseTurn, PhaseGive:
		if st.Choice != nil {
			return fmt.Errorf("phase %q with a pending choice", st.Phase)
		}
		if cur := st.Order.Seat(); !st.aboard(cur) {
			return fmt.Errorf("turn of seat %d, who is %s", cur, st.Seats[cur].Status)
		}
		if (st.Phase == PhaseGive) != (len(st.Hand) > 0) {
			return fmt.Errorf("phase %q with hand %v", st.Phase, st.Hand)
		}
	case PhaseCaptainTiebreak, PhaseQuarantine, PhaseKill:
		if st.Choice == nil || len(st.Pending) == 0 || st.Pending[0] != st.Choice.Event {
			return fmt.Errorf("phase %q with choice %+v and pending %v", st.Phase, st.Choice, st.Pending)
		}
		if !st.aboard(st.Choice.Chooser) || len(st.Hand) > 0 {
			return fmt.Errorf("phase %q: chooser %d is not aboard or the hand is not empty", st.Phase, st.Choice.Chooser)
		}
	default:
		return fmt.Errorf("unknown phase %q", st.Phase)
	}
	seen := map[int]bool{}
	for _, s := range st.GivenTo {
		if seen[s] {
			return fmt.Errorf("seat %d given two tokens this turn", s)
		}
		seen[s] = true
	}
	return nil
}
