package jumpship

import (
	"encoding/json"
	"fmt"
	"maps"
	"sort"
	"strings"

	"tablewarden/referee/kit"
)

// Game is the Jumpship referee. It holds no state of its own.
type Game struct{}

var _ kit.Game = (*Game)(nil)
var _ kit.OwnViewer = (*Game)(nil)

// New returns the Jumpship referee.
func New() *Game { return &Game{} }

// info is Jumpship's description, computed once.
var info = newInfo()

// Info describes Jumpship: 5–10 players, the countdown track lengths and
// Quarantine card texts as overridable game data, and the move catalog.
func (g *Game) Info() kit.Info { return info }

func newInfo() kit.Info {
	lengths := data.CountdownTracks.Lengths
	trackOpt := func(name, label, track string, def int, rule string) kit.OptionSpec {
		return kit.OptionSpec{
			Name: name, Label: label, Kind: kit.OptInt, Default: def, Rule: rule,
			Min: kit.IntPtr(1), Max: kit.IntPtr(data.Tokens.Counts[Countdown]),
			Source: data.CountdownTracks.Source,
			Help: fmt.Sprintf("How many Countdown tokens fill the %s track on the Ship Console Board (%d is used if you leave it). "+
				"Assumed: the book does not print this; change it here if your copy differs.", track, def),
		}
	}
	return kit.Info{
		Codes:      codes,
		ID:         "jumpship",
		Name:       "Jumpship",
		Rulebook:   "jumpship.txt",
		MinPlayers: 5,
		MaxPlayers: 10,
		Options: []kit.OptionSpec{
			trackOpt("quarantine_track", "Countdown to Quarantine: slots", trackLabel(0), lengths[0], ruleQuarantine),
			trackOpt("eject_track", "Countdown to Eject: slots", trackLabel(1), lengths[1], ruleEject),
			trackOpt("kill_track", "Countdown to Kill: slots", trackLabel(2), lengths[2], ruleKill),
			{
				Name: "quarantine_cards", Label: "Quarantine card texts", Kind: kit.OptJSON, Default: nil, Rule: ruleComponents,
				Source: data.QuarantineCards.Source,
				Help: `The names and texts of the 3 Quarantine cards in your box, as [{"name":"…","text":"…"}, …]; one of them is chosen at random for the game. ` +
					"Assumed: the book does not print them, so by default the phones show placeholders that point to the physical cards; type the texts here if you want them on screen.",
			},
		},
		Moves: moves.Specs(),
	}
}

// Apply checks a move against the rulebook through the move table and
// returns the new state and its log entries. It never mutates s. Refusals
// are *kit.RuleError with one of the codes listed in the package
// documentation; a state of another game wraps kit.ErrStateType.
func (g *Game) Apply(s kit.State, who kit.Actor, m kit.Move, ctx kit.Ctx) (kit.Result, error) {
	return moves.Apply(s, who, m, ctx)
}

// Decode reads a state from its JSON encoding.
func (g *Game) Decode(b []byte) (kit.State, error) {
	var st State
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("jumpship: decode state: %w", err)
	}
	if st.Hand == nil {
		st.Hand = []string{}
	}
	if st.GivenTo == nil {
		st.GivenTo = []int{}
	}
	if st.Pending == nil {
		st.Pending = []string{}
	}
	return &st, nil
}

// Outcome is nil while the game runs (or for a state of another game). At
// the end it names the winning side and its seats (ejected and killed
// players of that side included), the reason and rule, and reveals every
// seat's Bio ID.
func (g *Game) Outcome(s kit.State) *kit.Outcome {
	st, err := moves.State(s)
	if err != nil || st.End == nil {
		return nil
	}
	o := &kit.Outcome{
		Winners: []int{}, Side: strings.ToLower(st.End.Side), SideLabel: st.End.Side, Reason: st.End.Reason, Rule: st.End.Rule,
		ReasonCode: st.End.Code, ReasonParams: maps.Clone(st.End.Params),
	}
	revealed := make([]RevealedBioID, len(st.Seats))
	for i, seat := range st.Seats {
		if isSide(seat.BioID, st.End.Side) {
			o.Winners = append(o.Winners, i)
		}
		revealed[i] = RevealedBioID{Seat: i, Name: seat.Name, Role: seat.Role, BioID: seat.BioID, Status: seat.Status}
	}
	sort.Ints(o.Winners)
	o.Revealed = revealed
	return o
}

// RevealedBioID is one seat's Bio ID as the end of the game reveals it.
type RevealedBioID struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Role   string `json:"role"`
	BioID  string `json:"bio_id"`
	Status string `json:"status"`
}
