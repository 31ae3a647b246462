package lockup

import (
	"strconv"
	"testing"

	"tablewarden/referee/kit"
)

func TestMinions(t *testing.T) {
	st := atLegend(t, "Ana", "Bia")
	row := func(types ...Minion) *State {
		s := st.Clone()
		for i := range s.MinionRow {
			s.MinionDeck = append(s.MinionDeck, s.MinionRow[i])
			s.MinionRow[i] = Minion{}
		}
		for i, m := range types {
			// Take the card out of the deck to keep conservation.
			for j, c := range s.MinionDeck {
				if c.Type == m.Type && c.Remove == m.Remove {
					s.MinionRow[i] = c
					s.MinionDeck = append(s.MinionDeck[:j:j], s.MinionDeck[j+1:]...)
					break
				}
			}
		}
		return s
	}
	t.Run("RemoveMinionDiscardedAtPatrol", func(t *testing.T) {
		s := row(Minion{Type: MinionDwarf, Remove: true}, Minion{Type: MinionRatman})
		removed := s.MinionRow[0]
		ratman := s.MinionRow[1]
		s = hostResolvesLegend(t, s)
		if got := s.MinionDiscard[len(s.MinionDiscard)-1]; got.ID != removed.ID {
			t.Fatalf("discard top = %+v, want the Remove-icon minion %+v", got, removed)
		}
		if got := s.MinionRow[2]; got.ID != ratman.ID {
			t.Fatalf("space 3 = %+v, want the Ratman advanced from space 2", got)
		}
	})
	t.Run("FungoidOneRoundOnly", func(t *testing.T) {
		s := row(Minion{Type: MinionFungoid})
		f := s.MinionRow[0]
		s = hostResolvesLegend(t, s)
		for _, m := range s.MinionRow {
			if m.ID == f.ID {
				t.Fatal("the Fungoid advanced instead of going to the discard")
			}
		}
		if got := s.MinionDiscard[len(s.MinionDiscard)-1]; got.ID != f.ID {
			t.Fatalf("discard top = %+v, want the Fungoid", got)
		}
	})
	t.Run("RecruitAndErrEmptySpace", func(t *testing.T) {
		s := row(Minion{Type: MinionDryad})
		s, _ = play(t, s, seat(0), "recruit", M{"space": 1})
		if got := s.Players[0].Minions; len(got) != 1 || got[0].Type != MinionDryad {
			t.Fatalf("minions = %v, want a Dryad", got)
		}
		refuse(t, s, seat(1), "recruit", M{"space": 1}, "empty_minion_space")
	})
	t.Run("ShapeshifterDrawThreeKeepOneRepeat", func(t *testing.T) {
		s := row(Minion{Type: MinionShapeshifter})
		shifter := s.MinionRow[0]
		// Stack the deck: a Shapeshifter among the first three, then three others.
		var others []Minion
		var nextShifter Minion
		for _, c := range s.MinionDeck {
			if c.Type == MinionShapeshifter && nextShifter.ID == 0 {
				nextShifter = c
			} else {
				others = append(others, c)
			}
		}
		s.MinionDeck = append([]Minion{others[0], nextShifter, others[1]}, others[2:]...)
		s, res := play(t, s, seat(0), "recruit", M{"space": 1})
		if !res.Reveals || len(s.Players[0].MinionChoice) != 3 || s.MinionDiscard[len(s.MinionDiscard)-1].ID != shifter.ID {
			t.Fatalf("choice %v, discard %v: want the Shapeshifter discarded and 3 drawn", s.Players[0].MinionChoice, s.MinionDiscard)
		}
		refuse(t, s, seat(0), "recruit", M{"space": 2}, "minion_choice_pending")
		refuse(t, s, seat(0), "keep_minion", M{"card": "0"}, "unknown_minion")
		refuse(t, s, seat(1), "keep_minion", M{"card": "0"}, "no_minion_choice")
		refuse(t, s, kit.HostActor, "resolve_legend", nil, "pending_decisions")
		s, _ = play(t, s, seat(0), "keep_minion", M{"card": strconv.Itoa(nextShifter.ID)})
		if got := len(s.Players[0].MinionChoice); got != 3 {
			t.Fatalf("after keeping a Shapeshifter: %d cards drawn, want 3 again", got)
		}
		if got := len(s.Players[0].Minions); got != 0 {
			t.Fatalf("minions = %d, want 0 (Shapeshifters are not kept)", got)
		}
		keep := s.Players[0].MinionChoice[0]
		s, _ = play(t, s, seat(0), "keep_minion", M{"card": strconv.Itoa(keep.ID)})
		if got := s.Players[0].Minions; len(got) != 1 || got[0].ID != keep.ID {
			t.Fatalf("minions = %v, want [%v]", got, keep)
		}
	})
}

func TestItems(t *testing.T) {
	st := atLegend(t, "Ana", "Bia") // every token sits on location 1, the CELL BLOCK
	t.Run("ReserveThenCraftAtCellBlockUpgraded", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "reserve_item", M{"item": "Rope"})
		if got := s.Players[0].Reserved; len(got) != 1 || got[0] != "Rope" {
			t.Fatalf("reserved = %v, want [Rope]", got)
		}
		refuse(t, s, seat(0), "craft_reserved", M{"item": "Shovel", "upgrade": false}, "no_reserved_item")
		s, _ = play(t, s, seat(0), "craft_reserved", M{"item": "Rope", "upgrade": true})
		if got := s.Players[0].Items; len(got) != 1 || !got[0].Upgraded || got[0].How != "crafted_from_reserve" {
			t.Fatalf("items = %+v, want an upgraded crafted Rope", got)
		}
		refuse(t, s, seat(0), "upgrade_item", M{"item": "Rope"}, "upgrade_only_when_crafted")
	})
	t.Run("ErrNotAtCellBlock", func(t *testing.T) {
		s := setup(t, 21, "", "Ana", "Bia")
		s = withTunnels(s, "", "", "", "", "", "", "")
		s = rollCall(t, s, map[int][]put{0: {{"crew2", 4, false}, {"crew3", 4, false}, {"crew4", 4, false}, {"crew5", 4, false}, {"crew6", 4, false}, {"explorer", 4, false}}}, nil)
		s, _ = play(t, s, seat(0), "reserve_item", M{"item": "Rope"})
		refuse(t, s, seat(0), "craft_reserved", M{"item": "Rope", "upgrade": false}, "not_at_cell_block")
	})
	t.Run("GainedItemNeverUpgraded", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "gain_item", M{"item": "Lamp"})
		if got := s.Players[0].Items[0]; got.Upgraded || got.How != "gained" {
			t.Fatalf("item = %+v, want gained and not upgraded", got)
		}
		refuse(t, s, seat(0), "upgrade_item", M{"item": "Lamp"}, "upgrade_only_when_crafted")
	})
	t.Run("CraftUpgradeOnce", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "craft_item", M{"item": "Pick", "upgrade": true})
		if got := s.Players[0].Items[0]; !got.Upgraded || got.How != "crafted" {
			t.Fatalf("item = %+v, want crafted and upgraded", got)
		}
		refuse(t, s, seat(0), "upgrade_item", M{"item": "Pick"}, "upgrade_only_when_crafted")
	})
}
