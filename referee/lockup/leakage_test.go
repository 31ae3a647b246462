package lockup

import (
	"fmt"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// visible renders what a viewer sees: the view and the events it may see.
func visible(t *testing.T, st *State, evs []kit.Event, v kit.Viewer) string {
	t.Helper()
	return kittest.ViewJSON(t, New().View(st, v)) + kittest.EventsJSON(t, evs, v)
}

// sameExceptOwner checks that two worlds differing only in owner's secret
// look byte-identical to every other viewer and different to the owner.
func sameExceptOwner(t *testing.T, a, b *State, ea, eb []kit.Event, owner int) {
	t.Helper()
	for _, v := range kittest.Viewers(len(a.Seats)) {
		va, vb := visible(t, a, ea, v), visible(t, b, eb, v)
		if v.IsSeat(owner) {
			if va == vb {
				t.Fatalf("the owner's view does not show the secret")
			}
			continue
		}
		if va != vb {
			t.Fatalf("viewer %+v sees the difference:\n%s\n%s", v, va, vb)
		}
	}
}

func TestLeakFaceDownStrength(t *testing.T) {
	st := setup(t, 41, "", "Ana", "Bia", "Caio")
	q := quietLocation(st)
	a, ra := play(t, st, seat(0), "assign", M{"token": "crew6", "location": q, "face_down": true})
	b, rb := play(t, st, seat(0), "assign", M{"token": "crew5", "location": q, "face_down": true})
	sameExceptOwner(t, a, b, ra.Events, rb.Events, 0)
}

// TestLeakFaceDownListOrder: a face-down token is listed where it was
// placed, not in the owner's token order: with crew3 face up at a
// location, a face-down crew1 (weaker) and a face-down crew6 (stronger)
// must look the same to every other screen.
func TestLeakFaceDownListOrder(t *testing.T) {
	st := setup(t, 43, "", "Ana", "Bia", "Caio")
	q := quietLocation(st)
	st, _ = play(t, st, seat(0), "assign", M{"token": "crew3", "location": q, "face_down": false})
	st, _ = play(t, st, seat(1), "assign", M{"token": "crew2", "location": q, "face_down": false})
	st, _ = play(t, st, seat(2), "assign", M{"token": "crew4", "location": q, "face_down": false})
	a, ra := play(t, st, seat(0), "assign", M{"token": "crew1", "location": q, "face_down": true})
	b, rb := play(t, st, seat(0), "assign", M{"token": "crew6", "location": q, "face_down": true})
	sameExceptOwner(t, a, b, ra.Events, rb.Events, 0)
}

// TestLeakLegendTokenBeforeReveal: the token passed onto the legend is
// secret until the legend card is resolved.
func TestLeakLegendTokenBeforeReveal(t *testing.T) {
	st := setup(t, 42, "", "Ana", "Bia")
	st = withTunnels(st, "", "", "", "", "", "", "")
	q := quietLocation(st)
	// Ana assigns five tokens, keeping crew5 and crew6; she then assigns one
	// of them and passes the other.
	for i, tok := range []string{"explorer", "crew1", "crew2", "crew3", "crew4"} {
		st, _ = play(t, st, seat(0), "assign", M{"token": tok, "location": q, "face_down": false})
		st, _ = play(t, st, seat(1), "assign", M{"token": st.Players[1].Tokens[i].ID, "location": q, "face_down": false})
	}
	a, _ := play(t, st, seat(0), "assign", M{"token": "crew5", "location": q, "face_down": true})
	b, _ := play(t, st, seat(0), "assign", M{"token": "crew6", "location": q, "face_down": true})
	a, ra := play(t, a, seat(1), "assign", M{"token": "crew5", "location": q, "face_down": false})
	b, rb := play(t, b, seat(1), "assign", M{"token": "crew5", "location": q, "face_down": false})
	a, ra2 := play(t, a, seat(0), "pass", nil)
	b, rb2 := play(t, b, seat(0), "pass", nil)
	sameExceptOwner(t, a, b, append(ra.Events, ra2.Events...), append(rb.Events, rb2.Events...), 0)
}

func TestLeakLootPeek(t *testing.T) {
	st := atLegend(t, "Ana", "Bia", "Caio")
	st = stepFrom(t, st, "STAIRS")
	a, ra := play(t, st, seat(0), "advance", M{"to": "OSSUARY"})
	// World b: the same, but the stack holds other tokens (swapped with the box).
	b := a.Clone()
	var rb = kit.Result{Events: nil}
	for i := range b.LootStacks["OSSUARY"] {
		for j := range b.LootBox {
			if b.LootBox[j] != b.LootStacks["OSSUARY"][i] {
				b.LootStacks["OSSUARY"][i], b.LootBox[j] = b.LootBox[j], b.LootStacks["OSSUARY"][i]
				break
			}
		}
	}
	b.Players[0].Peek = append([]string(nil), b.LootStacks["OSSUARY"]...)
	if fmt.Sprint(a.Players[0].Peek) == fmt.Sprint(b.Players[0].Peek) {
		t.Fatal("test worlds do not differ")
	}
	// The peek event of world b, as Apply would have logged it.
	for _, e := range ra.Events {
		if e.Code == "loot_peek" {
			e.Text += " (b)"
		}
		rb.Events = append(rb.Events, e)
	}
	sameExceptOwner(t, a, b, ra.Events, rb.Events, 0)

	t.Run("ReturnedTokensStayUnseen", func(t *testing.T) {
		keep := a.Players[0].Peek[0]
		b := a.Clone()
		// World b differs only in the tokens that go back face down.
		for i := 1; i < len(b.LootStacks["OSSUARY"]); i++ {
			for j := range b.LootBox {
				if b.LootBox[j] != b.LootStacks["OSSUARY"][i] && b.LootBox[j] != keep {
					b.LootStacks["OSSUARY"][i], b.LootBox[j] = b.LootBox[j], b.LootStacks["OSSUARY"][i]
					break
				}
			}
		}
		b.Players[0].Peek = append([]string(nil), b.LootStacks["OSSUARY"]...)
		ka, rka := play(t, a, seat(0), "keep_loot", M{"loot": keep, "use": false})
		kb, rkb := play(t, b, seat(0), "keep_loot", M{"loot": keep, "use": false})
		for _, v := range kittest.Viewers(3) {
			if v.IsSeat(0) {
				continue
			}
			if x, y := visible(t, ka, rka.Events, v), visible(t, kb, rkb.Events, v); x != y {
				t.Fatalf("viewer %+v sees the returned tokens:\n%s\n%s", v, x, y)
			}
		}
	})
}

func TestLeakDeckOrders(t *testing.T) {
	st := setup(t, 43, "", "Ana")
	b := st.Clone()
	n := len(b.LegendDeck)
	b.LegendDeck[0], b.LegendDeck[n-1] = b.LegendDeck[n-1], b.LegendDeck[0]
	b.GuardState.OnLegend, b.GuardState.Deck[0] = b.GuardState.Deck[0], b.GuardState.OnLegend
	b.MinionDeck[0], b.MinionDeck[1] = b.MinionDeck[1], b.MinionDeck[0]
	for _, v := range kittest.Viewers(1) {
		if x, y := visible(t, st, nil, v), visible(t, b, nil, v); x != y {
			t.Fatalf("viewer %+v sees a deck order or the face-down guard card:\n%s\n%s", v, x, y)
		}
	}
}

func TestLeakReservedItem(t *testing.T) {
	st := atLegend(t, "Ana", "Bia")
	a, ra := play(t, st, seat(0), "reserve_item", M{"item": "Rope"})
	b, rb := play(t, st, seat(0), "reserve_item", M{"item": "Grapnel"})
	sameExceptOwner(t, a, b, ra.Events, rb.Events, 0)
}
