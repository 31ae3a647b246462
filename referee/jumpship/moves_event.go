package jumpship

import (
	"slices"
	"strings"

	"tablewarden/referee/kit"
)

// SeatArgs are the arguments of "captain_break_tie".
type SeatArgs struct {
	Seat int `json:"seat"`
}

// The catalog entries of the event choices.
var (
	specCaptainBreak = kit.MoveSpec{Type: MoveCaptainBreak, Label: "Captain: break the tie", Rule: ruleAbilityCapt, Primary: true,
		Args: []kit.ArgSpec{{Name: "seat", Label: "Winner of the tie", Kind: kit.ArgSeat}}}
	specQuarantine = kit.MoveSpec{Type: MoveQuarantine, Label: "Quarantine a player", Rule: ruleQuarantine, Primary: true,
		Confirm: "Place this player in Quarantine? They take the Quarantine card; this cannot be taken back.", Ask: kit.AskEndsStep,
		Args: []kit.ArgSpec{{Name: "target", Label: "Player to quarantine", Kind: kit.ArgSeat}}}
	specKill = kit.MoveSpec{Type: MoveKill, Label: "Kill a player", Rule: ruleKill, Primary: true,
		Confirm: "Kill this player? The game ends with this choice.", Ask: kit.AskEndsGame,
		Args: []kit.ArgSpec{{Name: "target", Label: "Player to kill", Kind: kit.ArgSeat}}}
	specKillNobody = kit.MoveSpec{Type: MoveKillNobody, Label: "Kill nobody", Rule: ruleKill,
		Confirm: "Kill nobody? The game ends, and with the Alien Queen aboard the Aliens win.", Ask: kit.AskEndsGame}
)

// offerCaptainBreak offers the Captain the tied players.
func offerCaptainBreak(st *State, seat int) *kit.MoveSpec {
	if !st.choiceOf(seat, PhaseCaptainTiebreak) {
		return nil
	}
	sp := narrow(specCaptainBreak, st.seatArg("seat", "Winner of the tie", st.Choice.Tied))
	if st.Choice.Event == EventEject {
		sp.Label = "Captain: choose who is ejected"
		sp.Confirm = "Eject this player from the ship? This cannot be taken back."
	} else {
		sp.Label = "Captain: choose who picks the player to quarantine"
	}
	return sp
}

// offerQuarantine offers the chooser every player aboard.
func offerQuarantine(st *State, seat int) *kit.MoveSpec {
	if !st.choiceOf(seat, PhaseQuarantine) {
		return nil
	}
	return narrow(specQuarantine, st.seatArg("target", "Player to quarantine", st.aboardSeats()))
}

// offerKill offers the chooser every player aboard.
func offerKill(st *State, seat int) *kit.MoveSpec {
	if !st.choiceOf(seat, PhaseKill) {
		return nil
	}
	return narrow(specKill, st.seatArg("target", "Player to kill", st.aboardSeats()))
}

// offerKillNobody offers the chooser to kill nobody.
func offerKillNobody(st *State, seat int) *kit.MoveSpec {
	if !st.choiceOf(seat, PhaseKill) {
		return nil
	}
	return narrow(specKillNobody)
}

// aboardSeats lists the seats still aboard.
func (st *State) aboardSeats() []int {
	return st.seats(func(_ int, s Seat) bool { return s.Status == Aboard })
}

// startEvent begins resolving a completed countdown event. It returns true
// when the event waits for a player's choice, false when it resolved at
// once.
func startEvent(t *kit.Turn[State], ev string) bool {
	switch ev {
	case EventQuarantine:
		return startQuarantine(t)
	case EventEject:
		return startEject(t)
	default:
		return startKill(t)
	}
}

// most returns the aboard seats with the highest count. With no tokens at
// all every aboard seat is tied at zero (FAQ).
func (st *State) most(count func(Seat) int) []int {
	best := -1
	var tied []int
	for i, s := range st.Seats {
		if s.Status != Aboard {
			continue
		}
		switch c := count(s); {
		case c > best:
			best, tied = c, []int{i}
		case c == best:
			tied = append(tied, i)
		}
	}
	return tied
}

func commandOf(s Seat) int { return s.Command }

func netTargetOf(s Seat) int { return s.netTarget() }

// startQuarantine: the player with the most Command chooses whom to
// quarantine; on a tie the Captain (if dealt) chooses which tied player
// makes that choice, else no one is quarantined.
func startQuarantine(t *kit.Turn[State]) bool {
	st := t.S
	t.Public("event", "The Countdown to Quarantine resolves.")
	tied := st.most(commandOf)
	if len(tied) == 1 {
		st.Choice = &Choice{Event: EventQuarantine, Chooser: tied[0]}
		st.Phase = PhaseQuarantine
		t.Public("quarantine_chooser", "%s has the most Command tokens and chooses a player to quarantine.", st.name(tied[0]))
		return true
	}
	if capt := st.seatWithRole(Captain); capt >= 0 {
		askCaptain(t, EventQuarantine, capt, tied, "Command")
		return true
	}
	t.Public("quarantine_tie", "%s tie for the most Command tokens: no one is placed in Quarantine.", st.names(tied))
	finishQuarantine(t)
	return false
}

