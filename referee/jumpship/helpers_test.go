package jumpship

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// names are the players of the test tables.
var names = []string{"Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"}

// table is a game under test with helpers that apply moves and check the
// kit's guarantees at every step.
type table struct {
	t      *testing.T
	g      *Game
	st     *State
	no     int
	events []kit.Event
	last   kit.Result
}

// newTable sets up a game for len(roles) players, then deals the given
// roles and Bio IDs (which must fit the chart) instead of random ones, so
// that tests know who is who. The first player follows the dealt roles.
func newTable(t *testing.T, roles, bios []string) *table {
	t.Helper()
	g := New()
	s, err := g.Setup(nil, names[:len(roles)], kit.NewCtx(7, 0, kittest.Epoch))
	if err != nil {
		t.Fatalf("Setup: %v", err)
	}
	st := s.(*State)
	first := 0
	for i := range st.Seats {
		st.Seats[i].Role = roles[i]
		st.Seats[i].BioID = bios[i]
		if rank(roles[i]) < rank(roles[first]) {
			first = i
		}
	}
	st.Order = kit.TurnOrder{Order: kit.Clockwise(first, len(roles))}
	tb := &table{t: t, g: g, st: st}
	tb.check()
	return tb
}

// std7 is a 7-player table: Ada the Captain starts; Cy is an Alien and Ed
// the Queen.
func std7(t *testing.T) *table {
	return newTable(t,
		[]string{Captain, FirstMate, Pilot, Scientist, Diplomat, Doctor, Security},
		[]string{Human, Human, Alien, Human, Queen, Human, Human})
}

// check fails the test when the state breaks an invariant.
func (tb *table) check() {
	tb.t.Helper()
	if err := tb.g.Invariants(tb.st); err != nil {
		tb.t.Fatalf("Invariants: %v", err)
	}
}

func (tb *table) ctx() kit.Ctx {
	tb.no++
	return kit.NewCtx(7, tb.no, kittest.Epoch)
}

// try applies a move and checks that Apply did not mutate its input.
func (tb *table) try(seat int, typ string, args any, ctx kit.Ctx) (kit.Result, error) {
	tb.t.Helper()
	before := kittest.Encode(tb.t, tb.st)
	actor := kit.SeatActor(seat)
	if seat < 0 {
		actor = kit.HostActor
	}
	res, err := tb.g.Apply(tb.st, actor, kittest.MakeMove(typ, args), ctx)
	if after := kittest.Encode(tb.t, tb.st); !bytes.Equal(before, after) {
		tb.t.Fatalf("%s: Apply mutated its input state", typ)
	}
	return res, err
}

// do applies a move that must be accepted and adopts the new state.
func (tb *table) do(seat int, typ string, args any) kit.Result {
	tb.t.Helper()
	res, err := tb.try(seat, typ, args, tb.ctx())
	if err != nil {
		tb.t.Fatalf("%s by seat %d %v: %v", typ, seat, args, err)
	}
	tb.adopt(res)
	return res
}

func (tb *table) adopt(res kit.Result) {
	tb.t.Helper()
	tb.st = res.State.(*State)
	tb.events = append(tb.events, res.Events...)
	tb.last = res
	tb.check()
}

// refuse applies a move that must be refused and returns its error code.
func (tb *table) refuse(seat int, typ string, args any) string {
	tb.t.Helper()
	res, err := tb.try(seat, typ, args, tb.ctx())
	if err == nil {
		tb.t.Fatalf("%s by seat %d %v was accepted, want a refusal (events %v)", typ, seat, args, res.Events)
	}
	re, ok := kit.AsRuleError(err)
	if !ok {
		tb.t.Fatalf("%s: error %v is not a RuleError", typ, err)
	}
	if re.Message == "" || re.Rule == "" {
		tb.t.Fatalf("%s: RuleError %+v lacks a message or rule", typ, re)
	}
	return re.Code
}

// wantRefused checks a move is refused with a given code.
func (tb *table) wantRefused(seat int, typ string, args any, code string) {
	tb.t.Helper()
	if got := tb.refuse(seat, typ, args); got != code {
		tb.t.Fatalf("%s by seat %d %v: code = %q, want %q", typ, seat, args, got, code)
	}
}

// drawUntil makes seat draw, trying successive move numbers until the
// result satisfies ok, and adopts that result.
func (tb *table) drawUntil(seat int, ok func(*State) bool) kit.Result {
	tb.t.Helper()
	return tb.doUntil(seat, MoveDraw, nil, ok)
}

