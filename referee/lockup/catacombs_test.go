package lockup

import (
	"fmt"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// atLegend returns a game in the legend step of round 1 with no tunnels.
func atLegend(t *testing.T, seats ...string) *State {
	st := setup(t, 21, "", seats...)
	st = withTunnels(st, "", "", "", "", "", "", "")
	return rollCall(t, st, nil, nil)
}

// stepFrom queues a one-space advance for seat 0 from a given space.
func stepFrom(t *testing.T, st *State, space string) *State {
	st = st.Clone()
	st.Players[0].Lantern = space
	st, _ = play(t, st, seat(0), "advance_lantern", M{"source": "legend"})
	return st
}

func TestCatacombMovement(t *testing.T) {
	st := atLegend(t, "Ana", "Bia", "Caio")
	t.Run("ErrNotForwardBackwards", func(t *testing.T) {
		s := stepFrom(t, st, "STAIRS")
		refuse(t, s, seat(0), "advance", M{"to": "ENTRANCE"}, "not_forward")
		refuse(t, s, seat(0), "advance", M{"to": "CROSSROADS"}, "not_forward")
	})
	t.Run("ForkChoice", func(t *testing.T) {
		s := stepFrom(t, st, "STAIRS")
		a, _ := play(t, s, seat(0), "advance", M{"to": "OSSUARY"})
		b, _ := play(t, s, seat(0), "advance_paying", M{"to": "FLOODED_HALL"})
		if a.Players[0].Lantern != "OSSUARY" || b.Players[0].Lantern != "FLOODED_HALL" {
			t.Fatalf("fork: lanterns %s and %s, want OSSUARY and FLOODED_HALL", a.Players[0].Lantern, b.Players[0].Lantern)
		}
	})
	t.Run("ErrCostUnpaid", func(t *testing.T) {
		s := stepFrom(t, st, "STAIRS")
		refuse(t, s, seat(0), "advance", M{"to": "FLOODED_HALL"}, "cost_unpaid")
	})
	t.Run("ErrNoCost", func(t *testing.T) {
		s := stepFrom(t, st, "STAIRS")
		refuse(t, s, seat(0), "advance_paying", M{"to": "OSSUARY"}, "no_cost")
	})
	t.Run("LootKeepOneOrStar", func(t *testing.T) {
		s := stepFrom(t, st, "STAIRS")
		s, res := play(t, s, seat(0), "advance", M{"to": "OSSUARY"})
		if !res.Reveals {
			t.Fatal("reaching a loot space must mark the move as revealing")
		}
		stack := append([]string(nil), s.LootStacks["OSSUARY"]...)
		if got := s.Players[0].Peek; strings.Join(got, ",") != strings.Join(stack, ",") || len(got) != 3 {
			t.Fatalf("peek = %v, want the whole stack %v", got, stack)
		}
		refuse(t, s, seat(0), "stop_advancing", nil, "await_loot")
		refuse(t, s, seat(0), "keep_loot", M{"loot": "nothing", "use": false}, "unknown_loot")
		refuse(t, s, seat(1), "keep_loot", M{"loot": stack[0], "use": false}, "not_on_loot")
		star, _ := play(t, s, seat(0), "keep_loot", M{"loot": stack[1], "use": false})
		used, _ := play(t, s, seat(0), "keep_loot", M{"loot": stack[1], "use": true})
		if got := star.Players[0].LootStars; got != 1 {
			t.Fatalf("loot stars = %d, want 1", got)
		}
		if got := used.Players[0].LootStars; got != 0 {
			t.Fatalf("loot stars after using = %d, want 0", got)
		}
		for _, x := range []*State{star, used} {
			if got := x.Players[0].Loot; len(got) != 1 || got[0] != stack[1] {
				t.Fatalf("kept loot = %v, want [%s] either way", got, stack[1])
			}
			if got := len(x.LootStacks["OSSUARY"]); got != 2 {
				t.Fatalf("stack = %d tokens, want 2 back face down", got)
			}
			if x.Players[0].Peek != nil {
				t.Fatal("peek still set after keeping a token")
			}
		}
	})
	t.Run("TombNoFurther", func(t *testing.T) {
		s := stepFrom(t, st, "CROSSROADS")
		s, _ = play(t, s, seat(0), "advance_paying", M{"to": "TOMB"})
		s, _ = play(t, s, seat(0), "keep_loot", M{"loot": s.Players[0].Peek[0], "use": true})
		if len(s.Queue) != 0 {
			t.Fatalf("queue = %v, want the advance over at TOMB", s.Queue)
		}
		refuse(t, s, seat(0), "advance_lantern", nil, "lantern_ended")
		if got, _ := s.catacombPoints(s.Players[0].Lantern); got != 15 {
			t.Fatalf("TOMB scores %d, want 15", got)
		}
	})
	for _, tc := range []struct{ round, stars int }{{4, 23}, {6, 17}} {
		t.Run(fmt.Sprintf("EscapedRound%dScores%d", tc.round, tc.stars), func(t *testing.T) {
			s := st.Clone()
			s.Round = tc.round
			s = stepFrom(t, s, "DEEP_VAULT")
			s, _ = play(t, s, seat(0), "advance_paying", M{"to": "ESCAPED"})
			if got, want := s.Players[0].EscapedStars, tc.stars; got != want {
				t.Fatalf("ESCAPED in round %d scores %d, want %d", tc.round, got, want)
			}
			refuse(t, s, seat(0), "advance_lantern", nil, "lantern_ended")
		})
	}
	t.Run("AdvanceLanternOneSpace", func(t *testing.T) {
		s := stepFrom(t, st, "ENTRANCE")
		s, _ = play(t, s, seat(0), "advance", M{"to": "STAIRS"})
		if len(s.Queue) != 0 {
			t.Fatalf("queue = %v, want the icon's single space used", s.Queue)
		}
	})
	t.Run("CustomBoardEnforced", func(t *testing.T) {
		opts := `{"game_data":{"board":{"value":{"spaces":[{"id":"ENTRANCE"},{"id":"A"},{"id":"B","end":"escaped"}],"paths":[{"from":"ENTRANCE","to":"A","cost":{"gold":2}},{"from":"A","to":"B"}]}},"loot_tokens":{"value":[{"kind":"x","label":"X","count":1}]}}}`
		s := setup(t, 3, opts, "Ana", "Bia")
		s = withTunnels(s, "", "", "", "", "", "", "")
		s = rollCall(t, s, nil, nil)
		s, _ = play(t, s, seat(0), "advance_lantern", M{"source": "legend"})
		refuse(t, s, seat(0), "advance", M{"to": "A"}, "cost_unpaid")
		refuse(t, s, seat(0), "advance_paying", M{"to": "B"}, "not_forward")
		s, _ = play(t, s, seat(0), "advance_paying", M{"to": "A"})
		if s.Players[0].Lantern != "A" {
			t.Fatalf("lantern = %s, want A", s.Players[0].Lantern)
		}
	})
	_ = kit.HostActor
}

// TestAdvanceLanternIconBounded: each Advance lantern claim names its
// source, and a source gives one advance (three claims in a row
// moved a lantern from ENTRANCE to Crawlway). The table sees each claim in
// the log.
func TestAdvanceLanternIconBounded(t *testing.T) {
	st := atLegend(t, "Ana", "Bia", "Caio")
	q := quietLocation(st)
	s, res := play(t, st, seat(0), "advance_lantern", M{"source": "legend"})
	if !kittest.HasEvent(res.Events, "lantern_icon") || res.Events[0].To != nil {
		t.Fatalf("events = %+v, want a public lantern_icon entry", res.Events)
	}
	s, _ = play(t, s, seat(0), "advance", M{"to": "STAIRS"})
	refuse(t, s, seat(0), "advance_lantern", M{"source": "legend"}, "icon_claimed")
	refuse(t, s, seat(0), "advance_lantern", nil, "icon_source_unknown")
	refuse(t, s, seat(0), "advance_lantern", M{"source": "item:0"}, "icon_source_unknown")
	other := 1 + q%7
	refuse(t, s, seat(0), "advance_lantern", M{"source": fmt.Sprintf("location:%d", other)}, "icon_source_unknown")
	loc := fmt.Sprintf("location:%d", q)
	s, _ = play(t, s, seat(0), "advance_lantern", M{"source": loc})
	s, _ = play(t, s, seat(0), "advance", M{"to": "OSSUARY"})
	s, _ = play(t, s, seat(0), "keep_loot", M{"loot": s.Players[0].Peek[0], "use": true})
	refuse(t, s, seat(0), "advance_lantern", M{"source": loc}, "icon_claimed")
	if got, want := s.Players[0].Lantern, "OSSUARY"; got != want {
		t.Fatalf("lantern = %s, want %s: two icons, two spaces", got, want)
	}
	// An item the player has gives its own icon, once.
	s, _ = play(t, s, seat(0), "craft_item", M{"item": "Grappling Hook", "upgrade": false})
	s, _ = play(t, s, seat(0), "advance_lantern", M{"source": "item:0"})
	s, _ = play(t, s, seat(0), "advance", M{"to": "CRAWLWAY"})
	refuse(t, s, seat(0), "advance_lantern", M{"source": "item:0"}, "icon_claimed")
	for _, c := range offeredChoices(t, s, 0, "advance_lantern", "source") {
		if c == "legend" || c == loc || c == "item:0" {
			t.Fatalf("the used source %s is still offered", c)
		}
	}
}

// offeredChoices returns the values offered for a move's argument to a seat.
func offeredChoices(t *testing.T, st *State, s int, typ, arg string) []any {
	t.Helper()
	for _, m := range New().View(st, kit.SeatViewer(s)).Moves {
		if m.Type != typ {
			continue
		}
		var out []any
		for _, a := range m.Args {
			if a.Name == arg {
				out = append(out, kittest.ChoiceValues(a)...)
			}
		}
		return out
	}
	return nil
}

// TestPathCostPaidNotChecked: the app does not track the base game's
// resources, so a path cost is recorded as "paid, not checked" in the log,
// and the game data says why.
func TestPathCostPaidNotChecked(t *testing.T) {
	st := atLegend(t, "Ana", "Bia")
	if got, want := st.Data.PathCosts.Value, "paid_not_checked"; got != want {
		t.Fatalf("path_costs = %q, want %q", got, want)
	}
	if st.Data.PathCosts.Note == "" || st.Data.PathCosts.Section == "" {
		t.Fatalf("path_costs carries no reason: %+v", st.Data.PathCosts)
	}
	s := stepFrom(t, st, "STAIRS")
	_, res := play(t, s, seat(0), "advance_paying", M{"to": "FLOODED_HALL"})
	for _, e := range res.Events {
		if e.Code == "cost_paid" {
			if !strings.Contains(e.Text, "paid, not checked") || e.To != nil {
				t.Fatalf("cost_paid = %+v, want a public entry saying paid, not checked", e)
			}
			return
		}
	}
	t.Fatalf("no cost_paid entry in %+v", res.Events)
}
