package nostromo

import (
	"fmt"
	"strings"

	"tablewarden/referee/kit"
)

func newState(o Options, d *Data, seats []string, rng *kit.RNG) *State {
	n := len(seats)
	s := &State{
		Options:    o,
		Data:       d,
		Names:      append([]string(nil), seats...),
		Alien:      -1,
		Phase:      PhaseSetup,
		Stage:      stDesignate,
		Sets:       []int{-1, -1, -1, -1, -1, -1},
		Hands:      make([][]int, n),
		Reserve:    make([][]CrewToken, n),
		Breakdowns: 1,
		NextHandle: 1,
	}
	cards := make([]int, d.MissionCards())
	for i := range cards {
		cards[i] = i + 1
	}
	s.Deck = kit.NewDeck(cards...)
	s.Deck.Shuffle(rng)
	beh := make([]int, d.BehaviourCards)
	for i := range beh {
		beh[i] = i + 1
	}
	s.Behaviour = kit.NewDeck(beh...)
	s.Behaviour.Shuffle(rng)
	for _, name := range d.CrewMembers {
		s.CrewCards = append(s.CrewCards, CrewCard{Name: name, Owner: -1})
	}
	s.Items = []Item{
		{Name: FlameThrower, Room: d.FlameThrowerRoom, Holder: -1},
		{Name: MotionDetector, Room: d.MotionDetectorRoom, Holder: -1},
	}
	return s
}

func seatChoices(s *State, seats []int) []kit.Choice {
	out := make([]kit.Choice, 0, len(seats))
	for _, x := range seats {
		out = append(out, kit.Choice{Value: x, Label: s.name(x)})
	}
	return out
}

func withChoices(spec kit.MoveSpec, name string, ch []kit.Choice) kit.MoveSpec {
	args := make([]kit.ArgSpec, len(spec.Args))
	copy(args, spec.Args)
	for i := range args {
		if args[i].Name == name {
			args[i].Choices = ch
		}
	}
	spec.Args = args
	return spec
}

// designateAlien records the Alien player (Crew Players Set-Up) and deals
// the Reminder cards. Codes: wrong_phase, bad_seat.
func designateAlien(a *turn, _ int, args seatArgs) error {
	s := a.S
	if s.Phase != PhaseSetup || s.Stage != stDesignate {
		return kit.Errorf("wrong_phase", ruleCrewSetup, "The Alien player is already designated.")
	}
	if args.Seat < 0 || args.Seat >= len(s.Names) {
		return kit.Errorf("bad_seat", ruleCrewSetup, "There is no such player at this table.")
	}
	s.Alien = args.Seat
	a.Public("alien_designated", "%s is the Alien player; the others are Crew players.", s.name(s.Alien))
	crew := s.crewSeats()
	colors := a.RNG.Perm(len(s.Data.Colors))
	each := len(s.Data.Colors) / len(crew)
	if each < 1 {
		each = 1
	}
	k := 0
	for r := 0; r < each; r++ {
		for _, seat := range crew {
			if k < len(colors) {
				s.Sets[colors[k]] = seat
				k++
			}
		}
	}
	for seat := range s.Names {
		if seat != s.Alien {
			a.Public("reminders", "%s takes the Reminder card(s) %s and their Crew tokens.", s.name(seat), s.setNames(seat))
		}
	}
	if k < len(colors) {
		s.Stage, s.ExtraSets = stExtraSets, len(colors)-k
		a.Public("extra_sets", "The Alien player chooses %d Crew player(s) to take an extra Reminder card.", s.ExtraSets)
		return nil
	}
	finishSetup(a)
	return nil
}

func (s *State) setNames(seat int) string {
	var out []string
	for _, c := range s.setsOf(seat) {
		out = append(out, s.Data.Colors[c])
	}
	return strings.Join(out, ", ")
}

