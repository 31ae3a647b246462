package jumpship

import (
	"encoding/json"
	"fmt"
	"strings"

	"tablewarden/referee/kit"
)

// Options are the table options of Jumpship.
type Options struct {
	QuarantineTrack int              `json:"quarantine_track"`
	EjectTrack      int              `json:"eject_track"`
	KillTrack       int              `json:"kill_track"`
	QuarantineCards []QuarantineCard `json:"quarantine_cards"`
}

// decodeOptions reads the table options over the defaults of data.json.
// Every refusal is "bad_option" naming the section of the book the option
// belongs to (its OptionSpec.Rule: the countdown track it sizes, or the
// Quarantine cards of the box; "Jumpship › Set Up" for an unknown option).
func decodeOptions(raw json.RawMessage) (Options, error) {
	lengths := data.CountdownTracks.Lengths
	opts := Options{QuarantineTrack: lengths[0], EjectTrack: lengths[1], KillTrack: lengths[2]}
	err := kit.DecodeOptionsIn(raw, info.Options, &opts, ruleSetUp)
	return opts, err
}

// quarantineCards returns the Quarantine cards of this table: the option's
// texts when given (all 3, each with a name and a text), else data.json's.
func quarantineCards(opts Options) ([]QuarantineCard, error) {
	if len(opts.QuarantineCards) == 0 {
		return data.QuarantineCards.Cards, nil
	}
	if len(opts.QuarantineCards) != len(data.QuarantineCards.Cards) {
		return nil, kit.Errorf("bad_option", ruleComponents, "The game has %d Quarantine cards; quarantine_cards lists %d.", len(data.QuarantineCards.Cards), len(opts.QuarantineCards))
	}
	cards := make([]QuarantineCard, len(opts.QuarantineCards))
	for i, c := range opts.QuarantineCards {
		if c.Name == "" || c.Text == "" {
			return nil, kit.Errorf("bad_option", ruleComponents, "Quarantine card %d needs a name and a text.", i+1)
		}
		cards[i] = QuarantineCard{Name: c.Name, Text: c.Text, Sourced: kit.Sourced{Source: kit.SourceTableEntered}}
	}
	return cards, nil
}

// Setup deals the game: a Bio ID per player from the book's chart, a Role
// per player from the 10 (at random, public), one of the 3 Quarantine cards
// at random, all 69 Action Tokens in the bag, and the first turn to the
// Captain or else the highest rank. It returns a *kit.RuleError with code
// "player_count" for fewer than 5 or more than 10 seats, or "bad_option"
// for invalid options.
func (g *Game) Setup(raw json.RawMessage, seats []string, ctx kit.Ctx) (kit.State, error) {
	opts, err := decodeOptions(raw)
	if err != nil {
		return nil, err
	}
	cards, err := quarantineCards(opts)
	if err != nil {
		return nil, err
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

// SetupEvents logs the deal: what the table sees (the bag, the Role cards
// revealed, the turn order, the Quarantine card in use, the tracks), each
// seat's Bio ID addressed to that seat alone, and to each Alien and the
// Queen alone who the other aliens are and which is the Queen (the
// close-your-eyes ritual of Set Up).
func (g *Game) SetupEvents(s kit.State) []kit.Event {
	st, err := moves.State(s)
	if err != nil {
		return nil
	}
	var counts []string
	for _, k := range tokenKinds {
		counts = append(counts, fmt.Sprintf("%d %s", data.Tokens.Counts[k], k))
	}
	evs := []kit.Event{
		kit.PublicEvent("setup_bag", fmt.Sprintf("The bag holds %d tokens: %s.", st.Bag.Len(), tokenList(counts))),
	}
	var roles []string
	for _, seat := range st.Seats {
		roles = append(roles, seat.Name+" is the "+seat.Role)
	}
	evs = append(evs, kit.PublicEvent("setup_roles", "Role cards: "+tokenList(roles)+"."))
	var order []string
	for _, seat := range st.Order.Order {
		order = append(order, st.name(seat))
	}
	first := st.Seats[st.Order.Seat()]
	why := "the highest rank dealt"
	if first.Role == Captain {
		why = "the Captain always goes first"
	}
	evs = append(evs,
		kit.PublicEvent("setup_turn_order", fmt.Sprintf("Turn order, clockwise: %s. %s starts: %s.", strings.Join(order, ", "), first.Name, why)),
		kit.PublicEvent("setup_quarantine_card", fmt.Sprintf("The Quarantine card for this game: %s — %s", st.Card.Name, st.Card.Text)),
		kit.PublicEvent("setup_tracks", fmt.Sprintf("The countdown tracks hold %d, %d and %d tokens; the Ship Repair track has %d spaces (scanners online at %d).",
			st.TrackLengths[0], st.TrackLengths[1], st.TrackLengths[2], data.RepairTrack.Spaces, data.RepairTrack.ScannersAt)),
	)
	for i, seat := range st.Seats {
		evs = append(evs, kit.PrivateEvent("setup_bio_id", fmt.Sprintf("Your Bio ID: %s. Keep it secret.", seat.BioID), i))
	}
	for i, seat := range st.Seats {
		if sideOf(seat.BioID) == SideAliens {
			evs = append(evs, kit.PrivateEvent("setup_fellow_aliens", "Your fellow aliens: "+st.fellowAliens(i)+".", i))
		}
	}
	return evs
}

// fellowAliens names the aliens other than seat, the Queen marked:
// "Carla, Elena (Queen)". An alien alone with the Queen learns who she is
// from being the other alien (5–8 players); with 3 aliens the Queen shows
// herself (Set Up).
func (st *State) fellowAliens(seat int) string {
	var out []string
	for i, s := range st.Seats {
		if i == seat || sideOf(s.BioID) != SideAliens {
			continue
		}
		n := s.Name
		if s.BioID == Queen {
			n += " (Queen)"
		}
		out = append(out, n)
	}
	return strings.Join(out, ", ")
}
