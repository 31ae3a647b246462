package lockup

import (
	"slices"
	"strings"

	"tablewarden/referee/kit"
)

// itemName trims a typed item name; an empty name becomes "item".
func itemName(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "item"
	}
	if len(s) > 60 {
		s = s[:60]
	}
	return s
}

// itemArgs name an item: the arguments of reserve_item, gain_item and
// upgrade_item.
type itemArgs struct {
	Item string `json:"item"`
}

// reserveItem is the Reserve item icon: the player takes an item from the
// item display for free and keeps it face down (only its owner knows it).
func reserveItem(t *kit.Turn[State], seat int, a itemArgs) error {
	p := (&t.S.Players[seat])
	name := itemName(a.Item)
	p.Reserved = append(p.Reserved, name)
	t.Log(event("item_reserved", nil, "seat", t.S.name(seat)),
		event("your_reserved", []int{seat}, "item", name))
	return nil
}

// craftItem records an item crafted from the display, upgraded or not: an
// item is upgraded only once and only when it is crafted.
type craftItemArgs struct {
	Item    string `json:"item"`
	Upgrade bool   `json:"upgrade"`
}

func craftItem(t *kit.Turn[State], seat int, a craftItemArgs) error {
	crafted(t, seat, Item{Name: itemName(a.Item), How: "crafted", Upgraded: a.Upgrade})
	return nil
}

func crafted(t *kit.Turn[State], seat int, it Item) {
	p := (&t.S.Players[seat])
	p.Items = append(p.Items, it)
	up := ""
	if it.Upgraded {
		up = term("upgraded")
	}
	t.Log(event("item_crafted", nil, "seat", t.S.name(seat), "item", it.Name, "upgraded", up))
}

// craftReserved crafts a reserved item, which is possible only at the CELL
// BLOCK, as that location's reward: the player must have a crew token
// there this round, not sent to the LIBRARY; once crafted, the tokens
// there can no longer go to the LIBRARY. It may be upgraded as it is
// crafted. Codes: "no_reserved_item", "not_at_cell_block",
// "cell_block_latecomers".
type craftReservedArgs struct {
	Item    string `json:"item"`
	Upgrade bool   `json:"upgrade"`
}

func craftReserved(t *kit.Turn[State], seat int, a craftReservedArgs) error {
	st, p := t.S, (&t.S.Players[seat])
	k := -1
	for i, r := range p.Reserved {
		if r == a.Item {
			k = i
			break
		}
	}
	if k < 0 {
		return ruleErr("no_reserved_item", secIcons, "item", a.Item)
	}
	cb := st.Data.CellBlock.Value
	loc := st.Data.locationByName(cb)
	toks := p.tokensIn(PlaceLocation, loc)
	if len(toks) == 0 {
		return ruleErr("not_at_cell_block", secIcons, "cell_block", cb)
	}
	if p.Tokens[toks[0]].Latecomer {
		return ruleErr("cell_block_latecomers", secTunnels, "cell_block", cb)
	}
	p.Reserved = append(p.Reserved[:k:k], p.Reserved[k+1:]...)
	if !slices.Contains(p.RewardedAt, loc) {
		p.RewardedAt = append(p.RewardedAt, loc)
	}
	crafted(t, seat, Item{Name: a.Item, How: "crafted_from_reserve", Upgraded: a.Upgrade})
	return nil
}

// atCellBlock reports whether seat has crew tokens at the CELL BLOCK this
// round that were not sent to the LIBRARY, so that a reserved item can be
// crafted there.
func (st *State) atCellBlock(seat int) bool {
	p := &st.Players[seat]
	toks := p.tokensIn(PlaceLocation, st.Data.locationByName(st.Data.CellBlock.Value))
	return len(toks) > 0 && !p.Tokens[toks[0]].Latecomer
}

// gainItem records an item obtained another way than crafting; it can
// never be upgraded.
func gainItem(t *kit.Turn[State], seat int, a itemArgs) error {
	p := (&t.S.Players[seat])
	name := itemName(a.Item)
	p.Items = append(p.Items, Item{Name: name, How: "gained"})
	t.Log(event("item_gained", nil, "seat", t.S.name(seat), "item", name))
	return nil
}

// upgradeItem always refuses: an item is upgraded only immediately when it
// is crafted (craft_item or craft_reserved with upgrade), and only once.
// Code: "upgrade_only_when_crafted".
func upgradeItem(t *kit.Turn[State], seat int, a itemArgs) error {
	return ruleErr("upgrade_only_when_crafted", secIcons, "item", a.Item)
}
