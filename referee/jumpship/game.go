package jumpship

import (
	"encoding/json"
	"fmt"
	"sort"

	"tablewarden/referee/kit"
)

// Game is the Jumpship referee. It holds no state of its own.
type Game struct{}

var _ kit.Game = (*Game)(nil)

// New returns the Jumpship referee.
func New() *Game { return &Game{} }

// Info describes Jumpship: 5–10 players, the countdown track lengths and
// Quarantine card texts as overridable game data, and the move catalog.
func (g *Game) Info() kit.Info {
	lengths := data.CountdownTracks.Lengths
	trackOpt := func(name, label string, def int) kit.OptionSpec {
		return kit.OptionSpec{
			Name: name, Label: label, Kind: kit.OptInt, Default: def,
			Min: kit.IntPtr(1), Max: kit.IntPtr(data.Tokens.Counts[Countdown]),
			Source: data.CountdownTracks.Source,
			Help:   "Slots on this countdown track. The rulebook does not print it; 5 is assumed.",
		}
	}
	return kit.Info{
		ID:         "jumpship",
		Name:       "Jumpship",
		Rulebook:   "jumpship.txt",
		MinPlayers: 5,
		MaxPlayers: 10,
		Options: []kit.OptionSpec{
			trackOpt("quarantine_track", "Countdown to Quarantine: slots", lengths[0]),
			trackOpt("eject_track", "Countdown to Eject: slots", lengths[1]),
			trackOpt("kill_track", "Countdown to Kill: slots", lengths[2]),
			{
				Name: "quarantine_cards", Label: "Quarantine card texts", Kind: kit.OptJSON, Default: nil,
				Source: data.QuarantineCards.Source,
				Help:   `The texts of the 3 Quarantine cards, which the rulebook does not print: [{"name":"…","text":"…"}, …]. Empty keeps placeholders that point to the physical cards.`,
			},
		},
		Moves: catalog(),
	}
}

// moveCatalog is the catalog the views narrow; it is never modified.
var moveCatalog = catalog()

// catalog is the full move catalog, with every choice a move may ever have.
func catalog() []kit.MoveSpec {
	kinds := func(ks ...string) []kit.Choice {
		out := make([]kit.Choice, len(ks))
		for i, k := range ks {
			out[i] = kit.Choice{Value: k, Label: k}
		}
		return out
	}
	seat := func(name, label string) kit.ArgSpec { return kit.ArgSpec{Name: name, Label: label, Kind: kit.ArgSeat} }
	return []kit.MoveSpec{
		{Type: MoveDraw, Label: "Draw two tokens", Rule: ruleOnYourTurn},
		{Type: MoveRedraw, Label: "Return and redraw", Rule: ruleOnYourTurn, Args: []kit.ArgSpec{
			{Name: "tokens", Label: "Tokens to return", Kind: kit.ArgEnum, Choices: append(kinds(Target, Scan, Command, Repair, Medical), kit.Choice{Value: RedrawBoth, Label: "Both tokens"})},
		}},
		{Type: MoveGive, Label: "Give a token", Rule: ruleBasicTokens, Args: []kit.ArgSpec{
			{Name: "token", Label: "Token", Kind: kit.ArgEnum, Choices: kinds(Target, Scan, Command, Medical)},
			seat("to", "To"),
		}},
		{Type: MovePlaceRepair, Label: "Place a Repair token on the Ship Repair board", Rule: ruleShipRepair},
		{Type: MoveScan, Label: "Scan a player's Bio ID", Rule: rulePerformScan, Args: []kit.ArgSpec{seat("target", "Player to scan")}},
		{Type: MoveChef, Label: "Chef: remove a Countdown token", Rule: ruleAbilityChef, Args: []kit.ArgSpec{
			{Name: "track", Label: "Countdown track", Kind: kit.ArgEnum, Choices: kinds(trackEvents[:]...)},
		}},
		{Type: MoveDoctor, Label: "Doctor: move a Medical token", Rule: ruleAbilityDoc, Args: []kit.ArgSpec{seat("from", "From"), seat("to", "To")}},
		{Type: MoveEngineer, Label: "Engineer: remove a Repair token", Rule: ruleAbilityEng},
		{Type: MoveSecurity, Label: "Security: take a Target from the bag", Rule: ruleAbilitySec},
		{Type: MoveCaptainBreak, Label: "Captain: break the tie", Rule: ruleAbilityCapt, Args: []kit.ArgSpec{seat("seat", "Winner of the tie")}},
		{Type: MoveQuarantine, Label: "Quarantine a player", Rule: ruleQuarantine, Args: []kit.ArgSpec{seat("target", "Player to quarantine")}},
		{Type: MoveKill, Label: "Kill a player", Rule: ruleKill, Args: []kit.ArgSpec{seat("target", "Player to kill")}},
		{Type: MoveKillNobody, Label: "Kill nobody", Rule: ruleKill},
	}
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

// Outcome is nil while the game runs. At the end it names the winning side
// and its seats (ejected and killed players of that side included), the
// reason and rule, and reveals every seat's Bio ID.
func (g *Game) Outcome(s kit.State) *kit.Outcome {
	st := asState(s)
	if st.End == nil {
		return nil
	}
	o := &kit.Outcome{Winners: []int{}, Side: st.End.Side, Reason: st.End.Reason, Rule: st.End.Rule}
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

func asState(s kit.State) *State {
	st, ok := s.(*State)
	if !ok {
		panic(fmt.Sprintf("jumpship: state of type %T", s))
	}
	return st
}
