package kittest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"tablewarden/referee/kit"
)

// FuzzNames are the seat names fuzz targets use.
var FuzzNames = []string{"Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"}

// FuzzApply is the move fuzz target every game runs:
//
//	func FuzzApply(f *testing.F) { kittest.FuzzApply(f, New()) }
//
// Each input sets a game up (seed, player count), plays prefix random legal
// moves taken from the views (as phones would), then applies one move whose
// actor, type and raw args come from the fuzzer; an empty type means "a
// move type offered now, with the fuzzer's args". The invariants:
//
//   - nothing panics (Apply, View for every screen, Outcome, Decode);
//   - Apply never mutates its input state, accepted or not;
//   - a refused move is a *kit.RuleError with a code, a message and a rule;
//   - an accepted move keeps g.Invariants, survives an encode/Decode round
//     trip byte for byte, and is deterministic (the same input gives the
//     same state bytes: replay depends on it).
//
// Seeds: every move type of the catalog with no args, with the args
// RandomMove fills, and with out-of-range numbers; the committed corpus
// under testdata/fuzz/FuzzApply adds more.
func FuzzApply(f *testing.F, g kit.Game) {
	info := g.Info()
	r := rand.New(rand.NewPCG(1, 2))
	for i, spec := range info.Moves {
		f.Add(uint64(i), uint8(i), uint8(i%7), int8(i%3), spec.Type, []byte(nil))
		f.Add(uint64(i+100), uint8(i+1), uint8(5+i%20), int8(0), spec.Type, []byte(kit.RandomMove(spec, r).Args))
		for _, bad := range []string{"-1", "9223372036854775808", "-9223372036854775808", "1e308", "1.5", `"1"`, "null", "[]", "{}"} {
			args := map[string]json.RawMessage{}
			for _, a := range spec.Args {
				args[a.Name] = json.RawMessage(bad)
			}
			b, _ := json.Marshal(args)
			f.Add(uint64(i), uint8(1), uint8(3), int8(1), spec.Type, b)
		}
	}
	f.Add(uint64(7), uint8(0), uint8(10), int8(-1), "", []byte(`{}`))
	f.Add(uint64(8), uint8(2), uint8(30), int8(2), "", []byte(`{"x":1}`))
	f.Add(uint64(9), uint8(3), uint8(0), int8(0), "no_such_move", []byte(`{"a":[1,2,{"b":null}]}`))
	f.Add(uint64(10), uint8(0), uint8(2), int8(-2), kit.TimerExpiredMove, []byte(`{"name":"step","generation":1}`))
	f.Fuzz(func(t *testing.T, seed uint64, players, prefix uint8, who int8, typ string, args []byte) {
		CheckFuzzMove(t, g, FuzzMove{Seed: seed, Players: players, Prefix: prefix, Who: who, Type: typ, Args: args})
	})
}

// FuzzMove is one FuzzApply input.
type FuzzMove struct {
	Seed    uint64
	Players uint8
	Prefix  uint8 // random legal moves before the fuzzed one (mod 64)
	Who     int8  // seat index mod players; -1 the host; -2 the server (timer expiries only)
	Type    string
	Args    []byte
}

// FuzzReach sets a game up and plays up to prefix random legal moves from
// the views, returning the state reached, the number of moves played and
// the seat count.
func FuzzReach(t testing.TB, g kit.Game, seed uint64, players uint8, prefix int) (kit.State, int, int) {
	t.Helper()
	info := g.Info()
	n := info.MinPlayers + int(players)%(info.MaxPlayers-info.MinPlayers+1)
	st, err := g.Setup(nil, FuzzNames[:n], kit.NewCtx(seed, 0, Epoch))
	for err != nil && n < info.MaxPlayers {
		// Some default options take fewer seats than the game's minimum
		// (a mission for 3 or more): take one more seat.
		n++
		st, err = g.Setup(nil, FuzzNames[:n], kit.NewCtx(seed, 0, Epoch))
	}
	if err != nil {
		t.Fatalf("Setup(%d players, seed %d): %v", n, seed, err)
	}
	r := rand.New(rand.NewPCG(seed, 77))
	no := 0
	for no < prefix && g.Outcome(st) == nil {
		cands := OfferedMoves(g, st, n, r)
		if len(cands) == 0 {
			break
		}
		c := cands[r.IntN(len(cands))]
		res, err := g.Apply(st, c.Who, c.Move, kit.NewCtx(seed, no+1, Epoch.Add(time.Duration(no+1)*time.Second)))
		if err != nil {
			// An offered move must be accepted; the API tests report
			// that. Here it only ends the prefix.
			break
		}
		no++
		st = res.State
	}
	return st, no, n
}

