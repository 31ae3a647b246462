package spacecadets

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// table plays moves against one state, checking at every move that Apply
// leaves its input alone, keeps the invariants and survives a decode round
// trip.
type table struct {
	t      testing.TB
	g      *Game
	s      *State
	seed   uint64
	n      int
	now    time.Time
	events []kit.Event
	last   kit.Result
	script []kittest.Step
}

var (
	captain = kit.SeatActor(0)
	sensors = kit.SeatActor(1)
	officer = kit.SeatActor(3)
	crew    = kit.SeatActor(2)
)

func seatNames(n int) []string {
	return []string{"Ana", "Bo", "Cy", "Di", "Ed", "Flo"}[:n]
}

func newTable(t testing.TB, opts string, seats int, seed uint64) *table {
	t.Helper()
	g := New()
	st, err := g.Setup(json.RawMessage(opts), seatNames(seats), kit.NewCtx(seed, 0, kittest.Epoch))
	if err != nil {
		t.Fatalf("Setup(%s): %v", opts, err)
	}
	return &table{t: t, g: g, s: st.(*State), seed: seed, now: kittest.Epoch}
}

func (tb *table) try(who kit.Actor, typ string, args any) (kit.Result, error) {
	tb.t.Helper()
	before := kittest.Encode(tb.t, tb.s)
	tb.now = tb.now.Add(time.Second)
	res, err := tb.g.Apply(tb.s, who, kittest.MakeMove(typ, args), kit.NewCtx(tb.seed, tb.n+1, tb.now))
	if after := kittest.Encode(tb.t, tb.s); !bytes.Equal(before, after) {
		tb.t.Fatalf("%s: Apply mutated its input", typ)
	}
	return res, err
}

// do applies a move that must be accepted.
func (tb *table) do(who kit.Actor, typ string, args any) kit.Result {
	tb.t.Helper()
	res, err := tb.try(who, typ, args)
	if err != nil {
		tb.t.Fatalf("%s %v: unexpected error: %v", typ, args, err)
	}
	tb.n++
	tb.script = append(tb.script, kittest.Step{Actor: who, Move: kittest.MakeMove(typ, args)})
	tb.s = res.State.(*State)
	tb.events = append(tb.events, res.Events...)
	tb.last = res
	if err := tb.g.Invariants(tb.s); err != nil {
		tb.t.Fatalf("%s: Invariants: %v", typ, err)
	}
	enc := kittest.Encode(tb.t, tb.s)
	dec, err := tb.g.Decode(enc)
	if err != nil {
		tb.t.Fatalf("Decode: %v", err)
	}
	if re := kittest.Encode(tb.t, dec); !bytes.Equal(enc, re) {
		tb.t.Fatalf("%s: state does not survive a decode round trip", typ)
	}
	return res
}

// fail applies a move that must be refused with code.
func (tb *table) fail(who kit.Actor, typ string, args any, code string) {
	tb.t.Helper()
	_, err := tb.try(who, typ, args)
	if got := kit.ErrorCode(err); got != code {
		tb.t.Fatalf("%s %v: error code = %q (%v), want %q", typ, args, got, err, code)
	}
	if re, ok := kit.AsRuleError(err); ok && (re.Message == "" || len(re.Rule) < len("Space Cadets › ")) {
		tb.t.Fatalf("%s: rule error %+v lacks a message or a rule", typ, re)
	}
}

// to advances with next_step until the step is reached.
func (tb *table) to(step string) {
	tb.t.Helper()
	if tb.s.Step == "setup" {
		tb.startWith()
	}
	for i := 0; tb.s.Step != step && tb.s.End == nil; i++ {
		if i > 20 {
			tb.t.Fatalf("step %s never reached", step)
		}
		if tb.s.Step == "step7" && krakenMustActivate(tb.s) {
			t := tb.s.activeTentacle()
			tb.do(crew, "kraken_activate", map[string]any{"row": t.Row, "col": t.Col})
		}
		tb.do(captain, "next_step", nil)
	}
}

// startWith finishes setup keeping the given starting cards, or a legal
// choice when none are given.
func (tb *table) startWith(keep ...Kept) {
	tb.t.Helper()
	if len(keep) == 0 {
		tb.rigStart("Experimental Equipment 09", "Experimental Equipment 05", "Experimental Equipment 06", "Experimental Equipment 11", "Experimental Equipment 13")
		keep = []Kept{{Card: tb.card("Experimental Equipment 05")}, {Card: tb.card("Experimental Equipment 06")}}
	}
	for _, k := range keep {
		args := map[string]any{"card": tb.s.D().Equipment[k.Card].Name}
		if k.Level > 0 {
			args["level"] = k.Level
		}
		tb.do(captain, "keep_starting", args)
	}
	tb.do(captain, "finish_starting", nil)
}

func (tb *table) card(name string) int {
	i := tb.s.D().equipmentIndex(name)
	if i < 0 {
		tb.t.Fatalf("no card %q", name)
	}
	return i
}