// askCaptain waits for the Captain to break a tie.
func askCaptain(t *kit.Turn[State], ev string, capt int, tied []int, what string) {
	st := t.S
	st.Choice = &Choice{Event: ev, Chooser: capt, Tied: tied}
	st.Phase = PhaseCaptainTiebreak
	t.Public("captain_tiebreak", "%s tie for the most %s tokens: %s, the Captain, chooses the winner of the tie.", st.names(tied), what, st.name(capt))
}

// finishQuarantine returns every player's Command tokens and the track's
// Countdown tokens to the bag.
func finishQuarantine(t *kit.Turn[State]) {
	st := t.S
	n := 0
	for i := range st.Seats {
		n += st.Seats[i].Command
		st.Seats[i].Command = 0
	}
	returnToBag(t, Command, n)
	clearTrack(t, 0)
	t.Public("quarantine_done", "All Command tokens and the Countdown to Quarantine tokens go back to the bag.")
}

// clearTrack returns a resolved track's Countdown tokens to the bag.
func clearTrack(t *kit.Turn[State], i int) {
	returnToBag(t, Countdown, t.S.Countdown[i].Count)
	t.S.Countdown[i] = CountdownTrack{Resolved: true}
}

// startEject ejects the player with the most net Target; on a tie the
// Captain (if aboard) chooses which tied player is ejected, else no one is.
func startEject(t *kit.Turn[State]) bool {
	st := t.S
	t.Public("event", "The Countdown to Eject resolves.")
	tied := st.most(netTargetOf)
	if len(tied) == 1 {
		eject(t, tied[0])
		return false
	}
	if capt := st.seatWithRole(Captain); capt >= 0 {
		askCaptain(t, EventEject, capt, tied, "Target (net of Medical)")
		return true
	}
	t.Public("eject_tie", "%s tie for the most Target tokens: no one is ejected.", st.names(tied))
	clearTrack(t, 1)
	return false
}

// eject ejects a seat. An ejected Queen reveals her Bio ID and the Humans
// win; anyone else keeps the Bio ID secret and returns every token.
func eject(t *kit.Turn[State], seat int) {
	st := t.S
	s := &st.Seats[seat]
	s.Status = Ejected
	if s.BioID == Queen {
		t.Public("ejected", "%s is ejected from the ship and reveals the %s Bio ID.", s.Name, Queen)
		clearTrack(t, 1)
		end(t, SideHumans, ruleEject, "outcome_queen_ejected", map[string]string{"queen": s.Name})
		return
	}
	t.Public("ejected", "%s is ejected from the ship; the Bio ID stays secret. Their tokens go back to the bag.", s.Name)
	returnToBag(t, Target, s.Target)
	returnToBag(t, Medical, s.Medical)
	returnToBag(t, Command, s.Command)
	returnToBag(t, Scan, s.Scan)
	s.Target, s.Medical, s.Command, s.Scan = 0, 0, 0, 0
	clearTrack(t, 1)
}

// startKill: the player with the most Command chooses whom to kill (or
// nobody). On a Command tie the player with the most net Target is killed,
// whatever the Captain; on a tie of that too nobody is killed.
func startKill(t *kit.Turn[State]) bool {
	st := t.S
	t.Public("event", "The Countdown to Kill resolves.")
	tied := st.most(commandOf)
	if len(tied) == 1 {
		st.Choice = &Choice{Event: EventKill, Chooser: tied[0]}
		st.Phase = PhaseKill
		t.Public("kill_chooser", "%s has the most Command tokens and chooses a player to kill, or nobody.", st.name(tied[0]))
		return true
	}
	t.Public("kill_command_tie", "%s tie for the most Command tokens: the player with the most Target tokens (net of Medical) is killed.", st.names(tied))
	targets := st.most(netTargetOf)
	if len(targets) == 1 {
		killSeat(t, targets[0])
		return false
	}
	t.Public("kill_target_tie", "%s also tie for the most Target tokens: nobody is killed.", st.names(targets))
	killSeat(t, -1)
	return false
}

// killSeat kills a seat (or nobody, -1) and ends the game.
func killSeat(t *kit.Turn[State], seat int) {
	st := t.S
	st.Countdown[2].Resolved = true
	if seat < 0 {
		t.Public("killed", "Nobody is killed.")
		end(t, SideAliens, ruleKill, "outcome_nobody_killed", nil)
		return
	}
	st.Seats[seat].Status = Killed
	if st.Seats[seat].BioID == Queen {
		t.Public("killed", "%s is killed and reveals the %s Bio ID.", st.name(seat), Queen)
		end(t, SideHumans, ruleKill, "outcome_queen_killed", map[string]string{"queen": st.name(seat)})
		return
	}
	t.Public("killed", "%s is killed.", st.name(seat))
	end(t, SideAliens, ruleKill, "outcome_killed_not_queen", map[string]string{"killed": st.name(seat)})
}

