package jumpship

import (
	"encoding/json"

	"tablewarden/referee/kit"
)

// Options are the table options of Jumpship.
type Options struct {
	QuarantineTrack int              `json:"quarantine_track"`
	EjectTrack      int              `json:"eject_track"`
	KillTrack       int              `json:"kill_track"`
	QuarantineCards []QuarantineCard `json:"quarantine_cards"`
}

// Setup deals the game: a Bio ID per player from the book's chart, a Role
// per player from the 10 (at random, public), one of the 3 Quarantine cards
// at random, all 69 Action Tokens in the bag, and the first turn to the
// Captain or else the highest rank. It returns a *kit.RuleError with code
// "player_count" for fewer than 5 or more than 10 seats, or "bad_option"
// for invalid options.
func (g *Game) Setup(raw json.RawMessage, seats []string, ctx kit.Ctx) (kit.State, error) {
	lengths := data.CountdownTracks.Lengths
	opts := Options{QuarantineTrack: lengths[0], EjectTrack: lengths[1], KillTrack: lengths[2]}
	if err := kit.DecodeOptions(raw, info.Options, &opts); err != nil {
		return nil, err
	}
	cards := data.QuarantineCards.Cards
	if len(opts.QuarantineCards) > 0 {
		if len(opts.QuarantineCards) != len(data.QuarantineCards.Cards) {
			return nil, kit.Errorf("bad_option", ruleSetUp, "The game has %d Quarantine cards; quarantine_cards lists %d.", len(data.QuarantineCards.Cards), len(opts.QuarantineCards))
		}
		cards = make([]QuarantineCard, len(opts.QuarantineCards))
		for i, c := range opts.QuarantineCards {
			if c.Name == "" || c.Text == "" {
				return nil, kit.Errorf("bad_option", ruleSetUp, "Quarantine card %d needs a name and a text.", i+1)
			}
			cards[i] = QuarantineCard{Name: c.Name, Text: c.Text, Source: "table-entered"}
		}
	}
	n := len(seats)
	humans, aliens, ok := bioChart(n)
	if !ok {
		return nil, kit.Errorf("player_count", ruleSetUp, "Jumpship is for 5 to 10 players, not %d.", n)
	}

	bios := make([]string, 0, n)
	for i := 0; i < humans; i++ {
		bios = append(bios, Human)
	}
	for i := 0; i < aliens; i++ {
		bios = append(bios, Alien)
	}
	bios = append(bios, Queen)
	ctx.RNG.Shuffle(len(bios), func(i, j int) { bios[i], bios[j] = bios[j], bios[i] })
	roles := ctx.RNG.Perm(len(data.Roles.Rank))

	st := &State{
		Phase:        PhaseTurn,
		Seats:        make([]Seat, n),
		Hand:         []string{},
		GivenTo:      []int{},
		Pending:      []string{},
		Card:         cards[ctx.RNG.Intn(len(cards))],
		Quarantined:  -1,
		TrackLengths: [3]int{opts.QuarantineTrack, opts.EjectTrack, opts.KillTrack},
	}
	first := 0
	for i := range st.Seats {
		st.Seats[i] = Seat{Name: seats[i], Role: data.Roles.Rank[roles[i]], BioID: bios[i], Status: Aboard}
		if rank(st.Seats[i].Role) < rank(st.Seats[first].Role) {
			first = i
		}
	}
	st.Order = kit.TurnOrder{Order: kit.Clockwise(first, n)}
	st.Bag = kit.NewBag(ctx.RNG, tokenKinds, data.Tokens.Counts)
	return st, nil
}
