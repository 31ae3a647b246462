package jumpship

import (
	"slices"

	"tablewarden/referee/kit"
)

// legalMoves lists exactly the moves a seat may make now, each argument's
// choices narrowed to the values Apply accepts: any combination of offered
// choices is a legal move.
func (st *State) legalMoves(seat int) []kit.MoveSpec {
	out := []kit.MoveSpec{}
	if st.End != nil {
		return out
	}
	if c := st.Choice; c != nil {
		if c.Chooser == seat {
			out = st.choiceMoves(seat)
		}
		return out
	}
	if st.Order.Seat() != seat {
		return out
	}
	if st.Phase == PhaseGive {
		return st.giveMoves(seat)
	}
	return st.turnMoves(seat)
}

// spec returns the catalog entry of a move type with narrowed args.
func spec(typ string, args ...kit.ArgSpec) kit.MoveSpec {
	for _, m := range moveCatalog {
		if m.Type == typ {
			m.Args = args
			return m
		}
	}
	panic("jumpship: no move " + typ)
}

func (st *State) seatArg(name, label string, seats []int) kit.ArgSpec {
	ch := make([]kit.Choice, len(seats))
	for i, s := range seats {
		ch[i] = kit.Choice{Value: s, Label: st.Seats[s].Name + " (" + st.Seats[s].Role + ")"}
	}
	return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgSeat, Choices: ch}
}

func enumArg(name, label string, values []string) kit.ArgSpec {
	ch := make([]kit.Choice, len(values))
	for i, v := range values {
		ch[i] = kit.Choice{Value: v, Label: v}
	}
	return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgEnum, Choices: ch}
}

// seats returns the seats for which keep is true.
func (st *State) seats(keep func(i int, s Seat) bool) []int {
	var out []int
	for i, s := range st.Seats {
		if keep(i, s) {
			out = append(out, i)
		}
	}
	return out
}

func (st *State) turnMoves(seat int) []kit.MoveSpec {
	me := st.Seats[seat]
	out := []kit.MoveSpec{spec(MoveDraw)}
	if need, _ := scanNeed(me.Role); st.scannersOnline() && me.Scan >= need {
		targets := st.seats(func(i int, s Seat) bool { return i != seat && s.Role != FirstMate })
		if len(targets) > 0 {
			out = append(out, spec(MoveScan, st.seatArg("target", "Player to scan", targets)))
		}
	}
	switch me.Role {
	case Chef:
		var tracks []string
		for i, t := range st.Countdown {
			if !t.Resolved && t.Count > 0 && t.Count < st.TrackLengths[i] {
				tracks = append(tracks, trackEvents[i])
			}
		}
		if len(tracks) > 0 {
			out = append(out, spec(MoveChef, enumArg("track", "Countdown track", tracks)))
		}
	case Doctor:
		for from, s := range st.Seats {
			if s.Medical == 0 {
				continue
			}
			to := st.seats(func(i int, s Seat) bool { return i != from && s.Status == Aboard })
			if len(to) == 0 {
				continue
			}
			m := spec(MoveDoctor, st.seatArg("from", "From", []int{from}), st.seatArg("to", "To", to))
			m.Label = "Doctor: move a Medical token from " + s.Name
			out = append(out, m)
		}
	case Engineer:
		if st.Repair > 0 {
			out = append(out, spec(MoveEngineer))
		}
	case Security:
		if st.Bag.Count(Target) > 0 {
			out = append(out, spec(MoveSecurity))
		}
	}
	return out
}

func (st *State) giveMoves(seat int) []kit.MoveSpec {
	me := st.Seats[seat]
	var out []kit.MoveSpec
	var kinds []string
	for _, k := range st.Hand {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	if !st.Taken && st.Placed == 0 && st.Redraws < redrawLimit(me.Role) {
		back := append([]string{}, kinds...)
		if len(st.Hand) == 2 {
			back = append(back, RedrawBoth)
		}
		out = append(out, spec(MoveRedraw, enumArg("tokens", "Tokens to return", back)))
	}
	giveable := slices.DeleteFunc(append([]string{}, kinds...), func(k string) bool { return k == Repair })
	if len(giveable) > 0 {
		to := st.seats(func(i int, s Seat) bool {
			if slices.Contains(st.GivenTo, i) || s.Status != Aboard {
				return false
			}
			return i != seat || me.Role == Diplomat
		})
		out = append(out, spec(MoveGive, enumArg("token", "Token", giveable), st.seatArg("to", "To", to)))
	}
	if slices.Contains(st.Hand, Repair) {
		out = append(out, spec(MovePlaceRepair))
	}
	return out
}

func (st *State) choiceMoves(seat int) []kit.MoveSpec {
	aboard := st.seats(func(_ int, s Seat) bool { return s.Status == Aboard })
	switch st.Phase {
	case PhaseCaptainTiebreak:
		return []kit.MoveSpec{spec(MoveCaptainBreak, st.seatArg("seat", "Winner of the tie", st.Choice.Tied))}
	case PhaseQuarantine:
		return []kit.MoveSpec{spec(MoveQuarantine, st.seatArg("target", "Player to quarantine", aboard))}
	case PhaseKill:
		return []kit.MoveSpec{spec(MoveKill, st.seatArg("target", "Player to kill", aboard)), spec(MoveKillNobody)}
	}
	return []kit.MoveSpec{}
}