// checkChoice refuses an event choice when the game does not wait for it
// ("no_event_choice") or waits for another player ("not_your_choice").
func checkChoice(st *State, seat int, phase, rule string) error {
	if st.Choice == nil || st.Phase != phase {
		return kit.Errorf("no_event_choice", rule, "The game is not waiting for this decision now.")
	}
	if st.Choice.Chooser != seat {
		return kit.Errorf("not_your_choice", rule, "%s makes this decision, not you.", st.name(st.Choice.Chooser))
	}
	return nil
}

// captainBreakTie lets the Captain choose the winner of a Part 1 or Part 2
// tie, herself included. Codes: "no_event_choice", "not_your_choice",
// "unknown_seat", "not_tied".
func captainBreakTie(t *kit.Turn[State], seat int, args SeatArgs) error {
	st := t.S
	if err := checkChoice(st, seat, PhaseCaptainTiebreak, ruleAbilityCapt); err != nil {
		return err
	}
	if err := checkSeat(st, args.Seat, ruleAbilityCapt); err != nil {
		return err
	}
	if !slices.Contains(st.Choice.Tied, args.Seat) {
		return kit.Errorf("not_tied", ruleAbilityCapt, "The Captain chooses among the tied players (%s); %s is not one of them.", st.names(st.Choice.Tied), st.name(args.Seat))
	}
	t.Public("captain_chose", "%s, the Captain, chooses %s.", st.name(seat), st.name(args.Seat))
	if st.Choice.Event == EventQuarantine {
		st.Choice = &Choice{Event: EventQuarantine, Chooser: args.Seat}
		st.Phase = PhaseQuarantine
		t.Public("quarantine_chooser", "%s chooses a player to quarantine.", st.name(args.Seat))
		return nil
	}
	eject(t, args.Seat)
	eventDone(t)
	return nil
}

// quarantine gives the Quarantine card to a player aboard. Codes:
// "no_event_choice", "not_your_choice", "unknown_seat", "not_aboard".
func quarantine(t *kit.Turn[State], seat int, args TargetArgs) error {
	st := t.S
	if err := checkChoice(st, seat, PhaseQuarantine, ruleQuarantine); err != nil {
		return err
	}
	if err := checkAboardTarget(st, args.Target, ruleQuarantine); err != nil {
		return err
	}
	st.Quarantined = args.Target
	t.Public("quarantined", "%s places %s in Quarantine: %s takes %s (%s).", st.name(seat), st.name(args.Target), st.name(args.Target), st.Card.Name, st.Card.Text)
	finishQuarantine(t)
	eventDone(t)
	return nil
}

// kill kills a player aboard. Codes: "no_event_choice", "not_your_choice",
// "unknown_seat", "not_aboard".
func kill(t *kit.Turn[State], seat int, args TargetArgs) error {
	st := t.S
	if err := checkChoice(st, seat, PhaseKill, ruleKill); err != nil {
		return err
	}
	if err := checkAboardTarget(st, args.Target, ruleKill); err != nil {
		return err
	}
	t.Public("kill_chose", "%s, with the most Command tokens, made the choice.", st.name(seat))
	killSeat(t, args.Target)
	return nil
}

// killNobody spares everyone, so the Aliens win. Codes: "no_event_choice",
// "not_your_choice".
func killNobody(t *kit.Turn[State], seat int) error {
	st := t.S
	if err := checkChoice(st, seat, PhaseKill, ruleKill); err != nil {
		return err
	}
	t.Public("kill_chose", "%s, with the most Command tokens, made the choice.", st.name(seat))
	killSeat(t, -1)
	return nil
}

// checkAboardTarget refuses a seat outside the table or off the ship.
func checkAboardTarget(st *State, seat int, rule string) error {
	if err := checkSeat(st, seat, rule); err != nil {
		return err
	}
	if !st.aboard(seat) {
		return kit.Errorf("not_aboard", rule, "%s is %s: choose a player aboard the ship.", st.name(seat), st.Seats[seat].Status)
	}
	return nil
}

// eventDone closes the event a choice resolved and carries on.
func eventDone(t *kit.Turn[State]) {
	st := t.S
	st.Choice = nil
	if st.End != nil {
		return
	}
	st.Pending = st.Pending[1:]
	proceed(t)
}

// name is a seat's player name.
func (st *State) name(seat int) string { return st.Seats[seat].Name }

// names lists seats' names as "A, B and C".
func (st *State) names(seats []int) string {
	ns := make([]string, len(seats))
	for i, s := range seats {
		ns[i] = st.name(s)
	}
	if len(ns) < 2 {
		return strings.Join(ns, "")
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}
