package nostromo

import (
	"encoding/json"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// tg drives a game in tests: every accepted move is checked for
// non-mutation of its input and for the invariants.
type tg struct {
	t      *testing.T
	g      *Game
	st     *State
	n      int
	seed   uint64
	events []kit.Event
	last   kit.Result
}

var names = []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"}

// newTG sets a game up with seat 0 as the Alien player; with 5 or 6
// players the Alien gives the extra sets to seats 1 (and 2).
func newTG(t *testing.T, players int, opts string) *tg {
	t.Helper()
	x := &tg{t: t, g: New(), seed: 42}
	var raw json.RawMessage
	if opts != "" {
		raw = json.RawMessage(opts)
	}
	st, err := x.g.Setup(raw, names[:players], kit.NewCtx(x.seed, 0, kittest.Epoch))
	if err != nil {
		t.Fatalf("Setup: %v", err)
	}
	x.st = st.(*State)
	x.host("designate_alien", map[string]any{"seat": 0})
	switch players {
	case 5:
		x.ok(0, "choose_extra_set", map[string]any{"seat": 1})
		x.ok(0, "choose_extra_set", map[string]any{"seat": 2})
	case 6:
		x.ok(0, "choose_extra_set", map[string]any{"seat": 1})
	}
	return x
}

func (x *tg) apply(who kit.Actor, typ string, args any) (kit.Result, error) {
	x.t.Helper()
	before := kittest.Encode(x.t, x.st)
	res, err := x.g.Apply(x.st, who, kittest.MakeMove(typ, args), kit.NewCtx(x.seed, x.n+1, kittest.Epoch))
	if after := kittest.Encode(x.t, x.st); string(before) != string(after) {
		x.t.Fatalf("%s mutated its input state", typ)
	}
	return res, err
}

// ok applies a move that must be accepted (seat -1: the host).
func (x *tg) ok(seat int, typ string, args any) *tg {
	x.t.Helper()
	who := kit.SeatActor(seat)
	if seat == -1 {
		who = kit.HostActor
	}
	res, err := x.apply(who, typ, args)
	if err != nil {
		x.t.Fatalf("%s %v by seat %d: %v", typ, args, seat, err)
	}
	if err := x.g.Invariants(res.State); err != nil {
		x.t.Fatalf("%s: invariants: %v", typ, err)
	}
	x.n++
	x.st = res.State.(*State)
	x.events = append(x.events, res.Events...)
	x.last = res
	return x
}

func (x *tg) host(typ string, args any) *tg { x.t.Helper(); return x.ok(-1, typ, args) }

// fail applies a move that must be refused with code.
func (x *tg) fail(seat int, typ string, args any, code string) {
	x.t.Helper()
	who := kit.SeatActor(seat)
	if seat == -1 {
		who = kit.HostActor
	}
	_, err := x.apply(who, typ, args)
	if got := kit.ErrorCode(err); got != code {
		x.t.Fatalf("%s %v by seat %d: error = %v, want code %q", typ, args, seat, err, code)
	}
	if re, _ := kit.AsRuleError(err); !strings.HasPrefix(re.Rule, book) && re.Rule != "Move" {
		x.t.Fatalf("%s: rule %q does not name the book", typ, re.Rule)
	}
}

// refuse runs fail as the subtest name, reporting through the subtest.
func (x *tg) refuse(name string, seat int, typ string, args any, code string) {
	x.t.Helper()
	x.t.Run(name, func(t *testing.T) {
		sub := *x
		sub.t = t
		sub.fail(seat, typ, args, code)
	})
}

// pass answers the open mission-order window with a pass.
func (x *tg) pass() *tg {
	x.t.Helper()
	return x.ok(x.st.crewSeats()[0], "pass_mission_orders", nil)
}

// windowOpen reports whether a mission-order window is open.
func (x *tg) windowOpen() bool {
	t := x.st.top()
	return t != nil && t.Kind == taskWindow
}

// stack puts the given Mission cards on top of the deck, in order, taking
// them from wherever they are.
func (x *tg) stack(top ...int) {
	s := x.st
	for _, c := range top {
		s.Deck.Cards, _ = without(s.Deck.Cards, c)
		s.Discard, _ = without(s.Discard, c)
		for i := range s.Hands {
			s.Hands[i], _ = without(s.Hands[i], c)
		}
	}
	s.Deck.Cards = append(append([]int(nil), top...), s.Deck.Cards...)
}

// hand sets a seat's hand to cards (taken from the deck, hands or
// discard); its old cards go to the bottom of the deck.
func (x *tg) hand(seat int, cards ...int) {
	s := x.st
	old := s.Hands[seat]
	s.Hands[seat] = nil
	s.Deck.Cards = append(s.Deck.Cards, old...)
	x.stack(cards...)
	s.Deck.Cards = s.Deck.Cards[len(cards):]
	s.Hands[seat] = append([]int(nil), cards...)
}

// Cards by kind in the default data: 1–15 Weyland, 16–20 procedure A,
// 21–25 B, 26–30 C, 31–35 D, 36–40 E.
const (
	wey1, wey2, wey3       = 1, 2, 3
	epA1, epA2             = 16, 17
	epB1, epC1, epD1, epE1 = 21, 26, 31, 36
)

// pl is a token to place in a room.
type pl struct {
	tok  string
	room int
}

// hide2 plays the hiding phase of a 2-player game (seat 0 Alien, seat 1
// crew): Blips alien/jonesy/breakdown(s) at the given rooms, then the crew
// tokens listed, the others in room rest.
func (x *tg) hide2(alien, jonesy int, breakdowns []int, crew []pl, rest int) *tg {
	x.t.Helper()
	x.pass()
	x.ok(0, "place_blip", map[string]any{"blip": BlipAlien, "room": alien})
	x.ok(0, "place_blip", map[string]any{"blip": BlipJonesy, "room": jonesy})
	for _, r := range breakdowns {
		x.ok(0, "place_blip", map[string]any{"blip": BlipBreakdown, "room": r})
	}
	for _, p := range crew {
		x.ok(1, "place_crew_token", map[string]any{"token": p.tok, "room": p.room})
	}
	for len(x.st.placeable(1)) > 0 {
		t := x.st.placeable(1)[0]
		x.ok(1, "place_crew_token", map[string]any{"token": tokenValue(t), "room": rest})
	}
	return x
}

func (x *tg) boardToken(tok string) BoardToken {
	x.t.Helper()
	want, _ := parseToken(tok)
	for _, t := range x.st.Board {
		if t.Token == want {
			return t
		}
	}
	x.t.Fatalf("token %s not on the board", tok)
	return BoardToken{}
}

func (x *tg) eventCodes() []string {
	var out []string
	for _, e := range x.last.Events {
		out = append(out, e.Code)
	}
	return out
}
