package lockup

import (
	"encoding/json"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// setup returns a fresh game for the named seats.
func setup(t testing.TB, seed uint64, opts string, seats ...string) *State {
	t.Helper()
	var raw json.RawMessage
	if opts != "" {
		raw = json.RawMessage(opts)
	}
	st, err := New().Setup(raw, seats, kit.NewCtx(seed, 0, kittest.Epoch))
	if err != nil {
		t.Fatalf("Setup: %v", err)
	}
	return st.(*State)
}

// play applies a move and fails the test on error.
func play(t testing.TB, st *State, who kit.Actor, typ string, args any) (*State, kit.Result) {
	t.Helper()
	res, err := New().Apply(st, who, kittest.MakeMove(typ, args), kit.NewCtx(7, st.Moves+1, kittest.Epoch))
	if err != nil {
		t.Fatalf("%s %v by %+v: %v", typ, args, who, err)
	}
	if err := New().Invariants(res.State); err != nil {
		t.Fatalf("after %s: Invariants: %v", typ, err)
	}
	return res.State.(*State), res
}

// refuse applies a move that must fail with code.
func refuse(t testing.TB, st *State, who kit.Actor, typ string, args any, code string) {
	t.Helper()
	_, err := New().Apply(st, who, kittest.MakeMove(typ, args), kit.NewCtx(7, st.Moves+1, kittest.Epoch))
	if got := kit.ErrorCode(err); got != code {
		t.Fatalf("%s %v: error code = %q (%v), want %q", typ, args, got, err, code)
	}
}

func seat(i int) kit.Actor { return kit.SeatActor(i) }

type M = map[string]any

type offered struct {
	who  kit.Actor
	spec kit.MoveSpec
}

// offers lists every move every viewer is offered.
func offers(g *Game, st *State) []offered {
	var out []offered
	for s := range st.Seats {
		for _, m := range g.View(st, kit.SeatViewer(s)).Moves {
			out = append(out, offered{kit.SeatActor(s), m})
		}
	}
	for _, m := range g.View(st, kit.HostViewer).Moves {
		out = append(out, offered{kit.HostActor, m})
	}
	return out
}

// put is one planned assignment.
type put struct {
	token    string
	location int
	faceDown bool
}

// quietLocation is a location without a tunnel marker, for tokens that
// should not matter.
func quietLocation(st *State) int {
	for i, tn := range st.Tunnels {
		if tn == "" {
			return i + 1
		}
	}
	panic("no quiet location")
}

// rollCall plays a whole Roll Call: each seat makes its planned
// assignments in turn order, then puts its remaining tokens (all but the
// last) face up on a quiet location, then passes. The last token left is
// the one named in last[seat] (default crew1) — it goes on the legend.
func rollCall(t testing.TB, st *State, plan map[int][]put, last map[int]string) *State {
	t.Helper()
	done := map[int]int{}
	for st.Phase == PhaseRollCall {
		s := st.Turn
		p := &st.Players[s]
		if done[s] < len(plan[s]) {
			a := plan[s][done[s]]
			done[s]++
			st, _ = play(t, st, seat(s), "assign", M{"token": a.token, "location": a.location, "face_down": a.faceDown})
			continue
		}
		if p.inCell() == 1 {
			st, _ = play(t, st, seat(s), "pass", nil)
			continue
		}
		keep := last[s]
		if keep == "" {
			keep = "crew1"
		}
		for _, i := range p.tokensIn(PlaceCell, 0) {
			if p.Tokens[i].ID != keep {
				st, _ = play(t, st, seat(s), "assign", M{"token": p.Tokens[i].ID, "location": quietLocation(st), "face_down": false})
				break
			}
		}
	}
	return st
}

// withTunnels replaces the dealt tunnel markers (location i+1 = tn[i]).
func withTunnels(st *State, tn ...string) *State {
	st = st.Clone()
	copy(st.Tunnels, tn)
	return st
}

// resolveLegend plays the legend step from the host.
func hostResolvesLegend(t testing.TB, st *State) *State {
	t.Helper()
	var args any
	if st.Solo {
		args = M{"guards_rewarded": false}
	}
	st, _ = play(t, st, kit.HostActor, "resolve_legend", args)
	return st
}

var st0Time = kittest.Epoch

func kitMove(typ, args string) kit.Move { return kit.Move{Type: typ, Args: json.RawMessage(args)} }

// offeredTo reports whether the view of seat (-1: the host) offers a move
// of type typ.
func offeredTo(st *State, seat int, typ string) bool {
	v := kit.HostViewer
	if seat >= 0 {
		v = kit.SeatViewer(seat)
	}
	for _, m := range New().View(st, v).Moves {
		if m.Type == typ {
			return true
		}
	}
	return false
}
