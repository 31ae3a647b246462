package givetoken

import (
	"encoding/json"
	"fmt"

	"tablewarden/referee/kit"
)

// The sections rule errors and outcomes name.
const (
	ruleSetup  = "Give a Token › Setup"
	ruleGiving = "Give a Token › Giving"
)

// Options are the table options.
type Options struct {
	Target int `json:"target"`
}

// secretLetters is how many random letters follow "secret-<seat>-".
const secretLetters = 24

// Setup deals the table: the bag and hands from the game data, no tokens,
// and one secret per seat drawn from ctx.RNG. It refuses fewer than 2 or
// more than 10 seats ("player_count") and bad options ("bad_option").
func (g *Game) Setup(raw json.RawMessage, seats []string, ctx kit.Ctx) (kit.State, error) {
	var opts Options
	if err := kit.DecodeOptions(raw, info.Options, &opts); err != nil {
		return nil, err
	}
	if n := len(seats); n < info.MinPlayers || n > info.MaxPlayers {
		return nil, kit.Errorf("player_count", ruleSetup, "Give a Token is for %d to %d players, not %d.", info.MinPlayers, info.MaxPlayers, n)
	}
	st := &State{Phase: PhasePlay, Bag: make([]int, len(Colours)), Seats: make([]Seat, len(seats)), Target: opts.Target, Winner: -1}
	for i, c := range Colours {
		st.Bag[i] = data.Bag.Counts[c]
	}
	for i, name := range seats {
		secret := []byte(fmt.Sprintf("secret-%d-", i))
		for range secretLetters {
			secret = append(secret, byte('a'+ctx.RNG.Intn(26)))
		}
		st.Seats[i] = Seat{Name: name, Hand: data.Hand.Size, Secret: string(secret)}
	}
	return st, nil
}

// SetupEvents logs the bag and the hands; each seat learns its own secret
// in a private entry.
func (g *Game) SetupEvents(s kit.State) []kit.Event {
	st, err := moves.State(s)
	if err != nil {
		return nil
	}
	var bag []string
	for i, c := range Colours {
		bag = append(bag, fmt.Sprintf("%d %s", st.Bag[i], c))
	}
	evs := []kit.Event{kit.PublicEvent("setup_bag",
		fmt.Sprintf("The bag holds %s tokens; every player holds a hand of %d.", kit.ListAnd(bag), data.Hand.Size))}
	for i, seat := range st.Seats {
		e := kit.PrivateEvent("setup_secret", "Your secret is "+seat.Secret+".", i)
		e.Params = map[string]string{"secret": seat.Secret}
		evs = append(evs, e)
	}
	return evs
}