// doUntil applies a move with a random outcome, trying successive move
// numbers until the result satisfies ok, and adopts that result.
func (tb *table) doUntil(seat int, typ string, args any, ok func(*State) bool) kit.Result {
	tb.t.Helper()
	for i := 0; i < 20000; i++ {
		res, err := tb.try(seat, typ, args, tb.ctx())
		if err != nil {
			tb.t.Fatalf("%s: %v", typ, err)
		}
		if ok(res.State.(*State)) {
			tb.adopt(res)
			return res
		}
	}
	tb.t.Fatalf("no %s satisfied the condition", typ)
	return kit.Result{}
}

// take moves n tokens of a kind from the bag (a test's way of arranging
// the table without breaking token conservation).
func (tb *table) take(kind string, n int) {
	tb.t.Helper()
	for i := 0; i < n; i++ {
		if _, ok := tb.st.Bag.Take(kind); !ok {
			tb.t.Fatalf("no %s left in the bag", kind)
		}
	}
}

// hold puts n tokens of a kind from the bag in front of a seat.
func (tb *table) hold(seat int, kind string, n int) {
	tb.t.Helper()
	tb.take(kind, n)
	s := &tb.st.Seats[seat]
	switch kind {
	case Target:
		s.Target += n
	case Medical:
		s.Medical += n
	case Command:
		s.Command += n
	case Scan:
		s.Scan += n
	default:
		tb.t.Fatalf("cannot hold %s", kind)
	}
	tb.check()
}

// setRepair puts n Repair tokens from the bag on the Ship Repair board.
func (tb *table) setRepair(n int) {
	tb.t.Helper()
	tb.take(Repair, n-tb.st.Repair)
	tb.st.Repair = n
	tb.check()
}

// setCountdown puts Countdown tokens from the bag on a track.
func (tb *table) setCountdown(track, n int) {
	tb.t.Helper()
	tb.take(Countdown, n-tb.st.Countdown[track].Count)
	tb.st.Countdown[track].Count = n
	tb.check()
}

// resolveTrack marks the earlier tracks resolved (empty) and arranges that
// the current turn's draw has just completed track i and left hand to be
// given: the event must resolve once the hand is given.
func (tb *table) resolveTrack(i int, hand ...string) {
	tb.t.Helper()
	for j := 0; j < i; j++ {
		tb.st.Countdown[j] = CountdownTrack{Resolved: true}
	}
	tb.setCountdown(i, tb.st.TrackLengths[i])
	tb.st.Pending = []string{trackEvents[i]}
	for _, k := range hand {
		tb.take(k, 1)
	}
	tb.st.Hand = append([]string{}, hand...)
	tb.st.Phase = PhaseGive
	if len(hand) == 0 {
		tb.t.Fatalf("resolveTrack needs a hand to give")
	}
	tb.check()
}

// completeTrack has giver give token to seat to, the last token of a draw
// that completed countdown track i (resolveTrack), so that the track's
// event resolves now.
func (tb *table) completeTrack(i int, token string, giver, to int) kit.Result {
	tb.t.Helper()
	tb.resolveTrack(i, token)
	return tb.do(giver, MoveGive, GiveArgs{Token: token, To: to})
}

// turn is the seat whose turn it is.
// wantSide fails the test unless the game has ended with side winning.
func (tb *table) wantSide(side string) {
	tb.t.Helper()
	if o := tb.g.Outcome(tb.st); o == nil || o.Side != strings.ToLower(side) || o.SideLabel != side {
		tb.t.Fatalf("outcome = %+v, want %s", o, side)
	}
}

func (tb *table) turn() int { return tb.st.Order.Seat() }

// wantTurn fails the test unless it is seat's turn.
func (tb *table) wantTurn(seat int) {
	tb.t.Helper()
	if got := tb.turn(); got != seat {
		tb.t.Fatalf("turn = %d, want %d", got, seat)
	}
}

// setTurn gives the turn to a seat at the start of its turn.
func (tb *table) setTurn(seat int) {
	tb.t.Helper()
	for i, s := range tb.st.Order.Order {
		if s == seat {
			tb.st.Order.Current = i
		}
	}
	tb.check()
}

// give gives the whole hand away to the next seats aboard after the
// current one (placing Repair tokens).
func (tb *table) giveAll() {
	tb.t.Helper()
	me := tb.turn()
	to := me
	for len(tb.st.Hand) > 0 && tb.st.Phase == PhaseGive && tb.turn() == me {
		k := tb.st.Hand[0]
		if k == Repair {
			tb.do(me, MovePlaceRepair, nil)
			continue
		}
		for {
			to = (to + 1) % len(tb.st.Seats)
			if to != me && tb.st.aboard(to) {
				break
			}
		}
		tb.do(me, MoveGive, GiveArgs{Token: k, To: to})
	}
}

func seatsStr(st *State) string {
	s := ""
	for i, x := range st.Seats {
		s += fmt.Sprintf("%d:%s/%s/%s T%d M%d C%d S%d; ", i, x.Name, x.Role, x.Status, x.Target, x.Medical, x.Command, x.Scan)
	}
	return s
}