// chooseExtraSet gives an extra Reminder set to a Crew player (5 and 6
// players). Codes: wrong_phase, not_alien, not_crew, already_chosen.
func chooseExtraSet(a *turn, seat int, args seatArgs) error {
	s := a.S
	if s.Phase != PhaseSetup || s.Stage != stExtraSets {
		return kit.Errorf("wrong_phase", ruleCrewSetup, "No extra Reminder card is to be given now.")
	}
	if seat != s.Alien {
		return kit.Errorf("not_alien", ruleCrewSetup, "The Alien player chooses who takes the extra Reminder cards.")
	}
	if !s.isCrew(args.Seat) {
		return kit.Errorf("not_crew", ruleCrewSetup, "Only a Crew player takes an extra Reminder card.")
	}
	if len(s.setsOf(args.Seat)) > 1 {
		return kit.Errorf("already_chosen", ruleCrewSetup, "%s already took an extra Reminder card.", s.name(args.Seat))
	}
	for c, o := range s.Sets {
		if o == -1 {
			s.Sets[c] = args.Seat
			a.Public("extra_set", "%s takes the extra Reminder card %s and its Crew tokens.", s.name(args.Seat), s.Data.Colors[c])
			break
		}
	}
	s.ExtraSets--
	if s.ExtraSets == 0 {
		finishSetup(a)
	}
	return nil
}

func offerExtraSet(s *State, seat int) *kit.MoveSpec {
	if s.Phase != PhaseSetup || s.Stage != stExtraSets || seat != s.Alien {
		return nil
	}
	var ok []int
	for _, c := range s.crewSeats() {
		if len(s.setsOf(c)) == 1 {
			ok = append(ok, c)
		}
	}
	spec := withChoices(specOf(MoveChooseExtraSet), "seat", seatChoices(s, ok))
	return &spec
}

// finishSetup hands out Crew tokens, Heroic crew member cards and the
// first Mission card, then starts turn 1.
func finishSetup(a *turn) {
	s := a.S
	returnTokens(a)
	if s.Options.Heroic {
		perm := a.RNG.Perm(len(s.CrewCards))
		for c, o := range s.Sets {
			s.CrewCards[perm[c]].Owner = o
		}
		for _, seat := range s.crewSeats() {
			var names []string
			for _, c := range s.CrewCards {
				if c.Owner == seat {
					names = append(names, c.Name)
				}
			}
			a.Public("heroic", "%s incarnates %s (Heroic mode).", s.name(seat), strings.Join(names, ", "))
		}
	}
	for _, seat := range s.crewSeats() {
		draw(a, seat, 1, "set-up")
	}
	startRound(a)
}

// SetupEvents logs what the set-up placed before the first move (Get
// Ready!; General Set-Up): nothing secret is dealt yet, so every entry is
// public. The Reminder cards and first Mission cards are dealt once the
// host records the Alien player, and logged by that move.
func (g *Game) SetupEvents(st kit.State) []kit.Event {
	s, err := moves.State(st)
	if err != nil {
		return nil
	}
	d := s.Data
	var evs []kit.Event
	add := func(code, format string, args ...any) {
		evs = append(evs, kit.PublicEvent(code, fmt.Sprintf(format, args...)))
	}
	add("setup_options", "Difficulty: %s.%s", difficultyLabel(s.Options.Difficulty), modesText(s.Options))
	for _, it := range s.Items {
		add("setup_item", "The %s starts in %s.", itemLabel(it.Name), d.RoomName(it.Room))
	}
	add("setup_mission_deck", "The %d Mission cards (%d Weyland protocols, %d emergency procedure cards) are shuffled into the Mission deck.",
		d.MissionCards(), d.WeylandProtocols, len(d.Procedures)*d.ProcedureCards)
	add("setup_behaviour_deck", "The Alien player's %d Behaviour cards are shuffled into the Behaviour deck; 1 Breakdown token, Jonesy and the Alien token are his Blip tokens, the 3 other Breakdown tokens are the stock.",
		d.BehaviourCards)
	add("setup_crew_cards", "The crew member cards lie face up: %s.", strings.Join(d.CrewMembers, ", "))
	add("setup_alien", "The player whose date of birth is closest to 26 April 1979 designates the Alien player; the host records it.")
	return evs
}

// modesText names the game modes in play, with a leading space, or "".
func modesText(o Options) string {
	var out string
	if o.Heroic {
		out += " Heroic mode."
	}
	if o.Survival {
		out += " Survival mode."
	}
	return out
}