func (tb *table) comp(name string) int {
	i := slices.IndexFunc(tb.s.D().Components, func(c ComponentCard) bool { return c.Name == name })
	if i < 0 {
		tb.t.Fatalf("no component card %q", name)
	}
	return i
}

// rigStart replaces the five starting cards with the named ones.
func (tb *table) rigStart(names ...string) {
	sc := &tb.s.Science
	sc.Deck.PutBottom(sc.StartDraw...)
	sc.StartDraw = nil
	for _, n := range names {
		c := tb.card(n)
		sc.Deck.Cards = without(sc.Deck.Cards, c)
		sc.StartDraw = append(sc.StartDraw, c)
	}
}

// without returns cards without the card c.
func without(cards []int, c int) []int {
	return slices.DeleteFunc(cards, func(x int) bool { return x == c })
}

// rigEE puts the named cards on top of the Experimental Equipment deck.
func (tb *table) rigEE(names ...string) {
	rigTop(&tb.s.Science.Deck, indexes(names, tb.card), &tb.s.Science.Discard)
}

// rigComp puts the named Component cards on top of their deck.
func (tb *table) rigComp(names ...string) {
	rigTop(&tb.s.Science.CompDeck, indexes(names, tb.comp))
}

// rigTop takes cards out of deck (and out of the lists also) and puts them
// on top of deck, cards[0] on top.
func rigTop(deck *kit.Deck[int], cards []int, also ...*[]int) {
	for _, c := range cards {
		deck.Cards = without(deck.Cards, c)
		for _, l := range also {
			*l = without(*l, c)
		}
	}
	deck.PutTop(cards...)
}

// indexes maps names to card numbers with index.
func indexes(names []string, index func(name string) int) []int {
	out := make([]int, len(names))
	for i, n := range names {
		out[i] = index(n)
	}
	return out
}

func (tb *table) timerGen(name string) int { return tb.s.timer(name).Generation }

func (tb *table) expire(name string) kit.Result {
	tb.t.Helper()
	return tb.do(kit.SystemActor, kit.TimerExpiredMove, kit.TimerExpiredArgs{Name: name, Generation: tb.timerGen(name)})
}

// selectScience goes to step 1, puts the named Experimental Equipment card
// on top of the deck, has the Science Officer draw and select it, and moves
// on to the Science station.
func (tb *table) selectScience(card string) {
	tb.t.Helper()
	tb.to("step1")
	tb.rigEE(card)
	tb.do(officer, "science_draw", nil)
	tb.do(officer, "science_select", map[string]any{"card": card})
	tb.do(captain, "next_step", nil)
}

// buildFaceDown finishes setup and has the Science Officer draw three
// Experimental Equipment cards, select Beam Bias and announce its build at
// the Science station: the build's Component cards then lie face down,
// waiting for the timer.
func (tb *table) buildFaceDown() {
	tb.t.Helper()
	tb.startWith()
	tb.rigEE("Geoffrey Tubes", "Beam Bias", "Experimental Equipment 09")
	tb.do(officer, "science_draw", nil)
	tb.do(officer, "science_select", map[string]any{"card": "Beam Bias"})
	tb.do(captain, "next_step", nil)
	tb.do(officer, "science_build", nil)
}

// viewJSON returns v's view of the table's state as the server sends it.
func (tb *table) viewJSON(v kit.Viewer) string {
	tb.t.Helper()
	b, err := json.Marshal(tb.g.View(tb.s, v))
	if err != nil {
		tb.t.Fatal(err)
	}
	return string(b)
}

// boardText is a board's JSON encoding, the text a test searches for what
// the board shows.
func boardText(t testing.TB, b *kit.BoardView) string {
	t.Helper()
	raw, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// offered reports whether v's view offers a move of type typ.
func (tb *table) offered(v kit.Viewer, typ string) bool {
	return slices.ContainsFunc(tb.g.View(tb.s, v).Moves, func(m kit.MoveSpec) bool { return m.Type == typ })
}

// researchRound plays one turn's Science station from step 1: the
// Science Officer researches 3 points, sets aside the first revealed
// component while the timer runs, and reports an exact match.
func (tb *table) researchRound() {
	tb.t.Helper()
	tb.to("step1")
	tb.to("science")
	tb.do(officer, "research", map[string]any{"points": 3})
	tb.do(captain, "start_timer", map[string]any{"name": "science"})
	tb.do(officer, "set_aside_component", map[string]any{"card": tb.s.D().Components[tb.s.Science.Attempt.Revealed[0]].Name})
	tb.expire("science")
	tb.do(officer, "report_workbench", map[string]any{"exact_match": true})
}

func (tb *table) hasEvent(code string) bool { return kittest.HasEvent(tb.events, code) }

func dataOption(t testing.TB, edit func(*GameData)) string {
	t.Helper()
	b, _ := json.Marshal(defaultData)
	var d GameData
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	edit(&d)
	out, err := json.Marshal(&d)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
