package jumpship

import (
	"slices"
	"strings"

	"tablewarden/referee/kit"
)

// startEvent begins resolving a completed countdown event. It returns true
// when the event waits for a player's choice, false when it resolved at
// once.
func (a *applier) startEvent(ev string) bool {
	switch ev {
	case EventQuarantine:
		return a.startQuarantine()
	case EventEject:
		return a.startEject()
	default:
		return a.startKill()
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
func (a *applier) startQuarantine() bool {
	st := a.st
	a.public("event", "The Countdown to Quarantine resolves.")
	tied := st.most(commandOf)
	if len(tied) == 1 {
		st.Choice = &Choice{Event: EventQuarantine, Chooser: tied[0]}
		st.Phase = PhaseQuarantine
		a.public("quarantine_chooser", "%s has the most Command tokens and chooses a player to quarantine.", a.name(tied[0]))
		return true
	}
	if capt := st.seatWithRole(Captain); capt >= 0 {
		a.askCaptain(EventQuarantine, capt, tied, "Command")
		return true
	}
	a.public("quarantine_tie", "%s tie for the most Command tokens: no one is placed in Quarantine.", a.names(tied))
	a.finishQuarantine()
	return false
}

// askCaptain waits for the Captain to break a tie.
func (a *applier) askCaptain(ev string, capt int, tied []int, what string) {
	a.st.Choice = &Choice{Event: ev, Chooser: capt, Tied: tied}
	a.st.Phase = PhaseCaptainTiebreak
	a.public("captain_tiebreak", "%s tie for the most %s tokens: %s, the Captain, chooses the winner of the tie.", a.names(tied), what, a.name(capt))
}

// finishQuarantine returns every player's Command tokens and the track's
// Countdown tokens to the bag.
func (a *applier) finishQuarantine() {
	st := a.st
	n := 0
	for i := range st.Seats {
		n += st.Seats[i].Command
		st.Seats[i].Command = 0
	}
	a.returnToBag(Command, n)
	a.clearTrack(0)
	a.public("quarantine_done", "All Command tokens and the Countdown to Quarantine tokens go back to the bag.")
}

// clearTrack returns a resolved track's Countdown tokens to the bag.
func (a *applier) clearTrack(i int) {
	a.returnToBag(Countdown, a.st.Countdown[i].Count)
	a.st.Countdown[i] = CountdownTrack{Resolved: true}
}

// startEject ejects the player with the most net Target; on a tie the
// Captain (if aboard) chooses which tied player is ejected, else no one is.
func (a *applier) startEject() bool {
	st := a.st
	a.public("event", "The Countdown to Eject resolves.")
	tied := st.most(netTargetOf)
	if len(tied) == 1 {
		a.eject(tied[0])
		return false
	}
	if capt := st.seatWithRole(Captain); capt >= 0 {
		a.askCaptain(EventEject, capt, tied, "Target (net of Medical)")
		return true
	}
	a.public("eject_tie", "%s tie for the most Target tokens: no one is ejected.", a.names(tied))
	a.clearTrack(1)
	return false
}

// eject ejects a seat. An ejected Queen reveals her Bio ID and the Humans
// win; anyone else keeps the Bio ID secret and returns every token.
func (a *applier) eject(seat int) {
	st := a.st
	s := &st.Seats[seat]
	s.Status = Ejected
	if s.BioID == Queen {
		a.public("ejected", "%s is ejected from the ship and reveals the %s Bio ID.", s.Name, Queen)
		a.clearTrack(1)
		a.end(SideHumans, s.Name+", the Alien Queen, was ejected: the Humans win.", ruleEject)
		return
	}
	a.public("ejected", "%s is ejected from the ship; the Bio ID stays secret. Their tokens go back to the bag.", s.Name)
	a.returnToBag(Target, s.Target)
	a.returnToBag(Medical, s.Medical)
	a.returnToBag(Command, s.Command)
	a.returnToBag(Scan, s.Scan)
	s.Target, s.Medical, s.Command, s.Scan = 0, 0, 0, 0
	a.clearTrack(1)
}

// startKill: the player with the most Command chooses whom to kill (or
// nobody). On a Command tie the player with the most net Target is killed,
// whatever the Captain; on a tie of that too nobody is killed.
func (a *applier) startKill() bool {
	st := a.st
	a.public("event", "The Countdown to Kill resolves.")
	tied := st.most(commandOf)
	if len(tied) == 1 {
		st.Choice = &Choice{Event: EventKill, Chooser: tied[0]}
		st.Phase = PhaseKill
		a.public("kill_chooser", "%s has the most Command tokens and chooses a player to kill, or nobody.", a.name(tied[0]))
		return true
	}
	a.public("kill_command_tie", "%s tie for the most Command tokens: the player with the most Target tokens (net of Medical) is killed.", a.names(tied))
	targets := st.most(netTargetOf)
	if len(targets) == 1 {
		a.killSeat(targets[0])
		return false
	}
	a.public("kill_target_tie", "%s also tie for the most Target tokens: nobody is killed.", a.names(targets))
	a.killSeat(-1)
	return false
}

// killSeat kills a seat (or nobody, -1) and ends the game.
func (a *applier) killSeat(seat int) {
	st := a.st
	st.Countdown[2].Resolved = true
	if seat < 0 {
		a.public("killed", "Nobody is killed.")
		a.end(SideAliens, "Nobody was killed and the Alien Queen is still aboard: the Aliens win.", ruleKill)
		return
	}
	st.Seats[seat].Status = Killed
	if st.Seats[seat].BioID == Queen {
		a.public("killed", "%s is killed and reveals the %s Bio ID.", a.name(seat), Queen)
		a.end(SideHumans, a.name(seat)+", the Alien Queen, was killed: the Humans win.", ruleKill)
		return
	}
	a.public("killed", "%s is killed.", a.name(seat))
	a.end(SideAliens, a.name(seat)+" was killed but the Alien Queen is still aboard: the Aliens win.", ruleKill)
}

// checkChoice refuses an event choice when the game does not wait for it
// ("no_event_choice") or waits for another player ("not_your_choice").
func (a *applier) checkChoice(phase, rule string) error {
	st := a.st
	if st.Choice == nil || st.Phase != phase {
		return kit.Errorf("no_event_choice", rule, "The game is not waiting for this decision now.")
	}
	if st.Choice.Chooser != a.seat {
		return kit.Errorf("not_your_choice", rule, "%s makes this decision, not you.", a.name(st.Choice.Chooser))
	}
	return nil
}

// captainBreakTie lets the Captain choose the winner of a Part 1 or Part 2
// tie, herself included. Codes: "no_event_choice", "not_your_choice",
// "bad_args", "unknown_seat", "not_tied".
func (a *applier) captainBreakTie(m kit.Move) error {
	var args SeatArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.checkChoice(PhaseCaptainTiebreak, ruleAbilityCapt); err != nil {
		return err
	}
	if err := a.checkSeat(args.Seat, ruleAbilityCapt); err != nil {
		return err
	}
	st := a.st
	if !slices.Contains(st.Choice.Tied, args.Seat) {
		return kit.Errorf("not_tied", ruleAbilityCapt, "The Captain chooses among the tied players (%s); %s is not one of them.", a.names(st.Choice.Tied), a.name(args.Seat))
	}
	a.public("captain_chose", "%s, the Captain, chooses %s.", a.name(a.seat), a.name(args.Seat))
	if st.Choice.Event == EventQuarantine {
		st.Choice = &Choice{Event: EventQuarantine, Chooser: args.Seat}
		st.Phase = PhaseQuarantine
		a.public("quarantine_chooser", "%s chooses a player to quarantine.", a.name(args.Seat))
		return nil
	}
	a.eject(args.Seat)
	a.eventDone()
	return nil
}

// quarantine gives the Quarantine card to a player aboard. Codes:
// "no_event_choice", "not_your_choice", "bad_args", "unknown_seat",
// "not_aboard".
func (a *applier) quarantine(m kit.Move) error {
	var args TargetArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.checkChoice(PhaseQuarantine, ruleQuarantine); err != nil {
		return err
	}
	if err := a.checkAboardTarget(args.Target, ruleQuarantine); err != nil {
		return err
	}
	a.st.Quarantined = args.Target
	a.public("quarantined", "%s places %s in Quarantine: %s takes %s (%s).", a.name(a.seat), a.name(args.Target), a.name(args.Target), a.st.Card.Name, a.st.Card.Text)
	a.finishQuarantine()
	a.eventDone()
	return nil
}

// kill kills a player aboard ("kill") or nobody ("kill_nobody"). Codes:
// "no_event_choice", "not_your_choice", "bad_args", "unknown_seat",
// "not_aboard".
func (a *applier) kill(m kit.Move) error {
	var args TargetArgs
	if m.Type == MoveKillNobody {
		args.Target = -1
		if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
			return err
		}
	} else if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.checkChoice(PhaseKill, ruleKill); err != nil {
		return err
	}
	if m.Type == MoveKill {
		if err := a.checkAboardTarget(args.Target, ruleKill); err != nil {
			return err
		}
	}
	a.public("kill_chose", "%s, with the most Command tokens, made the choice.", a.name(a.seat))
	a.killSeat(args.Target)
	return nil
}

// checkAboardTarget refuses a seat outside the table or off the ship.
func (a *applier) checkAboardTarget(seat int, rule string) error {
	if err := a.checkSeat(seat, rule); err != nil {
		return err
	}
	if !a.st.aboard(seat) {
		return kit.Errorf("not_aboard", rule, "%s is %s: choose a player aboard the ship.", a.name(seat), a.st.Seats[seat].Status)
	}
	return nil
}

// eventDone closes the event a choice resolved and carries on.
func (a *applier) eventDone() {
	st := a.st
	st.Choice = nil
	if st.End != nil {
		return
	}
	st.Pending = st.Pending[1:]
	a.proceed()
}

// names lists seats' names as "A, B and C".
func (a *applier) names(seats []int) string {
	ns := make([]string, len(seats))
	for i, s := range seats {
		ns[i] = a.name(s)
	}
	if len(ns) < 2 {
		return strings.Join(ns, "")
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}
