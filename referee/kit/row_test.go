package kit

import (
	"reflect"
	"slices"
	"testing"
	"time"
)

// TestRow checks that Row declares the row it is given: a one-entry offer
// becomes Offer, a several-entry offer OfferAll, and the spec, the actor,
// the apply and the phases are kept.
func TestRow(t *testing.T) {
	spec := MoveSpec{Type: "add", Label: "Add", Rule: "Counter › Adding"}
	one := func(c *counter, seat int) *MoveSpec { return &spec }
	several := func(c *counter, seat int) []MoveSpec { return []MoveSpec{spec, spec} }
	applied := 0
	apply := NoArgs("Counter › Adding", func(t *Turn[counter], seat int) error { applied++; return nil })

	d := Row(spec, ByHostOrSeat, one, apply, "play", "end")
	if d.Offer == nil || d.OfferAll != nil {
		t.Fatalf("Row with a one-entry offer: Offer set %v, OfferAll set %v; want Offer only", d.Offer != nil, d.OfferAll != nil)
	}
	if !reflect.DeepEqual(d.Spec, spec) || d.Who != ByHostOrSeat || !slices.Equal(d.Phases, []string{"play", "end"}) {
		t.Fatalf("Row = spec %+v, who %v, phases %v; want them as given", d.Spec, d.Who, d.Phases)
	}
	if err := d.Apply(&Turn[counter]{S: &counter{}}, 0, Move{Type: "add"}); err != nil || applied != 1 {
		t.Fatalf("Row's Apply: err %v, applied %d times; want the given apply run once", err, applied)
	}

	d = Row(spec, BySeat, several, apply)
	if d.Offer != nil || d.OfferAll == nil || len(d.Phases) != 0 {
		t.Fatalf("Row with a several-entry offer: Offer set %v, OfferAll set %v, phases %v; want OfferAll only, no phases",
			d.Offer != nil, d.OfferAll != nil, d.Phases)
	}
	if got := len(d.OfferAll(&counter{}, 0)); got != 2 {
		t.Fatalf("Row's OfferAll lists %d entries, want 2", got)
	}
}

// TestRowTable builds a table from Row rows: what is offered is what is
// legal, the phases hold, and After reads the state before the move.
func TestRowTable(t *testing.T) {
	var before []int
	ms := NewMoves(MovesConfig[counter]{
		Game: "Counter", Rule: "Counter › Turns",
		Clone: func(c *counter) *counter { cp := *c; return &cp },
		Seats: func(*counter) int { return 2 },
		Phase: func(c *counter) string { return c.Phase },
		After: func(t *Turn[counter]) { before = append(before, t.Before.Count) },
	},
		Row(MoveSpec{Type: "add", Label: "Add", Rule: "Counter › Adding", Args: []ArgSpec{{Name: "n", Label: "How many", Kind: ArgInt}}},
			BySeat,
			func(c *counter, seat int) *MoveSpec {
				return &MoveSpec{Type: "add", Label: "Add", Rule: "Counter › Adding",
					Args: []ArgSpec{{Name: "n", Label: "How many", Kind: ArgInt, Choices: []Choice{{Value: 1}, {Value: 2}}}}}
			},
			Args("Counter › Adding", func(t *Turn[counter], seat int, a addArgs) error { t.S.Count += a.N; return nil }),
			"play"),
		// The offer builds its entries from a spec without Host: the
		// table marks them as the host's, as the catalog does.
		Row(MoveSpec{Type: "reset", Label: "Reset", Rule: "Counter › Host"}, ByHost,
			func(c *counter, seat int) []MoveSpec { return resetOffers },
			NoArgs("Counter › Host", func(t *Turn[counter], seat int) error { t.S.Count = 0; return nil })),
	)
	ctx := NewCtx(1, 1, time.Unix(0, 0))
	play := &counter{Phase: "play", Count: 4}
	res, err := ms.Apply(play, SeatActor(0), moveOf("add", addArgs{2}), ctx)
	if err != nil || res.State.(*counter).Count != 6 {
		t.Fatalf("add 2: err %v, state %+v; want accepted, count 6", err, res.State)
	}
	if !slices.Equal(before, []int{4}) || play.Count != 4 {
		t.Fatalf("After saw Before.Count %v and the input holds %d; want [4] and 4", before, play.Count)
	}
	if _, err := ms.Apply(play, SeatActor(0), moveOf("add", addArgs{3}), ctx); ErrorCode(err) != "not_offered" {
		t.Fatalf("add 3: %v, want not_offered", err)
	}
	if _, err := ms.Apply(&counter{Phase: "setup"}, SeatActor(0), moveOf("add", addArgs{1}), ctx); ErrorCode(err) != "wrong_phase" {
		t.Fatalf("add in setup: %v, want wrong_phase", err)
	}
	offers := ms.Offers(play, -1)
	if len(offers) != 1 || offers[0].Type != "reset" || !offers[0].Host {
		t.Fatalf("host offers = %+v, want reset marked Host", offers)
	}
	if resetOffers[0].Host {
		t.Fatalf("Offers changed the slice the offer handed out")
	}
}

// resetOffers is a slice an offer shares between calls.
var resetOffers = []MoveSpec{{Type: "reset", Label: "Reset", Rule: "Counter › Host"}}

// TestNewMovesNeedsAType: a row without a type (a catalog lookup that
// found nothing) is refused at init.
func TestNewMovesNeedsAType(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatalf("NewMoves accepted a row without a type")
		}
	}()
	NewMoves(MovesConfig[counter]{Game: "Counter"},
		Row(MoveSpec{Label: "Nothing"}, BySeat, func(*counter, int) *MoveSpec { return nil },
			NoArgs("Counter › Turns", func(*Turn[counter], int) error { return nil })))
}