// CheckFuzzMove checks the FuzzApply invariants for one input.
func CheckFuzzMove(t *testing.T, g kit.Game, in FuzzMove) {
	st, played, n := FuzzReach(t, g, in.Seed, in.Players, int(in.Prefix%64))
	who := kit.SeatActor(int(in.Who) & 0x7f % n)
	switch in.Who {
	case -1:
		who = kit.HostActor
	case -2:
		if in.Type != kit.TimerExpiredMove {
			return // the server sends nothing else
		}
		who = kit.SystemActor
	}
	typ := in.Type
	if typ == "" {
		// A move type offered now to that actor, with the fuzzer's args.
		v := kit.HostViewer
		if who.IsSeat() {
			v = kit.SeatViewer(who.Seat)
		}
		moves := g.View(st, v).Moves
		if len(moves) == 0 {
			return
		}
		typ = moves[int(in.Seed%uint64(len(moves)))].Type
	}
	m := kit.Move{Type: typ, Args: json.RawMessage(in.Args)}
	before := Encode(t, st)
	ctx := func() kit.Ctx { return kit.NewCtx(in.Seed, played+1, Epoch.Add(time.Duration(played+1)*time.Second)) }
	res, err := g.Apply(st, who, m, ctx())
	if after := Encode(t, st); !bytes.Equal(before, after) {
		t.Fatalf("Apply(%s %q by %+v) mutated its input state (accepted: %v)", typ, in.Args, who, err == nil)
	}
	if err != nil {
		re, ok := kit.AsRuleError(err)
		if !ok {
			t.Fatalf("Apply(%s %q by %+v) = %T %v, want a *kit.RuleError", typ, in.Args, who, err, err)
		}
		if re.Code == "" || re.Message == "" || re.Rule == "" {
			t.Fatalf("Apply(%s %q by %+v): rule error %+v lacks a code, message or rule", typ, in.Args, who, re)
		}
		if derr := CheckDeclared(g.Info(), err); derr != nil {
			t.Fatalf("Apply(%s %q by %+v): %v", typ, in.Args, who, derr)
		}
		return
	}
	if err := g.Invariants(res.State); err != nil {
		t.Fatalf("Apply(%s %q by %+v) broke an invariant: %v", typ, in.Args, who, err)
	}
	if err := InCatalogRange(g.Info(), m); err != nil {
		t.Fatalf("Apply(%s %q by %+v) accepted %v", typ, in.Args, who, err)
	}
	enc := Encode(t, res.State)
	dec, err := g.Decode(enc)
	if err != nil {
		t.Fatalf("Decode after %s: %v", typ, err)
	}
	if re := Encode(t, dec); !bytes.Equal(enc, re) {
		t.Fatalf("state after %s %q does not survive an encode/Decode round trip", typ, in.Args)
	}
	again, err := g.Apply(st, who, m, ctx())
	if err != nil {
		t.Fatalf("Apply(%s %q) accepted once, then refused with the same input: %v", typ, in.Args, err)
	}
	if a := Encode(t, again.State); !bytes.Equal(enc, a) {
		t.Fatalf("Apply(%s %q) is not deterministic: replay would diverge", typ, in.Args)
	}
	g.Outcome(res.State)
	if err := kit.CheckSharedParts(g, res.State, n); err != nil {
		t.Fatalf("after %s %q: %v", typ, in.Args, err)
	}
	for _, v := range Viewers(n) {
		if _, err := json.Marshal(g.View(res.State, v)); err != nil {
			t.Fatalf("View(%+v) after %s does not encode: %v", v, typ, err)
		}
	}
}

// InCatalogRange returns an error when an int argument of m lies outside
// the Min and Max its move catalog entry gives (the outer limits of every
// offer): a referee must refuse such a count.
func InCatalogRange(info kit.Info, m kit.Move) error {
	spec, ok := info.Spec(m.Type)
	if !ok {
		return nil
	}
	var args map[string]json.RawMessage
	if json.Unmarshal(m.Args, &args) != nil {
		return nil
	}
	for _, a := range spec.Args {
		raw, ok := args[a.Name]
		if !ok || a.Kind != kit.ArgInt {
			continue
		}
		var n int64
		if json.Unmarshal(raw, &n) != nil {
			continue
		}
		if a.Min != nil && n < int64(*a.Min) || a.Max != nil && n > int64(*a.Max) {
			return fmt.Errorf("%s = %d, outside the catalog range [%v, %v] of %s", a.Name, n, fmtPtr(a.Min), fmtPtr(a.Max), m.Type)
		}
	}
	return nil
}

func fmtPtr(p *int) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprint(*p)
}

// FuzzSetupInput is one table-options fuzz input.
type FuzzSetupInput struct {
	Seed    uint64
	Players uint8
	Options []byte
}

// CheckFuzzSetup checks what CreateTable and Start do with fuzzed table
// options: kit.DecodeOptions against the game's option specs (as
// CreateTable does), then Setup (as Start does). A refusal must be a
// *kit.RuleError; an accepted setup must keep the invariants, survive an
// encode/Decode round trip, give every screen a view, and accept the legal
// moves its views offer for a few moves.
func CheckFuzzSetup(t *testing.T, g kit.Game, in FuzzSetupInput) {
	info := g.Info()
	var scratch map[string]any
	if err := kit.DecodeOptions(in.Options, info.Options, &scratch); err != nil {
		if re, ok := kit.AsRuleError(err); !ok || re.Code == "" || re.Message == "" {
			t.Fatalf("DecodeOptions(%q) = %v, want a *kit.RuleError with a code and message", in.Options, err)
		}
		return
	}
	n := int(in.Players) % (info.MaxPlayers + 2) // 0 and max+1 must be refused
	st, err := g.Setup(json.RawMessage(in.Options), FuzzNames[:n], kit.NewCtx(in.Seed, 0, Epoch))
	if err != nil {
		if re, ok := kit.AsRuleError(err); !ok || re.Code == "" || re.Message == "" {
			t.Fatalf("Setup(%q, %d players) = %T %v, want a *kit.RuleError", in.Options, n, err, err)
		}
		if derr := CheckDeclared(info, err); derr != nil {
			t.Fatalf("Setup(%q, %d players): %v", in.Options, n, derr)
		}
		return
	}
	if n < info.MinPlayers || n > info.MaxPlayers {
		t.Fatalf("Setup accepted %d players; the game takes %d–%d", n, info.MinPlayers, info.MaxPlayers)
	}
	if err := g.Invariants(st); err != nil {
		t.Fatalf("Setup(%q) breaks an invariant: %v", in.Options, err)
	}
	enc := Encode(t, st)
	dec, err := g.Decode(enc)
	if err != nil {
		t.Fatalf("Decode after Setup(%q): %v", in.Options, err)
	}
	if re := Encode(t, dec); !bytes.Equal(enc, re) {
		t.Fatalf("Setup(%q) state does not survive an encode/Decode round trip", in.Options)
	}
	r := rand.New(rand.NewPCG(in.Seed, 5))
	for no := 1; no <= 8 && g.Outcome(st) == nil; no++ {
		offered := OfferedMoves(g, st, n, r)
		if len(offered) == 0 {
			return
		}
		o := offered[r.IntN(len(offered))]
		m := o.Move
		res, err := g.Apply(st, o.Who, m, kit.NewCtx(in.Seed, no, Epoch.Add(time.Duration(no)*time.Second)))
		if err != nil {
			if _, ok := kit.AsRuleError(err); !ok {
				t.Fatalf("options %q: move %s = %T %v, want a *kit.RuleError", in.Options, m.Type, err, err)
			}
			continue
		}
		if err := g.Invariants(res.State); err != nil {
			t.Fatalf("options %q: move %d (%s %s) breaks an invariant: %v", in.Options, no, m.Type, m.Args, err)
		}
		st = res.State
	}
}

// FuzzOptionSeeds returns seed option documents for a game: its defaults,
// each option at and beyond its limits, and malformed documents.
func FuzzOptionSeeds(info kit.Info) [][]byte {
	out := [][]byte{nil, []byte(`{}`), []byte(`null`), []byte(`[]`), []byte(`{"x":1}`), []byte(`{`), []byte(`{"a":{"b":{"c":[1,2,3]}}}`)}
	for _, o := range info.Options {
		vals := []string{"null", `""`, "true", "-1", "0", "9223372036854775808", "-9223372036854775808", "1.5", "[]", "{}"}
		if d, err := json.Marshal(o.Default); err == nil {
			vals = append(vals, string(d))
		}
		if o.Min != nil {
			vals = append(vals, fmt.Sprint(*o.Min), fmt.Sprint(*o.Min-1))
		}
		if o.Max != nil {
			vals = append(vals, fmt.Sprint(*o.Max), fmt.Sprint(*o.Max+1))
		}
		for _, c := range o.Choices {
			if b, err := json.Marshal(c.Value); err == nil {
				vals = append(vals, string(b))
			}
		}
		for _, v := range vals {
			out = append(out, []byte(fmt.Sprintf(`{%q:%s}`, o.Name, v)))
		}
	}
	return out
}
